"""``goals:`` in a config: the design goals' bands, checked like every other key, carried in run.json
and judged in the report's "Design goals" section (goals.csv)."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.config import load_config
from sim.config.errors import ConfigError
from sim.core.goals import GENERIC_KEYS, verdict
from sim.games import get_game

TOY_BASE = get_game("toy").default_config


def variant(tmp_path, body: str):
    path = tmp_path / "with-goals.yaml"
    path.write_text(f"extends: {TOY_BASE}\n{body}", encoding="utf-8")
    return path


def test_defaults_then_the_configs_bands(tmp_path):
    default = load_config(TOY_BASE).goals
    assert set(default) == set(GENERIC_KEYS) | {goal.key for goal in get_game("toy").report.goals}
    assert default["seat_fairness"] == {"min": None, "max": 10.0}
    config = load_config(variant(tmp_path, "goals:\n  seat_fairness: {max: 5}\n  length: {min: 3, max: 6}\n"))
    assert config.goals["seat_fairness"] == {"min": None, "max": 5.0}
    assert config.goals["length"] == {"min": 3.0, "max": 6.0}
    assert config.goals["drama"] == default["drama"]  # untouched goals keep their default band


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ("goals:\n  fun: {min: 1}\n", ["'goals.fun'", "unknown goal", "seat_fairness"]),
        ("goals:\n  drama: {min: lots}\n", ["'goals.drama'.min", "'lots'", "must be a number"]),
        ("goals:\n  drama: {least: 1}\n", ["'goals.drama'.least", "only 'min' and 'max'"]),
        ("goals:\n  length: {min: 9, max: 3}\n", ["'goals.length'", "min (9) is above max (3)"]),
        ("goals:\n  drama: 2\n", ["'goals.drama' = 2", "give a band"]),
        ("goals: [seat_fairness]\n", ["'goals' = ['seat_fairness']", "mapping of goal names"]),
    ],
)
def test_a_bad_goal_is_refused_naming_the_file_the_goal_and_the_value(tmp_path, body, words):
    path = variant(tmp_path, body)
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert str(path) in message
    for word in words:
        assert word in message, message
    result = CliRunner().invoke(cli, ["validate", str(path)])
    assert result.exit_code != 0 and "Traceback" not in result.output


@pytest.mark.parametrize(
    ("low", "high", "band", "expected"),
    [
        (2.0, 4.0, (None, 5.0), "met"),
        (6.0, 8.0, (None, 5.0), "not_met"),
        (4.0, 6.0, (None, 5.0), "undecided"),
        (1.0, 2.0, (1.5, None), "undecided"),
        (0.2, 0.4, (1.0, None), "not_met"),
        (8.0, 9.0, (3.0, 12.0), "met"),
        (float("nan"), float("nan"), (3.0, 12.0), "undecided"),
    ],
)
def test_verdict_reads_the_whole_interval_against_the_band(low, high, band, expected):
    assert verdict(low, high, *band) == expected


def test_goals_reach_run_json_and_goals_csv_with_one_number_per_figure(tmp_path):
    config = variant(tmp_path, "goals:\n  seat_fairness: {max: 50}\n  drama: {min: 100}\n  length: {}\n")
    runner = CliRunner()
    out = tmp_path / "r"
    result = runner.invoke(
        cli,
        ["run", str(config), "-p", "2,3", "-n", "60", "--bots", "greedy", "--out", str(out), "--no-progress"],
    )
    assert result.exit_code == 0, result.output
    meta = json.loads((out / "run.json").read_text(encoding="utf-8"))
    assert meta["variants"][0]["goals"]["drama"] == {"min": 100.0, "max": None}
    result = runner.invoke(cli, ["report", str(out), "--out", str(tmp_path / "rep"), "--lang", "en"])
    assert result.exit_code == 0, result.output
    goals = pd.read_csv(tmp_path / "rep" / "tables" / "goals.csv", encoding="utf-8-sig")
    assert {"goal", "verdict", "value", "low", "high"} <= set(goals.columns)
    assert set(goals["verdict"]) <= {"met", "not_met", "undecided", "no_band"}
    by = goals.set_index(["n_players", "goal"])
    # the seat gap is the seat metric's own figure, in points
    fpa = pd.read_csv(tmp_path / "rep" / "tables" / "first_player_advantage.csv", encoding="utf-8-sig")
    for row in fpa.to_dict("records"):
        assert by.loc[(row["n_players"], "seat_fairness"), "value"] == pytest.approx(100 * row["max_gap"])
    # a band no toy game can reach is not met; a band that holds everything is met; {} judges nothing
    assert (goals.loc[goals["goal"] == "drama", "verdict"] == "not_met").all()
    assert (goals.loc[goals["goal"] == "seat_fairness", "verdict"] == "met").all()
    assert (goals.loc[goals["goal"] == "length", "verdict"] == "no_band").all()
    html = (tmp_path / "rep" / "report.html").read_text(encoding="utf-8")
    assert "Design goals" in html


def test_the_chinese_goals_csv_speaks_chinese(tmp_path):
    out = tmp_path / "r"
    runner = CliRunner()
    assert (
        runner.invoke(
            cli, ["run", "toy", "-p", "2", "-n", "30", "--bots", "greedy", "--out", str(out), "--no-progress"]
        ).exit_code
        == 0
    )
    result = runner.invoke(cli, ["report", str(out), "--out", str(tmp_path / "rep"), "--lang", "zh"])
    assert result.exit_code == 0, result.output
    goals = pd.read_csv(tmp_path / "rep" / "tables" / "goals.csv", encoding="utf-8-sig", dtype=str)
    assert list(goals.columns[3:9]) == ["设计目标", "关于", "结论", "测量值", "95% 区间下限", "95% 区间上限"]
    assert "座位公平" in set(goals["设计目标"])
    assert set(goals["结论"]) <= {"达成", "未达成", "未定", "未设目标", "仅供参考"}
    assert set(goals["关于"]) <= {"游戏", "机器人"} and "范围由谁设定" in goals.columns


def test_sim_goals_plays_the_lineup_and_the_control_and_judges_each_goal_once(tmp_path):
    out = tmp_path / "g"
    args = ["goals", "toy", "-p", "2", "-n", "40", "--budget", "300g", "--out", str(out), "--no-progress"]
    result = CliRunner().invoke(cli, [*args, "--lang", "en"])
    assert result.exit_code == 0, result.output
    goals = pd.read_csv(out / "report" / "tables" / "goals.csv", encoding="utf-8-sig")
    players = pd.read_parquet(out / "lineup" / "players")
    assert "random" not in set(players["bot"])  # the toy's lineup without its random player
    assert "random" in set(pd.read_parquet(out / "skill" / "players")["bot"])
    by_variant = goals.groupby("variant")["goal"].apply(set).to_dict()
    # each goal is read from its own games (the skill gap from those with random play) and
    # reported under the variant judged
    assert by_variant == {
        "base": {
            "seat_fairness",
            "decisiveness",
            "drama",
            "length",
            "skill_gap",
            "seat_source",
            "seat_compensation",
            "waiting",
        }
    }
    # the skill gap depends on the bots: information, never judged; every goal names its players
    by_goal = goals.set_index("goal")
    assert (by_goal.loc["skill_gap", "about"], by_goal.loc["skill_gap", "verdict"]) == ("bots", "info")
    assert by_goal.loc["skill_gap", "players"] == "greedy,random"
    assert (by_goal.drop(index="skill_gap")["about"] == "game").all()
    assert set(by_goal.drop(index="skill_gap")["players"]) == {"greedy"}
    assert by_goal.loc["seat_fairness", "band_by"] == "default"
    # the console and summary.md print one line per goal: the report's own sentence
    summary = (out / "report" / "summary.md").read_text(encoding="utf-8")
    section = summary.split("## Design goals\n")[1].split("\n## ")[0]
    lines = [line for line in section.splitlines() if line]
    assert len(lines) == len(goals) and all(line.startswith("- [") for line in lines)
    assert "## Design goals" in result.output and all(line in result.output for line in lines)
    # the counterfactual seat orders were played on the lineup's seeds (its first games: the rounds
    # grow the lineup's games further while a goal reading them is open), each with its one rotation
    draft = pd.read_parquet(out / "seats_draft" / "games")
    assert set(draft["variant"]) == {"base+seats_draft"}
    assert set(draft["game_index"]) <= set(pd.read_parquet(out / "lineup" / "games")["game_index"])
    # every other section describes the lineup's own games, not the plays added for single goals
    seats = pd.read_csv(out / "report" / "tables" / "seat_win_rates.csv", encoding="utf-8-sig")
    assert set(seats["variant"]) == {"base"}
    again = CliRunner().invoke(cli, [*args, "--lang", "en"])  # resumes: nothing more to play, same verdicts
    assert again.exit_code == 0, again.output
    assert pd.read_csv(out / "report" / "tables" / "goals.csv", encoding="utf-8-sig").equals(goals)


def test_sim_goals_speaks_the_chosen_language(tmp_path):
    args = [
        "goals",
        "toy",
        "-p",
        "2",
        "-n",
        "10",
        "--budget",
        "100g",
        "--out",
        str(tmp_path / "g"),
        "--no-progress",
        "--lang",
        "zh",
    ]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    assert "结果：" in result.output and "胜率 [95% 区间]" in result.output  # every play's summary
    assert "Results:" not in result.output and "win rate" not in result.output


def test_sim_goals_refuses_random_play_in_the_lineup(tmp_path):
    result = CliRunner().invoke(cli, ["goals", "toy", "-p", "2", "-n", "5", "--bots", "greedy,random"])
    assert result.exit_code != 0
    assert "leave out 'random'" in result.output and "Traceback" not in result.output
