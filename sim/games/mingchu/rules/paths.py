"""Road graph queries: transport routes with their costs (M17) and sale prices (M18)."""

from __future__ import annotations

import heapq
from typing import TYPE_CHECKING

from .economy import can_give_favor
from .modifiers import DISCOUNT, SELL_BONUS, modifier_total
from .state import OFFICIAL, MingchuState, Topology

if TYPE_CHECKING:  # annotations only: the compiled core's 64-bit machine integer, an int elsewhere
    from mypy_extensions import i64

FAR = 99


class Route:
    """What carrying goods from one place to another costs one player.

    Read only: the route caches share one object among many routes (a plain class, not a frozen
    dataclass, because making one is several times cheaper compiled and a search makes dozens)."""

    __slots__ = ("workers", "coins", "favor", "new_temp")

    def __init__(
        self, workers: int = 0, coins: int = 0, favor: tuple[int, ...] = (), new_temp: tuple[int, ...] = ()
    ) -> None:
        self.workers = workers  # 伙计 for roads without a 驿道 (they become temporary roads)
        self.coins = coins  # water fees
        self.favor = favor  # owners of other players' 驿道 used, one marker each
        self.new_temp = new_temp

    def _fields(self) -> tuple:
        return (self.workers, self.coins, self.favor, self.new_temp)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Route) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (
            f"Route(workers={self.workers}, coins={self.coins}, favor={self.favor}, new_temp={self.new_temp})"
        )


def road_usable(state: MingchuState, road: int) -> bool:
    """Dashed roads need a 驿道 (M28); everything else is always passable."""
    return not state.topo.road_dashed[road] or road in state.yidao


def water_fee(state: MingchuState, seat: int, road: int) -> int:
    fee = state.topo.road_coins[road]
    if fee == 0:
        return 0
    return max(0, fee - modifier_total(state, seat, DISCOUNT, action="water"))


NO_ROADS: frozenset[int] = frozenset()


def search_key(state: MingchuState, seat: int) -> tuple[int, frozenset[int]]:
    """What a seat's route search depends on besides the board and its source: the seat's water
    discount and the temporary roads laid this step (the route cache's keys hold both)."""
    temp = state.temp_roads
    return modifier_total(state, seat, DISCOUNT, action="water"), frozenset(temp) if temp else NO_ROADS


def route_cache(state: MingchuState) -> dict:
    """``state.route_cache``, made on first use."""
    cache = state.route_cache
    if cache is None:
        cache = state.route_cache = {}
    return cache


def routes_plain(state: MingchuState, seat: int, source: int) -> dict[int, Route]:
    """The rule as stated (M17), for ``routes_from`` and the searches below to be checked against:
    from ``source``, the cheapest route to every place the seat can reach, cost first (伙计 + coins +
    恩义 markers), then fewest roads; on an equal (cost, roads), the place reached from the earlier
    settled place. Per road: its own or a 官府 驿道 is free, another player's costs one 恩义 marker to
    its owner, a plain road without 驿道 one 伙计 (free again once laid this step: a temporary road),
    a dashed road without 驿道 cannot be used, water costs its coins less the seat's water discount.

    Dijkstra's search with a heap over (cost, roads, place), written for clarity, not speed."""
    edges = _board_edges(state, seat, search_key(state, seat)[0])
    for road in state.temp_roads:
        if edges[road] == _WORKER_STEP:
            edges[road] = _FREE
    best: dict[int, tuple[int, int]] = {source: (0, 0)}
    routes: dict[int, Route] = {source: Route()}
    heap: list[tuple[int, int, int]] = [(0, 0, source)]
    settled: set[int] = set()
    while heap:
        cost, roads, place = heapq.heappop(heap)
        if place in settled or best[place] < (cost, roads):
            continue
        settled.add(place)
        here = routes[place]
        for road, other in state.topo.adjacent[place]:
            edge = edges[road]
            if edge is None:
                continue
            workers, coins, favor, step = edge
            new = (cost + step, roads + 1)
            if other not in best or new < best[other]:
                best[other] = new
                routes[other] = Route(
                    here.workers + workers,
                    here.coins + coins,
                    (state.yidao[road], *here.favor) if favor else here.favor,
                    (road, *here.new_temp) if workers else here.new_temp,
                )
                heapq.heappush(heap, (new[0], new[1], other))
    return routes


def routes_from(state: MingchuState, seat: int, source: int) -> dict[int, Route]:
    """``routes_plain``, kept in the route cache (the speed kernel: ``_settle``), the places in the
    order the search first reached them.

    Road costs do not depend on direction, so this is also the cheapest route *to* ``source``.
    """
    water_discount, temp_key = search_key(state, seat)
    cache_key = (seat, source, water_discount, temp_key)
    cache = route_cache(state)
    cached = cache.get(cache_key)
    if cached is not None:
        return cached
    routes = cache[cache_key] = _routes_dict(
        state,
        seat,
        source,
        water_discount,
        temp_key,
        _search(state, seat, source, water_discount, temp_key, False),
    )
    return routes


def _routes_dict(
    state: MingchuState,
    seat: int,
    source: int,
    water_discount: int,
    temp_key: frozenset[int],
    search: _Search,
) -> dict[int, Route]:
    """``routes_from``'s dict of the kept ``search``: its routes in the order places were first reached."""
    links = _laid_links(state, seat, water_discount, temp_key, _road_tables(state, seat, water_discount))
    found = search[0]
    routes: dict[int, Route] = {}
    for target in _order(links, search[1], source):
        route = found[target]
        if route is not None:
            routes[target] = route
    return routes


def routes_by_place(state: MingchuState, seat: int, source: int) -> list[Route | None]:
    """``routes_from(state, seat, source).get(p)`` for every place ``p`` at once, indexed by place
    (the kept search's list: no dict is built)."""
    water_discount, temp_key = search_key(state, seat)
    return _search(state, seat, source, water_discount, temp_key, False)[0]


def routes_and_singles(state: MingchuState, seat: int, source: int) -> list[Route | None]:
    """``routes_by_place``; when it searches, it also keeps which places have one cheapest route only
    from ``source`` (``_settle``'s ``single``), for ``route_between`` to read the routes the other way.
    For the places goods are carried from to a 掌柜 (``production.legal_produce``)."""
    water_discount, temp_key = search_key(state, seat)
    return _search(state, seat, source, water_discount, temp_key, True)[0]


def carrier_routes(
    state: MingchuState, seat: int, sources: tuple[int, ...], water_discount: int, temp_key: frozenset[int]
) -> list[list[Route | None]]:
    """``routes_and_singles`` from each of ``sources``, the seat's water discount and temporary roads
    given (``search_key``'s, read once by the caller)."""
    return [_search(state, seat, source, water_discount, temp_key, True)[0] for source in sources]


def _search(
    state: MingchuState, seat: int, source: int, water_discount: int, temp_key: frozenset[int], singles: bool
) -> _Search:
    """The seat's full search from ``source``, kept in the route cache; a search made here asked for
    ``singles`` keeps its places with one cheapest route too."""
    cache = route_cache(state)
    key = (seat, ("found", source, water_discount), temp_key)
    search: _Search | None = cache.get(key)
    if search is None:
        single = [False] * len(state.topo.places) if singles else None
        search = cache[key] = _settle(state, seat, source, water_discount, temp_key, [], single)
        if single is not None:
            cache[(seat, ("single", source, water_discount), temp_key)] = single
    return search


def route_between(state: MingchuState, seat: int, source: int, target: int) -> Route | None:
    """``routes_from(state, seat, source).get(target)``, searching only until ``target`` is settled
    when those routes are not kept yet (the route to a settled place is final), and keeping none.

    Roads cost the same both ways, so when the routes from ``target`` are kept and the one to
    ``source`` is its only cheapest route (``routes_and_singles``), the search from ``source`` finds
    that route the other way round: it is read from there, its roads and markers in reverse order."""
    cache = state.route_cache
    if cache is not None:
        water_discount, temp_key = search_key(state, seat)
        kept: _Search | None = cache.get((seat, ("found", source, water_discount), temp_key))
        if kept is not None:
            return kept[0][target]
        single: list[bool] | None = cache.get((seat, ("single", target, water_discount), temp_key))
        if single is not None and single[source]:
            back: _Search | None = cache.get((seat, ("found", target, water_discount), temp_key))
            if back is not None:
                route = back[0][source]
                if route is not None:
                    return Route(route.workers, route.coins, route.favor[::-1], route.new_temp[::-1])
    return _routes_to(state, seat, source, [target])[0]


def _routes_to(state: MingchuState, seat: int, source: int, places: list[int]) -> list[Route | None]:
    """``routes_from(state, seat, source).get(p)`` for each of ``places``: read from the kept routes,
    else searched only until every one of ``places`` is settled, without keeping them."""
    water_discount, temp_key = search_key(state, seat)
    if state.route_cache is not None:
        cached = state.route_cache.get((seat, source, water_discount, temp_key))
        if cached is not None:
            return [cached.get(p) for p in places]
    found = _settle(state, seat, source, water_discount, temp_key, places)[0]
    return [found[p] for p in places]  # every place reached is settled before the search stops


_Search = tuple[list[Route | None], list[int]]
"""One full search's result (``_settle``), kept in ``state.route_cache`` and never changed after:
per place its cheapest route (None: not reached) and the packed (cost, roads) key of that route (-1:
not reached), from which the order the places were first reached in follows (``_order``)."""


def _settle(
    state: MingchuState,
    seat: int,
    source: int,
    water_discount: int,
    temp_key: frozenset[int],
    stops: list[int],
    single: list[bool] | None = None,
) -> _Search:
    """Dijkstra's search on (cost, roads) from ``source``, until every one of ``stops`` is settled (or
    every place, when none): per place its cheapest route (None when not reached, or not settled when
    the search stopped), with their keys (``_Search``).

    With ``single`` (a list of False by place), marks the places settled whose cheapest (cost, roads)
    route is the only one: the place it was reached from has one, and no other road reached it as
    cheaply (``ties``: the key at which another road did).

    The kernel of ``routes_plain`` (the same routes, checked on whole games by
    ``tests/games/mingchu/test_kernels.py``): the frontier is scanned instead of a heap, a place's
    (cost, roads) is one packed ``i64`` key (``cost << bits | roads``) and each usable road one packed
    link (``_RoadTables``), so that compiled every step is a machine operation; a place reached by a
    free road shares its predecessor's route. Measurements: docs/architecture.md, "Rules first,
    kernels second". The order places were first reached in is ``_order``'s.
    """
    tables = _road_tables(state, seat, water_discount)
    workers, coins, favor = tables[0], tables[1], tables[2]
    links: list[list[i64]] = _laid_links(state, seat, water_discount, temp_key, tables)
    yidao = state.yidao
    size = len(state.topo.places)
    bits: i64 = size.bit_length()  # a route has fewer roads than there are places
    mask: i64 = (1 << bits) - 1
    road_bits: i64 = len(workers).bit_length()
    road_mask: i64 = (1 << road_bits) - 1
    shift: i64 = bits + road_bits  # a link's step, above its road and place
    start: i64 = source
    best: list[i64] = [-1] * size  # packed (cost, roads) of the best route found; -1: not reached yet
    best[start] = 0
    back: list[i64] = [0] * size  # which link of a place's it was reached by, above that place
    found: list[Route | None] = [None] * size
    found[start] = _ORIGIN
    wanted = [False] * size if stops else _NOT_WANTED
    left = 0  # stops not settled yet
    for stop in stops:
        if not wanted[stop]:
            wanted[stop] = True
            left += 1
    ties = _NO_TIES
    if single is not None:
        ties = [-1] * size
        single[start] = True
    frontier: list[i64] = [start]  # places reached and not settled yet, in no order
    while frontier:
        low: i64 = -1
        at: i64 = 0
        i: i64 = 0
        for other in frontier:
            key: i64 = best[other] << bits | other
            if key < low or low < 0:
                low = key
                at = i
            i += 1
        last: i64 = frontier.pop()
        if at < i - 1:
            frontier[at] = last
        place: i64 = low & mask
        here: i64 = low >> bits
        if place != start:
            came: i64 = back[place]
            before: i64 = came & mask
            base = found[before]
            if single is not None:
                single[place] = ties[place] != here and single[before]
            if here == best[before] + 1:
                found[place] = base  # a free road adds nothing: the same route
            elif base is not None:  # always: ``before`` was settled first
                road: i64 = links[before][came >> bits] >> bits & road_mask
                w = workers[road]
                found[place] = Route(
                    base.workers + w,
                    base.coins + coins[road],
                    (yidao[road],) + base.favor if favor[road] else base.favor,
                    (road,) + base.new_temp if w else base.new_temp,
                )
        if left and wanted[place]:
            left -= 1
            if not left:
                break
        row = links[place]
        n: i64 = len(row)
        for i in range(n):
            link: i64 = row[i]
            other = link & mask
            new: i64 = here + (link >> shift)
            old: i64 = best[other]
            if old < 0:
                frontier.append(other)
            elif new >= old:
                if new == old and single is not None:
                    ties[other] = new  # a second route as cheap
                continue  # settled already, or reached as cheaply
            best[other] = new
            back[other] = i << bits | place
    return found, best


def _order(links: list[list[i64]], best: list[i64], source: int) -> list[int]:
    """The places in the order a full search from ``source`` (on ``links``, its keys ``best``) first
    reached them: a place is reached by the first place settled that has a road to it, and places
    are settled by (key, place), each reaching the others by its links in order."""
    size = len(best)
    bits: i64 = size.bit_length()
    mask: i64 = (1 << bits) - 1
    settled: list[i64] = []
    for place in range(size):
        key: i64 = best[place]
        if key >= 0:
            settled.append(key << bits | place)
    settled.sort()
    seen = [False] * size
    seen[source] = True
    order = [source]
    for low in settled:
        for link in links[low & mask]:
            other: i64 = link & mask
            if not seen[other]:
                seen[other] = True
                order.append(other)
    return order


_ORIGIN = Route()
_NOT_WANTED: list[bool] = []
_NO_TIES: list[i64] = []

_RoadTables = tuple[list[int], list[int], list[int], list[int], list[list[int]]]
"""Per road, for one seat and water discount: the 伙计, coins and 恩义 markers (0 or 1) it costs and
their total (-1 when it cannot be used); and per place, its usable roads (``Topology.adjacent``'
order) as links, ``_link``."""


def _link(step: int, road: int, other: int, bits: int, shift: int) -> int:
    """One usable road to ``other``: what taking it adds to a packed (cost, roads) key (``step``,
    ``cost << bits | 1``), above the road, above the place it leads to (``_settle`` unpacks them)."""
    return step << shift | road << bits | other


def _links(topo: Topology, place: int, cost: list[int], free: frozenset[int] | None = None) -> list[int]:
    """The links of ``place`` for a seat whose roads cost ``cost`` (-1: not usable), the roads in
    ``free`` (this step's temporary roads) costing nothing."""
    bits = len(topo.places).bit_length()
    shift = bits + len(cost).bit_length()
    roads, near = topo.adjacent_roads[place], topo.adjacent_places[place]
    row: list[int] = []
    for i in range(len(roads)):
        road = roads[i]
        if free is not None and road in free:
            row.append(_link(1, road, near[i], bits, shift))
        elif cost[road] >= 0:
            row.append(_link(cost[road] << bits | 1, road, near[i], bits, shift))
    return row


def _road_tables(state: MingchuState, seat: int, water_discount: int) -> _RoadTables:
    """The seat's ``_RoadTables`` on the board (``_board_edges``' values), kept in ``state.route_cache``
    and brought up to date by ``keep_routes_after_road`` when a 驿道 is built. This step's temporary
    roads are free to use again (M17): ``_laid_links`` and the route builders lay them over."""
    cache = route_cache(state)
    key = (seat, ("roads", water_discount), NO_ROADS)
    found: _RoadTables | None = cache.get(key)
    if found is None:
        found = cache[key] = _new_road_tables(state, seat, water_discount)
    return found


def _new_road_tables(state: MingchuState, seat: int, water_discount: int) -> _RoadTables:
    topo = state.topo
    yidao = state.yidao
    road_coins = topo.road_coins
    road_kind = topo.road_kind
    count = len(road_kind)
    workers, coins, favor, cost = [0] * count, [0] * count, [0] * count, [-1] * count
    for road in range(count):
        kind = road_kind[road]
        if kind == "water":
            fee = max(0, road_coins[road] - water_discount)
            coins[road] = cost[road] = fee
            continue
        owner = yidao.get(road)
        if owner is None:
            if kind != "dashed":  # ``_WORKER_STEP``
                workers[road] = cost[road] = 1
        elif owner == seat or owner == OFFICIAL:
            cost[road] = 0  # ``_FREE``
        else:
            favor[road] = cost[road] = 1
    return workers, coins, favor, cost, [_links(topo, place, cost) for place in range(len(topo.places))]


def _tables_with_road(state: MingchuState, seat: int, tables: _RoadTables, road: int) -> _RoadTables:
    """``tables`` of ``seat`` once the 驿道 now on the land road ``road`` is counted (new lists where
    they change: a copy of the state may share the old ones)."""
    topo = state.topo
    owner = state.yidao[road]
    w, f, c = (0, 0, 0) if owner == seat or owner == OFFICIAL else (0, 1, 1)
    workers, coins, favor, cost, links = tables
    if workers[road] == w and favor[road] == f and cost[road] == c:
        return tables
    workers, favor, cost, links = list(workers), list(favor), list(cost), list(links)
    workers[road], favor[road], cost[road] = w, f, c
    for place in topo.road_ends[road]:
        links[place] = _links(topo, place, cost)
    return workers, coins, favor, cost, links


def _laid_links(
    state: MingchuState, seat: int, water_discount: int, temp_key: frozenset[int], tables: _RoadTables
) -> list[list[int]]:
    """The seat's links (``tables``' last) with this step's temporary roads (free, M17) laid over the
    places they touch, kept in ``state.route_cache`` (the key ends with them). Only a road without
    驿道 costs 伙计 (``_WORKER_STEP``), then is free: a 驿道 built on it since is not laid over.

    Such a road is in its ends' links already (it costs one 伙计): its link there gets the free
    step, ``_link(1, ...)``, in a copy of that row (the same rows ``_links`` makes with it free)."""
    links = tables[4]
    if not temp_key:
        return links
    cache = route_cache(state)
    laid_key = (seat, ("links", water_discount), temp_key)
    laid: list[list[int]] | None = cache.get(laid_key)
    if laid is None:
        road_ends = state.topo.road_ends
        workers = tables[0]
        bits: i64 = len(links).bit_length()
        road_mask: i64 = (1 << len(workers).bit_length()) - 1
        shift: i64 = bits + len(workers).bit_length()
        below: i64 = (1 << shift) - 1  # a link's road and place
        free: i64 = 1 << shift  # the step of a free road, above them
        laid = list(links)
        copied = [False] * len(links)
        for road in temp_key:
            if not workers[road]:
                continue
            for place in road_ends[road]:
                row: list[i64] = laid[place]
                if not copied[place]:
                    row = laid[place] = list(row)
                    copied[place] = True
                for i in range(len(row)):
                    link: i64 = row[i]
                    if link >> bits & road_mask == road:
                        row[i] = link & below | free
        cache[laid_key] = laid
    return laid


_FREE = (0, 0, 0, 0)
_WORKER_STEP = (1, 0, 0, 1)  # a road without 驿道: one 伙计, then a temporary road


def _board_edges(state: MingchuState, seat: int, water_discount: int) -> list:
    yidao = state.yidao
    road_coins = state.topo.road_coins
    edges: list = []
    for road, kind in enumerate(state.topo.road_kind):
        owner = yidao.get(road)
        if kind == "water":
            coins = max(0, road_coins[road] - water_discount)
            edges.append((0, coins, 0, coins))
        elif owner is None:
            edges.append(None if kind == "dashed" else _WORKER_STEP)
        else:
            edges.append(_FREE if owner in (seat, OFFICIAL) else (0, 0, 1, 1))
    return edges


def keep_routes_after_road(state: MingchuState, road: int) -> None:
    """A player's 驿道 was just built on the plain road ``road``: keep the cached routes it leaves as
    they were, drop the rest (``state.route_cache`` is replaced, never edited).

    For another seat the road still costs one unit (a 恩义 marker instead of a 伙计), so the search
    finds the same routes; only those that take ``road`` change. A route takes it exactly when the
    place it leads to from the search's side starts its ``new_temp`` with it (a route extends its
    predecessor's at the front). The same holds for the routes kept as lists by place
    (``routes_by_place``). The builder's own routes, temporary-road routes and the tables derived
    from routes are dropped; the production list's industry tables (``production._industries``),
    which read no road, are kept, and every seat's per-road tables (``_road_tables``) are brought up
    to date (new lists for the road's entries), on a dashed road too.
    """
    old = state.route_cache
    state.route_cache = None
    if not old:
        return
    kept = {}
    for key, routes in old.items():
        what = key[1]
        if isinstance(what, tuple) and what[0] == "roads" and not key[-1]:
            kept[key] = _tables_with_road(
                state, key[0], routes, road
            )  # the per-road tables, brought up to date
    owner = state.yidao[road]
    if owner == OFFICIAL or state.topo.roads[road].kind == "dashed":
        state.route_cache = kept
        return
    a, b = state.topo.road_ends[road]
    for key, routes in old.items():
        what = key[1]
        if isinstance(what, tuple) and what[0] == "produce":
            kept[key] = routes  # the production list's industry table reads no road
            continue
        if key[0] == owner or key[-1]:
            continue
        if isinstance(what, int):
            if _starts_with(routes.get(a), road) or _starts_with(routes.get(b), road):
                continue
        elif isinstance(what, tuple) and what[0] == "found":
            found = routes[0]
            if _starts_with(found[a], road) or _starts_with(found[b], road):
                continue
        else:
            continue
        kept[key] = routes
    state.route_cache = kept


def _starts_with(route: Route | None, road: int) -> bool:
    return route is not None and bool(route.new_temp) and route.new_temp[0] == road


def routes_to_any(state: MingchuState, seat: int, targets, places=None) -> dict[int, Route]:
    """For every place (or each of ``places``), the cheapest route to the nearest of ``targets``."""
    if places is not None:
        water_discount, temp_key = search_key(state, seat)
        return nearest_routes(state, seat, targets, places, water_discount, temp_key)
    best: dict[int, Route] = {}
    for target in sorted(set(targets)):
        for place, route in routes_from(state, seat, target).items():
            _keep_cheaper(best, place, route)
    return best


def nearest_routes(
    state: MingchuState, seat: int, targets, places, water_discount: int, temp_key: frozenset[int]
) -> dict[int, Route]:
    """``routes_to_any`` for each of ``places``, the seat's water discount and temporary roads given
    (``search_key``'s, read once by the caller): kept, the routes are asked again as the 掌柜 move
    (a list by place, no dict: ``routes_by_place``)."""
    best: dict[int, Route] = {}
    for target in sorted(set(targets)):
        found = _search(state, seat, target, water_discount, temp_key, False)[0]
        for place in places:
            route = found[place]
            if route is not None:
                _keep_cheaper(best, place, route)
    return best


def _keep_cheaper(best: dict[int, Route], place: int, route: Route) -> None:
    """``route`` as ``best[place]`` unless the one there costs no more (the first of equals stays)."""
    old = best.get(place)
    if old is None or route_cost(route) < route_cost(old):
        best[place] = route


def route_cost(route: Route) -> int:
    return route.workers + route.coins + len(route.favor)


def affordable(state: MingchuState, seat: int, route: Route) -> bool:
    """Enough 伙计, coins and 恩义 markers (one per other player's 驿道, M21) for ``route``."""
    player = state.players[seat]
    return (
        route.workers <= player.workers
        and route.coins <= player.coins
        and (not route.favor or can_give_favor(state, seat, route.favor))
    )


def _source_distances(state: MingchuState, good: str) -> list[int]:
    """Roads from every place to the nearest place producing ``good`` (``FAR`` if none): a
    breadth-first search from all of them at once over the usable roads (``road_usable``). The
    sources are the industries making it (in the order of ``state.industries``) when prices count
    from built industries (``prices_from_built``), else the building sites of that good by place.
    The queue is a list read from its front by an index (no ``deque`` method calls)."""
    topo = state.topo
    site_good = topo.site_good
    sources: list[int] = []
    if topo.prices_from_built:
        for p in state.industries:
            if site_good[p] == good:
                sources.append(p)
    else:
        for p in range(len(site_good)):
            if site_good[p] == good:
                sources.append(p)
    dist = [FAR] * len(topo.places)
    for p in sources:
        dist[p] = 0
    adjacent_roads, adjacent_places = topo.adjacent_roads, topo.adjacent_places
    dashed, yidao = topo.road_dashed, state.yidao
    queue = sources
    head = 0
    while head < len(queue):
        place = queue[head]
        head += 1
        step = dist[place] + 1
        near = adjacent_places[place]
        roads = adjacent_roads[place]
        for i in range(len(near)):
            other = near[i]
            if dist[other] == FAR:
                road = roads[i]
                if not dashed[road] or road in yidao:  # ``road_usable``
                    dist[other] = step
                    queue.append(other)
    return dist


def _distances(state: MingchuState, good: str) -> list[int]:
    """``_source_distances`` of ``good``, kept in ``state.price_cache``."""
    cache = state.price_cache
    if cache is None:
        cache = state.price_cache = {}
    dist: list[int] | None = cache.get(good)
    if dist is None:
        dist = cache[good] = _source_distances(state, good)
    return dist


def source_distance(state: MingchuState, good: str, place: int) -> int:
    """Roads from ``place`` to the nearest place producing ``good`` (FAR if none)."""
    return _distances(state, good)[place]


def sale_price(state: MingchuState, seat: int, good: str, place: int, *, in_production: bool) -> int:
    """Half the base value (rounded down, M70) + distance to the nearest source, capped at base."""
    info = state.topo.goods[good]
    price = info.base_value // 2 + source_distance(state, good, place)
    price += modifier_total(state, seat, SELL_BONUS, good=good)
    if not (in_production and info.uncapped_in_production):
        price = min(price, info.base_value)
    return max(0, price)


def sale_prices(state: MingchuState, seat: int, good: str, *, in_production: bool) -> list[int]:
    """``sale_price`` of ``good`` at every place at once (indexed by place)."""
    info = state.topo.goods[good]
    cap: int = info.base_value
    half = cap // 2 + modifier_total(state, seat, SELL_BONUS, good=good)
    capped = not (in_production and info.uncapped_in_production)
    prices: list[int] = []
    for d in _distances(state, good):
        price = half + d
        if capped and price > cap:
            price = cap
        prices.append(price if price > 0 else 0)
    return prices
