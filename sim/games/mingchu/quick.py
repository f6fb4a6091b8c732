"""Quick actions inside a turn (M29, M33-M40, M72): sell, orders, upgrade, goods, cards, loans.

The rules allow several of these "at any time"; the engine offers them during the player's own
turn (and takes forced loans whenever a payment falls short), which keeps decisions exact.
"""

from __future__ import annotations

from sim.games.mingchu import actions as A
from sim.games.mingchu.economy import can_take_loan, remove_good, take_loan
from sim.games.mingchu.effects import apply_effects
from sim.games.mingchu.modifiers import forbidden
from sim.games.mingchu.orders import apply_deliver, apply_reserve, legal_deliveries, legal_reserves
from sim.games.mingchu.paths import affordable, route_cost, routes_to_any, sale_price
from sim.games.mingchu.production import pay_route, produce_foreign
from sim.games.mingchu.state import OFFICIAL, MingchuState


def _sales(state: MingchuState, seat: int, places: list[int]) -> list:
    player = state.players[seat]
    if forbidden(state, seat, "sell"):
        return []
    goods = state.topo.goods
    legal = [A.Sell(g, p) for p in places for g in sorted(player.backpack) if goods[g].sellable]
    for place in places:
        if place in state.capitals_with_warehouse():
            legal.extend(A.Sell(g, place, True) for g in sorted(player.warehouse) if goods[g].sellable)
    return legal


def _local_goods(state: MingchuState, seat: int, places: list[int]) -> list:
    """Upgrade, buy stored goods, take or store goods at own industries (M35, M36, M38)."""
    player = state.players[seat]
    goods = state.topo.goods
    legal: list = []
    has_iron = any(goods[g].upgrades for g in player.backpack)
    for place in places:
        ind = state.industries.get(place)
        if ind is None:
            continue
        good = state.topo.site[place].good
        if has_iron and ind.upgraded_by is None and player.supply > 0:
            legal.append(A.Upgrade(place))
        if ind.stored is not None:
            if ind.owner == seat and state.backpack_room(seat, ind.stored) > 0:
                legal.append(A.TakeStored(place))
            elif ind.owner != seat and state.backpack_room(seat, ind.stored) > 0:
                if player.coins >= goods[ind.stored].base_value:
                    legal.append(A.BuyStored(place))
        elif ind.owner == seat and good in player.backpack:
            legal.append(A.StoreGood(good, place))
    return legal


def _transports(state: MingchuState, seat: int) -> list:
    """M37: carry goods between the backpack and the 京城 warehouse along the roads."""
    player = state.players[seat]
    if not player.backpack and not player.warehouse:
        return []
    route = _warehouse_route(state, seat)
    if route is None:
        return []
    legal = []
    room = state.warehouse_room(seat)
    for good in sorted(player.backpack):
        top = min(room, player.backpack[good])
        legal.extend(A.Transport(good, k, True) for k in sorted({1, top}) if k > 0)
    for good in sorted(player.warehouse):
        top = min(state.backpack_room(seat, good), player.warehouse[good])
        legal.extend(A.Transport(good, k, False) for k in sorted({1, top}) if k > 0)
    return legal


def _warehouse_route(state: MingchuState, seat: int):
    """The cheapest affordable route from a 掌柜 to the warehouse, or None."""
    routes = routes_to_any(state, seat, state.capitals_with_warehouse())
    options = [routes[p] for p in set(state.players[seat].managers) if p in routes]
    options = [r for r in options if affordable(state, seat, r)]
    return min(options, key=route_cost, default=None)


def _cards(state: MingchuState, seat: int) -> list:
    player = state.players[seat]
    topo = state.topo
    legal: list = []
    for card in sorted(set(player.retainers) - player.tapped):
        if topo.retainers[card].ability:
            legal.append(A.UseRetainer(card))
    for card in sorted(set(player.grace_cards)):
        targets = range(state.n) if topo.grace[card].target == "any" else [seat]
        legal.extend(A.PlayGrace(card, t) for t in targets)
        if player.supply > 0:
            legal.append(A.DiscardGrace(card))
    for card in sorted(set(player.reward_cards)):
        legal.extend(A.PlayReward(card, i) for i in range(len(topo.rewards[card].options)))
    if player.hand > 0:
        legal.append(A.DiscardFavor(seat))
    legal.extend(A.DiscardFavor(q) for q in range(state.n) if q != seat and player.held[q] > 0)
    return legal


def legal_quick(state: MingchuState, seat: int) -> list:
    player = state.players[seat]
    places = sorted(set(player.managers))
    legal = _sales(state, seat, places)
    legal.extend(legal_reserves(state, seat))
    legal.extend(legal_deliveries(state, seat, places))
    legal.extend(_local_goods(state, seat, places))
    legal.extend(_transports(state, seat))
    legal.extend(_cards(state, seat))
    if can_take_loan(state, seat) and not forbidden(state, seat, "loan"):
        legal.append(A.TakeLoan())
    if player.backpack and all(state.backpack_room(seat, g) == 0 for g in state.topo.goods):
        legal.extend(A.DiscardGood(g) for g in sorted(player.backpack))
    return legal


def apply_quick(state: MingchuState, seat: int, action) -> None:
    player = state.players[seat]
    topo = state.topo
    if isinstance(action, A.Sell):
        store = player.warehouse if action.from_warehouse else player.backpack
        remove_good(store, action.good)
        player.coins += sale_price(state, seat, action.good, action.place, in_production=False)
    elif isinstance(action, A.Reserve):
        apply_reserve(state, seat, action)
    elif isinstance(action, A.Deliver):
        apply_deliver(state, seat, action)
    elif isinstance(action, A.Upgrade):
        _upgrade(state, seat, action.place)
    elif isinstance(action, A.BuyStored):
        ind = state.industries[action.place]
        player.coins -= topo.goods[ind.stored].base_value
        player.backpack[ind.stored] += 1
        ind.stored = None
    elif isinstance(action, A.TakeStored):
        ind = state.industries[action.place]
        player.backpack[ind.stored] += 1
        ind.stored = None
    elif isinstance(action, A.StoreGood):
        remove_good(player.backpack, action.good)
        state.industries[action.place].stored = action.good
    elif isinstance(action, A.Transport):
        pay_route(state, seat, _warehouse_route(state, seat))
        state.temp_roads = set()
        source, target = (
            (player.backpack, player.warehouse)
            if action.to_warehouse
            else (player.warehouse, player.backpack)
        )
        remove_good(source, action.good, action.count)
        target[action.good] += action.count
    elif isinstance(action, A.UseRetainer):
        player.tapped.add(action.card)
        state.record(action.card, "门客", seat, "played")
        apply_effects(state, seat, topo.retainers[action.card].ability)
    elif isinstance(action, A.PlayGrace):
        player.grace_cards.remove(action.card)
        state.grace_discard.append(action.card)
        state.record(action.card, "皇恩", seat, "played")
        apply_effects(state, action.target, topo.grace[action.card].effects)
    elif isinstance(action, A.DiscardGrace):
        player.grace_cards.remove(action.card)
        state.grace_discard.append(action.card)
        player.supply -= 1
        player.hand += 1
    elif isinstance(action, A.PlayReward):
        player.reward_cards.remove(action.card)
        state.record(action.card, "奖励", seat, "played")
        apply_effects(state, seat, topo.rewards[action.card].options[action.option])
    elif isinstance(action, A.DiscardFavor):
        if action.owner == seat:
            player.hand -= 1
            player.supply += 1
        else:
            player.held[action.owner] -= 1
            state.players[action.owner].supply += 1
        player.workers += 1
    elif isinstance(action, A.TakeLoan):
        take_loan(state, seat)
    elif isinstance(action, A.DiscardGood):
        remove_good(player.backpack, action.good)
    else:
        raise ValueError(f"not a legal action here: {action!r}")


def _upgrade(state: MingchuState, seat: int, place: int) -> None:
    """M35: spend 1 铁, mark the industry; on a foreign one produce once for free at once."""
    player = state.players[seat]
    iron = next(g for g in sorted(player.backpack) if state.topo.goods[g].upgrades)
    remove_good(player.backpack, iron)
    player.supply -= 1
    ind = state.industries[place]
    ind.upgraded_by = seat
    if ind.owner not in (seat, OFFICIAL):
        produce_foreign(state, seat, place, pay=False)
        state.temp_roads = set()
