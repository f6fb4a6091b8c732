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
from sim.games.mingchu.bots import PERSONAS, persona_for
from sim.runner.tune_bots import Weight, head_to_head, search, tunable_weights, tune_bot, with_weights

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


@pytest.mark.parametrize(
    "path, value, words",
    [
        ("bots.industrialst.build", 3, "industrialst"),
        ("bots.industrialist.build", float("nan"), "build"),
        ("bots.industrialist.chase_orders", 2, "chase_orders"),
        ("bots.runner.speed", 1, "speed"),
    ],
)
def test_bad_bots_block_is_refused_with_its_path(path, value, words):
    with pytest.raises(ConfigError, match=words):
        load_config(BASE, {path: value})


def test_a_bot_without_weights_is_refused():
    with pytest.raises(ConfigError, match="no weights of bot 'novice'"):
        tunable_weights(load_config(BASE), "novice")


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
