"""Quick actions inside a turn (M29, M33-M40, M72): sell, orders, upgrade, goods, cards, loans.

The rules allow several of these "at any time"; the engine offers them during the player's own
turn (and takes forced loans whenever a payment falls short), which keeps decisions exact.
"""

from __future__ import annotations

from sim.games.mingchu import actions as A
from sim.games.mingchu.economy import add_goods, can_take_loan, remove_good, take_loan
from sim.games.mingchu.effects import apply_effects
from sim.games.mingchu.modifiers import forbidden
from sim.games.mingchu.orders import apply_deliver, apply_reserve, legal_deliveries, legal_reserves
from sim.games.mingchu.paths import routes_to_any, sale_price
from sim.games.mingchu.production import pay_route, produce_foreign, routes_by_manager
from sim.games.mingchu.state import OFFICIAL, MingchuState


def _sales(state: MingchuState, seat: int, places: list[int]) -> list:
    """M33: goods carried by a 掌柜 sell at its place; warehouse goods at the 京城."""
    player = state.players[seat]
    if forbidden(state, seat, "sell"):
        return []
    goods = state.topo.goods
    legal = []
    for place in places:
        carried = state.goods_in(seat, state.packs_at(seat, place))
        legal.extend(A.Sell(g, place) for g in sorted(carried) if goods[g].sellable)
        if place in state.capitals_with_warehouse():
            legal.extend(A.Sell(g, place, True) for g in sorted(player.warehouse) if goods[g].sellable)
    return legal


def _local_goods(state: MingchuState, seat: int, places: list[int]) -> list:
    """Upgrade, buy stored goods, take or store goods at own industries (M35, M36, M38)."""
    player = state.players[seat]
    goods = state.topo.goods
    legal: list = []
    for place in places:
        ind = state.industries.get(place)
        if ind is None:
            continue
        carried = state.goods_in(seat, state.packs_at(seat, place))
        good = state.topo.site[place].good
        if any(goods[g].upgrades for g in carried) and ind.upgraded_by is None and player.supply > 0:
            legal.append(A.Upgrade(place))
        if ind.stored is not None:
            if state.backpack_room(seat, ind.stored) == 0:
                continue
            if ind.owner == seat:
                legal.append(A.TakeStored(place))
            elif player.coins >= goods[ind.stored].base_value:
                legal.append(A.BuyStored(place))
        elif ind.owner == seat and good in carried:
            legal.append(A.StoreGood(good, place))
    return legal


def _transports(state: MingchuState, seat: int) -> list:
    """M37: carry goods between a 掌柜's pack and the 京城 warehouse along the roads."""
    player = state.players[seat]
    if not player.goods_total() and not player.warehouse:
        return []
    legal = []
    room = state.warehouse_room(seat)
    for manager in sorted(_warehouse_routes(state, seat)):
        pack = player.packs[state.pack_index(manager)]
        for good in sorted(pack):
            top = min(room, pack[good])
            legal.extend(A.Transport(good, k, True, manager) for k in sorted({1, top}) if 0 < k <= top)
        for good in sorted(player.warehouse):
            top = min(state.backpack_room(seat, good), player.warehouse[good])
            legal.extend(A.Transport(good, k, False, manager) for k in sorted({1, top}) if 0 < k <= top)
    return legal


def _warehouse_routes(state: MingchuState, seat: int) -> dict:
    """Affordable routes from each 掌柜 to the warehouse (only the cheapest when the pack is shared)."""
    managers = state.players[seat].managers
    return routes_by_manager(
        state, seat, routes_to_any(state, seat, state.capitals_with_warehouse(), managers)
    )


ANYTIME = (A.Deliver, A.PlayGrace, A.DiscardGrace, A.PlayReward, A.DiscardFavor, A.TakeLoan)
"""Actions the rules allow "at any time": offered in the player's turn and production step."""


def legal_anytime(state: MingchuState, seat: int) -> list:
    """M29/M40: deliver, play or discard cards, discard 恩义, take a loan."""
    player = state.players[seat]
    topo = state.topo
    legal: list = legal_deliveries(state, seat, sorted(set(player.managers)))
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
    if can_take_loan(state, seat) and not forbidden(state, seat, "loan"):
        legal.append(A.TakeLoan())
    return legal


def legal_quick(state: MingchuState, seat: int) -> list:
    """Everything a player may do inside the turn besides moving and the main action."""
    player = state.players[seat]
    places = sorted(set(player.managers))
    legal = _sales(state, seat, places)
    legal.extend(legal_reserves(state, seat))
    legal.extend(_local_goods(state, seat, places))
    legal.extend(_transports(state, seat))
    legal.extend(
        A.UseRetainer(c)
        for c in sorted(set(player.retainers) - player.tapped)
        if state.topo.retainers[c].ability
    )
    legal.extend(legal_anytime(state, seat))
    if player.goods_total() and state.backpack_full(seat):
        legal.extend(A.DiscardGood(g) for g in sorted(player.backpack))
    return legal


def apply_quick(state: MingchuState, seat: int, action) -> None:
    player = state.players[seat]
    topo = state.topo
    if isinstance(action, A.Sell):
        if action.from_warehouse:
            remove_good(player.warehouse, action.good)
        else:
            state.take_good(seat, state.packs_at(seat, action.place), action.good)
        player.coins += sale_price(state, seat, action.good, action.place, in_production=False)
    elif isinstance(action, A.Reserve):
        apply_reserve(state, seat, action)
    elif isinstance(action, A.Deliver):
        apply_deliver(state, seat, action)
    elif isinstance(action, A.Upgrade):
        _upgrade(state, seat, action.place)
    elif isinstance(action, (A.BuyStored, A.TakeStored)):
        ind = state.industries[action.place]
        if isinstance(action, A.BuyStored):  # the owner sells it: the coins go to them
            player.coins -= topo.goods[ind.stored].base_value
            state.players[ind.owner].coins += topo.goods[ind.stored].base_value
        add_goods(state, seat, ind.stored, 1, manager=player.managers.index(action.place))
        ind.stored = None
    elif isinstance(action, A.StoreGood):
        state.take_good(seat, state.packs_at(seat, action.place), action.good)
        state.industries[action.place].stored = action.good
    elif isinstance(action, A.Transport):
        pay_route(state, seat, _warehouse_routes(state, seat)[action.manager])
        state.temp_roads = set()
        if action.to_warehouse:
            state.take_good(seat, [state.pack_index(action.manager)], action.good, action.count)
            player.warehouse[action.good] += action.count
        else:
            remove_good(player.warehouse, action.good, action.count)
            add_goods(state, seat, action.good, action.count, manager=action.manager)
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
        state.take_good(seat, sorted({state.pack_index(m) for m in range(len(player.managers))}), action.good)
    else:
        raise ValueError(f"not a legal action here: {action!r}")


def _upgrade(state: MingchuState, seat: int, place: int) -> None:
    """M35: spend 1 铁, mark the industry; on a foreign one produce once for free at once."""
    player = state.players[seat]
    packs = state.packs_at(seat, place)
    iron = next(g for g in sorted(state.goods_in(seat, packs)) if state.topo.goods[g].upgrades)
    state.take_good(seat, packs, iron)
    player.supply -= 1
    ind = state.industries[place]
    ind.upgraded_by = seat
    if ind.owner not in (seat, OFFICIAL):
        produce_foreign(state, seat, place, state.players[seat].managers.index(place), pay=False)
        state.temp_roads = set()
