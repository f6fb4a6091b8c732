"""Straightforward recomputations of Steam's listings and the bots' link value, as the rules read.

The engine lists placements from per-map tables and reads deliveries from one shared, kept walk
of the board; the bots read link values from a per-phase table. These are the plain versions
(one seat's walk, every side looked at afresh, the value added up term by term from the graph)
that the fast ones are checked against.
"""

from __future__ import annotations

from typing import Any

from sim.games.steam.rules import track
from sim.games.steam.rules.goods import link_graph, rule_ok
from sim.games.steam.rules.hexmap import opposite
from sim.games.steam.rules.state import UNOWNED, SteamState
from sim.games.steam.rules.track import CITY, OPEN, end_class


def reference_deliveries(state: SteamState, seat: int, limit: int) -> list[tuple[int, str, tuple[int, ...]]]:
    """Every (source, colour, links) ``seat`` may deliver: one depth-first walk per source and colour."""
    graph = link_graph(state)
    present = set(state.colour)
    count_dead = state.params.unowned_links_count
    out = []
    for src in graph:
        for colour in sorted(c for c in set(state.cubes[src]) if c in present):
            found: list[tuple[int, ...]] = []
            _walk(state, graph, colour, limit, seat, count_dead, src, {src}, [], {}, found)
            out.extend((src, colour, path) for path in found)
    return out


def _walk(state, graph, colour, limit, seat, count_dead, node, seen, links, owners, found) -> None:
    """Depth first from ``node``: a cube of ``colour`` stops at the first city of its colour."""
    for lid, owner, nxt in graph.get(node, ()):
        if nxt in seen:
            continue
        links.append(lid)
        owners[owner] = owners.get(owner, 0) + 1
        if state.colour[nxt] == colour:
            if rule_ok(owners, seat, count_dead):
                found.append(tuple(links))
        elif len(links) < limit:
            _walk(state, graph, colour, limit, seat, count_dead, nxt, seen | {nxt}, links, owners, found)
        links.pop()
        owners[owner] -= 1


def reference_track_options(state: SteamState, seat: int) -> list[tuple[int, int, int]]:
    """Every (hex, anchor side, other side) simple segment, each side classified by ``end_class``."""
    hm = state.hm
    anchors = []
    for c in (*hm.cities, *hm.towns):
        if state.colour[c] is None:
            continue
        for d in hm.open_sides[c]:
            n = hm.nb[c][d]
            if state.colour[n] is None and not state.town[n] and opposite(d) not in state.conn[n]:
                anchors.append((n, opposite(d), c))
    for link in state.links.values():
        if link.b < 0 and track.can_extend(state, seat, link):
            h, s = link.open_end()
            n = hm.nb[h][s]
            if n >= 0 and state.colour[n] is None and not state.town[n]:
                anchors.append((n, opposite(s), link.a))
    out: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    for n, x, start in anchors:
        used = state.conn[n]
        if len(used) >= 4 or x in used:
            continue
        for y in hm.open_sides[n]:
            if y == x or y in used:
                continue
            kind, ref = end_class(state, n, y)
            if kind == OPEN:
                other = state.links[ref]
                ok = other.owner in (seat, UNOWNED) and other.a != start
            else:
                ok = kind == track.FREE or ref != start
            if ok:
                out.setdefault((n, min(x, y), max(x, y)), (n, x, y))
    return list(out.values())


def reference_town_options(state: SteamState, seat: int) -> list[tuple[int, tuple[tuple[int, ...], ...]]]:
    """Every town tile placement: each side's meeting judged by ``end_class`` and the link rules."""
    hm = state.hm
    mine = track.touched_nodes(state, seat)
    out = []
    for t in hm.towns:
        if not state.town[t]:
            continue
        have = state.conn[t]
        room = state.params.max_town_exits - len(have)
        if room <= 0:
            continue
        sides, anchors = [], []
        for s in hm.open_sides[t]:
            if s in have:
                continue
            kind, ref = end_class(state, t, s)
            if kind == OPEN:
                other = state.links[ref]
                if other.owner not in (seat, UNOWNED) or other.a == t:
                    continue
                if other.owner == seat or state.colour[other.a] is not None or other.a in mine:
                    anchors.append(s)
            elif kind == CITY:
                anchors.append(s)
            sides.append(s)
        if t not in mine and not anchors:
            continue
        combos = track.exit_sets(tuple(sides), () if t in mine else tuple(anchors), room)
        if combos:
            out.append((t, combos))
    return out


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
