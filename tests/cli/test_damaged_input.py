"""Damaged run folders and configs of the wrong game: one clear line, no traceback, nothing changed."""

from __future__ import annotations

import shutil

from click.testing import CliRunner

from sim.cli import cli
from tests.runner.helpers import ROOT


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def small_run(tmp_path):
    out = tmp_path / "run"
    result = invoke("run", "toy", "-p", "2", "-n", "4", "-j", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def test_report_names_a_damaged_run_json_and_writes_nothing(tmp_path):
    out = small_run(tmp_path)
    (out / "run.json").write_text("not json", encoding="utf-8")
    result = invoke("report", str(out), "--out", str(tmp_path / "report"))
    assert result.exit_code != 0
    assert "run.json is not valid JSON" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "report").exists()


def test_a_deleted_players_folder_is_named_and_a_rerun_plays_the_games_again(tmp_path):
    out = small_run(tmp_path)
    shutil.rmtree(out / "players")
    result = invoke("report", str(out), "--out", str(tmp_path / "report"))
    assert result.exit_code != 0 and "players/ is missing" in result.output
    rerun = invoke("run", "toy", "-p", "2", "-n", "4", "-j", "1", "--out", str(out))
    assert rerun.exit_code == 0, rerun.output
    assert list((out / "players").glob("*.parquet")), "the rerun did not write the players again"
    assert invoke("report", str(out), "--out", str(tmp_path / "report")).exit_code == 0


def test_cards_import_into_another_games_config_is_refused_and_leaves_it_alone(tmp_path):
    sheet = tmp_path / "cards.csv"
    assert invoke("cards", "export", "mingchu", "--deck", "门客", str(sheet)).exit_code == 0
    target = tmp_path / "brass.yaml"
    shutil.copy(ROOT / "configs/brass/base.yaml", target)
    before = target.read_bytes()
    result = invoke("cards", "import", str(sheet), "--deck", "门客", "--into", str(target))
    assert result.exit_code != 0
    assert "a config of game 'brass'" in result.output and "Traceback" not in result.output
    assert target.read_bytes() == before


def test_a_second_writer_on_the_same_folder_is_refused_and_changes_nothing(tmp_path):
    from sim.runner.store import run_lock

    out = small_run(tmp_path)
    before = sorted(p.name for p in (out / "games").iterdir())
    with run_lock(out):  # another `sim run` holding the folder
        result = invoke("run", "toy", "-p", "2", "-n", "8", "-j", "1", "--out", str(out))
    assert result.exit_code != 0 and "another `sim run` is writing to this folder" in result.output
    assert sorted(p.name for p in (out / "games").iterdir()) == before
    grown = invoke("run", "toy", "-p", "2", "-n", "8", "-j", "1", "--out", str(out))
    assert grown.exit_code == 0, grown.output


def test_a_run_folder_given_as_config_names_the_command_that_grows_it(tmp_path):
    out = small_run(tmp_path)
    result = invoke("run", str(out), "-n", "8")
    assert result.exit_code != 0 and "is a run folder, not a config" in result.output
    assert "to resume or grow it run" in result.output and "Traceback" not in result.output
