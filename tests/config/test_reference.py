"""``reference:`` in a config: figures from human play that the report compares the bots with."""

from __future__ import annotations

import json

from click.testing import CliRunner

from sim.cli import cli
from sim.games import get_game

TOY_BASE = get_game("toy").default_config


def variant(tmp_path, body: str):
    path = tmp_path / "with-reference.yaml"
    path.write_text(f"extends: {TOY_BASE}\n{body}", encoding="utf-8")
    return path


def test_a_human_reference_reaches_run_json_and_the_report(tmp_path):
    config = variant(tmp_path, "reference:\n  human_winning_score: {2: 1}\n")
    runner = CliRunner()
    result = runner.invoke(
        cli, ["run", str(config), "-p", "2", "-n", "20", "--out", str(tmp_path / "r"), "--no-progress"]
    )
    assert result.exit_code == 0, result.output
    meta = json.loads((tmp_path / "r" / "run.json").read_text(encoding="utf-8"))
    assert meta["variants"][0]["reference"] == {"human_winning_score": {"2": 1}}
    result = runner.invoke(
        cli, ["report", str(tmp_path / "r"), "--out", str(tmp_path / "rep"), "--lang", "en"]
    )
    assert result.exit_code == 0, result.output
    html = (tmp_path / "rep" / "report.html").read_text(encoding="utf-8")
    assert "the human reference 1 lies below the bots" in html  # every toy winner scores more than 1


def test_a_malformed_reference_is_named(tmp_path):
    config = variant(tmp_path, "reference:\n  human_winning_score: {2: lots}\n")
    result = CliRunner().invoke(cli, ["validate", str(config)])
    assert result.exit_code != 0
    assert "with-reference.yaml" in result.output and "reference.human_winning_score.2" in result.output
    assert "'lots'" in result.output
    assert "Traceback" not in result.output
