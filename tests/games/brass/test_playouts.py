"""Random playouts: every legal action applies, the game ends, clones and pickles are independent."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from sim.core.play import play_game, setup_rng
from sim.games.brass import SPEC, rules
from tests.games.brass.helpers import PARAMS


def _snapshot(state) -> tuple:
    return (
        list(state.money),
        list(state.vp),
        [list(h) for h in state.hands],
        list(state.slot_owner),
        list(state.slot_res),
        list(state.link_owner),
        list(state.pending),
        state.round,
    )


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_playout_conformance(n):
    for seed in range(3):
        state = rules.initial_state(PARAMS, n, setup_rng(seed))
        rng = np.random.default_rng(seed)
        steps = 0
        clone = frozen = None
        while not rules.is_terminal(state):
            legal = rules.legal_actions(state)
            assert legal, f"no legal action at step {steps}"
            assert 0 <= rules.current_player(state) < n
            if steps == 60:
                clone = state.clone()
                frozen = _snapshot(clone)
                restored = pickle.loads(pickle.dumps(state))
                assert _snapshot(restored) == _snapshot(state)
                assert rules.legal_actions(restored) == legal
            rules.apply(state, legal[int(rng.integers(len(legal)))])
            steps += 1
            assert steps < SPEC.max_actions(n)
            assert all(m >= 0 for m in state.money)
        assert _snapshot(clone) == frozen
        assert rules.round_number(state) == {2: 20, 3: 18, 4: 16}[n]
        assert rules.end_reason(state) == "rail_era_over"
        assert sorted(rules.ranking(state))[0] == 1


def test_every_legal_action_applies_on_a_clone():
    state = rules.initial_state(PARAMS, 3, setup_rng(7))
    rng = np.random.default_rng(7)
    for _ in range(120):
        if rules.is_terminal(state):
            break
        legal = rules.legal_actions(state)
        for action in legal[:: max(1, len(legal) // 15)]:
            rules.apply(state.clone(), action)
        rules.apply(state, legal[int(rng.integers(len(legal)))])


def test_clone_replays_identically():
    state = rules.initial_state(PARAMS, 2, setup_rng(3))
    copy = state.clone()
    for s in (state, copy):
        rng = np.random.default_rng(1)
        while not rules.is_terminal(s):
            legal = rules.legal_actions(s)
            rules.apply(s, legal[int(rng.integers(len(legal)))])
    assert state.vp == copy.vp and state.money == copy.money


@pytest.mark.parametrize("n", [2, 3, 4])
def test_play_game_records(n):
    record = play_game(SPEC, PARAMS, n, 11, ["random"] * n, catch_errors=False)
    assert record.end_reason == "rail_era_over" and record.rounds == {2: 20, 3: 18, 4: 16}[n]
    assert len(record.breakdown) == n
    assert set(record.breakdown[0]) == set(SPEC.breakdown_columns)
    assert len(record.running_scores) == record.rounds


@pytest.mark.parametrize(
    "overrides",
    [{"actions_per_turn": "3"}, {"setup_discards": "0"}, {"hand_size": "5", "setup_discards": "3"}],
)
def test_uneven_custom_decks_still_finish(overrides):
    from sim.config import load_config
    from tests.games.brass.helpers import BASE

    params = load_config(BASE, overrides=overrides).params
    for n in (2, 3, 4):
        record = play_game(SPEC, params, n, 1, ["random"] * n, catch_errors=False)
        assert record.end_reason == "rail_era_over"
