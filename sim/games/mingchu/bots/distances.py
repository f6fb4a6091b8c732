"""How far a bot's 掌柜 are from each place: roads to walk, an own or 官府 驿道 counting next
to nothing (``free_distances``), and the distances the bot keeps while the 驿道 they depend on stay
the same (``Distances``), with the places within a turn's reach.

The rule is ``free_distances``: a shortest-path search over ``road_weights``. The bot's kernel
keeps what it searched: per set of the 驿道 that matter (``Board``) the distances from each place,
and when a 驿道 only lowered some weights it starts from the last distances from that place
(``lowered_distances``) rather than anew. Tests check both against a plain Dijkstra search with a
heap (``tests/games/mingchu/test_bot_kept.py``).
"""

from __future__ import annotations

from ..rules.state import OFFICIAL, MingchuState
from .base import BotBase


def road_weights(state: MingchuState, seat: int) -> list[float]:
    """Per road: what walking it adds in ``free_distances`` (0.01 on an own or 官府 驿道 off the
    water, 1.0 otherwise), or -1.0 where it cannot be walked (a dashed road without a 驿道, M28)."""
    kinds, dashed, yidao = state.topo.road_kind, state.topo.road_dashed, state.yidao  # (plain lists)
    weights: list[float] = []
    for road in range(len(kinds)):
        owner = yidao.get(road)
        if owner is None:  # no 驿道: a dashed road cannot be walked (``road_usable``)
            weights.append(-1.0 if dashed[road] else 1.0)
        elif (owner == seat or owner == OFFICIAL) and kinds[road] != "water":
            weights.append(0.01)
        else:
            weights.append(1.0)
    return weights


def free_distances(
    state: MingchuState, seat: int, source: int, weights: list[float] | None = None
) -> list[float]:
    """Roads to every place from ``source``, an own or 官府 驿道 counting 0.01 (99.0: unreachable).
    ``weights``: ``road_weights`` for the seat, when the caller keeps them.

    A queue of the places whose distance went down, each relaxing its roads again (Bellman-Ford's
    search with a queue): every weight is above 0, so the distances are the one solution of
    ``dist[p] = min(dist[q] + weight)`` over p's roads, the same floats as any shortest-path search
    that adds weights to settled distances (Dijkstra's, in the tests), whatever the order."""
    if weights is None:
        weights = road_weights(state, seat)
    size = len(state.topo.adjacent_roads)
    dist = [99.0] * size
    dist[source] = 0.0
    queued = [False] * size
    queued[source] = True
    _relax(state, weights, dist, [source], queued)
    return dist


def lowered_distances(
    state: MingchuState, weights: list[float], before: list[float], dist_before: list[float]
) -> list[float] | None:
    """``free_distances`` over the road weights ``weights`` from those searched over ``before``
    (``dist_before``, from the same place), when no road got dearer (-1.0, a road that cannot be
    walked, counting as dearest): a 驿道 built only lowers weights. The ends of the roads that got
    cheaper are relaxed again from the old distances, an upper bound. Each road adds at least 0.01,
    and a float sum never goes down as the distance it adds to grows, so ``dist[p] = min(dist[q] +
    weight)`` has one solution: the same floats as a search anew. None when a road got dearer."""
    ends = state.topo.road_ends
    if len(before) != len(weights) or len(dist_before) != len(state.topo.adjacent_roads):
        return None  # (another map)
    dist = list(dist_before)
    queued = [False] * len(dist)
    queue: list[int] = []
    for road in range(len(weights)):
        w, old = weights[road], before[road]
        if w == old:
            continue
        if w < 0 or (0 <= old < w):
            return None
        a, b = ends[road]
        if not queued[a]:
            queued[a] = True
            queue.append(a)
        if not queued[b]:
            queued[b] = True
            queue.append(b)
    _relax(state, weights, dist, queue, queued)
    return dist


def _relax(
    state: MingchuState, weights: list[float], dist: list[float], queue: list[int], queued: list[bool]
) -> None:
    """Bellman-Ford's search with a queue: each place taken from ``queue`` relaxes its roads, a place
    whose distance went down joining the queue again (``queued``: in it now), until none does."""
    topo = state.topo
    roads_at, places_at = topo.adjacent_roads, topo.adjacent_places
    i = 0
    while i < len(queue):
        place = queue[i]
        i += 1
        queued[place] = False
        d = dist[place]
        roads, others = roads_at[place], places_at[place]
        for j in range(len(roads)):
            w = weights[roads[j]]
            if w < 0:
                continue
            other = others[j]
            nd = d + w
            if nd < dist[other]:
                dist[other] = nd
                if not queued[other]:
                    queued[other] = True
                    queue.append(other)


class Board:
    """What a bot keeps for one set of 驿道 (``HeuristicBot._board_key``): the seat's road weights,
    the free distances from each place searched so far, and ``_within``'s places by (place, reach)."""

    def __init__(self, places: int) -> None:
        self.weights: list[float] | None = None
        self.dist: list[list[float] | None] = [None] * places
        self.within: dict[tuple[int, float], list[int]] = {}


class Distances(BotBase):
    """The free distances of the bot's seat, kept per set of 驿道 (``_board_key``)."""

    def __init__(self, seat: int, persona: str) -> None:
        super().__init__(seat, persona)
        self._yidao_seen: dict[int, int] | None = None  # the 驿道 when ``_roads`` was last worked out
        self._yidao_read: dict[int, int] | None = None  # the state's 驿道 table last compared, and its size
        self._yidao_size = 0
        self._roads: frozenset = frozenset()
        self._searched: dict[int, tuple[list[float], list[float]]] = {}  # place -> (road weights,
        # ``free_distances`` from it) of its last search, the start of the next (``lowered_distances``)
        self._boards: dict[frozenset, Board] = {}  # ``_roads`` -> what is kept for those 驿道
        self._board: Board | None = None  # the one for ``_board_for``, the ``_roads`` last read
        self._board_for: frozenset = frozenset()

    def _board_key(self, state: MingchuState) -> frozenset:
        """The 驿道 the seat's free distances depend on: (road, free to walk) for its own and 官府
        ones and those opening a dashed road (M28); another player's 驿道 on a solid road changes
        nothing for them. Read again only when the 驿道 on the board differ from the last call: a 驿道
        once built stays with its owner (the table only grows), so the same table (a view shares the
        state's) of the same size is unchanged."""
        yidao = state.yidao
        if yidao is self._yidao_read and len(yidao) == self._yidao_size:
            return self._roads
        if yidao != self._yidao_seen:
            self._yidao_seen = dict(yidao)
            dashed, mine = state.topo.road_dashed, (self.seat, OFFICIAL)
            self._roads = frozenset(
                (road, owner in mine) for road, owner in yidao.items() if owner in mine or dashed[road]
            )
        self._yidao_read, self._yidao_size = yidao, len(yidao)
        return self._roads

    def _distances(self, state: MingchuState, source: int) -> list[float]:
        """``free_distances``, kept by the bot while the 驿道 it depends on stay the same."""
        board = self._board_now(state)
        dist = board.dist[source]
        if dist is None:
            weights = board.weights
            if weights is None:
                weights = board.weights = road_weights(state, self.seat)
            last = self._searched.get(source)
            if last is not None:
                dist = lowered_distances(state, weights, last[0], last[1])
            if dist is None:
                dist = free_distances(state, self.seat, source, weights)
            board.dist[source] = dist
            self._searched[source] = (weights, dist)
        return dist

    def _board_now(self, state: MingchuState) -> Board:
        """What is kept for the 驿道 the seat's distances depend on now (``_board_key``): the last
        one while ``_board_key`` gives the same set, else the one kept for an equal set, else a new one."""
        key = self._board_key(state)
        board = self._board
        if board is None or key is not self._board_for:
            board = self._boards.get(key)
            if board is None:
                board = self._boards[key] = Board(len(state.topo.adjacent_roads))
            self._board, self._board_for = board, key
        return board

    def _within(self, state: MingchuState, at: int, reach: float) -> list[int]:
        """The places at a free distance of at most ``reach`` from ``at``, in map order; kept with the
        distances (by the 驿道 they depend on)."""
        kept = self._board_now(state).within
        key = (at, reach)
        places = kept.get(key)
        if places is None:
            dist = self._distances(state, at)
            places = kept[key] = [place for place in range(len(dist)) if dist[place] <= reach]
        return places
