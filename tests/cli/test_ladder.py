"""``sim ladder`` as a user runs it: every rung a run folder, ratings with intervals, a report."""

from __future__ import annotations

import re

import pandas as pd
from click.testing import CliRunner

from sim.cli import cli


def test_ladder_rates_bots_and_calls_seat_effects(tmp_path):
    args = ["ladder", "toy", "-p", "3", "-n", "30", "--search-games", "8", "--budgets", "5,20"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path / "lad"), "--no-progress"])
    assert result.exit_code == 0, result.output
    rungs = sorted(p.name for p in (tmp_path / "lad").iterdir() if (p / "run.json").exists())
    assert rungs == ["control", "mcts-20", "mcts-5", "onestep", "rollout-2", "tier-greedy"]
    lineups = set(pd.read_parquet(tmp_path / "lad" / "mcts-20" / "games")["bots"])
    assert all("mcts:20" in lineup and "greedy" in lineup for lineup in lineups)
    for bot in ("mcts:20", "mcts:5", "onestep", "rollout:2", "greedy"):
        assert f"3p  {bot}" in result.output
    assert "seat 1:" in result.output and (tmp_path / "lad" / "report" / "report.html").is_file()
    assert "Holm p " in result.output  # the p-value the seat labels rest on, next to the uncorrected interval
    for bot in ("mcts:20", "mcts:5", "onestep", "rollout:2"):  # each search bot's cost, timed
        assert re.search(
            rf"3p  {bot}: [0-9.]+ ms per decision, [0-9]+ decisions.*, [0-9.]+ s per game", result.output
        )
    assert "greedy:" not in result.output.split("Search bot cost")[1]


def test_ladder_refuses_bad_budgets(tmp_path):
    result = CliRunner().invoke(cli, ["ladder", "toy", "--budgets", "ten", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "--budgets 'ten'" in result.output


def test_ladder_console_speaks_chinese(tmp_path):
    args = ["ladder", "toy", "-p", "3", "-n", "10", "--search-games", "4", "--budgets", "5", "--lang", "zh"]
    result = CliRunner().invoke(cli, [*args, "--out", str(tmp_path / "lad"), "--no-progress"])
    assert result.exit_code == 0, result.output
    for heading in ("强度阶梯", "机器人强度", "各技能层级的座位效应", "搜索机器人的开销", "每次决策"):
        assert heading in result.output
    for english in ("Ladder for", "Bot strength", "Seat effects", "ms per decision", " seat 1:"):
        assert english not in result.output
