"""Card study: paired effects, corrected intervals and verdicts on planted data, and one real study."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner
from PIL import Image

from sim.cards.effects import (
    NOT_ENOUGH,
    TOO_STRONG,
    TOO_WEAK,
    WITHIN,
    Arm,
    card_effects,
    estimate,
    forced_units,
    removed_units,
    stream,
    verdict,
)
from sim.cards.study import base_holders, forced_change, read_study, study_effects
from sim.cli import cli

N_PLAYERS = 4


def planted_players(seeds: int, strength: dict[str, float], seed: int = 0) -> tuple[pd.DataFrame, dict]:
    """Synthetic per-seat results of a base arm and the forced arms of each card.

    In every game one seat wins (win share 1). A forced card of strength s makes its seat win with
    probability 1/n + s (the other seats share the rest); without it every seat wins 1/n of games.
    """
    rng = np.random.default_rng(seed)
    rows, arms = [], {"base": Arm("base")}

    def game(label: str, index: int, holder: int | None, s: float) -> None:
        weights = np.full(N_PLAYERS, 1 / N_PLAYERS)
        if holder is not None:
            weights = np.full(N_PLAYERS, (1 - (1 / N_PLAYERS + s)) / (N_PLAYERS - 1))
            weights[holder] = 1 / N_PLAYERS + s
        winner = rng.choice(N_PLAYERS, p=weights)
        for seat in range(N_PLAYERS):
            won = float(seat == winner)
            rows.append(
                {"variant": label, "game_index": index, "seat": seat, "win_share": won, "score": 10 * won}
            )

    for index in range(seeds):
        game("base", index, None, 0.0)
    for card, s in strength.items():
        for seat in range(N_PLAYERS):
            arms[f"forced-{card}-{seat}"] = Arm("forced", card, seat)
            for index in range(seeds):
                game(f"forced-{card}-{seat}", index, seat, s)
    return pd.DataFrame(rows), arms


def test_verdicts_read_the_interval_against_the_band():
    assert verdict(0.04, 0.10, 0.03) == TOO_STRONG
    assert verdict(-0.10, -0.04, 0.03) == TOO_WEAK
    assert verdict(-0.02, 0.025, 0.03) == WITHIN
    assert verdict(-0.05, 0.05, 0.03) == NOT_ENOUGH  # wider than the band
    assert verdict(0.01, 0.06, 0.03) == NOT_ENOUGH  # narrow, but across an edge
    assert verdict(float("nan"), float("nan"), 0.03) == NOT_ENOUGH


def test_estimate_is_seeded_and_widens_with_the_correction():
    values = np.random.default_rng(3).normal(0.1, 1.0, size=200)
    one = estimate(values, 0.95, stream(1, "card", "forced", "win_share"))
    again = estimate(values, 0.95, stream(1, "card", "forced", "win_share"))
    corrected = estimate(values, 1 - 0.05 / 24, stream(1, "card", "forced", "win_share"))
    assert one == again
    assert one["lo"] < one["estimate"] < one["hi"]
    assert corrected["hi"] - corrected["lo"] > one["hi"] - one["lo"]
    assert abs(one["se"] - values.std(ddof=1) / np.sqrt(len(values))) < 0.15 * one["se"]
    few = estimate(values[:5], 0.95, stream(1, "x"))
    assert np.isnan(few["lo"]) and few["units"] == 5


def test_forced_effect_pairs_each_seat_with_the_same_seed_and_seat():
    players = pd.DataFrame(
        [
            {"variant": "base", "game_index": 0, "seat": 0, "win_share": 0.0, "score": 5.0},
            {"variant": "base", "game_index": 0, "seat": 1, "win_share": 1.0, "score": 9.0},
            {"variant": "f0", "game_index": 0, "seat": 0, "win_share": 1.0, "score": 12.0},
            {"variant": "f0", "game_index": 0, "seat": 1, "win_share": 0.0, "score": 8.0},
            {"variant": "f1", "game_index": 0, "seat": 0, "win_share": 0.0, "score": 5.0},
            {"variant": "f1", "game_index": 0, "seat": 1, "win_share": 1.0, "score": 11.0},
        ]
    )
    arms = {"base": Arm("base"), "f0": Arm("forced", "c", 0), "f1": Arm("forced", "c", 1)}
    units = forced_units(players, arms, "c")
    # seat 0: 1 - 0 and 12 - 5; seat 1: 1 - 1 and 11 - 9; mean over the seats of the seed
    assert units["win_share"].tolist() == [0.5]
    assert units["score"].tolist() == [4.5]
    assert units["seats"].tolist() == [2]
    holders = pd.DataFrame([{"game_index": 0, "seat": 1, "card_id": "c"}])
    arms["r"] = Arm("removed", "c")
    removed = players.assign(variant=players["variant"].replace({"f0": "r"}))
    units = removed_units(removed, holders, arms, "c")
    assert units["win_share"].tolist() == [1.0] and units["score"].tolist() == [
        1.0
    ]  # base seat 1 minus removed seat 1


def test_planted_strong_card_is_too_strong_and_blank_card_never_is():
    players, arms = planted_players(300, {"strong": 0.30, "blank": 0.0})
    units = {(card, "forced"): forced_units(players, arms, card) for card in ("strong", "blank")}
    table = card_effects(units, {(c, "forced"): 1200 for c, _ in units}, tolerance=0.03, seed=1)
    shares = table[table["metric"] == "win_share"].set_index("card")
    assert shares.loc["strong", "verdict"] == TOO_STRONG
    assert shares.loc["strong", "lo"] > 0.03
    assert shares.loc["blank", "verdict"] in (WITHIN, NOT_ENOUGH)
    assert shares.loc["blank", "lo"] < 0 < shares.loc["blank", "hi"]
    assert (shares["level"] == 1 - 0.05 / 2).all()
    assert shares.loc["strong", "p_holm"] < 0.001
    again = card_effects(units, {(c, "forced"): 1200 for c, _ in units}, tolerance=0.03, seed=1)
    pd.testing.assert_frame_equal(table, again)


@pytest.mark.parametrize("seed", range(5))
def test_a_blank_card_is_not_called_too_strong_on_small_runs(seed):
    players, arms = planted_players(12, {"blank": 0.0}, seed=seed)
    units = {("blank", "forced"): forced_units(players, arms, "blank")}
    row = card_effects(units, {("blank", "forced"): 48}, tolerance=0.03, seed=seed).iloc[0]
    assert row["verdict"] != TOO_STRONG


# --- a real study on the planted variant ---------------------------------------------------------

PLANTED = Path(__file__).parent / "fixtures" / "planted.yaml"


def study(out: Path, *args: str):
    command = [
        "cards",
        "study",
        str(PLANTED),
        "--design",
        "paired",
        "--deck",
        "门客",
        "-p",
        "4",
        "--out",
        str(out),
        "--no-progress",
    ]
    return CliRunner().invoke(cli, [*command, *args], catch_exceptions=False)


@pytest.fixture(scope="module")
def forced_study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """财神 (4 points a round) and 白板 (nothing) forced to every seat of 10 seeds: 90 short games."""
    out = tmp_path_factory.mktemp("cards") / "forced"
    result = study(out, "--cards", "财神,白板", "--arms", "forced", "-n", "40")
    assert result.exit_code == 0, result.output
    return out


def test_real_study_calls_the_planted_card_too_strong_and_the_blank_one_not(forced_study):
    effects = study_effects(forced_study)
    shares = effects[effects["metric"] == "win_share"].set_index("card")
    assert shares.loc["财神", "verdict"] == TOO_STRONG
    assert shares.loc["财神", "lo"] > 0.03
    assert shares.loc["白板", "verdict"] in (WITHIN, NOT_ENOUGH)
    assert shares.loc["白板", "lo"] < shares.loc["白板", "estimate"] < shares.loc["白板", "hi"]
    assert (shares["units"] == 10).all() and (shares["games"] == 40).all()
    scores = effects[effects["metric"] == "score"].set_index("card")
    assert scores.loc["财神", "lo"] > 0  # the points it gives show in the score


def test_study_report_has_a_sharp_forest_plot_and_a_table(forced_study):
    report = forced_study / "report"
    with Image.open(report / "forest.png") as png:
        assert min(png.info["dpi"]) >= 200
    assert (report / "forest.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")
    table = pd.read_csv(report / "card-study.csv")
    assert table["card"].tolist() == ["财神", "白板"]  # sorted by the forced effect, largest first
    assert table["verdict (forced)"].tolist()[0] == "too strong"


def test_rerun_resumes_a_subset_reuses_and_chinese_report_is_chinese(forced_study):
    files = {p: p.stat().st_mtime_ns for p in forced_study.rglob("*.parquet")}
    before = study_effects(forced_study)
    result = study(forced_study, "--cards", "财神,白板", "--arms", "forced", "-n", "40", "--lang", "zh")
    assert result.exit_code == 0, result.output
    assert {p: p.stat().st_mtime_ns for p in forced_study.rglob("*.parquet")} == files  # nothing replayed
    pd.testing.assert_frame_equal(study_effects(forced_study), before)
    text = (forced_study / "report" / "card-study.md").read_text(encoding="utf-8")
    assert "过强" in text and "卡牌" in text
    latin = set(re.findall(r"[A-Za-z]+", text)) - {
        "Holm",
        "Bonferroni",
        "p",
        "forest",
        "png",
    }  # and file names
    assert latin <= {"tests", "cards", "fixtures", "planted", "yaml"}, latin  # only the config's path
    # a subset of the cards reuses the folder: nothing is played again
    result = study(forced_study, "--cards", "财神", "--arms", "forced", "-n", "40")
    assert result.exit_code == 0, result.output
    assert {p: p.stat().st_mtime_ns for p in forced_study.rglob("*.parquet")} == files
    assert study_effects(forced_study)["card"].unique().tolist() == ["财神"]


def test_removed_arm_pairs_the_base_holder_with_the_same_seat(tmp_path):
    out = tmp_path / "removed"
    result = study(out, "--cards", "财神", "--arms", "removed", "-n", "12")
    assert result.exit_code == 0, result.output
    meta = read_study(out)
    labels = {label: Arm(**arm) for label, arm in meta["arms"]["base"].items()}
    holders = base_holders(out / "base", labels, "门客")
    took = holders[holders["card_id"] == "财神"]["game_index"].nunique()
    row = study_effects(out).query("metric == 'win_share'").iloc[0]
    assert "removed" in (out / "report" / "card-study.csv").read_text(encoding="utf-8")
    assert row["arm"] == "removed" and row["units"] == took
    assert 0 < took <= 12


def test_with_a_band_as_wide_as_its_interval_the_blank_card_is_within_tolerance(forced_study, tmp_path):
    # 40 games per arm pin a blank card to about +-17 points: a band of +-30 holds its whole interval
    folder = shutil.copytree(forced_study, tmp_path / "copy")  # the shared study keeps its band
    result = study(folder, "--cards", "财神,白板", "--arms", "forced", "-n", "40", "--tolerance", "30")
    assert result.exit_code == 0, result.output
    effects = study_effects(folder)
    shares = effects[effects["metric"] == "win_share"].set_index("card")
    assert shares.loc["白板", "verdict"] == WITHIN
    assert -0.30 < shares.loc["白板", "lo"] and shares.loc["白板", "hi"] < 0.30
    assert shares.loc["财神", "verdict"] == TOO_STRONG


@pytest.mark.parametrize(("units", "expected"), [(11, NOT_ENOUGH), (1000, WITHIN)])
def test_games_that_all_agree_do_not_make_a_zero_width_interval(units, expected):
    # 11 holders whose games came out alike say little; 1,000 say the card rarely matters (3/n)
    row = estimate(np.zeros(units), 0.95, stream(1, "card"), bound=1.0)
    assert row["lo"] < 0 < row["hi"] and row["hi"] == pytest.approx(3 / units)
    assert verdict(row["lo"], row["hi"], 0.03) == expected
    assert np.isnan(estimate(np.zeros(units), 0.95, stream(1, "card"))["lo"])  # no bound, no interval


def test_forced_change_pairs_two_studies_seed_by_seed(forced_study, tmp_path):
    # 财神 from 4 points a round to 0: its holder's score drops; the same study twice changes nothing
    weaker = tmp_path / "weaker"
    result = study(weaker, "--cards", "财神", "--arms", "forced", "-n", "40",
                   "--set", "cards.门客.财神.ability.0.amount=0")  # fmt: skip
    assert result.exit_code == 0, result.output
    change = forced_change(forced_study, weaker, "财神").set_index("metric")
    assert (change["units"] == 10).all()
    assert change.loc["score", "hi"] < 0 and change.loc["win_share", "estimate"] < 0
    before, after = (
        study_effects(f).query("card == '财神'").set_index("metric") for f in (forced_study, weaker)
    )
    assert change.loc["score", "estimate"] == pytest.approx(
        after.loc["score", "estimate"] - before.loc["score", "estimate"]
    )  # the same seeds on both sides: the mean change is the change of the means
    same = forced_change(forced_study, forced_study, "财神").set_index("metric")
    assert (same["estimate"] == 0).all()
