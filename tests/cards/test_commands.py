"""sim cards and sim tune as a user meets them: help, clear refusals, and one real tuning run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import cli

PLANTED = str(Path(__file__).parent / "fixtures" / "planted.yaml")


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize("command", [("cards", "study"), ("tune",)])
def test_help_has_examples(command):
    result = invoke(*command, "--help")
    assert result.exit_code == 0 and "Example" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cards", "study", PLANTED, "--deck", "门卡", "-p", "4"], "no such deck"),
        (["cards", "study", PLANTED, "--deck", "门客", "--cards", "财神,无名", "-p", "4"], "无名"),
        (["cards", "study", PLANTED, "--deck", "门客", "-p", "4,5"], "one player count"),
        (["cards", "study", PLANTED, "--deck", "门客", "-p", "3"], "--players 3"),
        (["tune", PLANTED, "--param", "start.coins", "--range", "9..3", "--target", "win_share:1=25"], "--range"),
        (["tune", PLANTED, "--param", "start.coins", "--range", "3..9", "--target", "seat1=25"], "--target"),
        (["tune", PLANTED, "--param", "start.coins", "--range", "3..9", "--target", "win_share:6=25", "-p", "5"],
         "seat 6"),
        (["tune", PLANTED, "--param", "start.coins", "--range", "3..9", "--target", "effect:无名=0", "-p", "4"],
         "无名"),
    ],
)  # fmt: skip
def test_bad_input_is_refused_with_a_clear_message(args, message):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_a_wrong_parameter_path_names_the_path(tmp_path):
    args = ["--range", "0..4", "--target", "effect:财神=0", "-p", "4", "-n", "4", "--out", str(tmp_path)]
    result = CliRunner().invoke(cli, ["tune", PLANTED, "--param", "cards.门客.财神.ability.0.amont", *args])
    assert result.exit_code == 2 and "amont" in result.output and "Traceback" not in result.output


def test_tune_runs_a_real_search_on_shared_seeds(tmp_path):
    """财神's points per round from 0 to 4, its forced effect brought to zero: a bracket, then halving."""
    param = "cards.门客.财神.ability.0.amount"
    args = ["--param", param, "--range", "0..4", "--target", "effect:财神=0", "-p", "4", "-n", "8"]
    result = invoke("tune", PLANTED, *args, "--out", str(tmp_path), "--no-progress")
    assert result.exit_code == 0, result.output
    tried = re.findall(rf"{re.escape(param)}=(\d+): effect", result.output)
    assert tried[:2] == ["0", "4"] and 3 <= len(tried) <= 4  # the ends, then a bisection
    assert len({p.name for p in tmp_path.iterdir()}) == len(tried)  # one run folder per value
    spent = int(re.search(r"Games spent: (\d+)", result.output).group(1))
    assert spent == 10 * len(tried)  # 2 seeds: the base and the card at each of 4 seats
    found = int(re.search(rf"{re.escape(param)} = (\d+)", result.output).group(1))
    assert 0 <= found <= 4
