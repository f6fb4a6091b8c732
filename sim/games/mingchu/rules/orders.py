"""Orders (M34, M40, M74): reserving, paying goods (黄金 wild), delivering, refilling.

``Reserve`` is a quick action of the turn and ``Deliver`` an "at any time" action; their
``ActionKind`` s are here, next to their effects.
"""

from __future__ import annotations

from collections import Counter

from sim.core.game import ActionKind

from ..texts import said
from . import actions as A

# the legal lists' records by name: compiled, each ``A.X`` is a module attribute look-up
from .actions import Deliver, Reserve, made1, made2
from .economy import remove_good
from .effects import apply_effects, fire
from .kinds import seat_to_act
from .modifiers import ON_DELIVERY, forbidden
from .setup import deal_public_order
from .state import SIDES, MingchuState, new_counter, order_info

SPECIAL = {"建文特别": "建文", "燕王特别": "燕王"}


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
    taken = _taken(state, seat, key, place, packs)
    return None if taken is None else (new_counter(taken[0]), new_counter(taken[1]))


def payable(state: MingchuState, seat: int, key: str, place: int, packs: list[int] | None = None) -> bool:
    """Whether ``payment`` finds the goods (its counts not made)."""
    return _taken(state, seat, key, place, packs) is not None


def _taken(
    state: MingchuState, seat: int, key: str, place: int, packs: list[int] | None
) -> tuple[dict[str, int], dict[str, int]] | None:
    """``payment`` as plain dicts (the legal list only asks whether there is one)."""
    player = state.players[seat]
    use_warehouse = place in state.capitals_with_warehouse()
    packs = state.packs_at(seat, place) if packs is None else packs
    # plain dict copies: compiled code reads them without a Counter's method calls and its
    # interpreted ``__missing__``
    carried: dict[str, int] = {}
    if len(packs) == 1:
        carried = dict(player.packs[packs[0]])
    elif packs:
        carried = dict(state.goods_in(seat, packs))
    stored: dict[str, int] = dict(player.warehouse) if use_warehouse else {}
    asked: dict[str, int] = order_info(state, key).goods
    units = 0
    for k in carried.values():
        units += k
    for k in stored.values():
        units += k
    for k in asked.values():
        units -= k
    if units < 0:
        return None  # every good asked for takes one good carried (a 黄金 stands in for one)
    from_bp: dict[str, int] = {}
    from_wh: dict[str, int] = {}
    missing: list[str] = []
    for good, need in asked.items():
        for _ in range(need):
            if carried.get(good, 0) > 0:
                carried[good] -= 1
                from_bp[good] = from_bp.get(good, 0) + 1
            elif stored.get(good, 0) > 0:
                stored[good] -= 1
                from_wh[good] = from_wh.get(good, 0) + 1
            else:
                missing.append(good)
    topo = state.topo
    for good in missing:
        if good in topo.unsubstitutable_goods:
            return None
        # the first wild good carried, from the packs before the warehouse
        store, taken, wild = carried, from_bp, ""
        for w in topo.wild_goods:
            if carried.get(w, 0) > 0:
                wild = w
                break
            if stored.get(w, 0) > 0:
                store, taken, wild = stored, from_wh, w
                break
        if not wild:
            return None
        store[wild] -= 1
        taken[wild] = taken.get(wild, 0) + 1
    return from_bp, from_wh


def legal_reserves(state: MingchuState, seat: int) -> list:
    """M34: at most one personal order, never a 靖难 special order."""
    if state.players[seat].personal_order is not None or forbidden(state, seat, "reserve"):
        return []
    return [made1(Reserve, i) for i, o in enumerate(state.public_orders) if not _special(state, o.order)]


def legal_deliveries(state: MingchuState, seat: int, places: list[int]) -> list:
    """``DeliverKind``'s options: each public order, then the personal one, that can be paid where
    it is delivered, when that is one of ``places``."""
    personal = state.players[seat].personal_order
    order_place, order_card = state.topo.order_place, state.order_card
    # the usual one or two places as plain ints: compiled, ``in`` on a list of ints is a generic call
    first = places[0] if places else -1
    second = places[1] if len(places) > 1 else first
    few = len(places) <= 2
    legal: list = []
    for public in state.public_orders:
        key = public.order
        place = order_place[order_card[key]]
        if (place == first or place == second if few else place in places) and _taken(
            state, seat, key, place, None
        ) is not None:
            legal.append(made2(Deliver, key, place))
    if personal is not None:
        place = order_place[order_card[personal]]
        if (place == first or place == second if few else place in places) and _taken(
            state, seat, personal, place, None
        ) is not None:
            legal.append(made2(Deliver, personal, place))
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
    fire(state, ON_DELIVERY, seat, deck=info.deck, place=info.place)


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
        return said("act.reserve", order=state.order_card[state.public_orders[action.slot].order])


class DeliverKind(ActionKind[MingchuState, A.Deliver]):
    """M40: deliver a public or the personal order where a 掌柜 stands."""

    action = A.Deliver

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_deliveries(state, seat, sorted(set(state.players[seat].managers)))

    def apply(self, state: MingchuState, action: A.Deliver) -> None:
        apply_deliver(state, seat_to_act(state), action)

    def describe(self, state: MingchuState, action: A.Deliver) -> str:
        return said("act.deliver", place=state.place_name(action.place), order=state.order_card[action.order])
