"""The command line as a user meets it: help, clear refusals, play logs, run summaries, kill and resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cli import cli
from tests.runner.helpers import ROOT


def same_named_config(tmp_path):
    """A toy config named base.yaml, like the bundled one, but with other rules numbers."""
    other = tmp_path / "mine" / "base.yaml"
    other.parent.mkdir()
    other.write_text("game: toy\ntarget: 14\n", encoding="utf-8")
    return other


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


@pytest.mark.parametrize(
    "command", ["list", "validate", "check", "play", "run", "compare", "sweep", "ladder", "report"]
)
def test_every_command_has_help_with_examples(command):
    result = invoke(command, "--help")
    assert result.exit_code == 0 and "Usage:" in result.output
    if command not in ("list", "report", "validate"):
        assert "Example" in result.output


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["run", "toy", "--players", "7"], "--players 7: Toy race (template) supports 2, 3, 4 players"),
        (["run", "toy", "--players", "two"], "give numbers separated by commas"),
        (["run", "steam", "--players", "5"], "for 5 players use steam/england-wales"),
        (
            ["run", "toy", "--bots", "random,wizard"],
            "unknown bot 'wizard' for toy; known bots: random, greedy",
        ),
        (["run", "chess"], "config 'chess' not found"),
        (["run", "toy", "--bots", "mcts:99999999999999999999"], "N ≤ 100,000"),
        (["run", "toy", "--bots", "rollout:0"], "rollout:N (N playouts per candidate"),
        (["play", "toy", "--players", "3", "--bots", "random,greedy"], "give 1 bot or 3 bots"),
        (["run", "toy", "--set", "target"], "must look like dotted.path=value"),
        (["run", "toy", "--set", "nosuch=1"], "unknown key 'nosuch'"),
        (["run", "toy", "--seed", "-5"], "-5 is not in the range x>=0"),
        (["play", "toy", "--players", "0"], "--players 0: Toy race (template) supports 2, 3, 4 players"),
    ],
)
def test_bad_cli_values_are_refused_clearly(args, expected, tmp_path):
    result = invoke(*args, "--out", str(tmp_path)) if args[0] == "run" else invoke(*args)
    assert result.exit_code == 2
    assert expected in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "games").exists()


def test_unknown_game_in_config_file(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("game: chess\n", encoding="utf-8")
    result = invoke("validate", str(path))
    assert result.exit_code == 1 and "unknown game" in result.output and "x.yaml" in result.output


def test_validate_accepts_the_bundled_configs():
    result = invoke("validate", *map(str, sorted((ROOT / "configs/toy").glob("*.yaml"))))
    assert result.exit_code == 0 and result.output.count("ok ") == 2


def test_play_prints_a_game_and_writes_a_jsonl_log(tmp_path):
    log = tmp_path / "game.jsonl"
    result = invoke(
        "play", "toy", "--players", "3", "--seed", "4", "--bots", "random,greedy,random", "--log", str(log)
    )
    assert result.exit_code == 0
    assert "== Round 1 ==" in result.output and "Game over after" in result.output
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    actions = [e for e in events if e["event"] == "action"]
    assert events[-1]["event"] == "end" and len(actions) > 3
    assert {"round", "seat", "action", "details"} <= set(actions[0])


def test_play_replays_a_game_of_a_run(tmp_path):
    invoke(
        "run", "toy", "-p", "3", "-n", "6", "--bots", "random,greedy", "--out", str(tmp_path), "--no-progress"
    )
    row = pd.read_parquet(tmp_path / "games").sort_values("game_index").iloc[4]
    players = pd.read_parquet(tmp_path / "players")
    scores = players[players["game_index"] == row.game_index].sort_values("seat")["score"].tolist()
    result = invoke("play", "toy", "-p", "3", "--seed", str(row.seed), "--bots", row.bots, "-q")
    shown = [float(line.split()[-1]) for line in result.output.splitlines() if line.strip()[:1].isdigit()]
    assert shown == scores


def test_run_prints_summary_and_error_threshold_sets_exit_code(tmp_path):
    args = ["run", "toy", "-p", "2", "-n", "40", "--set", "fail_rate=0.2", "--no-progress"]
    failing = invoke(*args, "--out", str(tmp_path / "a"))
    assert failing.exit_code == 1 and "games failed" in failing.output
    assert "win rate [95% CI]" in failing.output
    tolerant = invoke(*args, "--out", str(tmp_path / "b"), "--max-error-rate", "0.5")
    assert tolerant.exit_code == 0


def test_until_ci_adds_games_until_precise(tmp_path):
    result = invoke(
        "run",
        "toy",
        "-p",
        "2",
        "-n",
        "2000",
        "--chunk-size",
        "50",
        "--until-ci",
        "0.08",
        "--out",
        str(tmp_path),
        "--no-progress",
    )
    assert result.exit_code == 0 and "--until-ci 0.08: reached after" in result.output
    games = len(pd.read_parquet(tmp_path / "games"))
    assert 200 <= games < 2000


def test_killed_run_resumes_to_exactly_the_planned_games(tmp_path):
    out = tmp_path / "run"
    command = [
        sys.executable,
        "-m",
        "sim",
        "run",
        "toy",
        "-p",
        "2,3",
        "-n",
        "1000",
        "--chunk-size",
        "5",
        "--out",
        str(out),
        "--no-progress",
    ]
    process = subprocess.Popen(
        command, cwd=ROOT, env=os.environ.copy(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    deadline = time.time() + 60
    while time.time() < deadline and len(list((out / "games").glob("part-*.parquet"))) < 20:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    partial = len(pd.read_parquet(out / "games"))
    assert 0 < partial < 2000, "the run should have been killed mid-way"
    rerun = subprocess.run(
        command, cwd=ROOT, env=os.environ.copy(), capture_output=True, text=True, timeout=300
    )
    assert rerun.returncode == 0, rerun.stderr
    games = pd.read_parquet(out / "games")
    assert len(games) == 2000 and not games.duplicated(["n_players", "game_index"]).any()


def test_full_disk_gives_a_clear_message(tmp_path, monkeypatch):
    import sim.runner.execute as execute

    def no_space(*args, **kwargs):
        raise OSError(28, "No space left on device", str(tmp_path / "games"))

    monkeypatch.setattr(execute, "write_chunk", no_space)
    result = invoke("run", "toy", "-p", "2", "-n", "10", "--out", str(tmp_path), "--no-progress")
    assert result.exit_code == 2
    assert (
        "No space left on device" in result.output and "run the same command again to resume" in result.output
    )


def test_compare_runs_both_variants_on_the_same_seeds_and_reports(tmp_path):
    result = invoke(
        "compare",
        "toy",
        "--set-b",
        "max_step=4",
        "-p",
        "2",
        "-n",
        "30",
        "--out",
        str(tmp_path),
        "--no-progress",
    )
    assert result.exit_code == 0, result.output
    games = pd.read_parquet(tmp_path / "games")
    by_variant = {v: set(g["seed"]) for v, g in games.groupby("variant")}
    assert set(by_variant) == {"base", "base[max_step=4]"}
    assert by_variant["base"] == by_variant["base[max_step=4]"]
    assert (tmp_path / "report" / "report.html").is_file()
    assert set(games["param:max_step"]) == {3, 4}
    assert list((tmp_path / "report" / "tables").glob("paired_seats__*.csv")), (
        "no paired comparison in the report"
    )


def test_compare_refuses_identical_rules_and_tells_same_named_files_apart(tmp_path):
    same = invoke("compare", "toy", "--set-b", "target=12", "-n", "5", "--out", str(tmp_path / "x"))
    assert same.exit_code == 2 and "same rules numbers" in same.output
    other = same_named_config(tmp_path)
    result = invoke(
        "compare",
        "toy",
        str(other),
        "-p",
        "2",
        "-n",
        "6",
        "--out",
        str(tmp_path / "y"),
        "--no-report",
        "--no-progress",
    )
    assert result.exit_code == 0, result.output
    assert set(pd.read_parquet(tmp_path / "y" / "games")["variant"]) == {"toy/base", "mine/base"}


def test_default_out_folder_is_per_study(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert invoke("run", "toy", "-p", "2", "-n", "5", "--no-progress").exit_code == 0
    assert invoke("run", "toy", "-p", "2", "-n", "5", "--seed", "2", "--no-progress").exit_code == 0
    assert invoke("run", "toy", "-p", "2", "-n", "8", "--no-progress").exit_code == 0  # grows the first
    folders = sorted((tmp_path / "runs").iterdir())
    assert len(folders) == 2 and all(f.name.startswith("toy-base-") for f in folders)
    assert sorted(len(pd.read_parquet(f / "games")) for f in folders) == [5, 8]


def test_sweep_runs_the_grid_with_a_column_per_parameter(tmp_path):
    result = invoke(
        "sweep",
        "toy",
        "--param",
        "target=10,15",
        "--param",
        "max_step=2,3",
        "-p",
        "2",
        "-n",
        "20",
        "--out",
        str(tmp_path),
        "--no-progress",
    )
    assert result.exit_code == 0, result.output
    games = pd.read_parquet(tmp_path / "games")
    grid = set(zip(games["param:target"], games["param:max_step"], strict=True))
    assert grid == {(10, 2), (10, 3), (15, 2), (15, 3)}
    assert (tmp_path / "report" / "report.html").is_file()


def test_report_keeps_different_configs_with_the_same_name_apart(tmp_path):
    other = same_named_config(tmp_path)
    for config, out in (("toy", "a"), (str(other), "b")):
        assert (
            invoke(
                "run", config, "-p", "2", "-n", "6", "--out", str(tmp_path / out), "--no-progress"
            ).exit_code
            == 0
        )
    from sim.stats import load_run

    run = load_run([tmp_path / "a", tmp_path / "b"])
    labels = set(run.games["variant"])
    assert len(labels) == 2 and all(label.startswith("base@") for label in labels)
    assert set(run.players["variant"]) == labels


def test_check_takes_a_config_file_alone_and_checks_the_game_it_names(tmp_path, monkeypatch):
    """`sim check ../cfg/x.yaml` (no game name): the config's game, with that config."""
    (tmp_path / "cfg").mkdir()
    (tmp_path / "cfg" / "x.yaml").write_text("extends: toy/base\ntarget: 10\n", encoding="utf-8")
    (tmp_path / "run").mkdir()
    monkeypatch.chdir(tmp_path / "run")
    result = CliRunner().invoke(cli, ["check", "../cfg/x.yaml", "--playouts", "1"])
    assert result.exit_code == 0, result.output
    assert "(x)" in result.output and "passed" in result.output
    missing = CliRunner().invoke(cli, ["check", "../cfg/none.yaml"])
    assert missing.exit_code != 0 and "none.yaml" in missing.output and "Traceback" not in missing.output
