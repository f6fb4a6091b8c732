"""Production phase (M15-M22): 伙计 income, own and foreign industries, routes, income track.

Two decision kinds: ``produce`` (one per seat and round: which industry next, or ``Done``; the
"at any time" actions are offered too) and ``good_dest`` (where each freshly produced good goes).
"""

from __future__ import annotations

from typing import Any

from sim.core.decisions import Decision, DecisionKind

from ..texts import said
from . import actions as A
from .anytime import ANYTIME_KINDS, legal_anytime
from .economy import add_goods, can_give_favor, note_flow
from .effects import apply_effects, pay_favor
from .kinds import decision_kind
from .modifiers import DISCOUNT, INCOME_BONUS, PRODUCE_BONUS, SELL_BONUS, forbidden, modifier_total, note_used
from .paths import (
    NO_ROADS,
    Route,
    affordable,
    carrier_routes,
    route_between,
    route_cache,
    route_cost,
    routes_by_place,
    routes_from,
    sale_price,
    search_key,
)
from .state import INDUSTRY_COINS, INDUSTRY_FAVOR, OFFICIAL, MingchuState


def start_production(state: MingchuState, seat: int) -> None:
    """M15: gain the 伙计人数轨 tokens, then decide industry by industry."""
    player = state.players[seat]
    player.workers += state.params.worker_track[player.worker_pos].tokens
    player.income_round = 0
    state.temp_roads = set()
    state.produced = set()
    state.foreign_used = {}
    state.pending.push(Decision("produce", seat))


def pay_route(state: MingchuState, seat: int, route: Route) -> None:
    """Pay a route's 伙计, water fees and 驿道 markers; its roads become temporary (M17)."""
    player = state.players[seat]
    player.workers -= route.workers
    player.coins -= route.coins
    pay_favor(state, seat, route.favor)
    state.temp_roads.update(route.new_temp)


def cheapest_route(state: MingchuState, seat: int, source: int, targets) -> Route | None:
    """The cheapest affordable route from ``source`` to any of ``targets``."""
    routes = routes_from(state, seat, source)
    options = [routes[t] for t in targets if t in routes and affordable(state, seat, routes[t])]
    return min(options, key=route_cost, default=None)


def foreign_cost(state: MingchuState, seat: int, place: int, discount: int | None = None) -> int:
    """M19/M20: half the base value (rounded up, M70) to a player, the full value to 官府."""
    good = state.topo.goods[state.topo.site_good[place]]
    owner = state.industries[place].owner
    cost = good.base_value if owner == OFFICIAL else -(-good.base_value // 2)
    if discount is None:
        discount = modifier_total(state, seat, DISCOUNT, action="foreign_production")
    return max(0, cost - discount)


def output(state: MingchuState, seat: int, place: int, *, own: bool) -> int:
    """Goods one production gives: 1, +1 when upgraded, + produce_bonus on own industries."""
    amount = 1 + (state.industries[place].upgraded_by is not None)
    if own:
        amount += modifier_total(state, seat, PRODUCE_BONUS, good=state.topo.site[place].good)
    return max(0, amount)


def legal_produce(state: MingchuState, seat: int) -> list:
    player = state.players[seat]
    topo = state.topo
    legal: list = []
    discount = modifier_total(state, seat, DISCOUNT, action="foreign_production")
    table = _industries(state, seat, discount)
    produced = state.produced
    industries = state.industries
    foreign_used = state.foreign_used
    uses = topo.foreign_uses
    horse_goods = topo.horse_slot_goods
    # room for a plain good and for a ``horse_slot`` good (``backpack_room`` reads no more of the
    # good), looked up when first needed; a full pack has room for neither
    plain_room = horse_room = -1
    coins, workers = player.coins, player.workers
    own_markers = player.hand + player.supply  # ``can_give_favor`` needs no more when it has enough
    per_manager = topo.per_manager
    # the routes from each 掌柜 by place (the seat's kept searches), read when first needed
    routes: list[list[Route | None]] | None = None
    for place, own, good, cost in table:
        if own is not None:
            if place not in produced:
                legal.append(own)
            continue
        if coins < cost or foreign_used.get(place, 0) >= uses:
            continue
        if good in horse_goods:
            if horse_room < 0:
                horse_room = state.backpack_room(seat, good)
            room = horse_room
        else:
            if plain_room < 0:
                plain_room = state.backpack_room(seat, good)
            room = plain_room
        industry = industries[place]
        if room < 1 + (industry.upgraded_by is not None):
            continue  # an upgraded industry gives 2 (``output``): room for both, or not offered
        if routes is None:
            water, temp_key = search_key(state, seat)  # as in ``routes_from``'s key
            routes = carrier_routes(state, seat, tuple(player.managers), water, temp_key)
        # each 掌柜 whose route here the seat can pay with the use itself (M21): one marker to the
        # owner (not to 官府) and one per other player's 驿道 on the route; in 掌柜 order, with one
        # shared pack only the cheapest of them (the first of equals)
        owner = industry.owner
        to_owner = 0 if owner == OFFICIAL else 1
        best = -1
        best_cost = 0
        for manager in range(len(routes)):
            route = routes[manager][place]
            if route is None:
                continue
            favor = route.favor
            if (
                route.workers <= workers
                and route.coins + cost <= coins
                and (
                    len(favor) + to_owner <= own_markers
                    or can_give_favor(state, seat, favor if owner == OFFICIAL else (owner,) + favor)
                )
            ):
                if per_manager:
                    legal.append(_produce_foreign_record(place, manager))
                else:
                    price = route.workers + route.coins + len(favor)  # ``route_cost``
                    if best < 0 or price < best_cost:
                        best, best_cost = manager, price
        if best >= 0:
            legal.append(_produce_foreign_record(place, best))
    legal.append(A.made(A.Done))
    return legal


def _industries(state: MingchuState, seat: int, discount: int) -> tuple[tuple[int, Any, str, int], ...]:
    """Per industry by place: (place, ``ProduceOwn`` or None, good, cost to use it).

    What ``legal_produce`` reads that stays the same while the industries and the discount do; the
    coins, 伙计, 恩义, room, upgrades and uses it checks per call. Industries are only ever added
    (never removed, their owner never changes), so their number tells the tables of one game apart.
    Kept in ``state.route_cache`` as immutable tuples: a clone shares them.
    """
    industries = state.industries
    key = (seat, ("produce", discount, len(industries)), NO_ROADS)
    cache = route_cache(state)
    found = cache.get(key)
    if found is None:
        site_good = state.topo.site_good
        rows: list[tuple[int, Any, str, int]] = []
        for place in sorted(industries):
            if industries[place].owner == seat:
                rows.append((place, A.made(A.ProduceOwn, place), site_good[place], 0))
            else:
                rows.append((place, None, site_good[place], foreign_cost(state, seat, place, discount)))
        found = cache[key] = tuple(rows)
    return found


def _produce_foreign_record(place: int, manager: int) -> A.ProduceForeign:
    """``A.made(A.ProduceForeign, place, manager)``, kept in a list by place and 掌柜."""
    records = _PRODUCE_FOREIGN
    while len(records) <= place:
        records.append([])
    row = records[place]
    while len(row) <= manager:
        row.append(A.made(A.ProduceForeign, place, len(row)))
    return row[manager]


_PRODUCE_FOREIGN: list[list[A.ProduceForeign]] = []


@decision_kind
class ProduceKind(DecisionKind[MingchuState, Any]):
    """M16/M19/M20: produce at an own industry or use another's, one at a time, then ``Done``."""

    kind = "produce"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        return [*legal_produce(state, decision.seat), *legal_anytime(state, decision.seat)]

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        seat = decision.seat
        anytime = ANYTIME_KINDS.by_type.get(type(action))
        if anytime is not None:
            anytime.apply(state, action)  # ``ANYTIME_KINDS.apply``'s table, read here (compiled)
        elif isinstance(action, A.Done):
            state.pending.pop()
            state.temp_roads = set()
            cache = state.route_cache
            if cache:  # routes over this step's temporary roads are no use any more: dropped in place
                # (still right for their key, so a copy sharing the cache loses nothing it needs)
                for key in [key for key in cache if key[-1]]:
                    del cache[key]
            state.step += 1
        elif isinstance(action, A.ProduceOwn):
            state.produced.add(action.place)
            amount = output(state, seat, action.place, own=True)
            note_used(state, seat, PRODUCE_BONUS, good=state.topo.site[action.place].good)
            if amount:
                good = state.topo.site[action.place].good
                state.pending.push(
                    Decision("good_dest", seat, {"good": good, "place": action.place, "left": amount})
                )
        else:
            produce_foreign(state, seat, action.place, action.manager, pay=True)

    def describe(self, state: MingchuState, decision: Decision, action: Any) -> str:
        if type(action) in ANYTIME_KINDS.by_type:
            return ANYTIME_KINDS.describe(state, action)
        if isinstance(action, A.Done):
            return said("act.produce.done")
        name, good = state.place_name(action.place), state.topo.site[action.place].good
        if isinstance(action, A.ProduceOwn):
            return said("act.produce_own", place=name, good=good)
        return said("act.produce_foreign", place=name, good=good, manager=action.manager + 1)


def produce_foreign(state: MingchuState, seat: int, place: int, manager: int, *, pay: bool) -> None:
    """Use an industry that is not yours; the goods go straight to ``manager``'s pack (M19/M20/M35)."""
    player = state.players[seat]
    good = state.topo.site[place].good
    if pay:
        cost = foreign_cost(state, seat, place)
        note_used(state, seat, DISCOUNT, action="foreign_production")
        player.coins -= cost
        owner = state.industries[place].owner
        if owner != OFFICIAL:  # "支付该玩家1个恩义标记以及...铜币": the owner gets both
            state.players[owner].coins += cost
            note_flow(state, seat, owner, INDUSTRY_COINS, cost)
            pay_favor(state, seat, [owner], INDUSTRY_FAVOR)
        state.foreign_used[place] = state.foreign_used.get(place, 0) + 1
    route = route_between(state, seat, place, player.managers[manager])
    if route is None or not affordable(state, seat, route):
        return
    pay_route(state, seat, route)
    add_goods(state, seat, good, output(state, seat, place, own=False), manager=manager)


def manager_routes(state: MingchuState, seat: int, source: int) -> dict[int, Route]:
    """Affordable routes from ``source`` to each 掌柜 (only the cheapest one when the pack is shared):
    read from the kept search's list by place (``routes_by_place``), no dict of every place built."""
    return _by_manager(state, seat, routes_by_place(state, seat, source))


def routes_by_manager(state: MingchuState, seat: int, routes: dict[int, Route]) -> dict[int, Route]:
    """Each 掌柜 whose place has an affordable route in ``routes`` (place -> route), by 掌柜 index;
    only the cheapest one when the pack is shared."""
    return _affordable_by_manager(state, seat, [routes.get(p) for p in state.players[seat].managers])


def _by_manager(state: MingchuState, seat: int, routes: list[Route | None]) -> dict[int, Route]:
    """``routes_by_manager`` of a list of routes by place (``routes_by_place``)."""
    return _affordable_by_manager(state, seat, [routes[p] for p in state.players[seat].managers])


def _affordable_by_manager(
    state: MingchuState, seat: int, to_managers: list[Route | None]
) -> dict[int, Route]:
    """The affordable ones of the routes to each 掌柜 (None: no route), by 掌柜 index; only the
    cheapest one when the pack is shared."""
    found: dict[int, Route] = {}
    for m in range(len(to_managers)):
        route = to_managers[m]
        if route is not None and affordable(state, seat, route):
            found[m] = route
    if found and not state.topo.per_manager:  # a shared pack (``rules.backpack``)
        best = min(found, key=lambda m: (route_cost(found[m]), m))
        return {best: found[best]}
    return found


DESTINATIONS = ("backpack", "store", "warehouse", "discard")
"""Where a good can go (``GoodTo.dest``), each told as ``act.good_to.<dest>``."""


def describe_good_to(good: str, action: A.GoodTo) -> str:
    """Where one good goes (a produced good, or a card's good)."""
    if action.dest == "backpack":
        return said("act.good_to.backpack", good=good, manager=action.manager + 1)
    return said("act.good_to." + action.dest, good=good)


@decision_kind
class GoodDestKind(DecisionKind[MingchuState, Any]):
    """M16-M18: each produced good to a 掌柜's pack, storage, the warehouse, a sale, or discarded."""

    kind = "good_dest"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        seat, good, place = decision.seat, decision.data["good"], decision.data["place"]
        legal: list = []
        routes = routes_by_place(state, seat, place)
        if state.backpack_room(seat, good) > 0:
            for m in sorted(_by_manager(state, seat, routes)):
                legal.append(A.made(A.GoodTo, "backpack", m))
        if state.industries[place].stored is None:
            legal.append(A.made(A.GoodTo, "store"))
        warehouses = [r for r in (routes[c] for c in state.capitals_with_warehouse()) if r is not None]
        if state.warehouse_room(seat) > 0:
            for way in warehouses:
                if affordable(state, seat, way):
                    legal.append(A.made(A.GoodTo, "warehouse"))
                    break
        if good in state.topo.sellable and not forbidden(state, seat, "sell"):
            player = state.players[seat]
            workers, coins = player.workers, player.coins
            own_markers = player.hand + player.supply  # ``can_give_favor`` needs no more when it has enough
            size = len(state.topo.places)
            records = _sell_records(size)
            for q in range(size):  # every place reachable from ``place``, by place
                route = routes[q]
                if (
                    route is not None
                    and route.workers <= workers
                    and route.coins <= coins
                    and (
                        len(route.favor) <= own_markers or can_give_favor(state, seat, route.favor)
                    )  # ``affordable``
                ):
                    legal.append(records[q])
        legal.append(A.made(A.GoodTo, "discard"))
        return legal

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        seat, good, place = decision.seat, decision.data["good"], decision.data["place"]
        player = state.players[seat]
        if isinstance(action, A.SellProduced):
            route = routes_by_place(state, seat, place)[action.place]
            assert route is not None  # offered only when reachable
            pay_route(state, seat, route)
            price = sale_price(state, seat, good, action.place, in_production=True)
            note_used(state, seat, SELL_BONUS, good=good)
            player.coins += price
            player.coins_earned += price
            player.income_round += price
        elif action.dest == "backpack":
            pay_route(
                state, seat, _by_manager(state, seat, routes_by_place(state, seat, place))[action.manager]
            )
            add_goods(state, seat, good, 1, manager=action.manager)
        elif action.dest == "warehouse":
            pay_route(state, seat, cheapest_route(state, seat, place, state.capitals_with_warehouse()))
            player.warehouse[good] += 1
        elif action.dest == "store":
            state.industries[place].stored = good
        decision.data["left"] -= 1
        if decision.data["left"] <= 0:
            state.pending.pop()

    def describe(self, state: MingchuState, decision: Decision, action: Any) -> str:
        good = decision.data["good"]
        if isinstance(action, A.SellProduced):
            price = sale_price(state, decision.seat, good, action.place, in_production=True)
            return said("act.sell_produced", good=good, place=state.place_name(action.place), price=price)
        return describe_good_to(good, action)


def _sell_records(size: int) -> list[A.SellProduced]:
    """The ``SellProduced`` records of places 0 to ``size`` - 1 at least (``A.made``'s, kept in a
    list by place)."""
    records = _SELL_AT
    while len(records) < size:
        records.append(A.made(A.SellProduced, len(records)))
    return records


_SELL_AT: list[A.SellProduced] = []


def settle_income(state: MingchuState, seat: int) -> None:
    """M22: push the marker to this round's income and gain the rewards of the space it lands on."""
    player = state.players[seat]
    income = max(0, player.income_round + modifier_total(state, seat, INCOME_BONUS))
    note_used(state, seat, INCOME_BONUS)
    player.income_round = income
    track = state.params.income_track
    if state.params.rules.income_track == "persistent":  # "推进": the marker only moves forward
        before = sum(1 for s in track if s.at <= player.income_marker)
        player.income_marker = max(player.income_marker, income)
        reached = [s for s in track if s.at <= player.income_marker][before:]
    else:  # per_round: every round the spaces this round's income reaches
        player.income_marker = income
        reached = [s for s in track if s.at <= income]
    player.income_best = max(player.income_best, player.income_marker)
    if state.params.rules.income_rewards == "current_space":
        reached = reached[-1:]
    effects = []
    for space in reached:
        if space.once:
            if space.id in player.income_taken:
                continue
            player.income_taken.add(space.id)
        state.record(space.id, "收入轨", seat, "taken")
        effects.extend(space.rewards)
    apply_effects(state, seat, effects)
