"""The turn flow: setup, the phases of a Base or Standard turn, and the end of the game."""

from __future__ import annotations

import numpy as np

from ..params import COLOURS, SteamParams
from .economy import base_income, pay, receive, standard_expenses
from .hexmap import hexmap
from .state import ENGINEER, FIRST_BUILD, FIRST_MOVE, TURN_ORDER, SteamState


def setup(params: SteamParams, n: int, rng: np.random.Generator) -> SteamState:
    """Bag, city cubes, goods supply sets, player tokens, the first turn order."""
    params.check_players(n)
    assert params.board is not None
    hm = hexmap(params.board)
    state = SteamState(params, hm, n, rng, total_rounds=params.rounds[n])
    state.cash = [params.starting_money] * n
    state.money_in = params.starting_money * n
    state.income = [0] * n
    state.vp = [0] * n
    state.loco = [params.loco_start] * n
    state.bankrupt = [False] * n
    state.moved_loco = [False] * n
    for name in ("vp_deliveries", "income_deliveries", "deliveries", "capital_raised"):
        setattr(state, name, [0] * n)
    state.colour = list(hm.city_colour)
    state.town = list(hm.is_town)
    state.growth = [False] * hm.size
    state.cubes = [[] for _ in range(hm.size)]
    state.conn = [{} for _ in range(hm.size)]
    state.tile_supply = params.track_tiles
    state.bag = {c: params.cubes.get(c, 0) for c in COLOURS}
    state.delivered = {c: 0 for c in COLOURS}
    state.new_city_supply = {c: params.new_cities.get(c, 0) for c in COLOURS}
    state.growth_left = params.growth_markers
    fewer = 1 if n == 3 and params.board.fewer_cubes_at_3 else 0
    for h in hm.cities:
        state.cubes[h] = draw(state, max(0, hm.city_cubes[h] - fewer))
    per_set = params.supply_cubes_3p if n == 3 else params.supply_cubes
    state.supply_sets = [draw(state, per_set) for _ in range(params.supply_spaces)]
    players = list(range(n))
    if params.rules == "standard":
        state.order = [int(s) for s in rng.permutation(n)]
        start_round(state)
    elif params.base_initial_order == "random":
        state.order = [int(s) for s in rng.permutation(n)]
        if params.random_order_compensation:
            for k, seat in enumerate(state.order):
                receive(state, seat, k)
        start_round(state)
    else:
        first = int(rng.integers(n))
        state.phase = "seat_auction"
        state.auction = {"remaining": players, "first": first}
        open_seat_auction(state)
    return state


def draw(state: SteamState, count: int) -> list[str]:
    """Draw ``count`` cubes from the bag at random (fewer if it runs out)."""
    out = []
    for _ in range(count):
        total = sum(state.bag.values())
        if total == 0:
            break
        pick = int(state.rng.integers(total))
        for colour in COLOURS:
            if pick < state.bag[colour]:
                state.bag[colour] -= 1
                out.append(colour)
                break
            pick -= state.bag[colour]
    return out


# ---------------------------------------------------------------- Base first-turn seat auction


def open_seat_auction(state: SteamState) -> None:
    a = state.auction
    remaining = a["remaining"]
    first = a["first"]
    start = next((i for i, s in enumerate(remaining) if s >= first), 0)
    a["bidders"] = remaining[start:] + remaining[:start]
    a["ptr"] = 0
    a["high"] = -1
    a["high_bidder"] = -1


def seat_auction_actor(state: SteamState) -> int:
    a = state.auction
    return a["bidders"][a["ptr"]]


def next_bidder(state: SteamState, removed: bool) -> None:
    a = state.auction
    bidders = a["bidders"]
    ptr = a["ptr"] if removed else a["ptr"] + 1
    ptr %= len(bidders)
    if len(bidders) > 1 and bidders[ptr] == a["high_bidder"]:
        ptr = (ptr + 1) % len(bidders)
    a["ptr"] = ptr


def seat_auction_done(state: SteamState) -> None:
    """One bidder left: they take the seat (and pay), then the next seat is auctioned."""
    a = state.auction
    winner = a["bidders"][0]
    if a["high_bidder"] == winner and a["high"] > 0:
        pay(state, winner, a["high"])
    state.order.append(winner)
    a["remaining"] = [s for s in a["remaining"] if s != winner]
    if len(a["remaining"]) == 1:
        state.order.append(a["remaining"][0])
        state.auction = {}
        start_round(state)
        return
    a["first"] = (a["first"] + 1) % state.n_players
    open_seat_auction(state)


# ---------------------------------------------------------------- turns


def start_round(state: SteamState) -> None:
    state.tiles = {}
    state.special = {}
    state.must_special = {}
    state.moved_loco = [False] * state.n_players
    if state.rules == "standard":
        state.phase = "capital"
        state.queue = list(state.order)
    else:
        start_select(state)


def start_auction(state: SteamState) -> None:
    """Standard phase 2: the turn-order auction among the players still in, from seat 1."""
    holder = next((s for s, t in state.last_tiles.items() if t == TURN_ORDER), -1)
    if len(state.order) <= 1:
        start_select(state)
        return
    state.phase = "auction"
    state.auction = {
        "bidders": list(state.order),
        "ptr": 0,
        "high": -1,
        "high_bidder": -1,
        "bids": {},
        "holder": holder if holder in state.order else -1,
        "free_used": False,
        "placed": {},
        "size": len(state.order),
    }


def start_select(state: SteamState) -> None:
    state.phase = "select"
    state.queue = list(state.order)


def holder_first(state: SteamState, tile: int) -> list[int]:
    first = [s for s in state.order if state.tiles.get(s) == tile]
    return first + [s for s in state.order if s not in first]


def start_build(state: SteamState) -> None:
    state.phase = "build"
    state.queue = holder_first(state, FIRST_BUILD)
    begin_build_turn(state)


def begin_build_turn(state: SteamState) -> None:
    if state.queue:
        seat = state.queue[0]
        p = state.params
        state.builds_left = p.engineer_builds if state.tiles.get(seat) == ENGINEER else p.builds
    else:
        start_move(state)


def start_move(state: SteamState) -> None:
    state.phase = "move"
    state.move_round = 1
    state.queue = holder_first(state, FIRST_MOVE)


def after_move_action(state: SteamState) -> None:
    state.queue.pop(0)
    if state.queue:
        return
    state.move_round += 1
    if state.move_round <= state.params.move_rounds:
        state.queue = holder_first(state, FIRST_MOVE)
        return
    end_round(state)


def end_round(state: SteamState) -> None:
    """Income (Base) or income and expenses (Standard), then the next turn or the end."""
    for seat in list(state.order):
        if state.rules == "standard":
            standard_expenses(state, seat)
        else:
            base_income(state, seat)
    state.last_tiles = dict(state.tiles)
    if not state.order:
        finish(state, "all_bankrupt")
        return
    if state.round >= state.total_rounds:
        finish(state, "last_turn_played")
        return
    if state.rules == "base":
        state.order = sorted(state.order, key=lambda s: state.tiles.get(s, 99))
    state.round += 1
    start_round(state)


def finish(state: SteamState, reason: str) -> None:
    state.ended = True
    state.end_reason = reason
    state.phase = "over"
    state.queue = []
