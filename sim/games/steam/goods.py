"""Moving goods: the paths a cube may take over complete links, and who scores for them."""

from __future__ import annotations

from collections import Counter

from sim.games.steam.state import DEAD, SteamState


def link_graph(state: SteamState) -> dict[int, list[tuple[int, int, int]]]:
    """node -> [(link id, owner, other node)] over complete links."""
    graph: dict[int, list[tuple[int, int, int]]] = {}
    for link in state.links.values():
        if link.b >= 0:
            graph.setdefault(link.a, []).append((link.id, link.owner, link.b))
            graph.setdefault(link.b, []).append((link.id, link.owner, link.a))
    return graph


def delivery_options(
    state: SteamState, seat: int, limit: int | None = None
) -> list[tuple[int, str, tuple[int, ...]]]:
    """Every legal (source city, colour, link ids) delivery for ``seat`` (``limit``: links allowed)."""
    graph = link_graph(state)
    limit = state.loco[seat] if limit is None else limit
    count_dead = state.params.unowned_links_count
    out = []
    for src, _edges in graph.items():
        here = state.cubes[src]
        if not here:
            continue
        for colour in sorted(set(here)):
            if colour not in state.colour:
                continue  # no city of that colour exists yet
            paths: list[tuple[int, ...]] = []
            _walk(state, graph, colour, src, {src}, [], {}, limit, paths, seat, count_dead)
            out.extend((src, colour, path) for path in paths)
    return out


def _walk(state, graph, colour, node, seen, links, owners, limit, out, seat, count_dead) -> None:
    for lid, owner, nxt in graph.get(node, ()):
        if nxt in seen:
            continue
        links.append(lid)
        owners[owner] = owners.get(owner, 0) + 1
        if state.colour[nxt] == colour:
            if rule_ok(owners, seat, count_dead):
                out.append(tuple(links))
        elif len(links) < limit:
            seen.add(nxt)
            _walk(state, graph, colour, nxt, seen, links, owners, limit, out, seat, count_dead)
            seen.discard(nxt)
        links.pop()
        owners[owner] -= 1


def rule_ok(owners: dict[int, int], seat: int, count_dead: bool) -> bool:
    """The mover uses at least one own link and at least as many as any single other owner."""
    own = owners.get(seat, 0)
    if own < 1:
        return False
    for owner, n in owners.items():
        if n > own and owner != seat and (owner >= 0 or (owner == DEAD and count_dead)):
            return False
    return True


def points_by_owner(state: SteamState, links: tuple[int, ...]) -> Counter[int]:
    """1 point per link to each owner still in the game."""
    counts: Counter[int] = Counter()
    for lid in links:
        owner = state.links[lid].owner
        if owner >= 0 and not state.bankrupt[owner]:
            counts[owner] += 1
    return counts
