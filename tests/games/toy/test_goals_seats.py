"""THE seat test (docs/goals.md "Seat fairness, explained and fixed"): in the toy race a seat edge
planted in ONE phase (the setup draft, or the turn order when the first to the target ends the game
at once) is traced to that phase by the counterfactual plays, and the compensation search finds the
planted compensation."""

from __future__ import annotations

import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.core.goals import PLAY_SEPARATOR
from sim.dataset.read import load_run
from sim.games.toy import SEAT_PLAYS
from sim.stats import goals_seats

GAMES = 400


def _play(tmp_path, sets: tuple[str, ...]) -> pd.DataFrame:
    """The toy lineup at 3 players with ``sets``, then each counterfactual play on the same seeds,
    labelled as ``sim goals`` labels them."""
    parts = []
    for play in (None, *SEAT_PLAYS):
        out = tmp_path / (play.key if play else "lineup")
        extra = play.sets if play else ()
        args = [
            "run",
            "toy",
            "-p",
            "3",
            "-n",
            str(GAMES),
            "--bots",
            "greedy",
            "--out",
            str(out),
            "--no-progress",
        ]
        for value in (*sets, *extra):
            args += ["--set", value]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        players = load_run(out).players
        label = f"base{PLAY_SEPARATOR}{play.key}" if play else "base"
        parts.append(players.assign(variant=label, gid=players["gid"] + 100_000 * len(parts)))
    return pd.concat(parts, ignore_index=True)


@pytest.mark.parametrize(
    ("sets", "phase"),
    [(("draft_bonus=[3]",), "draft"), (("finish_round=false",), "play")],
)
def test_the_explanation_names_the_phase_the_seat_edge_comes_from(tmp_path, sets, phase):
    players = _play(tmp_path, sets)
    shares = goals_seats.phase_shares(players, draws=200).set_index("phase")
    assert set(shares.index) == {"draft", "play"}
    named = shares.loc[phase]
    other = shares.drop(index=phase).iloc[0]
    # all of the edge moves with the planted phase, none with the other
    assert named["low"] > 0.5 and abs(named["share"] - 1.0) < 0.2, shares
    assert other["low"] <= 0.0 <= other["high"] and other["high"] < 0.5, shares
    goal = goals_seats.seat_source(type("Run", (), {"players": players})()).iloc[0]
    assert goal["driver"] == phase


def test_points_planted_for_a_seat_at_the_end_are_carried_by_no_phase(tmp_path):
    """Seat 1 scores 3 more points at the end (``seat_points``): it wins far above its share, yet
    no phase's order moves the edge, so the goal names no phase (``NO_PHASE``)."""
    players = _play(tmp_path, ("seat_points=[3]",))
    lineup = players[players["variant"] == "base"]
    assert lineup.loc[lineup["seat"] == 0, "won"].mean() > 0.6  # the planted edge is there
    shares = goals_seats.phase_shares(players, draws=200)
    assert ((shares["low"] <= 0.0) & (shares["high"] >= 0.0)).all(), shares
    goal = goals_seats.seat_source(type("Run", (), {"players": players})()).iloc[0]
    assert (goal["driver"], goal["driver_other"]) == (goals_seats.NO_PHASE, "")


def test_the_compensation_search_finds_the_planted_compensation(tmp_path):
    """Seat 1 drafts a 3-point token: the others need 3 points each, and with them (a replay on the
    same seeds with ``seat_points``) every seat is within 10 points of the fair share."""
    lineup = _play(tmp_path, ("draft_bonus=[3]",)).query("variant == 'base'")
    table = goals_seats.compensation(lineup, draws=100)
    for row in table.itertuples():
        planted = 0 if row.seat == 0 else 3
        assert row.low <= planted <= row.high, table
    assert table["points"].tolist() == [0, 3, 3]
    out = tmp_path / "compensated"
    args = ["run", "toy", "-p", "3", "-n", str(GAMES), "--bots", "greedy", "--out", str(out), "--no-progress",
            "--set", "draft_bonus=[3]", "--set", "seat_points=[0,3,3]"]  # fmt: skip
    assert CliRunner().invoke(cli, args).exit_code == 0
    replayed = load_run(out).players
    rates = goals_seats.win_shares(replayed).mean(axis=0)
    assert (rates - 1 / 3).abs().max() < 0.10, rates
    before = goals_seats.win_shares(lineup).mean(axis=0)
    assert (before - 1 / 3).abs().max() > 0.25, before
