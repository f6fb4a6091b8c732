"""Observation and determinization: what a seat may see, and hidden cards dealt back at random."""

from __future__ import annotations

import pickle

import numpy as np

from sim.core.play import setup_rng
from sim.games.brass.bots.heuristic import BOTS
from sim.games.brass.rules.board import WILD_INDUSTRY, WILD_LOCATION
from sim.games.brass.rules.cards import Scout
from sim.games.brass.rules.state import RAIL
from tests.games.brass.helpers import GAME, PARAMS, fresh, new_state, pass_round


def test_observation_hides_other_hands_and_deck():
    state = fresh(3)
    obs = GAME.observation(state, 1)
    assert obs.public.hands[1] == state.hands[1]
    assert obs.hand_sizes == (8, 8, 8) and obs.deck_size == len(state.deck)
    assert obs.public.deck == [] and obs.public.hands[0] == [] and obs.public.hands[2] == []
    text = repr(obs.public)
    assert str(state.deck) not in text
    assert all(h == state.hands[1] or str(h) not in text for h in state.hands)


def test_setup_discards_are_face_down_for_everyone():
    state = fresh(3)
    obs = GAME.observation(state, 1)
    assert obs.facedown == PARAMS.setup_discards == 1
    assert obs.public.discards == [[], [], []]  # own face-down card too: nobody looked at it
    hidden = state.deck + state.hands[0] + state.hands[2] + [c for pile in state.discards for c in pile]
    assert obs.unseen == tuple(sorted(hidden))


def test_played_cards_and_wilds_stay_public():
    state = new_state(2)
    state.hands[0] = ["Dudley", "Dudley", "Birmingham", "Coalbrookdale"]
    GAME.apply(state, Scout(("Birmingham", "Dudley", "Dudley")))
    obs = GAME.observation(state, 1)
    assert obs.public.hands[0] == [WILD_LOCATION, WILD_INDUSTRY]  # scouting is public
    assert obs.public.discards[0] == ["Birmingham", "Dudley", "Dudley"]  # face up after the setup card
    assert obs.hand_sizes[0] == 3 and "Coalbrookdale" in obs.unseen


def test_no_face_down_cards_in_the_rail_era():
    state = fresh(2)
    while state.era != RAIL:
        pass_round(state)
    obs = GAME.observation(state, 0)
    assert obs.facedown == 0
    assert obs.public.discards == state.discards


def test_determinize_round_trips_and_resamples():
    state = fresh(4)
    obs = GAME.observation(state, 2)
    a = GAME.determinize(obs, np.random.default_rng(1))
    b = GAME.determinize(obs, np.random.default_rng(2))
    assert GAME.observation(a, 2) == obs and GAME.observation(b, 2) == obs
    assert a.hands[2] == state.hands[2]
    assert (a.hands, a.deck, a.discards) != (b.hands, b.deck, b.discards)
    assert a.rng.bit_generator.state != b.rng.bit_generator.state
    assert GAME.invariants(a) == [] and GAME.invariants(b) == []
    assert pickle.loads(pickle.dumps(obs)) == obs


def test_determinized_states_play_on_mid_game():
    state = GAME.initial_state(PARAMS, 3, setup_rng(4))
    bots = [BOTS[name](seat) for seat, name in enumerate(["merchant", "potter", "networker"])]
    rng = np.random.default_rng(4)
    for step in range(400):
        if GAME.is_terminal(state):
            break
        seat = GAME.current_player(state)
        if step % 37 == 0:
            obs = GAME.observation(state, seat)
            sampled = GAME.determinize(obs, np.random.default_rng(step))
            assert GAME.observation(sampled, seat) == obs
            assert GAME.invariants(sampled) == []
            assert GAME.legal_actions(sampled) == GAME.legal_actions(state)  # own choices do not change
            other = sampled.clone()
            GAME.apply(other, GAME.legal_actions(other)[0])
        GAME.apply(state, bots[seat].choose(state, GAME.legal_actions(state), rng))
