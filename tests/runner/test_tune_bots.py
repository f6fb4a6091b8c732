"""``sim bots tune``: CMA-ES finds a planted optimum, the engine run resumes and replays exactly, and
the ``bots:`` weights it writes are read by the bots and refused when wrong."""

from __future__ import annotations

import math

import numpy as np
import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.config import ConfigError, load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.heuristic import PERSONAS, persona_for
from sim.games.mingchu.rules.effect_kinds import DEFAULT_BELIEFS, beliefs, vp_coins
from sim.runner.tune_bots import (
    Weight,
    head_to_head,
    search,
    tunable_weights,
    tune_bot,
    with_weights,
    write_tuned_config,
)

BASE = "configs/mingchu/base.yaml"
WEIGHTS = [Weight("a", 10.0, 0.0, 100.0), Weight("b", 0.9, 0.0, 1.0)]
OPTIMUM = {"a": 62.0, "b": 0.25}


def planted_fitness(seed: int):
    """A noisy bowl whose top is at ``OPTIMUM`` (noise of the size a generation's margins have)."""
    rng = np.random.default_rng(seed)

    def evaluate(index: int, candidates: list[dict[str, float]]) -> list[float]:
        out = []
        for c in candidates:
            distance = ((c["a"] - OPTIMUM["a"]) / 100) ** 2 + (c["b"] - OPTIMUM["b"]) ** 2
            out.append(-20 * distance + rng.normal(0, 0.05))
        return out

    return evaluate


def test_search_finds_a_planted_optimum():
    final, generations = search(WEIGHTS, planted_fitness(1), 40, popsize=8, seed=3)
    assert len(generations) == 40
    assert abs(final["a"] - OPTIMUM["a"]) < 5
    assert abs(final["b"] - OPTIMUM["b"]) < 0.05
    start_gap = abs(WEIGHTS[0].value - OPTIMUM["a"])
    assert abs(final["a"] - OPTIMUM["a"]) < start_gap / 5


def test_one_weight_alone_is_searched():
    def evaluate(index, candidates):
        return [-(((c["a"] - OPTIMUM["a"]) / 100) ** 2) for c in candidates]

    final, generations = search(WEIGHTS[:1], evaluate, 25, popsize=6, seed=1)
    assert set(final) == {"a"} and all(set(c) == {"a"} for g in generations for c in g.candidates)
    assert abs(final["a"] - OPTIMUM["a"]) < 5


def test_search_is_deterministic_and_stays_in_the_box():
    one = search(WEIGHTS, planted_fitness(1), 5, popsize=6, seed=7)
    two = search(WEIGHTS, planted_fitness(1), 5, popsize=6, seed=7)
    assert one == two
    other = search(WEIGHTS, planted_fitness(1), 5, popsize=6, seed=8)
    assert other[1][0].candidates != one[1][0].candidates
    for generation in one[1]:
        for candidate in generation.candidates:
            assert 0 <= candidate["a"] <= 100 and 0 <= candidate["b"] <= 1


def test_failed_candidates_rank_last_not_crash():
    def evaluate(index, candidates):
        return [math.nan, *(-abs(c["a"] - 50) for c in candidates[1:])]

    final, generations = search(WEIGHTS, evaluate, 3, popsize=4, seed=0)
    assert all(math.isnan(g.fitness[0]) for g in generations)
    assert 0 <= final["a"] <= 100


def test_bots_block_sets_a_persona_and_changes_play():
    config = load_config(BASE)
    assert persona_for(config.params, "industrialist") == PERSONAS["industrialist"]
    tuned = with_weights(config, "industrialist", {"build": 5.0, "road": 90.0}, "tuned")
    persona = persona_for(tuned.params, "industrialist")
    assert (persona.build, persona.road) == (5.0, 90.0)
    assert persona.hire == PERSONAS["industrialist"].hire
    assert persona_for(tuned.params, "runner") == PERSONAS["runner"]
    weights = {w.name: w.value for w in tunable_weights(tuned, "industrialist")}
    assert weights["build"] == 5.0 and weights["road"] == 90.0
    bots = ["industrialist", "runner", "roadbuilder", "runner"]
    before = play_game(SPEC, config.params, 4, 11, bots)
    after = play_game(SPEC, tuned.params, 4, 11, bots)
    assert not before.error and not after.error
    assert before.breakdown[0]["roads"] < after.breakdown[0]["roads"]
    assert before.breakdown[1:] != after.breakdown[1:] or before.scores != after.scores


def test_a_switch_is_searched_as_a_number_and_written_as_on_or_off(tmp_path):
    switch = Weight("sell_all", 1.0, 0.0, 1.0, switch=True)
    assert switch.scaled(True) == pytest.approx(0.7) and switch.scaled(False) == pytest.approx(0.3)
    assert switch.unscaled(0.5) is True and switch.unscaled(0.49) is False and switch.unscaled(-3) is False

    def evaluate(index, candidates):  # a planted optimum with the switch off
        return [-abs(c["a"] - 50) / 100 - (2.0 if c["sell_all"] else 0.0) for c in candidates]

    final, generations = search([WEIGHTS[0], switch], evaluate, 15, popsize=8, seed=2)
    assert final["sell_all"] is False
    assert {c["sell_all"] for g in generations for c in g.candidates} == {True, False}
    config = load_config(BASE)
    path = write_tuned_config(tmp_path / "tuned.yaml", config, "industrialist", {"sell_all": False})
    assert "sell_all: false" in path.read_text(encoding="utf-8")
    assert persona_for(load_config(path).params, "industrialist").sell_all is False


def test_beliefs_are_weights_of_each_bot_and_the_valuation_reads_the_deciding_bots():
    config = load_config(BASE)
    table = tunable_weights(config, "industrialist")
    shipped = {w.name: w.value for w in table}
    assert shipped["play_coins_per_vp"] == DEFAULT_BELIEFS.play_coins_per_vp
    assert {w.name for w in table if w.switch} == {"sell_all", "loans_for_builds", "war_all_favor"}
    tuned = with_weights(config, "industrialist", {"play_coins_per_vp": 8.0, "need_per_round": 0.0}, "t")
    persona = persona_for(tuned.params, "industrialist")
    assert persona.beliefs.play_coins_per_vp == 8.0 and persona.beliefs.need_per_round == 0.0
    assert persona.beliefs.grace_kept == DEFAULT_BELIEFS.grace_kept
    assert persona_for(tuned.params, "runner").beliefs == DEFAULT_BELIEFS
    # each bot sets its own beliefs before it decides: the runner values with the defaults after
    # the tuned industrialist decided, and the tuned beliefs change what a point is worth in coins
    game = SPEC.game
    state = game.initial_state(tuned.params, 5, np.random.default_rng(3))
    industrialist, runner = SPEC.bots.bots["industrialist"](0), SPEC.bots.bots["runner"](1)
    rng = np.random.default_rng(0)
    while len(game.legal_actions(state)) < 2:
        game.apply(state, game.legal_actions(state)[0])
    industrialist.choose(state, game.legal_actions(state), rng)
    assert beliefs() == persona.beliefs
    tuned_rate = vp_coins(state)
    runner.choose(state, game.legal_actions(state), rng)
    assert beliefs() == DEFAULT_BELIEFS and vp_coins(state) < tuned_rate


@pytest.mark.parametrize(
    "path, value, words",
    [
        ("bots.industrialst.build", 3, "industrialst"),
        ("bots.industrialist.build", float("nan"), "build"),
        ("bots.industrialist.chase_orders", 2, "chase_orders"),
        ("bots.runner.speed", 1, "speed"),
        ("bots.runner.play_coins_per_vp", 0, "play_coins_per_vp"),
        ("bots.runner.grace_kept", 1.5, "grace_kept"),
    ],
)
def test_bad_bots_block_is_refused_with_its_path(path, value, words):
    with pytest.raises(ConfigError, match=words):
        load_config(BASE, {path: value})


def test_a_bot_without_weights_is_refused():
    with pytest.raises(ConfigError, match="no weights of bot 'novice'"):
        tunable_weights(load_config(BASE), "novice")


def test_only_the_weights_named_are_tuned():
    config = load_config(BASE)
    assert [w.name for w in tunable_weights(config, "industrialist", ("hire", "build"))] == ["hire", "build"]
    with pytest.raises(ConfigError, match="no weight 'speed'.*build"):
        tunable_weights(config, "industrialist", ("build", "speed"))


def test_tune_bot_writes_a_loadable_config_and_resumes_without_playing(tmp_path):
    config = load_config(BASE)
    lineup = ("industrialist", "runner", "roadbuilder")
    options = dict(lineup=lineup, generations=2, games=2, popsize=2, seed=5, progress=False)
    first = tune_bot(config, "industrialist", 4, tmp_path, **options)
    assert first.games == 8 and len(first.generations) == 2
    assert all(math.isfinite(f) for g in first.generations for f in g.fitness)
    tuned = load_config(first.config_path)
    assert tuned.data["extends"] == "mingchu/base"
    assert persona_for(tuned.params, "industrialist").build == first.weights["build"]
    chunks = sorted(p.stat().st_mtime_ns for p in tmp_path.glob("gen-*/players/*.parquet"))
    again = tune_bot(config, "industrialist", 4, tmp_path, **options)
    assert again.weights == first.weights and again.generations == first.generations
    assert sorted(p.stat().st_mtime_ns for p in tmp_path.glob("gen-*/players/*.parquet")) == chunks
    h2h = head_to_head(tmp_path / "gen-0001", "industrialist", *[v for v in _labels(tmp_path / "gen-0001")])
    assert h2h.pairs > 0 and 0 <= h2h.share <= 1 and h2h.low <= h2h.share <= h2h.high


def _labels(folder):
    from sim.dataset.read import read_columns

    return sorted(read_columns(folder / "players", ["variant"])["variant"].unique())[:2]


def test_cli_refuses_two_player_counts_and_a_bad_budget():
    result = CliRunner().invoke(cli, ["bots", "tune", BASE, "--bot", "runner", "-p", "4,5"])
    assert result.exit_code != 0 and "one player count" in result.output
    result = CliRunner().invoke(cli, ["bots", "tune", BASE, "--bot", "runner", "-p", "5", "--budget", "soon"])
    assert result.exit_code != 0 and "--budget" in result.output and "Traceback" not in result.output
