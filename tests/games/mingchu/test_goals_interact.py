"""What passes between players (the ``interaction`` goal's flows) and each seat's decisions and turns
(the ``waiting`` goal), counted where the rules move them: a planted payment is counted once, on
both sides, and nothing else moves."""

from __future__ import annotations

from collections import Counter

from sim.core.decisions import Decision, Pending
from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.production import foreign_cost, produce_foreign
from sim.games.mingchu.rules.scoring import breakdown
from sim.games.mingchu.rules.state import FLOWS, Industry
from sim.games.mingchu.rules.trade import Offer, execute

from .helpers import PARAMS, RULES, new_state, place
from .test_turns import road, turn_state


def flow_cells(state) -> dict[tuple[int, str], float]:
    """Every non-zero flow column of the breakdown: (seat, column) -> amount."""
    return {
        (seat, column): value
        for seat, row in enumerate(breakdown(state))
        for column, value in row.items()
        if column.startswith("flow_") and value
    }


def test_a_forced_toll_is_counted_once_paid_and_once_received():
    state = turn_state("延安府", "延安府")
    state.yidao[road(state, "延安府-西安府")] = 2
    RULES.apply(state, A.Move(road(state, "延安府-西安府"), "yidao_paid"))
    assert state.players[2].held[0] == 1  # the rules' payment happened
    assert flow_cells(state) == {(0, "flow_toll_favor_out"): 1.0, (2, "flow_toll_favor_in"): 1.0}


def test_a_borrowed_industry_counts_its_coins_and_its_marker():
    state = new_state()
    silk = place(state, "应天府")
    state.industries[silk] = Industry(owner=1)
    cost = foreign_cost(state, 0, silk)
    state.players[0].coins = 20
    state.players[0].managers = [silk, silk]
    state.players[0].packs = [Counter(), Counter()]
    produce_foreign(state, 0, silk, 0, pay=True)
    assert flow_cells(state) == {
        (0, "flow_industry_coins_out"): cost,
        (1, "flow_industry_coins_in"): cost,
        (0, "flow_industry_favor_out"): 1.0,
        (1, "flow_industry_favor_in"): 1.0,
    }


def test_a_bought_stored_good_and_a_trade_are_counted_on_both_sides():
    state = new_state()
    yanan = place(state, "延安府")
    state.industries[yanan] = Industry(owner=1, stored="粮食")
    buyer = state.players[0]
    buyer.managers, buyer.packs, buyer.coins = [yanan, yanan], [Counter(), Counter()], 5
    state.pending = Pending([Decision("turn", 0, {"manager": 0, "steps": 0, "moves": 0, "quick": 0})])
    RULES.apply(state, A.BuyStored(yanan))
    assert flow_cells(state) == {(0, "flow_industry_coins_out"): 3.0, (1, "flow_industry_coins_in"): 3.0}
    state = new_state()
    state.players[2].coins, state.players[3].coins = 10, 10
    state.players[2].grace_cards = ["x"]
    execute(state, 2, Offer(to=3, coins=4, card="x", want_favor=2))
    assert flow_cells(state) == {
        (2, "flow_trade_coins_out"): 4.0,
        (3, "flow_trade_coins_in"): 4.0,
        (2, "flow_trade_card_out"): 1.0,
        (3, "flow_trade_card_in"): 1.0,
        (3, "flow_trade_favor_out"): 2.0,
        (2, "flow_trade_favor_in"): 2.0,
    }


def test_in_a_played_game_every_flow_is_paid_as_much_as_received_and_turns_add_up():
    seats: list[int] = []
    record = play_game(
        SPEC, PARAMS, 4, 7, ("industrialist", "roadbuilder", "runner", "random"),
        on_step=lambda state, seat, action, text: seats.append(seat), catch_errors=False,
    )  # fmt: skip
    rows = record.breakdown
    for flow in FLOWS:
        paid = sum(row[f"flow_{flow}_out"] for row in rows)
        assert paid == sum(row[f"flow_{flow}_in"] for row in rows), flow
    assert sum(row["flow_toll_favor_out"] for row in rows) > 0  # tolls happen in a real game
    for row in rows:  # every marker handed to another player is one of the counted flows
        markers = row["flow_toll_favor_out"] + row["flow_industry_favor_out"] + row["flow_trade_favor_out"]
        assert markers == row["favor_paid"]
        assert row["earned_coins"] > 0
    # decisions and spells, recounted from the sequence of seats that acted
    assert record.decisions == [seats.count(s) for s in range(4)]
    assert sum(record.decisions) == record.actions
    runs = [s for i, s in enumerate(seats) if i == 0 or seats[i - 1] != s]
    assert record.spells == [runs.count(s) for s in range(4)]
