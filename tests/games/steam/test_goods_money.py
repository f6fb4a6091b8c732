"""Deliveries, points, money raising, Standard capital and shortfall, bankruptcy, scoring, auctions."""

from __future__ import annotations

import numpy as np
import pytest

from sim.games.steam import SPEC
from sim.games.steam.rules import economy, flow, track
from sim.games.steam.rules.actions import Bid, BidPass, Deliver, SeatBid, SeatPass, TakeIncome, TakeVP
from sim.games.steam.rules.goods import delivery_options
from sim.games.steam.rules.state import DEAD, UNOWNED
from tests.games.steam.helpers import NE, NW, SE, SW, E, W, hx, make, name, params

GAME = SPEC.game


def triangle(state):
    """A-B owned by seat 0, A-C and B-C owned by seat 1 (one tile each)."""
    track.build_track(state, 0, hx(state, 1, 0), W, E)
    track.build_track(state, 1, hx(state, 0, 1), NW, SE)
    track.build_track(state, 1, hx(state, 1, 1), NE, SW)
    return {(state.hm.names[k.a], state.hm.names[k.b]): k.id for k in state.links.values()}


def paths(state, seat, colour=None):
    return sorted(
        tuple(state.hm.names[n] for n in _nodes(state, src, links))
        for src, c, links in delivery_options(state, seat)
        if colour is None or c == colour
    )


def _nodes(state, src, links):
    node, out = src, [src]
    for lid in links:
        link = state.links[lid]
        node = link.b if link.a == node else link.a
        out.append(node)
    return out


def test_locomotive_limits_the_links_and_own_links_must_match_any_opponent():
    state = make()
    triangle(state)
    state.cubes[name(state, "A")] = ["yellow"]
    assert paths(state, 0) == []  # A-C is seat 1's only; A-B-C needs 2 links
    state.loco[0] = 2
    assert paths(state, 0) == [("A", "B", "C")]  # own 1 vs seat 1's 1
    assert paths(state, 1) == [("A", "C")]
    state.loco[1] = 2
    assert paths(state, 1) == [("A", "B", "C"), ("A", "C")]


def test_own_links_fewer_than_one_opponent_is_illegal():
    state = make()
    triangle(state)
    state.cubes[name(state, "B")] = ["yellow"]
    # B-A (seat 0) then A-C (seat 1): 1 vs 1 fine for seat 0; B-C direct is seat 1's only
    state.loco[0] = 3
    assert paths(state, 0) == [("B", "A", "C")]
    state.links[triangle_id(state, "A", "B")].owner = 2
    assert paths(state, 0) == []  # no own link at all


def triangle_id(state, a, b):
    for link in state.links.values():
        if {state.hm.names[link.a], state.hm.names[link.b]} == {a, b}:
            return link.id
    raise KeyError((a, b))


def test_a_cube_never_returns_to_its_city_or_revisits():
    state = make()
    triangle(state)
    state.loco[0] = state.loco[1] = 6
    state.cubes[name(state, "A")] = ["red"]  # the only red city is A itself
    assert paths(state, 0) == [] and paths(state, 1) == []


def test_a_cube_stops_at_the_first_city_of_its_colour():
    state = make()
    triangle(state)
    track.build_track(state, 0, hx(state, 3, 0), W, E)  # B -> (4,0)
    track.build_track(state, 0, hx(state, 4, 0), W, E)  # -> D
    state.loco[0] = 3
    state.cubes[name(state, "A")] = ["purple"]
    assert paths(state, 0, "purple") == [("A", "B", "D")]
    state.colour[name(state, "B")] = "purple"
    assert paths(state, 0, "purple") == [("A", "B")]


def test_delivery_points_mover_first_then_turn_order_all_on_one_track():
    state = make()
    ids = triangle(state)
    state.cubes[name(state, "A")] = ["yellow"]
    state.bag["yellow"] -= 1  # the test's cube comes out of the bag
    state.loco[0] = 2
    state.phase, state.queue, state.move_round = "move", [0, 1, 2], 1
    route = (ids[("A", "B")], triangle_id(state, "B", "C"))
    GAME.apply(state, Deliver(name(state, "A"), "yellow", route))
    assert [d.seat for d in state.pending] == [0, 1]
    assert GAME.current_player(state) == 0
    GAME.apply(state, TakeIncome())
    GAME.apply(state, TakeVP())
    assert (state.income[0], state.vp[0], state.income[1], state.vp[1]) == (1, 0, 0, 1)
    assert state.cubes[name(state, "A")] == [] and state.delivered["yellow"] == 1
    assert state.events[-1]["own_links"] == 1 and state.events[-1]["other_links"] == 1
    assert not GAME.invariants(state)


def test_base_raise_takes_the_smallest_multiple_of_five():
    state = make(cash=1)
    assert economy.pay(state, 0, 4)
    assert (state.income[0], state.cash[0], state.capital_raised[0]) == (-1, 2, 5)


def test_base_raise_at_the_income_floor_costs_two_vp_per_five():
    state = make(cash=0)
    state.income[0], state.vp[0] = -10, 5
    assert economy.available(state, 0) == 10
    assert economy.pay(state, 0, 6)
    assert (state.income[0], state.vp[0], state.cash[0]) == (-10, 1, 4)


def test_base_bankruptcy_releases_links():
    state = make(cash=0)
    triangle(state)
    track.build_track(state, 1, hx(state, 3, 0), W, E)  # seat 1: incomplete B -> (4,0)
    state.income[1], state.vp[1] = -10, 1
    economy.base_income(state, 1)
    assert state.bankrupt[1] and 1 not in state.order
    owners = sorted(link.owner for link in state.links.values())
    assert owners == [DEAD, DEAD, UNOWNED, 0]
    assert not GAME.invariants(state)


def test_dead_links_score_for_nobody_and_do_not_count_as_an_opponent():
    state = make()
    triangle(state)
    for link in state.links.values():
        if link.owner == 1:
            link.owner = DEAD
    state.cubes[name(state, "A")] = ["yellow"]
    state.loco[0] = 2
    assert paths(state, 0) == [("A", "B", "C")]


def test_standard_capital_and_cash_only_payments():
    state = make("standard", cash=0)
    assert economy.capital_limit(state, 0) == 10
    economy.buy_capital(state, 0, 2)
    assert (state.income[0], state.cash[0]) == (-2, 10)
    assert economy.available(state, 0) == 10
    assert not economy.pay(state, 0, 11)


def test_standard_expenses_and_shortfall():
    state = make("standard", cash=0)
    state.income[0], state.loco[0], state.vp[0] = 0, 3, 5
    economy.standard_expenses(state, 0)  # owes 3: 2 VP, $1 change
    assert (state.vp[0], state.cash[0], state.income[0]) == (3, 1, 0)
    state.vp[0], state.cash[0] = 0, 0
    economy.standard_expenses(state, 0)  # owes 3 at 0 VP: 2 income steps, $1 change
    assert (state.income[0], state.cash[0]) == (-2, 1)
    state.income[0], state.cash[0] = -10, 0
    economy.standard_expenses(state, 0)
    assert state.bankrupt[0]
    state.income[1], state.loco[1], state.cash[1] = 5, 2, 0
    economy.standard_expenses(state, 1)
    assert state.cash[1] == 3


def test_final_scoring_income_and_links():
    state = make()
    triangle(state)
    state.income = [5, -3, 0]
    state.vp = [1, 4, 0]
    assert GAME.running_scores(state) == [1 + 2 + 1, 4 - 6 + 2, 0]
    assert economy.final_income_vp(5) == 2 and economy.final_income_vp(-3) == -6


def test_ties_break_on_income_then_lowest_tile():
    state = make()
    state.vp = [3, 3, 3]
    state.income = [0, 2, 2]
    state.last_tiles = {0: 1, 1: 5, 2: 3}
    flow.finish(state, "last_turn_played")
    out = GAME.outcome(state)
    assert out.scores == [3.0, 4.0, 4.0]
    assert out.ranks == [3, 2, 1]


def test_standard_auction_payments_and_turn_order_pass():
    state = make("standard", n=4, cash=20)
    state.last_tiles = {2: 1}  # seat 2 held Turn Order
    flow.start_auction(state)
    script = [
        (0, Bid(1)),
        (1, Bid(2)),
        (2, BidPass()),
        (3, BidPass()),
        (0, Bid(3)),
        (1, BidPass()),
        (2, BidPass()),
    ]
    for seat, action in script:
        assert GAME.current_player(state) == seat
        assert action in GAME.legal_actions(state)
        GAME.apply(state, action)
    assert state.order == [0, 2, 1, 3]
    assert state.cash == [17, 19, 20, 20]  # seat 1 pays half of 2 (seat 3), seat 3 last: free
    assert state.phase == "select"
    assert not GAME.invariants(state)


def test_standard_auction_seat_two_pays_full_and_last_seat_nothing():
    state = make("standard", n=4, cash=20)
    flow.start_auction(state)
    for action in (Bid(0), Bid(1), Bid(2), Bid(3), BidPass(), BidPass(), BidPass()):
        GAME.apply(state, action)
    assert state.order == [3, 2, 1, 0]
    assert state.cash == [20, 19, 18, 17]  # seat 4 free, seat 3 half of 1 -> 1, seats 1-2 full


def test_base_seat_auction_winner_raises_money_and_last_seat_is_free():
    p = params("base")
    state = flow.setup(p, 3, np.random.default_rng(5))
    assert state.phase == "seat_auction"
    first = GAME.current_player(state)
    GAME.apply(state, SeatBid(2))
    GAME.apply(state, SeatPass())
    GAME.apply(state, SeatPass())
    assert state.order[0] == first
    assert (state.cash[first], state.income[first]) == (3, -1)
    while state.phase == "seat_auction":
        GAME.apply(state, SeatPass())
    assert sorted(state.order) == [0, 1, 2] and state.phase == "select"
    assert sum(state.cash) == 3
    assert not GAME.invariants(state)


@pytest.mark.parametrize("rules", ["base", "standard"])
def test_locomotive_upgrade_once_per_turn_in_the_move_phase(rules):
    from sim.games.steam.rules.actions import PassMove, UpgradeLoco

    state = make(rules)
    state.phase, state.queue, state.move_round = "move", [0, 1, 2], 1
    GAME.apply(state, UpgradeLoco())
    assert state.loco[0] == 2
    GAME.apply(state, PassMove())
    GAME.apply(state, PassMove())
    assert GAME.current_player(state) == 0 and state.move_round == 2
    assert UpgradeLoco() not in GAME.legal_actions(state)


def test_turn_order_holder_dropping_after_its_free_pass_pays_nothing():
    state = make("standard", n=3, cash=20)
    state.last_tiles = {1: 1}  # seat 1 held Turn Order
    flow.start_auction(state)
    for action in (Bid(1), Bid(2), Bid(3), BidPass(), BidPass()):
        GAME.apply(state, action)  # 0 bids 1, 1 bids 2, 2 bids 3, 0 drops (seat 3), 1 free pass
    assert GAME.current_player(state) == 1  # still in: seat 2 is the high bidder and is skipped
    GAME.apply(state, BidPass())  # 1 drops to seat 2 after its free pass: pays nothing
    assert state.order == [2, 1, 0]
    assert state.cash == [20, 20, 17]


def test_the_move_turn_ends_only_after_the_points_are_placed():
    state = make()
    ids = triangle(state)
    state.cubes[name(state, "A")] = ["yellow"]
    state.bag["yellow"] -= 1
    state.loco[0] = 2
    state.round = state.total_rounds
    state.phase, state.queue, state.move_round = "move", [0], 2  # the very last move of the game
    route = (ids[("A", "B")], triangle_id(state, "B", "C"))
    GAME.apply(state, Deliver(name(state, "A"), "yellow", route))
    assert not state.ended and state.phase == "move"
    GAME.apply(state, TakeIncome())
    GAME.apply(state, TakeIncome())
    assert state.ended and GAME.is_terminal(state)
    assert state.cash[0] == 50 + 1  # the new income point was collected in this turn's income phase
