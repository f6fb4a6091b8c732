"""Random and heuristic playouts on every bundled config and supported player count, with invariants."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from sim.config import load_config
from sim.config.resources import config_root
from sim.core.play import bot_rng, play_game, setup_rng
from sim.games.steam import SPEC
from sim.games.steam.bots.heuristic import BuilderBot

GAME = SPEC.game
CONFIGS = sorted((config_root() / "steam").glob("*.yaml"))


def cases():
    for path in CONFIGS:
        params = load_config(path).params
        for n in params.board.players:
            yield pytest.param(path, n, id=f"{path.stem}-{n}p")


def random_playout(params, n, seed, share_random=1.0):
    """Uniform random actions; with ``share_random`` < 1 the builder bot plays the rest (longer games)."""
    state = GAME.initial_state(params, n, setup_rng(seed))
    rng = bot_rng(seed, 0)
    bots = [BuilderBot(s) for s in range(n)]
    actions = 0
    while not GAME.is_terminal(state):
        legal = GAME.legal_actions(state)
        assert legal, f"no legal action in {state.phase}, round {state.round}"
        if rng.random() < share_random:
            action = legal[int(rng.integers(len(legal)))]
        else:
            action = bots[GAME.current_player(state)].choose(state, legal, rng)
        GAME.describe(state, action)
        GAME.apply(state, action)
        actions += 1
        assert actions < SPEC.max_actions(n)
        problems = GAME.invariants(state)
        assert not problems, (problems, action)
    return state


@pytest.mark.parametrize(("path", "n"), list(cases()))
def test_random_playouts_keep_invariants(path, n):
    params = load_config(path).params
    for seed, share in ((0, 1.0), (1, 0.3)):
        state = random_playout(params, n, seed, share)
        out = GAME.outcome(state)
        assert len(out.scores) == n and 1 in out.ranks
        best = max(out.scores)
        assert all(out.scores[s] == best for s, r in enumerate(out.ranks) if r == 1)
        assert set(out.breakdown[0]) == set(SPEC.report.breakdown_columns)


@pytest.mark.parametrize(("path", "n"), list(cases()))
def test_heuristic_playouts_keep_invariants_and_deliver(path, n):
    params = load_config(path).params
    problems: list[str] = []

    def check(state, seat, action, text):
        problems.extend(GAME.invariants(state))

    lineup = [("builder", "income")[s % 2] for s in range(n)]
    record = play_game(SPEC, params, n, 11, lineup, on_step=check, catch_errors=False)
    assert not problems
    assert record.end_reason == "last_turn_played"
    assert record.rounds == params.rounds[n]
    assert sum(b["deliveries"] for b in record.breakdown) >= 2 * n
    for row in record.events["deliveries"][:5]:
        assert set(row) == set(SPEC.report.event_tables["deliveries"])


def test_heuristic_bots_deliver_every_round():
    params = load_config(config_root() / "steam" / "base.yaml").params
    rounds: Counter[int] = Counter()
    for seed in range(3):
        record = play_game(SPEC, params, 4, seed, ["builder", "income"] * 2, catch_errors=False)
        rounds.update(e["round"] for e in record.events["deliveries"])
    assert all(rounds[r] > 0 for r in range(1, params.rounds[4] + 1)), rounds


def test_same_seed_same_game():
    params = load_config(config_root() / "steam" / "standard.yaml").params
    one = play_game(SPEC, params, 4, 3, ["builder", "income", "random", "builder"], catch_errors=False)
    two = play_game(SPEC, params, 4, 3, ["builder", "income", "random", "builder"], catch_errors=False)
    assert one.scores == two.scores and one.events == two.events and one.actions == two.actions
    other = play_game(SPEC, params, 4, 4, ["builder", "income", "random", "builder"], catch_errors=False)
    assert (other.scores, other.events) != (one.scores, one.events)


def test_clone_and_pickle_replay_identically():
    params = load_config(config_root() / "steam" / "base.yaml").params
    state = GAME.initial_state(params, 3, setup_rng(2))
    rng = bot_rng(2, 0)
    for _ in range(40):
        legal = GAME.legal_actions(state)
        GAME.apply(state, legal[int(rng.integers(len(legal)))])
    clone = state.clone()
    copy = pickle.loads(pickle.dumps(state))
    snapshot = pickle.dumps(clone)
    choices = []
    while not GAME.is_terminal(state):
        legal = GAME.legal_actions(state)
        choices.append(int(rng.integers(len(legal))))
        GAME.apply(state, legal[choices[-1]])
    assert pickle.dumps(clone) == snapshot
    for other in (clone, copy):
        for c in choices:
            GAME.apply(other, GAME.legal_actions(other)[c])
        assert GAME.outcome(other).scores == GAME.outcome(state).scores


def test_observation_hides_only_the_random_stream():
    params = load_config(config_root() / "steam" / "base.yaml").params
    state = GAME.initial_state(params, 4, setup_rng(1))
    obs = GAME.observation(state, 2)
    assert obs.public.cubes == state.cubes and obs.public.supply_sets == state.supply_sets
    again = GAME.determinize(obs, setup_rng(9))
    assert again.cubes == state.cubes and GAME.legal_actions(again) == GAME.legal_actions(state)


def test_bots_decide_the_same_from_the_observation():
    """The bots use only public information: the observation (no random stream) gives the same choices."""
    params = load_config(config_root() / "steam" / "standard.yaml").params
    state = GAME.initial_state(params, 3, setup_rng(4))
    names = ["builder", "income", "builder"]
    full = [SPEC.bots.bots[name](s) for s, name in enumerate(names)]
    seen = [SPEC.bots.bots[name](s) for s, name in enumerate(names)]
    steps = 0
    while not GAME.is_terminal(state) and steps < 400:
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        action = full[seat].choose(state, legal, bot_rng(4, seat))
        public = GAME.observation(state, seat).public
        assert seen[seat].choose(public, GAME.legal_actions(public), bot_rng(4, seat)) == action
        GAME.apply(state, action)
        steps += 1
