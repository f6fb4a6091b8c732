"""What a design goal's verdict is about (``sim.report.metrics.goals``): a ``bots`` goal is shown as
information, never as not met; the routes stay about the game only where the strongest players
agree; a band says whether the designer or the toolkit set it; figures are formatted once."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sim.report.metrics import goals as metric

NAN = float("nan")


def _rows(*rows: dict) -> pd.DataFrame:
    base = {"game": "g", "variant": "v", "n_players": 4, "check_low": NAN, "check_high": NAN}
    return pd.DataFrame([{**base, **row} for row in rows])


def test_a_bots_goal_with_a_band_is_information_never_not_met():
    out = _rows(
        {"goal": "skill_gap", "low": 0.1, "high": 0.2, "band_min": 0.75, "band_max": NAN},
        {"goal": "skill_gap", "low": 0.1, "high": 0.2, "band_min": NAN, "band_max": NAN},
        {"goal": "drama", "low": 0.1, "high": 0.2, "band_min": 1.0, "band_max": NAN},
    )
    verdicts, abouts = metric._verdicts(out, {}, set())
    assert verdicts == ["info", "no_band", "not_met"]
    assert abouts == ["bots", "bots", "game"]


@pytest.mark.parametrize(
    ("check", "expected"),
    [
        ((20.0, 40.0), ("not_met", "game")),  # the search players alone: the same verdict
        ((2.0, 40.0), ("info", "bots")),  # with the strongest players the verdict is another
        ((NAN, NAN), ("info", "bots")),  # no search player on some route: nothing checks it
    ],
)
def test_a_route_verdict_is_about_the_game_only_when_the_strongest_players_agree(check, expected):
    out = _rows({"goal": "routes", "low": 10.0, "high": 30.0, "band_min": NAN, "band_max": 5.0})
    out["check_low"], out["check_high"] = check
    declared = {"routes": {"key": "routes", "play": "routes", "measure": "m", "subject": "game"}}
    verdicts, abouts = metric._verdicts(out, declared, {"routes"})
    assert (verdicts[0], abouts[0]) == expected


def test_a_band_is_the_designers_only_where_it_differs_from_the_toolkits_default():
    out = _rows(
        {"goal": "seat_fairness", "band_min": NAN, "band_max": 10.0},  # the default
        {"goal": "seat_fairness", "band_min": NAN, "band_max": 5.0},
        {"goal": "length", "band_min": NAN, "band_max": NAN},
        {"goal": "waiting", "band_min": NAN, "band_max": 30.0},  # a game's own default band
    )
    declared = {
        "waiting": {"key": "waiting", "play": "lineup", "measure": "", "default": {"min": None, "max": 30.0}}
    }
    assert metric._band_by(out, declared) == ["default", "designer", "", "default"]
    assert metric._band_by(out, {})[3] == "designer"  # without the game's default: the config's own


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_sentence_and_the_table_show_the_same_figures(lang):
    row = {"game": "g", "goal": "variety", "unit": "index", "value": 0.3644, "low": 0.2871, "high": 0.4407,
           "verdict": "not_met", "band_min": 0.5, "band_max": NAN, "band_by": "default", "about": "game",
           "driver": "", "players": "a,b", "check_low": NAN}  # fmt: skip
    shown = metric.figure(row, lang)
    assert shown == "0.364 [0.287, 0.441]"  # one value: not 0.36 in one place and 0.364 in another
    assert shown in metric.describe(row, lang)
    assert "0.36 " not in metric.describe(row, lang) and "0.360" not in metric.describe(row, lang)


def test_no_phase_is_named_in_the_sentence_when_none_carries_the_advantage():
    row = {"game": "g", "goal": "seat_source", "unit": "share", "value": 0.16, "low": -0.4, "high": 0.7,
           "verdict": "no_band", "band_min": NAN, "band_max": NAN, "about": "game",
           "driver": "no_phase", "driver_other": "", "driver_value": np.nan, "players": "a"}  # fmt: skip
    assert "no phase" in metric.describe(row, "en")
    assert "没有哪个阶段" in metric.describe(row, "zh")


def test_how_many_more_games_would_decide_an_undecided_goal():
    # 0.30 [0.20, 0.40] over 100 games against min 0.35: the upper arm (0.10) must shrink to 0.05,
    # a quarter of the variance: 400 games, 300 more
    assert metric.games_to_decide(0.30, 0.20, 0.40, 0.35, None, 100) == 300
    # an asymmetric interval: the arm towards the edge counts (4.6 [1.7, 17.5] against max 10)
    assert metric.games_to_decide(4.6, 1.7, 17.5, None, 10.0, 40) == np.ceil(40 * (12.9 / 5.4) ** 2 - 40)
    # decided (no edge inside) or a value on the edge: no figure
    assert np.isnan(metric.games_to_decide(0.30, 0.20, 0.40, 0.5, None, 100))
    assert np.isnan(metric.games_to_decide(0.35, 0.20, 0.40, 0.35, None, 100))
    # a seat gap of 25% - 20% is 4.999...9 points in floating point: on a band of at most 5 it sits
    # on the edge, not 1e-15 points inside it (which once projected 7.6e34 more games)
    gap = (0.25 - 0.20) * 100
    assert gap != 5.0 and np.isnan(metric.games_to_decide(gap, 0.0, 19.9, None, 5.0, 60))
    row = {"goal": "seat_fairness", "unit": "points", "value": gap, "low": 0.0, "high": 19.9,
           "verdict": "undecided", "band_min": NAN, "band_max": 5.0, "band_by": "designer",
           "about": "game", "driver": "", "driver_other": "", "driver_value": np.nan, "players": "a",
           "more_games": metric.games_to_decide(gap, 0.0, 19.9, None, 5.0, 60)}  # fmt: skip
    assert "more games alone may never decide it" in metric.describe(row, "en")
    assert "单靠增加对局未必能判定" in metric.describe(row, "zh")
    assert "还需约" not in metric.describe(row, "zh")


@pytest.mark.parametrize("unit", ["points", "rounds", "share", "index"])
def test_a_figure_that_rounds_to_zero_never_shows_minus_zero(unit):
    for lang in ("en", "zh"):
        shown = metric.figure({"unit": unit, "value": -0.0004, "low": -0.0, "high": 0.3}, lang)
        assert "-0" not in shown, shown
