"""Moving goods: the paths a cube may take over complete links, and who scores for them."""

from __future__ import annotations

from collections import Counter

from .state import DEAD, SteamState


def link_graph(state: SteamState) -> dict[int, list[tuple[int, int, int]]]:
    """node -> [(link id, owner, other node)] over complete links."""
    graph: dict[int, list[tuple[int, int, int]]] = {}
    for link in state.links.values():
        if link.b >= 0:
            graph.setdefault(link.a, []).append((link.id, link.owner, link.b))
            graph.setdefault(link.b, []).append((link.id, link.owner, link.a))
    return graph


def deliveries_plain(state: SteamState, seat: int, limit: int) -> list[tuple[int, str, tuple[int, ...]]]:
    """The rule as stated, for ``delivery_options`` to be checked against: every (source, colour,
    links) ``seat`` may deliver, a cube of ``colour`` at ``source`` moved over at most ``limit`` links
    to the first city of its colour, the links' owners allowed by ``rule_ok``; one depth-first walk
    per source and colour, written for clarity, not speed."""
    graph = link_graph(state)
    present = set(state.colour)
    count_dead = state.params.unowned_links_count
    out = []
    for src in graph:
        for colour in sorted(c for c in set(state.cubes[src]) if c in present):
            found: list[tuple[int, ...]] = []
            _walk_plain(state, graph, colour, limit, seat, count_dead, src, {src}, [], {}, found)
            out.extend((src, colour, path) for path in found)
    return out


def _walk_plain(state, graph, colour, limit, seat, count_dead, node, seen, links, owners, found) -> None:
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
            _walk_plain(
                state, graph, colour, limit, seat, count_dead, nxt, seen | {nxt}, links, owners, found
            )
        links.pop()
        owners[owner] -= 1


def delivery_options(
    state: SteamState, seat: int, limit: int | None = None, enough: int | None = None
) -> list[tuple[int, str, tuple[int, ...]]]:
    """Every legal (source city, colour, link ids) delivery for ``seat`` (``limit``: links allowed;
    ``enough``: at most that many, the first ones, for a count that needs no more).

    ``deliveries_plain``, the speed kernel: read from ``board_paths``, every path of the board
    whoever moves the cube, walked once and kept by the board's content: a seat's are those its links
    may carry (``rule_ok``) within its limit, in the same order."""
    limit = state.loco[seat] if limit is None else limit
    count_dead = state.params.unowned_links_count
    paths = board_paths(state, limit)
    if enough is None:
        return [
            (src, colour, links)
            for src, colour, links, owners in paths
            if len(links) <= limit and rule_ok(owners, seat, count_dead)
        ]
    out = []
    for src, colour, links, owners in paths:
        if len(out) >= enough:
            break
        if len(links) <= limit and rule_ok(owners, seat, count_dead):
            out.append((src, colour, links))
    return out


Path = tuple[int, str, tuple[int, ...], dict[int, int]]
"""(source city, colour, link ids, links per owner) of one path a cube may take."""


class _Board:
    """The complete links of one board as a graph, with the walks made on it so far."""

    def __init__(self, complete: tuple[tuple[int, int, int, int], ...], colour: list[str | None]) -> None:
        self.graph: dict[int, list[tuple[int, int, int]]] = {}
        for lid, owner, a, b in complete:
            self.graph.setdefault(a, []).append((lid, owner, b))
            self.graph.setdefault(b, []).append((lid, owner, a))
        self.colour = colour
        self.present = set(colour)
        self.walks: dict[tuple[int, tuple[str, ...]], tuple[int, list[Path]]] = {}
        """(source, its cube colours) -> (depth walked, paths)."""
        self.wanted: dict[tuple[str, ...], tuple[str, ...]] = {}
        """The cubes at a city -> the colours among them that have a city to go to, sorted."""


_BOARDS: dict[tuple[object, ...], _Board] = {}


def board_paths(state: SteamState, limit: int) -> list[Path]:
    """Every path of at most ``limit`` links (or more) that a cube on the board may take, whoever
    moves it, in the order of ``delivery_options``: a seat's deliveries are those whose owners
    pass ``rule_ok``, and a shorter limit's are the short ones (the walk is depth-first, so they
    come in the same order).

    A source's paths depend only on the complete links, the cities' colours and which colours of
    cube wait there, so they are kept by that content: a delivery re-walks at most its source, and
    only when its last cube of a colour left. A walk goes as deep as the best locomotive plus one."""
    complete = tuple((link.id, link.owner, link.a, link.b) for link in state.links.values() if link.b >= 0)
    key = (complete, tuple(state.colour))
    board = _BOARDS.get(key)
    if board is None:
        if len(_BOARDS) >= 64:
            _BOARDS.clear()
        board = _BOARDS[key] = _Board(complete, list(state.colour))
    walks, wanted_of, cubes = board.walks, board.wanted, state.cubes
    depth = 0
    out: list[Path] = []
    for src in board.graph:
        here = cubes[src]
        if not here:
            continue
        held = tuple(here)
        wanted = wanted_of.get(held)
        if wanted is None:  # no city of a colour: it cannot move
            wanted = wanted_of[held] = tuple(sorted(c for c in set(here) if c in board.present))
        if not wanted:
            continue
        found = walks.get((src, wanted))
        if found is None or found[0] < limit:
            depth = depth or max(limit, max(state.loco) + 1)
            found = walks[(src, wanted)] = (depth, _walk_from(board, src, wanted, depth))
        out.extend(found[1])
    return out


def _walk_from(board: _Board, src: int, wanted: tuple[str, ...], limit: int) -> list[Path]:
    """One walk from ``src`` serves all its cube colours (each drops out at its first city)."""
    found: dict[str | None, list[tuple[tuple[int, ...], dict[int, int]]]] = {c: [] for c in wanted}
    _AllWalk(board.graph, board.colour, limit, found).step(src, {src}, frozenset(wanted))
    return [(src, colour, path, owners) for colour in wanted for path, owners in found[colour]]


class _AllWalk:
    """Depth-first walk over complete links from one source city, recording every path with the
    links each owner has on it (whoever may move the cube)."""

    def __init__(self, graph, colour, limit, found) -> None:
        self.graph, self.colour, self.limit, self.found = graph, colour, limit, found
        self.links: list[int] = []
        self.owners: dict[int, int] = {}

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
                self.found[here].append((tuple(links), {k: v for k, v in owners.items() if v}))
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
