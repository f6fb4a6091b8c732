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
    state: SteamState, seat: int, limit: int | None = None, enough: int | None = None
) -> list[tuple[int, str, tuple[int, ...]]]:
    """Every legal (source city, colour, link ids) delivery for ``seat`` (``limit``: links allowed;
    ``enough``: stop once that many are found, for a count that needs no more: then which ones
    come back is not the full list's first ones).

    One walk per source city serves all its cube colours: a colour drops out of the walk at the
    first city of that colour (where its cube stops), so each colour's paths come out as its own
    walk would give them, in the same order."""
    graph = link_graph(state)
    limit = state.loco[seat] if limit is None else limit
    count_dead = state.params.unowned_links_count
    present = set(state.colour)
    out = []
    for src in graph:
        here = state.cubes[src]
        if not here:
            continue
        wanted = sorted(c for c in set(here) if c in present)  # no city of a colour: it cannot move
        if not wanted:
            continue
        found: dict[str | None, list[tuple[int, ...]]] = {c: [] for c in wanted}
        walk = _Walk(graph, state.colour, limit, found, seat, count_dead)
        if enough is not None:
            walk.left = enough - len(out)
        try:
            walk.step(src, {src}, frozenset(wanted))
        except _Enough:
            pass
        for colour in wanted:
            out.extend((src, colour, path) for path in found[colour])
        if enough is not None and len(out) >= enough:
            break
    return out


class _Enough(Exception):
    """The walk found as many deliveries as were asked for."""


class _Walk:
    """Depth-first walk over complete links from one source city, for a set of cube colours."""

    def __init__(self, graph, colour, limit, found, seat, count_dead) -> None:
        self.graph, self.colour, self.limit, self.found = graph, colour, limit, found
        self.seat, self.count_dead = seat, count_dead
        self.links: list[int] = []
        self.owners: dict[int, int] = {}
        self.left = -1
        """Deliveries still wanted before the walk may stop (-1: all of them)."""

    def step(self, node: int, seen: set[int], active: frozenset[str | None]) -> None:
        links, owners = self.links, self.owners
        for lid, owner, nxt in self.graph.get(node, ()):
            if nxt in seen:
                continue
            links.append(lid)
            owners[owner] = owners.get(owner, 0) + 1
            here = self.colour[nxt]
            rest = active
            if here in active:
                if rule_ok(owners, self.seat, self.count_dead):
                    self.found[here].append(tuple(links))
                    self.left -= 1
                    if self.left == 0:
                        raise _Enough
                rest = active - {here}
            if rest and len(links) < self.limit:
                seen.add(nxt)
                self.step(nxt, seen, rest)
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
