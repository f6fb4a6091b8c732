"""§14 T01-T09: income track, loans, round income, shortfall."""

from __future__ import annotations

import numpy as np

from sim.games.brass.bots.heuristic import BOTS
from sim.games.brass.rules.cards import Pass
from sim.games.brass.rules.income import RemoveTile, TakeLoan
from sim.games.brass.rules.resources import flip, gain_income
from sim.games.brass.rules.state import RAIL
from tests.games.brass.helpers import act, fresh, legal, new_state, pass_round, place


def test_t01_income_levels():
    level = new_state().board.level_of_space
    expect = {
        10: 0,
        12: 1,
        13: 2,
        19: 5,
        30: 10,
        31: 11,
        35: 12,
        60: 20,
        61: 21,
        68: 22,
        96: 29,
        97: 30,
        99: 30,
    }
    assert {space: level[space] for space in expect} == expect
    assert level[0] == -10 and len(level) == 100


def test_t02_loan_from_start():
    state = new_state()
    card = state.hands[0][0]
    act(state, TakeLoan(card))
    assert state.money[0] == 47
    assert state.income_level(0) == -3
    assert state.income_space[0] == 7


def test_t03_loan_legal_down_to_level_minus_7():
    for level, allowed in [(0, True), (-7, True), (-8, False), (-9, False), (-10, False)]:
        state = new_state()
        state.income_space[0] = state.board.highest_space[level]
        card = state.hands[0][0]
        assert (TakeLoan(card) in legal(state)) is allowed, level
        if allowed and level == -7:
            act(state, TakeLoan(card))
            assert state.income_space[0] == 0


def test_t04_flip_advances_spaces_not_levels():
    state = new_state()
    s = place(state, 0, "Stafford", "brewery", 1)
    flip(state, s)
    assert state.income_space[0] == 14
    assert state.income_level(0) == 2


def test_t05_income_capped_at_99():
    state = new_state()
    state.income_space[0] = 98
    gain_income(state, 0, 4)
    assert state.income_space[0] == 99 and state.income_level(0) == 30


def test_t06_loan_goes_to_highest_space_of_new_level():
    for start_level, space in [(5, 14), (15, 36), (25, 68)]:
        state = new_state()
        state.income_space[0] = state.board.highest_space[start_level] - 1
        act(state, TakeLoan(state.hands[0][0]))
        assert state.income_space[0] == space


def test_t07_round_income_pays_level_and_negative_pays_bank():
    state = new_state()
    state.income_space = [20, 7]  # level 5 and level -3
    pass_round(state)
    assert state.money == [17 + 5, 17 - 3]


def _to_last_round(state, era):
    while not (state.era == era and not state.deck and all(len(h) <= 2 for h in state.hands)):
        pass_round(state)


def test_t08_last_canal_round_pays_income_last_rail_round_does_not():
    state = fresh()
    _to_last_round(state, 0)
    state.income_space = [12, 12]
    state.money = [17, 17]
    pass_round(state)
    assert state.era == RAIL and state.money == [18, 18]
    _to_last_round(state, RAIL)
    state.money = [17, 17]
    pass_round(state)
    assert state.finished and state.money == [17, 17]


def test_t09_shortfall_sells_tiles_for_half_cost_only_as_needed():
    state = new_state()
    cheap = place(state, 0, "Stafford", "brewery", 2)  # cost 7 -> £3
    mid = place(state, 0, "Birmingham", "manufacturer", 2)  # cost 10 -> £5
    state.income_space[0] = 5  # level -5
    state.money[0] = 0
    state.income_space[1] = 10
    while not state.pending:
        act(state, Pass(state.hands[state.order[state.turn_pos]][0]))
    # seat 0 owes £5 with £0: must choose a tile
    assert set(legal(state)) == {RemoveTile(cheap), RemoveTile(mid)}
    act(state, RemoveTile(mid))
    assert state.money[0] == 0 and state.slot_owner[cheap] == 0  # £5 paid, second tile kept
    assert not state.pending


def test_t09_shortfall_refunds_round_down_and_costs_vp():
    state = new_state()
    only = place(state, 0, "Stafford", "brewery", 2)  # cost 7 -> £3
    state.income_space[0] = 2  # level -8
    state.money[0] = 1
    state.vp[0] = 10
    pass_round(state)
    assert state.slot_owner[only] == -1
    assert state.money[0] == 0 and state.vp[0] == 10 - (8 - 4)


def test_t09_refund_table():
    state = new_state()
    board = state.board
    for cost, refund in [(10, 5), (15, 7), (7, 3), (1, 0)]:
        assert cost // board.params.shortfall.tile_refund_divisor == refund


def _in_debt_with_tiles():
    """Seat 0 owes £3 with £0 and owns a flipped Pottery II (refund £0), Cotton I (£6), Coal I (£2)."""
    state = new_state()
    pottery = place(state, 0, "Stafford", "pottery", 2, flipped=True)
    cotton = place(state, 0, "Worcester", "cotton", 1)
    coal = place(state, 0, "Dudley", "coal", 1)
    state.income_space[0] = 7  # level -3
    state.money[0] = 0
    while not state.pending:
        act(state, Pass(state.hands[state.order[state.turn_pos]][0]))
    return state, pottery, cotton, coal


def test_b34_a_tile_refunding_nothing_is_not_offered_for_a_shortfall():
    # "移除自己在版图上的产业板块来补足差额": tiles are removed to raise money; £0 makes up nothing
    state, pottery, cotton, coal = _in_debt_with_tiles()
    assert set(legal(state)) == {RemoveTile(cotton), RemoveTile(coal)}
    act(state, RemoveTile(cotton))
    assert state.money[0] == 3 and state.slot_owner[pottery] == 0 and state.slot_owner[coal] == 0


def test_b34_only_zero_refund_tiles_left_costs_vp_and_keeps_them():
    state = new_state()
    pottery = place(state, 0, "Stafford", "pottery", 2, flipped=True)
    state.income_space[0] = 7  # level -3
    state.money[0] = 1
    state.vp[0] = 10
    pass_round(state)
    assert state.slot_owner[pottery] == 0
    assert state.money[0] == 0 and state.vp[0] == 10 - 2


def test_b34_bot_removes_the_cheapest_tile_that_covers_the_debt():
    state, pottery, cotton, coal = _in_debt_with_tiles()
    bot = BOTS["merchant"](0)
    choice = bot.choose(state, legal(state), np.random.default_rng(0))
    assert choice == RemoveTile(cotton)  # Coal I (£2) alone would not pay £3: both would be lost
    act(state, choice)
    assert state.slot_owner[coal] == 0 and state.slot_owner[pottery] == 0
