"""Track building on the hex map: placements, town tiles, redirects, links and their ownership.

A plain hex holds one or two segments (a simple tile, or a crossing/coexisting two-track tile); a
town hex holds a town tile with 1-4 exits. Every segment and exit belongs to exactly one ``Link``
running from a city or town to a city or town (complete) or to an open end (incomplete).
"""

from __future__ import annotations

from itertools import combinations

from .hexmap import HILL, RIVER, opposite
from .state import DEAD, UNOWNED, Link, SteamState

OFF, CITY, OPEN, TOWN, FREE = range(5)
OPPOSITE = (3, 4, 5, 0, 1, 2)


def end_class(state: SteamState, h: int, side: int) -> tuple[int, int]:
    """What track leaving hex ``h`` by ``side`` would meet: (kind, city/town hex or link id)."""
    n = state.hm.nb[h][side]
    if n < 0:
        return OFF, -1
    if state.colour[n] is not None:
        return CITY, n
    met = state.conn[n].get(OPPOSITE[side])
    if met is not None:
        return OPEN, met[1]
    if state.town[n]:
        return TOWN, n
    return FREE, -1


def terrain_cost(state: SteamState, h: int) -> int:
    t = state.hm.terrain[h]
    p = state.params
    return p.cost_river if t == RIVER else p.cost_hill if t == HILL else 0


def touches(state: SteamState, seat: int, node: int) -> bool:
    """``seat`` owns a link that starts or ends at ``node``."""
    for link in state.links.values():
        if link.owner == seat and (link.a == node or link.b == node):
            return True
    return False


def can_extend(state: SteamState, seat: int, link: Link) -> bool:
    """An incomplete link ``seat`` may extend or redirect: its own, or a claimable unowned one."""
    if link.b >= 0:
        return False
    if link.owner == seat:
        return True
    if link.owner != UNOWNED:
        return False
    return state.colour[link.a] is not None or touches(state, seat, link.a)


def _meets_ok(state: SteamState, seat: int, kind: int, ref: int, start: int) -> bool:
    """Can track started at node ``start`` end against (kind, ref)? (no loops, no foreign track)."""
    if kind == OFF:
        return False
    if kind in (CITY, TOWN):
        return ref != start
    if kind == OPEN:
        other = state.links[ref]
        return other.owner in (seat, UNOWNED) and other.a != start
    return True


# ---------------------------------------------------------------- simple and two-track tiles


def track_cost(state: SteamState, h: int) -> int:
    """New simple tile: 2 ends + terrain; improving to a two-track tile: 4 ends, no terrain."""
    p = state.params
    if state.conn[h]:
        return 4 * p.cost_per_end
    t = state.hm.terrain[h]  # terrain_cost, inline: the bots and the listing ask this for every hex
    return 2 * p.cost_per_end + (p.cost_river if t == RIVER else p.cost_hill if t == HILL else 0)


def track_options_plain(state: SteamState, seat: int) -> list[tuple[int, int, int]]:
    """The rule as stated, for ``track_options`` to be checked against: every (hex, anchor side,
    other side) simple segment from a city's free side or an open end ``seat`` may extend, each other
    side classified afresh by ``end_class``; written for clarity, not speed."""
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
        if link.b < 0 and can_extend(state, seat, link):
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
                ok = kind == FREE or ref != start
            if ok:
                out.setdefault((n, min(x, y), max(x, y)), (n, x, y))
    return list(out.values())


def track_options(state: SteamState, seat: int) -> list[tuple[int, int, int]]:
    """Every legal (hex, anchor side, other side) simple segment for ``seat``: from each city's
    free sides and each open end ``seat`` may extend, toward any side that meets nothing, a city,
    a town without a facing exit, or an open end ``seat`` may join (never its own start).
    ``track_options_plain``, the speed kernel: read from the map's tables (``hm.plain_around``,
    ``hm.exits``)."""
    hm = state.hm
    nb, plain_around, exits = hm.nb, hm.plain_around, hm.exits
    colour, town, conn, links = state.colour, state.town, state.conn, state.links
    anchors: list[tuple[int, int, int]] = []  # (hex to build on, side facing anchor, start node)
    for c in (*hm.cities, *hm.towns):
        if colour[c] is None:
            continue
        for n, x in plain_around[c]:
            if x not in conn[n]:
                anchors.append((n, x, c))
    mine: set[int] | None = None
    for link in links.values():
        if link.b >= 0 or (link.owner != seat and link.owner != UNOWNED):
            continue
        if link.owner == UNOWNED and colour[link.a] is None:
            if mine is None:
                mine = touched_nodes(state, seat)
            if link.a not in mine:
                continue
        h, s = link.open_end()
        n = nb[h][s]
        if n >= 0 and colour[n] is None and not town[n]:
            anchors.append((n, OPPOSITE[s], link.a))
    out: dict[tuple[int, int, int], tuple[int, int, int]] = {}
    for n, x, start in anchors:
        used = conn[n]
        if len(used) >= 4 or x in used:
            continue
        for y, m, back in exits[n]:
            if y == x or y in used:
                continue
            there = conn[m]
            if colour[m] is not None or town[m] and back not in there:
                if m == start:  # a city, or a town without a facing exit
                    continue
            else:
                met = there.get(back)
                if met is not None:
                    other = links[met[1]]
                    if other.owner != seat and other.owner != UNOWNED or other.a == start:
                        continue
            segment = (n, x, y)
            key = segment if x < y else (n, y, x)  # one segment, either way round
            if key not in out:
                out[key] = segment
    return list(out.values())


def _join(state: SteamState, keep: Link, kind: int, ref: int) -> None:
    """Finish ``keep`` against what its open end meets (a city, a town, or another open end)."""
    if kind == CITY:
        keep.b = ref
    elif kind == OPEN:
        other = state.links.pop(ref)
        for h, ein, eout in reversed(other.tiles):
            keep.tiles.append((h, eout, ein))
            state.conn[h][eout] = (ein, keep.id)
            state.conn[h][ein] = (eout, keep.id)
        keep.b = other.a
        if state.town[other.a]:
            state.conn[other.a][other.first_side] = (-1, keep.id)


def new_link(state: SteamState, owner: int, a: int, side: int) -> Link:
    link = Link(state.next_link, owner, a, side)
    state.next_link += 1
    state.links[link.id] = link
    return link


def build_track(state: SteamState, seat: int, h: int, x: int, y: int) -> None:
    """Lay segment x-y on hex ``h`` (x faces the city or open end it grows from)."""
    if not state.conn[h]:
        state.tile_supply -= 1
    kind_x, ref_x = end_class(state, h, x)
    kind_y, ref_y = end_class(state, h, y)
    if kind_x == OPEN:
        link = state.links[ref_x]
    else:
        link = new_link(state, seat, ref_x, opposite(x))
    link.owner = seat
    link.extended = True
    link.tiles.append((h, x, y))
    state.conn[h][x] = (y, link.id)
    state.conn[h][y] = (x, link.id)
    _join(state, link, kind_y, ref_y)


# ---------------------------------------------------------------- town tiles


def town_cost(state: SteamState, h: int, total_exits: int) -> int:
    p = state.params
    cost = total_exits * p.cost_per_end + p.cost_town
    if not state.conn[h] and p.town_terrain_surcharge:
        cost += terrain_cost(state, h)
    return cost


def touched_nodes(state: SteamState, seat: int) -> set[int]:
    """Cities and towns where ``seat`` owns a link end."""
    nodes = set()
    for link in state.links.values():
        if link.owner == seat:
            nodes.add(link.a)
            nodes.add(link.b)
    return nodes


def town_options_plain(state: SteamState, seat: int) -> list[tuple[int, tuple[tuple[int, ...], ...]]]:
    """The rule as stated, for ``town_options`` to be checked against: every town tile placement,
    each side's meeting judged afresh by ``end_class`` and the link rules; written for clarity, not
    speed."""
    hm = state.hm
    mine = touched_nodes(state, seat)
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
        combos = exit_sets(tuple(sides), () if t in mine else tuple(anchors), room)
        if combos:
            out.append((t, combos))
    return out


def town_options(state: SteamState, seat: int) -> list[tuple[int, tuple[tuple[int, ...], ...]]]:
    """Every legal town tile placement or upgrade for ``seat``: (town hex, the tuples of new exits).
    ``town_options_plain``, the speed kernel."""
    hm = state.hm
    out: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
    limit = state.params.max_town_exits
    mine = touched_nodes(state, seat)
    town, conn, colour, links, exits = state.town, state.conn, state.colour, state.links, hm.exits
    for t in hm.towns:
        if not town[t]:
            continue
        have = conn[t]
        room = limit - len(have)
        if room <= 0:
            continue
        base_anchor = t in mine
        sides = []
        anchor_sides = []
        for s, n, back in exits[t]:  # what an exit by side s meets: as end_class and _meets_ok
            if s in have:
                continue
            if colour[n] is not None:  # a city
                sides.append(s)
                anchor_sides.append(s)
                continue
            met = conn[n].get(back)
            if met is not None:  # an open end: own or unowned, not from this town
                other = links[met[1]]
                if other.owner != seat and other.owner != UNOWNED or other.a == t:
                    continue
                sides.append(s)
                if other.owner == seat or colour[other.a] is not None or other.a in mine:
                    anchor_sides.append(s)  # own, or unowned and claimable
                continue
            sides.append(s)  # another town or an empty hex
        if not base_anchor and not anchor_sides:
            continue
        combos = exit_sets(tuple(sides), () if base_anchor else tuple(anchor_sides), room)
        if combos:
            out.append((t, combos))
    return out


_EXIT_SETS: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[tuple[int, ...], ...]] = {}


def exit_sets(sides: tuple[int, ...], anchors: tuple[int, ...], room: int) -> tuple[tuple[int, ...], ...]:
    """Sets of up to ``room`` new exits among ``sides``, each with one of ``anchors`` (any, if none
    is needed), smallest first (cached by content: a few hundred keys at most)."""
    key = (sides, anchors, room)
    found = _EXIT_SETS.get(key)
    if found is None:
        found = _EXIT_SETS[key] = tuple(
            combo
            for k in range(1, min(room, len(sides)) + 1)
            for combo in combinations(sides, k)
            if not anchors or not set(anchors).isdisjoint(combo)
        )
    return found


def build_town(state: SteamState, seat: int, t: int, exits: tuple[int, ...]) -> None:
    if not state.conn[t]:
        state.tile_supply -= 1
    for s in exits:
        kind, ref = end_class(state, t, s)
        if kind == OPEN:
            link = state.links[ref]
            link.b = t
            link.owner = seat if link.owner == UNOWNED else link.owner
            state.conn[t][s] = (-1, link.id)
            continue
        link = new_link(state, seat, t, s)
        state.conn[t][s] = (-1, link.id)
        if kind == CITY:
            link.b = ref


# ---------------------------------------------------------------- redirect


def redirect_options(state: SteamState, seat: int) -> list[tuple[int, int]]:
    """Every legal (link id, new exit side) redirect of the last tile of an incomplete link."""
    hm = state.hm
    out = []
    for link in state.links.values():
        if link.b >= 0 or not link.tiles or not can_extend(state, seat, link):
            continue
        h, ein, eout = link.tiles[-1]
        if len(state.conn[h]) != 2:
            continue
        for y in hm.open_sides[h]:
            if y in (ein, eout):
                continue
            kind, ref = end_class(state, h, y)
            if _meets_ok(state, seat, kind, ref, link.a):
                out.append((link.id, y))
    return out


def redirect(state: SteamState, seat: int, link_id: int, y: int) -> None:
    link = state.links[link_id]
    h, ein, eout = link.tiles[-1]
    del state.conn[h][eout]
    link.tiles[-1] = (h, ein, y)
    state.conn[h][ein] = (y, link.id)
    state.conn[h][y] = (ein, link.id)
    if link.owner != seat:
        link.owner = seat
        link.extended = False  # a redirect alone does not keep the link owned
    kind, ref = end_class(state, h, y)
    _join(state, link, kind, ref)


# ---------------------------------------------------------------- end of a build turn, cities


def end_build_turn(state: SteamState, seat: int) -> None:
    """Incomplete links ``seat`` did not extend this build turn lose their owner."""
    for link in state.links.values():
        if link.owner == seat and link.b < 0:
            if link.extended:
                link.extended = False
            else:
                link.owner = UNOWNED


def urbanize(state: SteamState, seat: int, t: int, colour: str) -> None:
    """Put a New City on town ``t``: its town tile goes, links ending there now end at a city."""
    hm = state.hm
    if state.conn[t]:
        state.tile_supply += 1
    for _side, (_, lid) in list(state.conn[t].items()):
        link = state.links.get(lid)
        if link is None or link.tiles:
            continue
        other = link.b if link.a == t else link.a
        # a tile-less link survives only if the far node's own town exit still faces t
        keeps = other >= 0 and state.town[other] and other != t
        if not keeps:
            del state.links[lid]
    state.conn[t] = {}
    state.town[t] = False
    state.colour[t] = colour
    state.growth[t] = True
    for link in state.links.values():
        if link.b < 0:
            h, s = link.open_end()
            if hm.nb[h][s] == t:
                link.b = t
                if link.owner == UNOWNED:
                    link.owner = seat


def release_links(state: SteamState, seat: int) -> None:
    """Bankruptcy: complete links become dead, incomplete ones unowned."""
    for link in state.links.values():
        if link.owner == seat:
            link.owner = DEAD if link.b >= 0 else UNOWNED
