"""Turn flow: action tiles and their costs, build and move order, turn order, game length."""

from __future__ import annotations

import numpy as np

from sim.games.steam import SPEC
from sim.games.steam.rules import flow
from sim.games.steam.rules.actions import CityGrowth, EndBuild, TakeTile
from sim.games.steam.rules.state import (
    CITY_GROWTH,
    ENGINEER,
    FIRST_BUILD,
    FIRST_MOVE,
    LOCOMOTIVE,
    TURN_ORDER,
    URBANIZATION,
)
from tests.games.steam.helpers import make, params

GAME = SPEC.game


def selecting(rules="base", n=3, cash=20):
    state = make(rules, n=n, cash=cash)
    flow.start_select(state)
    return state


def test_base_tile_prices_and_pass_options():
    state = selecting()
    legal = GAME.legal_actions(state)
    assert TakeTile(CITY_GROWTH) in legal and TakeTile(CITY_GROWTH, pay=False) in legal
    assert TakeTile(URBANIZATION) in legal and TakeTile(URBANIZATION, pay=False) in legal
    assert TakeTile(LOCOMOTIVE) in legal and TakeTile(LOCOMOTIVE, pay=False) not in legal
    GAME.apply(state, TakeTile(LOCOMOTIVE))  # 4 + new level 2
    assert (state.cash[0], state.loco[0]) == (14, 2)
    GAME.apply(state, TakeTile(URBANIZATION))
    assert state.cash[1] == 14 and state.special[1] == URBANIZATION and state.must_special[1]
    GAME.apply(state, TakeTile(CITY_GROWTH, pay=False))
    assert state.cash[2] == 20 and 2 not in state.special
    assert state.phase == "build"


def test_standard_tiles_are_free_and_city_growth_may_be_declined():
    state = selecting("standard")
    GAME.apply(state, TakeTile(LOCOMOTIVE))
    GAME.apply(state, TakeTile(CITY_GROWTH))
    GAME.apply(state, TakeTile(ENGINEER))
    assert state.cash == [20, 20, 20] and state.loco[0] == 2
    assert state.queue[0] == 0  # no First Build holder: turn order
    GAME.apply(state, EndBuild())
    assert state.queue[0] == 1
    assert any(isinstance(a, CityGrowth) for a in GAME.legal_actions(state))
    assert EndBuild() in GAME.legal_actions(state)  # may decline


def test_a_paid_base_city_growth_must_be_carried_out():
    state = selecting()
    GAME.apply(state, TakeTile(CITY_GROWTH))
    GAME.apply(state, TakeTile(TURN_ORDER))
    GAME.apply(state, TakeTile(FIRST_MOVE))
    assert state.queue[0] == 0
    assert EndBuild() not in GAME.legal_actions(state)
    growth = next(a for a in GAME.legal_actions(state) if isinstance(a, CityGrowth))
    GAME.apply(state, growth)
    assert state.growth[growth.city] and EndBuild() in GAME.legal_actions(state)


def test_first_build_engineer_first_move_and_next_turn_order():
    state = selecting(n=4)
    for tile in (ENGINEER, FIRST_MOVE, FIRST_BUILD, TURN_ORDER):
        GAME.apply(state, TakeTile(tile))
    assert state.queue == [2, 0, 1, 3] and state.builds_left == 3
    GAME.apply(state, EndBuild())
    assert state.queue[0] == 0 and state.builds_left == 4  # Engineer
    for _ in range(3):
        GAME.apply(state, EndBuild())
    assert state.phase == "move" and state.queue == [1, 0, 2, 3]
    for _ in range(8):
        GAME.apply(state, GAME.legal_actions(state)[-1])  # PassMove
    assert state.round == 2 and state.order == [3, 1, 0, 2]  # by tile number 1, 2, 3, 4


def test_game_length_by_player_count_and_last_turn_ends_after_income():
    for n, rounds in ((3, 10), (4, 8), (5, 7), (6, 7)):
        state = flow.setup(params(base_initial_order="random"), n, np.random.default_rng(1))
        assert state.total_rounds == rounds
    state = selecting()
    state.round = state.total_rounds
    state.income = [3, 0, -2]
    state.phase, state.queue, state.move_round = "move", [0, 1, 2], 2
    for _ in range(3):
        GAME.apply(state, GAME.legal_actions(state)[-1])
    assert state.ended and state.cash == [23, 20, 18]


def test_random_first_order_pays_later_seats():
    state = flow.setup(params(base_initial_order="random"), 4, np.random.default_rng(3))
    assert [state.cash[s] for s in state.order] == [0, 1, 2, 3]
    assert state.phase == "select" and not GAME.invariants(state)
