"""sim cards and sim tune as a user meets them: help, clear refusals, and one real tuning run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.config import load_config

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
        (["cards", "study", PLANTED, "--deck", "门客"], "give the player counts"),
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
    """财神's points per round from 0 to 4 (from a blank card to far too strong), its forced effect
    brought to +30 points: a bracket, then halving."""
    param = "cards.门客.财神.ability.0.amount"
    args = ["--param", param, "--range", "0..4", "--target", "effect:财神=30", "-p", "4", "-n", "8"]
    result = invoke("tune", PLANTED, *args, "--out", str(tmp_path), "--no-progress")
    assert result.exit_code == 0, result.output
    tried = re.findall(rf"{re.escape(param)}=(\d+): effect", result.output)
    assert tried[:2] == ["0", "4"] and 3 <= len(tried) <= 4  # the ends, then a bisection
    assert len({p.name for p in tmp_path.iterdir()}) == len(tried)  # one run folder per value
    spent = int(re.search(r"Games spent: (\d+)", result.output).group(1))
    assert spent == 10 * len(tried)  # 2 seeds: the base and the card at each of 4 seats
    found = int(re.search(rf"{re.escape(param)} = (\d+)", result.output).group(1))
    assert 0 <= found <= 4


def test_export_then_import_gives_a_variant_with_the_edited_card(tmp_path):
    sheet, variant = tmp_path / "retainers.csv", tmp_path / "mine.yaml"
    result = invoke("cards", "export", PLANTED, "--deck", "门客", str(sheet))
    cards = load_config(PLANTED).params.cards.门客
    assert result.exit_code == 0 and f"Wrote {len(cards)} cards" in result.output
    text = sheet.read_text(encoding="utf-8-sig").replace("白板,1,", "白板,2,")
    sheet.write_text(text, encoding="utf-8-sig")
    result = invoke(
        "cards", "import", str(sheet), "--deck", "门客", "--into", str(variant), "--extends", PLANTED
    )
    assert result.exit_code == 0, result.output
    assert invoke("validate", str(variant)).exit_code == 0
    blank = [c for c in load_config(variant).params.cards.门客 if c.id == "白板"]
    assert [c.count for c in blank] == [2]


def test_a_bad_cell_is_named_by_row_column_and_value(tmp_path):
    sheet = tmp_path / "retainers.csv"
    invoke("cards", "export", PLANTED, "--deck", "门客", str(sheet))
    sheet.write_text(
        sheet.read_text(encoding="utf-8-sig").replace("白板,1,", "白板,two,"), encoding="utf-8-sig"
    )
    result = CliRunner().invoke(
        cli, ["cards", "import", str(sheet), "--deck", "门客", "--into", str(tmp_path / "v.yaml")]
    )
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert (
        f"row {len(load_config(PLANTED).params.cards.门客) + 1}" in result.output
    )  # the header is row 1 and "column count" in result.output and "'two'" in result.output
    assert not (tmp_path / "v.yaml").exists()
    result = CliRunner().invoke(cli, ["cards", "export", PLANTED, "--deck", "门可", str(tmp_path / "x.csv")])
    assert result.exit_code == 2 and "门可" in result.output
