"""Quick actions inside a turn (M29, M33-M40, M72): sell, orders, upgrade, goods, cards, loans.

Each action type is an ``ActionKind`` (options, effect, description) and ``QUICK`` dispatches
by type. The rules allow several of these "at any time"; the engine offers them during the
player's own turn (and takes forced loans whenever a payment falls short), which keeps
decisions exact. ``legal_quick`` fixes the order in which they are listed.
"""

from __future__ import annotations

from typing import Final

from sim.core.game import ActionKind, ActionKinds

from ..texts import said
from . import actions as A

# the legal lists' records by name: compiled, each ``A.X`` is a module attribute look-up
from .actions import (
    BuyStored,
    DiscardGood,
    Sell,
    StoreGood,
    TakeStored,
    Transport,
    Upgrade,
    UseRetainer,
    made,
    made1,
    made2,
)
from .anytime import ANYTIME_KINDS, legal_anytime
from .economy import add_goods, note_flow, remove_good
from .effects import play_card
from .kinds import seat_to_act
from .modifiers import SELL_BONUS, forbidden, note_used
from .orders import ReserveKind, legal_reserves
from .paths import nearest_routes, route_cache, sale_price, search_key
from .production import pay_route, produce_foreign, routes_by_manager
from .state import INDUSTRY_COINS, OFFICIAL, MingchuState


class SellKind(ActionKind[MingchuState, A.Sell]):
    """M33: goods carried by a 掌柜 sell at its place; warehouse goods at the 京城."""

    action = A.Sell

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_sell(state, seat)

    def apply(self, state: MingchuState, action: A.Sell) -> None:
        seat = seat_to_act(state)
        player = state.players[seat]
        if action.from_warehouse:
            remove_good(player.warehouse, action.good)
        else:
            state.take_good(seat, state.packs_at(seat, action.place), action.good)
        price = sale_price(state, seat, action.good, action.place, in_production=False)
        player.coins += price
        player.coins_earned += price
        note_used(state, seat, SELL_BONUS, good=action.good)

    def describe(self, state: MingchuState, action: A.Sell) -> str:
        price = sale_price(state, seat_to_act(state), action.good, action.place, in_production=False)
        place = state.place_name(action.place)
        return said(
            "act.sell.warehouse" if action.from_warehouse else "act.sell",
            place=place,
            good=action.good,
            price=price,
        )


def legal_sell(state: MingchuState, seat: int) -> list:
    """``SellKind``'s options: per place of a 掌柜, the goods carried there, then the warehouse's."""
    player = state.players[seat]
    if forbidden(state, seat, "sell"):
        return []
    sellable = state.topo.sellable
    capitals = state.capitals_with_warehouse() if player.warehouse else ()
    legal: list = []
    for place in state.manager_places(seat):
        for good in _carried_goods(state, seat, place):
            if good in sellable:
                legal.append(made2(Sell, good, place))
        if place in capitals:
            for good in sorted(player.warehouse):
                if good in sellable:
                    legal.append(made(Sell, good, place, True))
    return legal


def _carried_goods(state: MingchuState, seat: int, place: int) -> list[str]:
    """The goods (sorted names) in the packs of the 掌柜 at ``place``, as ``goods_in`` counts them."""
    packs = state.packs_at(seat, place)
    if len(packs) == 1:
        pack = state.players[seat].packs[packs[0]]
        if len(pack) == 1:  # one good: no sort
            return list(pack)
        return sorted(pack)
    return sorted(state.goods_in(seat, packs))


def local_goods(state: MingchuState, seat: int) -> list:
    """Per place of a 掌柜: upgrade, then buy or take the stored good or store one (M35, M36, M38)."""
    player = state.players[seat]
    topo = state.topo
    industries = state.industries
    legal: list = []
    rooms: tuple[int, int] | None = None
    for place in state.manager_places(seat):
        ind = industries.get(place)
        if ind is None:
            continue
        packs = state.packs_at(seat, place)
        carried = player.packs[packs[0]] if len(packs) == 1 else state.goods_in(seat, packs)
        if ind.upgraded_by is None and player.supply > 0:
            for good in carried:
                if good in topo.upgrade_goods:
                    legal.append(made1(Upgrade, place))
                    break
        stored = ind.stored
        if stored is not None:
            if rooms is None:
                rooms = state.backpack_rooms(seat)
            if (rooms[1] if stored in topo.horse_slot_goods else rooms[0]) == 0:
                continue
            if ind.owner == seat:
                legal.append(made1(TakeStored, place))
            elif player.coins >= topo.goods[stored].base_value:
                legal.append(made1(BuyStored, place))
        elif ind.owner == seat and topo.site[place].good in carried:
            legal.append(made2(StoreGood, topo.site[place].good, place))
    return legal


class LocalGoodsKind(ActionKind):
    """An action on the industry where a 掌柜 stands (listed together by ``local_goods``)."""

    def legal(self, state: MingchuState, seat: int) -> list:
        return [a for a in local_goods(state, seat) if isinstance(a, self.action)]


class UpgradeKind(LocalGoodsKind):
    """M35: spend 1 铁, mark the industry; on a foreign one produce once for free at once."""

    action = A.Upgrade

    def apply(self, state: MingchuState, action: A.Upgrade) -> None:
        seat = seat_to_act(state)
        packs = state.packs_at(seat, action.place)
        iron = next(g for g in sorted(state.goods_in(seat, packs)) if state.topo.goods[g].upgrades)
        state.take_good(seat, packs, iron)
        state.players[seat].supply -= 1
        ind = state.industries[action.place]
        ind.upgraded_by = seat
        if ind.owner not in (seat, OFFICIAL):
            manager = state.players[seat].managers.index(action.place)
            produce_foreign(state, seat, action.place, manager, pay=False)
            state.temp_roads = set()

    def describe(self, state: MingchuState, action: A.Upgrade) -> str:
        return said("act.upgrade", place=state.place_name(action.place))


class BuyStoredKind(LocalGoodsKind):
    """M36: buy another player's stored good; its base value goes to the owner."""

    action = A.BuyStored

    def apply(self, state: MingchuState, action: A.BuyStored) -> None:
        seat = seat_to_act(state)
        ind = state.industries[action.place]
        value = state.topo.goods[ind.stored].base_value
        state.players[seat].coins -= value
        state.players[ind.owner].coins += value
        note_flow(state, seat, ind.owner, INDUSTRY_COINS, value)
        _take_stored(state, seat, action.place)

    def describe(self, state: MingchuState, action: A.BuyStored) -> str:
        return said(
            "act.buy_stored", place=state.place_name(action.place), good=state.industries[action.place].stored
        )


class TakeStoredKind(LocalGoodsKind):
    """M38: take back the good stored at an own industry."""

    action = A.TakeStored

    def apply(self, state: MingchuState, action: A.TakeStored) -> None:
        _take_stored(state, seat_to_act(state), action.place)

    def describe(self, state: MingchuState, action: A.TakeStored) -> str:
        return said(
            "act.take_stored",
            place=state.place_name(action.place),
            good=state.industries[action.place].stored,
        )


def _take_stored(state: MingchuState, seat: int, place: int) -> None:
    """The stored good goes to the 掌柜 standing there."""
    ind = state.industries[place]
    add_goods(state, seat, ind.stored, 1, manager=state.players[seat].managers.index(place))
    ind.stored = None


class StoreGoodKind(LocalGoodsKind):
    """M38: store the industry's own good from the local 掌柜's pack under its marker."""

    action = A.StoreGood

    def apply(self, state: MingchuState, action: A.StoreGood) -> None:
        seat = seat_to_act(state)
        state.take_good(seat, state.packs_at(seat, action.place), action.good)
        state.industries[action.place].stored = action.good

    def describe(self, state: MingchuState, action: A.StoreGood) -> str:
        return said("act.store_good", good=action.good, place=state.place_name(action.place))


def _warehouse_routes(state: MingchuState, seat: int) -> dict:
    """Affordable routes from each 掌柜 to the warehouse (only the cheapest when the pack is shared).

    The cheapest routes are kept beside the routes they come from in ``state.route_cache`` (same
    board, water discount and temporary roads)."""
    managers = state.players[seat].managers
    capitals = state.capitals_with_warehouse()
    water, temp_key = search_key(state, seat)  # as in ``routes_from``'s key
    key = (seat, ("warehouse", tuple(managers), capitals, water), temp_key)
    cache = route_cache(state)
    nearest = cache.get(key)
    if nearest is None:  # ``routes_to_any`` with the key read here
        nearest = cache[key] = nearest_routes(state, seat, capitals, managers, water, temp_key)
    return routes_by_manager(state, seat, nearest)


def legal_transport(state: MingchuState, seat: int) -> list:
    """``TransportKind``'s options: per 掌柜 with an affordable route to the warehouse, 1 or all
    that fit of each good, to the warehouse and back."""
    player = state.players[seat]
    warehouse = player.warehouse
    if not warehouse and not player.goods_total():
        return []
    routes = _warehouse_routes(state, seat)
    if not routes:
        return []
    room = state.warehouse_room(seat)
    stored = sorted(warehouse)
    back: list[int] = []
    if stored:
        plain, horse = state.backpack_rooms(seat)
        horse_goods = state.topo.horse_slot_goods
        in_store: dict[str, int] = dict(warehouse)  # plain copies: read without Counter method calls
        back = [min(horse if good in horse_goods else plain, in_store[good]) for good in stored]
    legal: list = []
    for manager in sorted(routes):
        pack: dict[str, int] = dict(player.packs[state.pack_index(manager)])
        for good in list(pack) if len(pack) == 1 else sorted(pack):  # one good: no sort
            _add_counts(legal, good, min(room, pack[good]), True, manager)
        for i, good in enumerate(stored):
            _add_counts(legal, good, back[i], False, manager)
    return legal


def _add_counts(legal: list, good: str, top: int, to_warehouse: bool, manager: int) -> None:
    """How many to carry: 1, or all that fit (``top``), or both."""
    if top >= 1:
        legal.append(_transport(good, 1, to_warehouse, manager))
        if top > 1:
            legal.append(_transport(good, top, to_warehouse, manager))


_TRANSPORTS: Final[dict[str, dict[int, A.Transport]]] = {}
"""Good -> ``_transport``'s code of the other fields -> the shared ``Transport`` record."""


def _transport(good: str, count: int, to_warehouse: bool, manager: int) -> A.Transport:
    """``made(Transport, ...)``, found by the good and one int made of the other fields (no tuple of
    four to build and hash per option)."""
    by_code = _TRANSPORTS.get(good)
    if by_code is None:
        by_code = _TRANSPORTS[good] = {}
    code = (count * 1024 + manager) * 2 + (1 if to_warehouse else 0) if 0 <= manager < 1024 else -1
    record = by_code.get(code) if code >= 0 else None
    if record is None:
        record = made(Transport, good, count, to_warehouse, manager)
        if code >= 0:
            by_code[code] = record
    return record


class TransportKind(ActionKind[MingchuState, A.Transport]):
    """M37: carry 1 or all that fit of one good between a 掌柜's pack and the 京城 warehouse."""

    action = A.Transport

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_transport(state, seat)

    def apply(self, state: MingchuState, action: A.Transport) -> None:
        seat = seat_to_act(state)
        player = state.players[seat]
        pay_route(state, seat, _warehouse_routes(state, seat)[action.manager])
        state.temp_roads = set()
        if action.to_warehouse:
            state.take_good(seat, [state.pack_index(action.manager)], action.good, action.count)
            player.warehouse[action.good] += action.count
        else:
            remove_good(player.warehouse, action.good, action.count)
            add_goods(state, seat, action.good, action.count, manager=action.manager)

    def describe(self, state: MingchuState, action: A.Transport) -> str:
        return said(
            "act.transport.to_warehouse" if action.to_warehouse else "act.transport.from_warehouse",
            manager=action.manager + 1,
            count=action.count,
            good=action.good,
        )


def legal_retainers(state: MingchuState, seat: int) -> list:
    """``UseRetainerKind``'s options: each untapped 门客 with an ability."""
    player = state.players[seat]
    held = player.retainers
    if not held:
        return []
    if len(held) == 1:  # the usual case: no set and sort
        ready = [] if held[0] in player.tapped else [held[0]]
    else:
        ready = sorted(set(held) - player.tapped) if player.tapped else sorted(set(held))
    retainers = state.topo.retainers
    return [made1(UseRetainer, c) for c in ready if retainers[c].ability]


class UseRetainerKind(ActionKind[MingchuState, A.UseRetainer]):
    """M39: a 门客's ability, once per round (the card is tapped)."""

    action = A.UseRetainer

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_retainers(state, seat)

    def apply(self, state: MingchuState, action: A.UseRetainer) -> None:
        seat = seat_to_act(state)
        state.players[seat].tapped.add(action.card)
        play_card(state, seat, "门客", action.card, state.topo.retainers[action.card].ability)

    def describe(self, state: MingchuState, action: A.UseRetainer) -> str:
        return said("act.use_retainer", card=action.card)


def legal_discard(state: MingchuState, seat: int) -> list:
    """``DiscardGoodKind``'s options: each good carried, when the backpack is full."""
    player = state.players[seat]
    total = player.goods_total()
    # fewer goods than the plain slots always leave room (``backpack_rooms``): no need to count it
    if total and total >= state.topo.backpack_slots and state.backpack_full(seat):
        return [made1(DiscardGood, g) for g in sorted(player.backpack)]
    return []


class DiscardGoodKind(ActionKind[MingchuState, A.DiscardGood]):
    """M72: offered only when the backpack is full (otherwise discarding can only hurt)."""

    action = A.DiscardGood

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_discard(state, seat)

    def apply(self, state: MingchuState, action: A.DiscardGood) -> None:
        seat = seat_to_act(state)
        packs = sorted({state.pack_index(m) for m in range(len(state.players[seat].managers))})
        state.take_good(seat, packs, action.good)

    def describe(self, state: MingchuState, action: A.DiscardGood) -> str:
        return said("act.discard_good", good=action.good)


_KINDS = (
    SellKind(),
    ReserveKind(),
    UpgradeKind(),
    BuyStoredKind(),
    TakeStoredKind(),
    StoreGoodKind(),
    TransportKind(),
    UseRetainerKind(),
    DiscardGoodKind(),
)
QUICK = ActionKinds([*_KINDS, *ANYTIME_KINDS.kinds])
"""Every quick action type of a turn, the "at any time" ones included."""


def legal_quick(state: MingchuState, seat: int) -> list:
    """Everything a player may do inside the turn besides moving and the main action, in this order."""
    legal = legal_sell(state, seat)
    legal.extend(legal_reserves(state, seat))
    legal.extend(local_goods(state, seat))
    legal.extend(legal_transport(state, seat))
    legal.extend(legal_retainers(state, seat))
    legal.extend(legal_anytime(state, seat))
    legal.extend(legal_discard(state, seat))
    return legal
