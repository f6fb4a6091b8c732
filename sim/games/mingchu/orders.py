"""Orders (M34, M40, M74): reserving, paying goods (黄金 wild), delivering, refilling.

``Reserve`` is a quick action of the turn and ``Deliver`` an "at any time" action; their
``ActionKind`` s are here, next to their effects.
"""

from __future__ import annotations

from collections import Counter

from sim.core.game import ActionKind
from sim.games.mingchu import actions as A

# the legal lists' records by name: compiled, each ``A.X`` is a module attribute look-up
from sim.games.mingchu.actions import Deliver, Reserve, made
from sim.games.mingchu.economy import remove_good
from sim.games.mingchu.effects import apply_effects, fire
from sim.games.mingchu.kinds import seat_to_act
from sim.games.mingchu.modifiers import forbidden
from sim.games.mingchu.setup import deal_public_order
from sim.games.mingchu.state import SIDES, MingchuState, count_total, new_counter

SPECIAL = {"建文特别": "建文", "燕王特别": "燕王"}


def order_info(state: MingchuState, key: str):
    return state.topo.orders[state.order_card[key]]


def normal_deck(state: MingchuState) -> tuple[str, str]:
    """The order deck and reward tier that refill public orders in the current period."""
    if state.period == "后期":
        return ("建文" if state.war_winner == "建文" else "永乐"), "上赏"
    return "洪武", "下赏"


def refill_public(state: MingchuState) -> None:
    """Turn up normal orders until there are ``public_orders`` of them (specials are not refilled)."""
    deck, tier = normal_deck(state)
    while (
        sum(1 for o in state.public_orders if not _special(state, o.order)) < state.params.setup.public_orders
    ):
        if not deal_public_order(state, deck, tier):
            return


def _special(state: MingchuState, key: str) -> bool:
    return order_info(state, key).deck in SPECIAL


def payment(
    state: MingchuState, seat: int, key: str, place: int, packs: list[int] | None = None
) -> tuple[Counter, Counter] | None:
    """Goods taken from (the packs, the warehouse) to fill an order at ``place``, or None.

    ``packs`` defaults to the packs of the 掌柜 standing at ``place`` ("交付该掌柜背包中的对应货物");
    at the 京城 the warehouse counts too.
    """
    player = state.players[seat]
    use_warehouse = place in state.capitals_with_warehouse()
    packs = state.packs_at(seat, place) if packs is None else packs
    units = 0
    for i in packs:
        units += count_total(player.packs[i])
    if use_warehouse:
        units += count_total(player.warehouse)
    asked = order_info(state, key).goods
    if units < count_total(asked):
        return None  # every good asked for takes one good carried (a 黄金 stands in for one)
    backpack = state.goods_in(seat, packs)
    warehouse = new_counter(player.warehouse) if use_warehouse else new_counter()
    from_bp, from_wh = new_counter(), new_counter()
    # membership tested first throughout: a Counter's missing key would run its interpreted
    # ``__missing__`` (and its ``get`` is a method call from compiled code)
    missing = []
    for good, need in asked.items():
        for _ in range(need):
            if good in backpack and backpack[good] > 0:
                backpack[good] -= 1
                _count_one(from_bp, good)
            elif good in warehouse and warehouse[good] > 0:
                warehouse[good] -= 1
                _count_one(from_wh, good)
            else:
                missing.append(good)
    if not missing:
        return from_bp, from_wh
    goods = state.topo.goods
    wilds = [g for g in goods if goods[g].wild]
    for good in missing:
        if goods[good].not_substitutable or goods[good].wild:
            return None
        # the first wild good carried, from the packs before the warehouse
        store, taken, wild = backpack, from_bp, ""
        for w in wilds:
            if w in backpack and backpack[w] > 0:
                wild = w
                break
            if w in warehouse and warehouse[w] > 0:
                store, taken, wild = warehouse, from_wh, w
                break
        if not wild:
            return None
        store[wild] -= 1
        _count_one(taken, wild)
    return from_bp, from_wh


def _count_one(counts: Counter, good: str) -> None:
    if good in counts:
        counts[good] += 1
    else:
        counts[good] = 1


def legal_reserves(state: MingchuState, seat: int) -> list:
    """M34: at most one personal order, never a 靖难 special order."""
    if state.players[seat].personal_order is not None or forbidden(state, seat, "reserve"):
        return []
    return [made(Reserve, i) for i, o in enumerate(state.public_orders) if not _special(state, o.order)]


def legal_deliveries(state: MingchuState, seat: int, places: list[int]) -> list:
    """``DeliverKind``'s options: each public order, then the personal one, that can be paid where
    it is delivered, when that is one of ``places``."""
    personal = state.players[seat].personal_order
    order_place, order_card = state.topo.order_place, state.order_card
    legal: list = []
    for public in state.public_orders:
        key = public.order
        place = order_place[order_card[key]]
        if place in places and payment(state, seat, key, place) is not None:
            legal.append(made(Deliver, key, place))
    if personal is not None:
        place = order_place[order_card[personal]]
        if place in places and payment(state, seat, personal, place) is not None:
            legal.append(made(Deliver, personal, place))
    return legal


def _take_reward(state: MingchuState, seat: int, reward: str | None) -> None:
    if reward is not None:
        state.players[seat].reward_cards.append(reward)
        state.record(reward, "奖励", seat, "taken")


def apply_reserve(state: MingchuState, seat: int, action: A.Reserve) -> None:
    public = state.public_orders.pop(action.slot)
    state.players[seat].personal_order = public.order
    state.record(state.order_card[public.order], "订单", seat, "taken")
    _take_reward(state, seat, public.reward)
    refill_public(state)


def apply_deliver(state: MingchuState, seat: int, action: A.Deliver) -> None:
    """Pay the goods, score the order, take its reward card; a public order is refilled."""
    player = state.players[seat]
    from_bp, from_wh = payment(state, seat, action.order, action.place)
    for good, k in from_bp.items():
        state.take_good(seat, state.packs_at(seat, action.place), good, k)
    for good, k in from_wh.items():
        remove_good(player.warehouse, good, k)
    info = order_info(state, action.order)
    player.completed.append(action.order)
    player.orders_by_period[state.period] += 1
    state.record(info.id, "订单", seat, "scored")
    if info.deck in SPECIAL:
        player.war_orders[SIDES.index(SPECIAL[info.deck])] += 1
    if player.personal_order == action.order:
        player.personal_order = None
    else:
        index = next(i for i, o in enumerate(state.public_orders) if o.order == action.order)
        public = state.public_orders.pop(index)
        _take_reward(state, seat, public.reward)
        refill_public(state)
    apply_effects(state, seat, info.rewards)
    fire(state, "on_delivery", seat, deck=info.deck, place=info.place)


def orders_exhausted(state: MingchuState) -> bool:
    """M52/M59: a player has no personal order and there is no public order left."""
    if any(not _special(state, o.order) for o in state.public_orders):
        return False
    return any(p.personal_order is None for p in state.players)


def specials_done(state: MingchuState) -> str | None:
    """The side whose special orders are all completed, if any (M53)."""
    for deck, side in SPECIAL.items():
        if not any(order_info(state, o.order).deck == deck for o in state.public_orders):
            return side
    return None


class ReserveKind(ActionKind[MingchuState, A.Reserve]):
    """M34: take a public order (and its reward card) as the personal order."""

    action = A.Reserve

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_reserves(state, seat)

    def apply(self, state: MingchuState, action: A.Reserve) -> None:
        apply_reserve(state, seat_to_act(state), action)

    def describe(self, state: MingchuState, action: A.Reserve) -> str:
        return f"预约订单 {state.order_card[state.public_orders[action.slot].order]}"


class DeliverKind(ActionKind[MingchuState, A.Deliver]):
    """M40: deliver a public or the personal order where a 掌柜 stands."""

    action = A.Deliver

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_deliveries(state, seat, sorted(set(state.players[seat].managers)))

    def apply(self, state: MingchuState, action: A.Deliver) -> None:
        apply_deliver(state, seat_to_act(state), action)

    def describe(self, state: MingchuState, action: A.Deliver) -> str:
        return f"在 {state.place_name(action.place)} 交付订单 {state.order_card[action.order]}"
