"""Random playout conformance for 4 and 5 players, on the fixture and the bundled configs."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from sim.config import load_config
from sim.core.play import play_game, setup_rng
from sim.games.mingchu import SPEC

from .helpers import FIXTURE

CONFIGS = [FIXTURE, *sorted(SPEC.config_dir.glob("*.yaml"))]


def _playout(params, n: int, seed: int):
    rules = SPEC.game
    state = rules.initial_state(params, n, setup_rng(seed))
    rng = np.random.default_rng(seed)
    actions = 0
    snapshot = None
    while not rules.is_terminal(state):
        assert actions < SPEC.max_actions(n)
        legal = list(rules.legal_actions(state))
        assert legal, f"no legal action in stage {state.stage}"
        assert len(set(legal)) == len(legal), "duplicate legal actions"
        seat = rules.current_player(state)
        assert 0 <= seat < n
        action = legal[int(rng.integers(len(legal)))]
        assert isinstance(rules.describe(state, action), str)
        if actions == 300:
            clone = state.clone()
            snapshot = (clone, rules.legal_actions(state), pickle.dumps(clone))
        rules.apply(state, action)
        actions += 1
        for player in state.players:
            assert player.coins >= 0 and player.workers >= 0 and player.supply >= 0
            assert state.backpack_room(state.players.index(player), "粮食") >= 0
        assert rules.invariants(state) == []
    return state, snapshot


@pytest.mark.parametrize("config", CONFIGS, ids=lambda p: p.stem)
@pytest.mark.parametrize("n", [4, 5])
def test_random_playout_until_the_end(config, n):
    params = load_config(config).params
    for seed in range(3 if config == FIXTURE else 1):
        state, snapshot = _playout(params, n, seed)
        rules = SPEC.game
        outcome = rules.outcome(state)
        assert state.period == "后期"
        assert len(outcome.scores) == n
        assert sorted(outcome.ranks)[0] == 1
        breakdown = outcome.breakdown
        assert set(breakdown[0]) == set(SPEC.report.breakdown_columns)
        vp = [sum(v for k, v in row.items() if k.startswith("vp_")) for row in breakdown]
        assert vp == outcome.scores
        assert outcome.end_reason.count("·") == 2
        # the snapshot is independent of the finished game and survives a pickle round trip
        clone, legal, frozen = snapshot
        assert not clone.terminal
        assert pickle.dumps(clone) == frozen, "a snapshot changed when the game went on"
        copy = pickle.loads(frozen)
        assert rules.legal_actions(copy) == legal == rules.legal_actions(clone)


SWITCHES = [
    {"rules.income_rewards": "all_reached"},
    {"rules.price_sources": "built"},
    {"rules.final_event_ends": "next_round"},
    {"rules.event_markers_return_to": "supply"},
    {"rules.end_tiebreak": "shared"},
    {"rules.pay_favor_with_held_first": "false"},
    {"rules.war_tie_winner": "建文"},
    {"rules.income_level": "marker"},
]


@pytest.mark.parametrize("override", SWITCHES, ids=lambda o: "=".join(next(iter(o.items()))))
def test_rule_switches_play_to_the_end(override):
    params = load_config(FIXTURE, overrides=override).params
    record = play_game(
        SPEC, params, 4, 2, ["runner", "industrialist", "roadbuilder", "random"], catch_errors=False
    )
    assert record.end_reason.count("·") == 2


@pytest.mark.parametrize("n", [4, 5])
def test_random_playout_with_a_shared_backpack(n):
    params = load_config(FIXTURE, overrides={"rules.backpack": "shared"}).params
    state, _ = _playout(params, n, 11)
    assert state.terminal and state.players[0].packs[1] == {}


@pytest.mark.parametrize("n", [4, 5])
def test_every_legal_action_applies(n):
    """At sampled positions of a random game, each legal action applies cleanly on a clone."""
    params = load_config(FIXTURE).params
    rules = SPEC.game
    state = rules.initial_state(params, n, setup_rng(5))
    rng = np.random.default_rng(5)
    kinds = set()
    steps = 0
    while not rules.is_terminal(state):
        legal = rules.legal_actions(state)
        if steps % 7 == 0:
            kinds.add(state.decision().kind)
            for action in legal:
                twin = state.clone()
                rules.apply(twin, action)
                assert twin.terminal or twin.pending, "no decision left after an action"
        rules.apply(state, legal[int(rng.integers(len(legal)))])
        steps += 1
    assert {"draft", "produce", "good_dest", "turn", "war"} <= kinds


def test_same_seed_same_game():
    params = load_config(FIXTURE).params
    first = play_game(SPEC, params, 4, 7, ["random"] * 4, catch_errors=False)
    second = play_game(SPEC, params, 4, 7, ["random"] * 4, catch_errors=False)
    assert first.scores == second.scores and first.actions == second.actions
    assert first.events == second.events


def test_clone_replays_identically():
    params = load_config(FIXTURE).params
    rules = SPEC.game
    state = rules.initial_state(params, 5, setup_rng(3))
    rng = np.random.default_rng(1)
    for _ in range(200):
        legal = rules.legal_actions(state)
        rules.apply(state, legal[int(rng.integers(len(legal)))])
    twin = state.clone()
    choices = []
    while not rules.is_terminal(state):
        legal = rules.legal_actions(state)
        choices.append(int(rng.integers(len(legal))))
        rules.apply(state, legal[choices[-1]])
    for choice in choices:
        rules.apply(twin, rules.legal_actions(twin)[choice])
    assert rules.outcome(twin).scores == rules.outcome(state).scores
