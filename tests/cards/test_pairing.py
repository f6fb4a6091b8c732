"""Pairing two runs by seed and seat (the base and a one-card variant of a card study)."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner

from sim.cards.pairing import paired_correlation, paired_scores
from sim.cli import cli
from sim.config.resources import config_root

BASE = str(config_root() / "mingchu" / "base.yaml")


def _run(out, *args: str) -> None:
    command = ["run", BASE, "-p", "4", "-n", "3", "--no-progress", "--out", str(out), *args]
    result = CliRunner().invoke(cli, command, catch_exceptions=False)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("pairing")
    _run(root / "base")
    _run(root / "again")  # the same config and seeds in another folder
    _run(root / "removed", "--set", "cards.门客.账房先生.count=0")
    _run(root / "other-seeds", "--seed", "99")
    return root


def test_the_same_games_pair_perfectly(runs):
    pairs = paired_scores(runs / "base", runs / "again")
    assert len(pairs) == 3 * 4
    assert (pairs["score_base"] == pairs["score_variant"]).all()
    assert paired_correlation(runs / "base", runs / "again") == (pytest.approx(1.0), 12)


def test_a_variant_pairs_on_seed_and_seat(runs):
    pairs = paired_scores(runs / "base", runs / "removed")
    assert len(pairs) == 12
    assert sorted(pairs.groupby("seed").size()) == [4, 4, 4]
    correlation, used = paired_correlation(runs / "base", runs / "removed")
    assert used == 12 and -1 <= correlation <= 1


def test_runs_without_shared_seeds_have_no_pairs(runs):
    correlation, used = paired_correlation(runs / "base", runs / "other-seeds")
    assert used == 0 and math.isnan(correlation)
