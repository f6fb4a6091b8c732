"""Building industries and 驿道 (M30-M31): costs, the 专营 limit, and the build itself.

Shared by the turn's main actions, the ``bonus_build`` / ``bonus_road`` card bonuses and the bots.
"""

from __future__ import annotations

from ..texts import said
from .modifiers import DISCOUNT, forbidden, modifier_total, note_used
from .paths import keep_routes_after_road
from .state import Industry, MingchuState


def build_cost(
    state: MingchuState, seat: int, place: int, discount: int | None = 0, ignore_monopoly: bool = False
):
    """Coins to build at ``place`` now, or None when not allowed (M30)."""
    topo = state.topo
    site = topo.site[place]
    player = state.players[seat]
    if site is None or place in state.industries or player.supply == 0 or forbidden(state, seat, "build"):
        return None
    if not ignore_monopoly and not monopoly_allowed(state, seat, site.good):
        return None
    if discount is None:
        return 0
    cost = max(0, site.cost - discount - modifier_total(state, seat, DISCOUNT, action="build"))
    return cost if cost <= player.coins else None


def monopoly_cap(state: MingchuState, seat: int) -> int:
    """``monopoly: cap``: 专营 thresholds reached on the 皇恩轨 plus permits held (never spent)."""
    level = state.income_level(seat)
    reached = 0
    for t in state.topo.monopoly_thresholds:
        if t <= level:
            reached += 1
    return reached + state.players[seat].permits


def monopoly_allowed(state: MingchuState, seat: int, good: str) -> bool:
    """M30: may ``seat`` build an industry of ``good`` (always, unless it is a 专营 good)?"""
    thresholds = state.topo.monopoly_threshold
    threshold = thresholds.get(good)
    if threshold is None:
        return True
    if state.topo.monopoly_needs_threshold:
        return state.income_level(seat) >= threshold or state.players[seat].permits > 0
    site_good = state.topo.site_good
    owned = 0  # the seat's 专营 industries (a loop: a compiled generator is dear, and this runs per site)
    for place, ind in state.industries.items():
        if ind.owner == seat and site_good[place] in thresholds:
            owned += 1
    return owned < monopoly_cap(state, seat)


def do_build(state: MingchuState, seat: int, place: int, cost: int, ignore_monopoly: bool = False) -> None:
    player = state.players[seat]
    threshold = state.topo.monopoly_threshold.get(state.topo.site_good[place])
    if (
        state.topo.monopoly_needs_threshold
        and threshold is not None
        and state.income_level(seat) < threshold
        and not ignore_monopoly
    ):
        player.permits -= 1  # a one-use permit
    if 0 < state.topo.site[place].cost - cost <= modifier_total(state, seat, DISCOUNT, action="build"):
        note_used(state, seat, DISCOUNT, action="build")  # a normal build the passives made cheaper
    player.coins -= cost
    player.supply -= 1
    state.industries[place] = Industry(seat)
    if state.topo.prices_from_built:
        state.price_cache = None


def build_costs(state: MingchuState, seat: int) -> list[int | None]:
    """``build_cost`` (no discount) at every place at once: the seat's markers, ban and build
    discount read once, the 专营 limit once per good."""
    topo = state.topo
    player = state.players[seat]
    costs: list[int | None] = [None] * len(topo.site)
    if player.supply == 0 or forbidden(state, seat, "build"):
        return costs
    cut = modifier_total(state, seat, DISCOUNT, action="build")
    allowed: dict[str, bool] = {}
    built = state.industries
    for place, site in enumerate(topo.site):
        if site is None or place in built:
            continue
        good = site.good
        may = allowed.get(good)
        if may is None:
            may = allowed[good] = monopoly_allowed(state, seat, good)
        if may:
            cost = max(0, site.cost - cut)
            costs[place] = cost if cost <= player.coins else None
    return costs


def road_costs(state: MingchuState, seat: int) -> list[int | None]:
    """``road_cost`` (no discount) of every road at once."""
    player = state.players[seat]
    if player.supply == 0 or forbidden(state, seat, "road"):
        return [None] * len(state.topo.roads)
    cut = modifier_total(state, seat, DISCOUNT, action="road")
    costs: list[int | None] = []
    for road, info in enumerate(state.topo.roads):
        cost = None
        if info.kind != "water" and road not in state.yidao:
            cost = max(0, info.yidao_cost - cut)
            cost = cost if cost <= player.workers else None
        costs.append(cost)
    return costs


def road_cost(state: MingchuState, seat: int, road: int, discount: int | None = 0):
    """伙计 to build a 驿道 on ``road`` now, or None when not allowed (M31)."""
    player = state.players[seat]
    topo = state.topo
    if (
        topo.road_kind[road] == "water"
        or road in state.yidao
        or player.supply == 0
        or forbidden(state, seat, "road")
    ):
        return None
    if discount is None:
        return 0
    cost = max(
        0, topo.road_yidao_cost[road] - discount - modifier_total(state, seat, DISCOUNT, action="road")
    )
    return cost if cost <= player.workers else None


def do_road(state: MingchuState, seat: int, road: int, cost: int) -> None:
    player = state.players[seat]
    if 0 < state.topo.roads[road].yidao_cost - cost <= modifier_total(state, seat, DISCOUNT, action="road"):
        note_used(state, seat, DISCOUNT, action="road")
    player.workers -= cost
    player.supply -= 1
    state.yidao[road] = seat
    keep_routes_after_road(state, road)
    state.board_cache = None
    if state.topo.roads[road].kind == "dashed":
        state.price_cache = None


def roads_near(state: MingchuState, places) -> list[int]:
    adjacent = state.topo.adjacent_roads
    return sorted({road for place in places for road in adjacent[place]})


def describe_build(state: MingchuState, place: int) -> str:
    return said("act.build", place=state.place_name(place), good=state.topo.site[place].good)


def describe_road(state: MingchuState, road: int) -> str:
    return said("act.road", road=state.topo.roads[road].id)
