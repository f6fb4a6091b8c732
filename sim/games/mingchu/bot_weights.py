"""明初商途's bot weights a config may set (``bots:``) and the boxes ``sim bots tune`` searches them in."""

from __future__ import annotations

from typing import Any

BOXES: dict[str, tuple[float, float]] = {
    "build": (0.0, 100.0),
    "road": (0.0, 100.0),
    "hire": (0.0, 60.0),
    "chase_orders": (0.0, 1.0),
}
"""Each tunable ``Persona`` weight's range: the shipped personas' values lie well inside."""


def bot_weights(params: Any) -> dict[str, dict[str, tuple[float, float, float]]]:
    """Per heuristic, each tunable weight as (value under ``params``, low, high)."""
    from sim.games.mingchu.bots import persona_for

    table = {}
    for name in type(params.bots).model_fields:
        persona = persona_for(params, name)
        table[name] = {
            weight: (float(getattr(persona, weight)), lo, hi) for weight, (lo, hi) in BOXES.items()
        }
    return table
