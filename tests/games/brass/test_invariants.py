"""``invariants``: every conservation law holds in played games, and each one catches its bug."""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.play import setup_rng
from sim.games.brass.bots.heuristic import BOTS
from sim.games.brass.rules.build import BuildIndustry
from sim.games.brass.rules.develop import Develop
from tests.games.brass.helpers import GAME, PARAMS, act, ind_id, new_state, place


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_broken_law_in_played_games(n):
    state = GAME.initial_state(PARAMS, n, setup_rng(21))
    names = ["industrialist", "merchant", "potter", "networker"]
    bots = [BOTS[names[seat]](seat) for seat in range(n)]
    rng = np.random.default_rng(21)
    assert GAME.invariants(state) == []
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        GAME.apply(state, bots[seat].choose(state, GAME.legal_actions(state), rng))
        assert GAME.invariants(state) == []


def _built_state():
    """Seat 0 has built a tile (tile log, mat and board agree) and developed one tile."""
    state = new_state(2)
    build = next(a for a in GAME.legal_actions(state) if isinstance(a, BuildIndustry))
    act(state, build)
    while state.pending:  # take the coal/iron as offered
        act(state, GAME.legal_actions(state)[0])
    act(state, next(a for a in GAME.legal_actions(state) if a == Develop(a.card, "cotton")))
    while state.pending:  # decline a second develop
        act(state, GAME.legal_actions(state)[-1])
    assert GAME.invariants(state) == []
    return state, build.slot


def _broken(state, fragment: str) -> bool:
    return any(fragment in message for message in GAME.invariants(state))


def test_money_vp_income_and_markets():
    state, _ = _built_state()
    state.money[1] = -1
    state.vp[0] = -2
    state.income_space[1] = 500
    state.coal_cubes = len(PARAMS.coal_market.prices) + 1
    state.iron_cubes = -1
    for fragment in ("negative money", "negative VP", "off the track", "coal market", "iron market"):
        assert _broken(state, fragment), fragment


def test_cards_are_conserved():
    state, _ = _built_state()
    state.deck.pop()
    assert _broken(state, "cards not conserved")
    state, _ = _built_state()
    state.hands[1].append(state.hands[1][0])  # a duplicated card
    assert _broken(state, "cards not conserved")
    state, _ = _built_state()
    state.discards[0].append("Dudley")  # a card from nowhere
    assert _broken(state, "cards not conserved")
    state, _ = _built_state()
    state.wild_location -= 1  # a wild lost
    assert _broken(state, "wild_location")
    state, _ = _built_state()
    state.deck.append("wild_industry")  # a wild in the deck
    state.wild_industry -= 1
    assert _broken(state, "cards not conserved")


def test_industry_tiles_are_conserved():
    state, _ = _built_state()
    state.mat[0][ind_id(state, "iron")][0] -= 1  # a tile vanished from the mat
    assert _broken(state, "iron tiles not conserved")
    state, _ = _built_state()
    state.developed[0][ind_id(state, "cotton")] = 0  # a develop not booked
    assert _broken(state, "cotton tiles not conserved")
    state, _ = _built_state()
    place(state, 1, "Walsall", "iron")  # a tile on the board nobody built
    assert _broken(state, "does not match its tile log")
    state, slot = _built_state()
    state.slot_owner[slot] = -1  # a tile gone without being marked removed
    assert _broken(state, "tiles on the board")


def test_links_and_resources():
    state, slot = _built_state()
    state.links_left[0] -= 1
    assert _broken(state, "link tiles not conserved")
    state, slot = _built_state()
    state.slot_res[slot] = -1
    assert _broken(state, f"slot {slot} holds -1")
    state, slot = _built_state()
    state.slot_flipped[slot] = True  # a flipped tile still holding cubes
    state.slot_res[slot] = 1
    assert _broken(state, f"slot {slot} holds")
    state, _ = _built_state()
    state.mslot_beer[0] = -1
    assert _broken(state, "merchant slot 0 holds -1 beer")
