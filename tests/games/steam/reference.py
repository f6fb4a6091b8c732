"""A straightforward recomputation of the Steam bots' link value, term by term from the graph.

The bots read link values from a per-phase table; this is the plain version that table is checked
against. The rules' listings have their plain statements beside their kernels
(``goods.deliveries_plain``, ``track.track_options_plain``, ``track.town_options_plain``).
"""

from __future__ import annotations

from typing import Any

from sim.games.steam.rules.state import SteamState


def reference_link_value(
    state: SteamState, seat: int, a: int, b: int, counts: dict[int, Any], graph: Any
) -> float:
    """The bots' link value a-b, term by term from the cube counts and graph of the phase."""
    colour = state.colour
    value = 0.3
    for x, y in ((a, b), (b, a)):
        if colour[y] is not None:
            value += 1.0 * counts.get(x, {}).get(colour[y], 0)
    for x, y in ((a, b), (b, a)):
        cx, cy = colour[x], colour[y]
        for _, owner, z in graph.get(y, ()):
            if z == x or z == y:
                continue
            cz = colour[z]
            if cz is not None and cy != cz:
                value += (0.8 if owner == seat else 0.4) * counts.get(x, {}).get(cz, 0)
            if cx is not None and cy != cx:
                value += (0.8 if owner == seat else 0.4) * counts.get(z, {}).get(cx, 0)
    return value
