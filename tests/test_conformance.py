"""Generic conformance: every registered game, bundled variant and player count, through random playouts."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

from sim.config import load_config
from sim.core.play import bot_rng, play_game, setup_rng
from sim.games import game_names, get_game

PLAYOUTS = 2


def cases():
    for name in game_names():
        spec = get_game(name)
        configs = sorted(spec.default_config.parent.glob("*.yaml"))
        for config in configs:
            for n in spec.player_counts:
                yield pytest.param(name, config, n, id=f"{name}-{config.stem}-{n}p")


def random_playout(spec, params, n, seed, snapshot_at=None):
    """Play uniformly random legal actions; return the final state, the choices made, and a mid-game snapshot."""
    rules = spec.rules
    state = rules.initial_state(params, n, setup_rng(seed))
    rng = bot_rng(seed, 0)
    snapshot = None
    choices: list[int] = []
    cap = spec.max_actions(n)
    while not rules.is_terminal(state):
        assert len(choices) < cap, f"no end within the cap of {cap} actions"
        legal = list(rules.legal_actions(state))
        assert legal, f"no legal action in round {rules.round_number(state)}"
        seat = rules.current_player(state)
        assert 0 <= seat < n
        rules.observation(state, seat)
        if len(choices) == snapshot_at:
            clone = state.clone()
            snapshot = (clone, pickle.dumps(clone))
        choices.append(int(rng.integers(len(legal))))
        rules.apply(state, legal[choices[-1]])
    return state, choices, snapshot


def replay(spec, state, choices):
    """Apply recorded choice indices to ``state`` until the game ends."""
    for choice in choices:
        spec.rules.apply(state, spec.rules.legal_actions(state)[choice])
    return state


@pytest.mark.parametrize(("game", "config", "n_players"), list(cases()))
def test_random_playouts_respect_invariants(game, config, n_players):
    spec = get_game(game)
    params = load_config(config).params
    rules = spec.rules
    for seed in range(PLAYOUTS):
        state, _, _ = random_playout(spec, params, n_players, seed)
        scores = rules.scores(state)
        ranks = rules.ranking(state)
        assert len(scores) == len(ranks) == n_players
        assert all(math.isfinite(s) for s in scores)
        assert 1 in ranks and all(1 <= r <= n_players for r in ranks)
        best = max(scores)
        assert all(scores[seat] == best for seat, r in enumerate(ranks) if r == 1), (
            "a winner without top score"
        )
        breakdown = rules.score_breakdown(state)
        assert len(breakdown) == n_players
        assert set(breakdown[0]) <= set(spec.breakdown_columns)
        for table, rows in rules.events(state).items():
            assert table in spec.event_tables
            for row in rows[:50]:
                assert set(row) <= set(spec.event_tables[table])
        assert rules.end_reason(state)


@pytest.mark.parametrize(("game", "config", "n_players"), list(cases()))
def test_clones_and_pickles_are_independent_and_replay_identically(game, config, n_players):
    spec = get_game(game)
    params = load_config(config).params
    rules = spec.rules
    _, choices, _ = random_playout(spec, params, n_players, 7)
    half = len(choices) // 2
    final, _, (clone, pickled) = random_playout(spec, params, n_players, 7, snapshot_at=half)
    assert pickle.dumps(clone) == pickled, "a clone changed when the original went on"
    for copy in (clone, pickle.loads(pickled)):
        finished = replay(spec, copy, choices[half:])
        assert rules.is_terminal(finished)
        assert rules.scores(finished) == rules.scores(final)
        assert rules.ranking(finished) == rules.ranking(final)


@pytest.mark.parametrize("game", game_names())
def test_every_bot_finishes_a_game(game):
    spec = get_game(game)
    params = load_config(spec.default_config).params
    n = spec.player_counts[-1]
    for name in spec.bots:
        record = play_game(spec, params, n, 3, [name] * n, catch_errors=False)
        assert record.rounds > 0 and len(record.scores) == n
        assert np.isfinite(record.scores).all()
