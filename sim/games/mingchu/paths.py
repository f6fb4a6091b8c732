"""Road graph queries: transport routes with their costs (M17) and sale prices (M18)."""

from __future__ import annotations

import heapq
from collections import deque
from dataclasses import dataclass

from sim.games.mingchu.economy import can_give_favor
from sim.games.mingchu.modifiers import modifier_total
from sim.games.mingchu.state import OFFICIAL, MingchuState

FAR = 99


@dataclass(frozen=True)
class Route:
    """What carrying goods from one place to another costs one player."""

    workers: int = 0  # 伙计 for roads without a 驿道 (they become temporary roads)
    coins: int = 0  # water fees
    favor: tuple[int, ...] = ()  # owners of other players' 驿道 used, one marker each
    new_temp: tuple[int, ...] = ()


def road_usable(state: MingchuState, road: int) -> bool:
    """Dashed roads need a 驿道 (M28); everything else is always passable."""
    return state.topo.roads[road].kind != "dashed" or road in state.yidao


def water_fee(state: MingchuState, seat: int, road: int) -> int:
    fee = state.topo.roads[road].coins
    if fee == 0:
        return 0
    return max(0, fee - modifier_total(state, seat, "discount", action="water"))


_STRIDE = 1 << 16  # more roads than any route can have
NO_ROADS: frozenset[int] = frozenset()


def routes_from(state: MingchuState, seat: int, source: int) -> dict[int, Route]:
    """Cheapest route (伙计 + coins + markers, then fewest roads) to every reachable place.

    Road costs do not depend on direction, so this is also the cheapest route *to* ``source``.
    """
    topo = state.topo
    water_discount = modifier_total(state, seat, "discount", action="water")
    yidao, temp = state.yidao, state.temp_roads
    cache_key = (seat, source, water_discount, frozenset(temp) if temp else NO_ROADS)
    if state.route_cache is None:
        state.route_cache = {}
    cached = state.route_cache.get(cache_key)
    if cached is not None:
        return cached
    edges = _edge_costs(state, seat, water_discount)
    # keys pack (cost, roads) into one int: cost * _STRIDE + roads orders exactly like the pair
    best: dict[int, int] = {source: 0}
    back: dict[int, tuple[int, int]] = {}
    settled: list[int] = []  # places in the order their cheapest route is final
    heap = [(0, source)]
    adjacent = topo.adjacent
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        key, place = pop(heap)
        if best[place] < key:
            continue
        settled.append(place)
        for road, other in adjacent[place]:
            step = edges[road]
            if step is None:
                continue
            new = key + step[3] * _STRIDE + 1
            old = best.get(other)
            if old is None or new < old:
                best[other] = new
                back[other] = (road, place)
                push(heap, (new, other))
    found = {source: Route()}
    for target in settled:  # a route extends its predecessor's, settled earlier
        if target in found:
            continue
        road, prev = back[target]
        w, c, f, _ = edges[road]
        base = found[prev]
        found[target] = Route(
            base.workers + w,
            base.coins + c,
            (yidao[road], *base.favor) if f else base.favor,
            (road, *base.new_temp) if w else base.new_temp,
        )
    routes = {target: found[target] for target in best}  # the discovery order, as before
    state.route_cache[cache_key] = routes
    return routes


def _edge_costs(state: MingchuState, seat: int, water_discount: int) -> list:
    """Per road (workers, coins, favor, total) for ``seat`` now, None when it cannot be used.

    The board's part (驿道, water fees) is kept in ``state.board_cache``; this step's temporary roads
    (free to use again, M17) are laid over a copy.
    """
    if state.board_cache is None:
        state.board_cache = {}
    key = ("edges", seat, water_discount)
    edges = state.board_cache.get(key)
    if edges is None:
        edges = state.board_cache[key] = _board_edges(state, seat, water_discount)
    temp = state.temp_roads
    if not temp:
        return edges
    edges = list(edges)
    for road in temp:
        if edges[road] == _WORKER_STEP:
            edges[road] = _FREE
    return edges


_FREE = (0, 0, 0, 0)
_WORKER_STEP = (1, 0, 0, 1)  # a road without 驿道: one 伙计, then a temporary road


def _board_edges(state: MingchuState, seat: int, water_discount: int) -> list:
    yidao = state.yidao
    edges: list = []
    for road, info in enumerate(state.topo.roads):
        owner = yidao.get(road)
        if info.kind == "water":
            coins = max(0, info.coins - water_discount)
            edges.append((0, coins, 0, coins))
        elif owner is None:
            edges.append(None if info.kind == "dashed" else _WORKER_STEP)
        else:
            edges.append(_FREE if owner in (seat, OFFICIAL) else (0, 0, 1, 1))
    return edges


def routes_to_any(state: MingchuState, seat: int, targets, places=None) -> dict[int, Route]:
    """For every place (or each of ``places``), the cheapest route to the nearest of ``targets``."""
    best: dict[int, Route] = {}
    for target in sorted(set(targets)):
        routes = routes_from(state, seat, target)
        wanted = routes.items() if places is None else ((p, routes[p]) for p in places if p in routes)
        for place, route in wanted:
            old = best.get(place)
            if old is None or route_cost(route) < route_cost(old):
                best[place] = route
    return best


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
    topo = state.topo
    if state.params.rules.price_sources == "built":
        sources = [p for p, ind in state.industries.items() if topo.site[p] and topo.site[p].good == good]
    else:
        sources = [p for p, site in enumerate(topo.site) if site is not None and site.good == good]
    dist = [FAR] * len(topo.places)
    queue = deque(sources)
    for p in sources:
        dist[p] = 0
    while queue:
        place = queue.popleft()
        for road, other in topo.adjacent[place]:
            if dist[other] == FAR and road_usable(state, road):
                dist[other] = dist[place] + 1
                queue.append(other)
    return dist


def source_distance(state: MingchuState, good: str, place: int) -> int:
    """Roads from ``place`` to the nearest place producing ``good`` (FAR if none)."""
    if state.price_cache is None:
        state.price_cache = {}
    dist = state.price_cache.get(good)
    if dist is None:
        dist = _source_distances(state, good)
        state.price_cache[good] = dist
    return dist[place]


def sale_price(state: MingchuState, seat: int, good: str, place: int, *, in_production: bool) -> int:
    """Half the base value (rounded down, M70) + distance to the nearest source, capped at base."""
    info = state.topo.goods[good]
    price = info.base_value // 2 + source_distance(state, good, place)
    price += modifier_total(state, seat, "sell_bonus", good=good)
    if not (in_production and info.uncapped_in_production):
        price = min(price, info.base_value)
    return max(0, price)


def sale_prices(state: MingchuState, seat: int, good: str, *, in_production: bool) -> list[int]:
    """``sale_price`` of ``good`` at every place at once (indexed by place)."""
    info = state.topo.goods[good]
    source_distance(state, good, 0)  # fills the price cache
    half = info.base_value // 2 + modifier_total(state, seat, "sell_bonus", good=good)
    prices = [half + d for d in state.price_cache[good]]
    if not (in_production and info.uncapped_in_production):
        cap = info.base_value
        prices = [min(p, cap) for p in prices]
    return [max(0, p) for p in prices]
