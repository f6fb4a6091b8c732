"""Random playouts: every legal action applies, the game ends, clones and pickles are independent."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from sim.core.play import play_game, setup_rng
from sim.games.brass import SPEC
from sim.games.brass.rules import game as rules
from tests.games.brass.helpers import GAME, PARAMS


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


def _check_invariants(state) -> None:
    """Conservation laws that must hold after every action (and the game's own ``invariants``)."""
    assert GAME.invariants(state) == []
    params = state.board.params
    n = state.n_players
    normal = [c for h in state.hands for c in h if c not in ("wild_location", "wild_industry")]
    assert len(state.deck) + len(normal) + sum(len(d) for d in state.discards) == len(state.board.deck(n))
    wild_loc = sum(h.count("wild_location") for h in state.hands)
    wild_ind = sum(h.count("wild_industry") for h in state.hands)
    assert state.wild_location + wild_loc == params.wild_location_cards
    assert state.wild_industry + wild_ind == params.wild_industry_cards
    for seat in range(n):
        assert state.links_left[seat] + state.link_owner.count(seat) == params.link_tiles_per_player
        assert state.money[seat] >= 0 and state.vp[seat] >= 0
        assert 0 <= state.income_space[seat] <= state.board.top_space
    assert 0 <= state.coal_cubes <= len(params.coal_market.prices)
    assert 0 <= state.iron_cubes <= len(params.iron_market.prices)
    for s, owner in enumerate(state.slot_owner):
        if owner >= 0:
            assert state.slot_ind[s] in state.board.slot_inds[s]
            assert state.slot_res[s] >= 0 and not (state.slot_flipped[s] and state.slot_res[s])
    if state.era == 0:  # canal: at most one own tile per place
        for slots in state.board.loc_slots:
            owners = [state.slot_owner[s] for s in slots if state.slot_owner[s] >= 0]
            assert len(owners) == len(set(owners))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_playout_conformance(n):
    for seed in range(3):
        state = GAME.initial_state(PARAMS, n, setup_rng(seed))
        rng = np.random.default_rng(seed)
        steps = 0
        clone = frozen = None
        while not GAME.is_terminal(state):
            legal = GAME.legal_actions(state)
            assert legal, f"no legal action at step {steps}"
            assert 0 <= GAME.current_player(state) < n
            if steps == 60:
                clone = state.clone()
                frozen = _snapshot(clone)
                restored = pickle.loads(pickle.dumps(state))
                assert _snapshot(restored) == _snapshot(state)
                assert GAME.legal_actions(restored) == legal
            GAME.apply(state, legal[int(rng.integers(len(legal)))])
            steps += 1
            assert steps < SPEC.max_actions(n)
            _check_invariants(state)
        assert _snapshot(clone) == frozen
        assert GAME.round_number(state) == {2: 20, 3: 18, 4: 16}[n]
        assert GAME.outcome(state).end_reason == "rail_era_over"
        assert sorted(rules.ranking(state))[0] == 1


def test_every_legal_action_applies_on_a_clone():
    state = GAME.initial_state(PARAMS, 3, setup_rng(7))
    rng = np.random.default_rng(7)
    for _ in range(120):
        if GAME.is_terminal(state):
            break
        legal = GAME.legal_actions(state)
        for action in legal[:: max(1, len(legal) // 15)]:
            GAME.apply(state.clone(), action)
        GAME.apply(state, legal[int(rng.integers(len(legal)))])


def test_clone_replays_identically():
    state = GAME.initial_state(PARAMS, 2, setup_rng(3))
    copy = state.clone()
    for s in (state, copy):
        rng = np.random.default_rng(1)
        while not GAME.is_terminal(s):
            legal = GAME.legal_actions(s)
            GAME.apply(s, legal[int(rng.integers(len(legal)))])
    assert state.vp == copy.vp and state.money == copy.money


@pytest.mark.parametrize("n", [2, 3, 4])
def test_heuristic_playout_invariants(n):
    from sim.games.brass.bots.heuristic import BOTS

    state = GAME.initial_state(PARAMS, n, setup_rng(5))
    bots = [
        BOTS[name](seat) for seat, name in enumerate(["merchant", "potter", "networker", "industrialist"][:n])
    ]
    rng = np.random.default_rng(5)
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        GAME.apply(state, bots[seat].choose(state, GAME.legal_actions(state), rng))
        _check_invariants(state)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_play_game_records(n):
    record = play_game(SPEC, PARAMS, n, 11, ["random"] * n, catch_errors=False)
    assert record.end_reason == "rail_era_over" and record.rounds == {2: 20, 3: 18, 4: 16}[n]
    assert len(record.breakdown) == n
    assert set(record.breakdown[0]) == set(SPEC.report.breakdown_columns)
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
