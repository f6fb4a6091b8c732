"""Steam's actions, each kind with its legality, effect and description (``rules.DECISIONS`` gathers
them into one decision kind per phase)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from sim.core.decisions import Decision, DecisionKind
from sim.core.game import ActionKind

from . import flow, track
from .economy import available, buy_capital, capital_limit, income_points, pay
from .goods import delivery_options, points_by_owner
from .state import (
    CITY_GROWTH,
    LOCOMOTIVE,
    POINTS,
    TILE_NAMES,
    URBANIZATION,
    SteamState,
)
from .track import town_cost, track_cost


@dataclass(frozen=True)
class SeatBid:
    amount: int


@dataclass(frozen=True)
class SeatPass:
    pass


@dataclass(frozen=True)
class Capital:
    units: int


@dataclass(frozen=True)
class Bid:
    amount: int


@dataclass(frozen=True)
class BidPass:
    pass


@dataclass(frozen=True)
class TakeTile:
    tile: int
    pay: bool = True
    """Base City Growth / Urbanization: False takes the tile with its pass option (no cost, no action)."""


@dataclass(frozen=True)
class BuildTrack:
    hex: int
    a: int
    """The side facing the city or open end the track grows from."""
    b: int


@dataclass(frozen=True)
class BuildTown:
    hex: int
    exits: tuple[int, ...]
    """The exits added to the town tile."""


@dataclass(frozen=True)
class Redirect:
    link: int
    side: int


@dataclass(frozen=True)
class CityGrowth:
    city: int
    supply: int
    """Goods Supply space moved onto the city (-1: every space is empty)."""


@dataclass(frozen=True)
class Urbanize:
    town: int
    colour: str
    supply: int


@dataclass(frozen=True)
class EndBuild:
    pass


@dataclass(frozen=True)
class Deliver:
    city: int
    colour: str
    links: tuple[int, ...]


@dataclass(frozen=True)
class UpgradeLoco:
    pass


@dataclass(frozen=True)
class PassMove:
    pass


@dataclass(frozen=True)
class TakeIncome:
    pass


@dataclass(frozen=True)
class TakeVP:
    pass


def bid_amounts(state: SteamState, seat: int, high: int) -> list[int]:
    raises = state.params.bid_raises
    amounts = [0, *raises] if high < 0 else [high + r for r in raises]
    limit = available(state, seat)
    return [a for a in amounts if a <= limit]


# ---------------------------------------------------------------- Base first-turn seat auction


class SeatBidKind(ActionKind[SteamState, SeatBid]):
    action = SeatBid

    def legal(self, state, seat):
        return [SeatBid(a) for a in bid_amounts(state, seat, state.auction["high"])]

    def apply(self, state, action):
        a = state.auction
        a["high"], a["high_bidder"] = action.amount, flow.seat_auction_actor(state)
        flow.next_bidder(state, removed=False)

    def describe(self, state, action):
        return f"bids ${action.amount} for seat {len(state.order) + 1}"


class SeatPassKind(ActionKind[SteamState, SeatPass]):
    action = SeatPass

    def legal(self, state, seat):
        return [SeatPass()]

    def apply(self, state, action):
        a = state.auction
        a["bidders"].pop(a["ptr"])
        if len(a["bidders"]) == 1:
            flow.seat_auction_done(state)
        else:
            a["ptr"] -= 1
            flow.next_bidder(state, removed=False)

    def describe(self, state, action):
        return f"passes on seat {len(state.order) + 1}"


# ---------------------------------------------------------------- Standard: capital, auction


class CapitalKind(ActionKind[SteamState, Capital]):
    action = Capital

    def legal(self, state, seat):
        return [Capital(u) for u in range(capital_limit(state, seat) + 1)]

    def apply(self, state, action):
        seat = state.queue.pop(0)
        buy_capital(state, seat, action.units)
        if not state.queue:
            flow.start_auction(state)

    def describe(self, state, action):
        return f"buys ${action.units * state.params.raise_step} of capital"


class BidKind(ActionKind[SteamState, Bid]):
    action = Bid

    def legal(self, state, seat):
        return [Bid(x) for x in bid_amounts(state, seat, state.auction["high"])]

    def apply(self, state, action):
        a = state.auction
        seat = a["bidders"][a["ptr"]]
        a["high"], a["high_bidder"] = action.amount, seat
        a["bids"][seat] = action.amount
        flow.next_bidder(state, removed=False)

    def describe(self, state, action):
        return f"bids ${action.amount} for turn order"


class BidPassKind(ActionKind[SteamState, BidPass]):
    action = BidPass

    def legal(self, state, seat):
        return [BidPass()]

    def apply(self, state, action):
        a = state.auction
        seat = a["bidders"][a["ptr"]]
        if seat == a["holder"] and not a["free_used"]:
            a["free_used"] = True
            flow.next_bidder(state, removed=False)
            return
        place(state, seat, len(a["bidders"]))
        a["bidders"].pop(a["ptr"])
        if len(a["bidders"]) == 1:
            place(state, a["bidders"][0], 1)
            state.order = [a["placed"][k] for k in range(1, a["size"] + 1)]
            state.auction = {}
            flow.start_select(state)
            return
        a["ptr"] -= 1
        flow.next_bidder(state, removed=False)

    def describe(self, state, action):
        a = state.auction
        seat = a["bidders"][a["ptr"]]
        if seat == a["holder"] and not a["free_used"]:
            return "passes (Turn Order tile: stays in)"
        return f"drops out to seat {len(a['bidders'])}"


def place(state: SteamState, seat: int, position: int) -> None:
    """Seat ``position`` (1-based) to ``seat`` and charge: seats 1-2 full, last free, others half up."""
    a = state.auction
    a["placed"][position] = seat
    bid = a["bids"].get(seat, 0)
    if bid <= 0 or position == a["size"]:
        return
    if seat == a["holder"] and a["free_used"] and position > 1 and state.params.turn_order_second_pass_free:
        return
    cost = bid if position <= state.params.auction_full_price_seats else math.ceil(bid / 2)
    pay(state, seat, cost)


# ---------------------------------------------------------------- action tiles


def tile_cost(state: SteamState, seat: int, tile: int) -> int:
    if state.rules != "base":
        return 0
    p = state.params
    if tile == CITY_GROWTH:
        return p.cost_city_growth
    if tile == URBANIZATION:
        return p.cost_urbanization
    if tile == LOCOMOTIVE:
        return p.cost_loco_base + state.loco[seat] + 1
    return 0


def growth_targets(state: SteamState) -> list[int]:
    if state.growth_left <= 0:
        return []
    return [c for c in state.hm.cities if not state.growth[c]]


def urban_targets(state: SteamState) -> tuple[list[int], list[str]]:
    colours = [c for c, k in state.new_city_supply.items() if k > 0]
    towns = [t for t in state.hm.towns if state.town[t]] if colours else []
    return towns, colours


class TakeTileKind(ActionKind[SteamState, TakeTile]):
    action = TakeTile

    def legal(self, state, seat):
        taken = set(state.tiles.values())
        cash = available(state, seat)
        out = []
        for tile in range(1, 8):
            if tile in taken:
                continue
            if tile == LOCOMOTIVE:
                if state.loco[seat] < state.params.loco_max and tile_cost(state, seat, tile) <= cash:
                    out.append(TakeTile(tile))
                continue
            if tile in (CITY_GROWTH, URBANIZATION):
                possible = growth_targets(state) if tile == CITY_GROWTH else urban_targets(state)[0]
                if possible and tile_cost(state, seat, tile) <= cash:
                    out.append(TakeTile(tile))
                if state.rules == "base" or not possible:
                    out.append(TakeTile(tile, pay=False))
                continue
            out.append(TakeTile(tile))
        return out

    def apply(self, state, action):
        seat = state.queue.pop(0)
        state.tiles[seat] = action.tile
        if action.pay:
            pay(state, seat, tile_cost(state, seat, action.tile))
            if action.tile == LOCOMOTIVE:
                state.loco[seat] += 1
            elif action.tile in (CITY_GROWTH, URBANIZATION):
                state.special[seat] = action.tile
                state.must_special[seat] = state.rules == "base"
        if not state.queue:
            flow.start_build(state)

    def describe(self, state, action):
        if not action.pay:
            return f"takes {TILE_NAMES[action.tile]} (pass option)"
        cost = tile_cost(state, state.queue[0], action.tile)
        return f"takes {TILE_NAMES[action.tile]}" + (f" for ${cost}" if cost else "")


# ---------------------------------------------------------------- build


def builder(state: SteamState) -> int:
    return state.queue[0]


_TRACK_ACTIONS: dict[tuple[int, int, int], BuildTrack] = {}
_TOWN_ACTIONS: dict[tuple[int, int], tuple[Any, tuple[BuildTown, ...], list[int]]] = {}
"""Actions are immutable values, so equal ones are made once and shared (building them is the
main cost of listing the legal placements)."""


class BuildTrackKind(ActionKind[SteamState, BuildTrack]):
    action = BuildTrack

    def legal(self, state, seat):
        if state.builds_left <= 0:
            return []
        cash = available(state, seat)
        costs: dict[int, int] = {}
        out = []
        made = _TRACK_ACTIONS
        for key in track.track_options(state, seat):
            h = key[0]
            cost = costs.get(h)
            if cost is None:
                cost = costs[h] = track_cost(state, h) if state.conn[h] or state.tile_supply > 0 else 999
            if cost <= cash:
                action = made.get(key)
                if action is None:
                    action = made[key] = BuildTrack(*key)
                out.append(action)
        return out

    def apply(self, state, action):
        seat = builder(state)
        pay(state, seat, track_cost(state, action.hex))
        track.build_track(state, seat, action.hex, action.a, action.b)
        state.builds_left -= 1

    def describe(self, state, action):
        hm = state.hm
        verb = "improves" if state.conn[action.hex] else "lays track on"
        return f"{verb} {hm.names[action.hex]} ({action.a}-{action.b}) for ${track_cost(state, action.hex)}"


class BuildTownKind(ActionKind[SteamState, BuildTown]):
    action = BuildTown

    def legal(self, state, seat):
        if state.builds_left <= 0:
            return []
        cash = available(state, seat)
        out = []
        supply = state.tile_supply > 0
        for t, combos in track.town_options(state, seat):
            if not supply and not state.conn[t]:
                continue
            found = _TOWN_ACTIONS.get((t, id(combos)))  # exit_sets keeps each combos tuple for good
            if found is None or found[0] is not combos:
                actions = tuple(BuildTown(t, exits) for exits in combos)
                ends = [sum(1 for exits in combos if len(exits) <= k) for k in range(len(combos[-1]) + 1)]
                found = _TOWN_ACTIONS[(t, id(combos))] = (combos, actions, ends)
            _, actions, ends = found
            have = len(state.conn[t])
            costs = [town_cost(state, t, have + k) <= cash for k in range(len(combos[-1]) + 1)]
            if all(costs):
                out.extend(actions)
            elif sorted(costs, reverse=True) == costs:  # the affordable sizes come first: a prefix
                out.extend(actions[: ends[costs.index(False) - 1]] if costs[0] else ())
            else:
                out.extend(a for a in actions if costs[len(a.exits)])
        return out

    def apply(self, state, action):
        seat = builder(state)
        t = action.hex
        pay(state, seat, town_cost(state, t, len(state.conn[t]) + len(action.exits)))
        track.build_town(state, seat, t, action.exits)
        state.builds_left -= 1

    def describe(self, state, action):
        t = action.hex
        cost = town_cost(state, t, len(state.conn[t]) + len(action.exits))
        return f"builds town tile at {state.hm.names[t]} exits +{list(action.exits)} for ${cost}"


class RedirectKind(ActionKind[SteamState, Redirect]):
    action = Redirect

    def legal(self, state, seat):
        if state.builds_left <= 0 or available(state, seat) < 2 * state.params.cost_per_end:
            return []
        return [Redirect(lid, side) for lid, side in track.redirect_options(state, seat)]

    def apply(self, state, action):
        seat = builder(state)
        pay(state, seat, 2 * state.params.cost_per_end)
        track.redirect(state, seat, action.link, action.side)
        state.builds_left -= 1

    def describe(self, state, action):
        h = state.links[action.link].tiles[-1][0]
        return f"redirects the track on {state.hm.names[h]} to side {action.side}"


_SPECIAL_ACTIONS: dict[tuple[Any, ...], Any] = {}


def _made(kind: type, *fields: Any) -> Any:
    """``kind(*fields)``, made once and shared (City Growth and Urbanization list many)."""
    key = (kind, *fields)
    found = _SPECIAL_ACTIONS.get(key)
    if found is None:
        found = _SPECIAL_ACTIONS[key] = kind(*fields)
    return found


def supply_choices(state: SteamState) -> list[int]:
    seen: dict[tuple[str, ...], int] = {}
    for i, cubes in enumerate(state.supply_sets):
        if cubes:
            seen.setdefault(tuple(sorted(cubes)), i)
    return list(seen.values()) or [-1]


def move_supply(state: SteamState, supply: int, city: int) -> None:
    if supply >= 0:
        state.cubes[city].extend(state.supply_sets[supply])
        state.supply_sets[supply] = []


class CityGrowthKind(ActionKind[SteamState, CityGrowth]):
    action = CityGrowth

    def legal(self, state, seat):
        if state.special.get(seat) != CITY_GROWTH:
            return []
        sets = supply_choices(state)
        return [_made(CityGrowth, c, s) for c in growth_targets(state) for s in sets]

    def apply(self, state, action):
        seat = builder(state)
        state.special.pop(seat)
        state.growth[action.city] = True
        state.growth_left -= 1
        move_supply(state, action.supply, action.city)

    def describe(self, state, action):
        cubes = state.supply_sets[action.supply] if action.supply >= 0 else []
        return f"grows {state.hm.names[action.city]} with {cubes}"


class UrbanizeKind(ActionKind[SteamState, Urbanize]):
    action = Urbanize

    def legal(self, state, seat):
        if state.special.get(seat) != URBANIZATION:
            return []
        towns, colours = urban_targets(state)
        sets = supply_choices(state)
        return [_made(Urbanize, t, c, s) for t in towns for c in colours for s in sets]

    def apply(self, state, action):
        seat = builder(state)
        state.special.pop(seat)
        state.new_city_supply[action.colour] -= 1
        track.urbanize(state, seat, action.town, action.colour)
        move_supply(state, action.supply, action.town)

    def describe(self, state, action):
        return f"urbanizes {state.hm.names[action.town]} as a {action.colour} city"


class EndBuildKind(ActionKind[SteamState, EndBuild]):
    action = EndBuild

    def legal(self, state, seat):
        owed = state.special.get(seat)
        if owed is not None and state.must_special.get(seat):
            possible = growth_targets(state) if owed == CITY_GROWTH else urban_targets(state)[0]
            if possible:
                return []
        return [EndBuild()]

    def apply(self, state, action):
        seat = state.queue.pop(0)
        state.special.pop(seat, None)
        track.end_build_turn(state, seat)
        flow.begin_build_turn(state)

    def describe(self, state, action):
        return "ends the build turn"


# ---------------------------------------------------------------- move goods


_DELIVER_ACTIONS: dict[tuple[int, str, tuple[int, ...]], Deliver] = {}
"""Deliveries made once and shared, like the placements (a game lists the same ones many times)."""


class DeliverKind(ActionKind[SteamState, Deliver]):
    action = Deliver

    def legal(self, state, seat):
        made = _DELIVER_ACTIONS
        out = []
        for key in delivery_options(state, seat):
            action = made.get(key)
            if action is None:
                if len(made) >= 100_000:
                    made.clear()
                action = made[key] = Deliver(*key)
            out.append(action)
        return out

    def apply(self, state, action):
        seat = state.queue[0]
        state.cubes[action.city].remove(action.colour)
        state.delivered[action.colour] += 1
        state.deliveries[seat] += 1
        points = points_by_owner(state, action.links)
        state.events.append(
            {
                "round": state.round,
                "seat": seat,
                "colour": action.colour,
                "source": state.hm.names[action.city],
                "links": len(action.links),
                "own_links": points.get(seat, 0),
                "other_links": sum(v for k, v in points.items() if k != seat),
            }
        )
        scorers = [s for s in [seat, *(s for s in state.order if s != seat)] if points.get(s)]
        for s in reversed(scorers):
            state.pending.push(Decision("points", s, points[s]))
        if state.pending:
            state.advance_after_points = True  # the move turn ends once every scorer has chosen
        else:
            flow.after_move_action(state)

    def describe(self, state, action):
        names = state.hm.names
        route = [names[action.city]]
        node = action.city
        for lid in action.links:
            link = state.links[lid]
            node = link.b if link.a == node else link.a
            route.append(names[node])
        return f"moves a {action.colour} cube {' > '.join(route)}"


class UpgradeLocoKind(ActionKind[SteamState, UpgradeLoco]):
    action = UpgradeLoco

    def legal(self, state, seat):
        if state.moved_loco[seat] or state.loco[seat] >= state.params.loco_max:
            return []
        return [UpgradeLoco()]

    def apply(self, state, action):
        seat = state.queue[0]
        state.loco[seat] += 1
        state.moved_loco[seat] = True
        flow.after_move_action(state)

    def describe(self, state, action):
        return f"upgrades the locomotive to {state.loco[state.queue[0]] + 1}"


class PassMoveKind(ActionKind[SteamState, PassMove]):
    action = PassMove

    def legal(self, state, seat):
        return [PassMove()]

    def apply(self, state, action):
        flow.after_move_action(state)

    def describe(self, state, action):
        return "passes the move"


class PointsKind(DecisionKind[SteamState, TakeIncome | TakeVP]):
    """After a delivery: each scoring player puts all its points on income or on VP."""

    kind = POINTS

    def legal(self, state, decision):
        return [TakeIncome(), TakeVP()]

    def apply(self, state, decision: Decision, action):
        """The decision is closed already (``rules.apply``); after the last scorer the move turn ends."""
        seat, points = decision.seat, decision.data
        if isinstance(action, TakeIncome):
            income_points(state, seat, points)
            state.income_deliveries[seat] += points
        else:
            state.vp[seat] += points
            state.vp_deliveries[seat] += points
        if not state.pending and state.advance_after_points:
            state.advance_after_points = False
            flow.after_move_action(state)

    def describe(self, state, decision, action):
        where = "income" if isinstance(action, TakeIncome) else "VP"
        return f"takes {decision.data} point(s) as {where}"
