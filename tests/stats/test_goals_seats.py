"""Seat fairness explained and fixed (``sim.stats.goals_seats``) on hand-made tables with known
answers: a planted share of the seat advantage following one phase, a planted per-seat edge."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sim.core.seat_goals import SHIFT, phase_play
from sim.stats import goals_seats


def _wins(
    variant: str, rates: np.ndarray, games: int, rng: np.random.Generator, first_gid: int
) -> list[dict]:
    """One row per seat of ``games`` games whose winner is drawn from ``rates``."""
    rows = []
    for index in range(games):
        winner = rng.choice(len(rates), p=rates)
        for seat in range(len(rates)):
            rows.append(
                {"game": "g", "variant": variant, "n_players": len(rates), "gid": first_gid + index,
                 "game_index": index, "seat": seat, "won": seat == winner, "score": float(seat == winner)}
            )  # fmt: skip
    return rows


@pytest.mark.parametrize("carried", [1.0, 0.6])
def test_the_share_of_the_seat_advantage_that_follows_a_phase_is_recovered(carried):
    """Plant a seat advantage w and a phase ``a`` that carries ``carried`` of it (rotating ``a``'s
    order moves that part to the next seat), phase ``b`` the rest: both shares come back, each
    inside its interval, and the goal names ``a`` when it carries most."""
    rng = np.random.default_rng(7)
    w = np.array([0.45, 0.20, 0.35])
    moved = np.roll(w, SHIFT)
    rows = _wins("base", w, 3000, rng, 0)
    rows += _wins(f"base+{phase_play('a')}", (1 - carried) * w + carried * moved, 3000, rng, 10_000)
    rows += _wins(f"base+{phase_play('b')}", carried * w + (1 - carried) * moved, 3000, rng, 20_000)
    shares = goals_seats.phase_shares(pd.DataFrame(rows), draws=200).set_index("phase")
    for phase, planted in (("a", carried), ("b", 1 - carried)):
        row = shares.loc[phase]
        assert row["low"] <= planted <= row["high"], (phase, row.to_dict())
        assert row["high"] - row["low"] < 0.3
        assert row["variant"] == "base" and row["games"] == 3000
    goal = goals_seats.seat_source(type("Run", (), {"players": pd.DataFrame(rows)})()).iloc[0]
    # the next phase is named only when it carries a share whose interval excludes 0
    assert (goal["driver"], goal["driver_other"]) == ("a", "b" if carried < 1 else "")


def test_no_seat_advantage_gives_no_share():
    lineup = np.zeros((10, 3)) + 1 / 3
    assert np.isnan(goals_seats.follow_share(lineup, lineup))


def _scores(edge: np.ndarray, games: int, rng: np.random.Generator) -> pd.DataFrame:
    """Whole-number scores with a planted per-seat ``edge`` (the winners: the top score, shared)."""
    base = rng.integers(10, 20, size=(games, len(edge))) + edge
    top = base == base.max(axis=1, keepdims=True)
    rows = [
        {"game": "g", "variant": "v", "n_players": len(edge), "gid": gid, "game_index": gid, "seat": seat,
         "score": float(base[gid, seat]), "won": bool(top[gid, seat])}
        for gid in range(games) for seat in range(len(edge))
    ]  # fmt: skip
    return pd.DataFrame(rows)


@pytest.mark.parametrize("edge", [(3, 0, 0), (0, 1, 2, 2)])
def test_the_compensation_search_finds_the_planted_edge(edge):
    """Seats scoring a planted ``edge`` more: the proposal gives the others the difference (the
    smallest seat 0), inside its interval, and the compensated seats are fair."""
    edge = np.array(edge)
    table = goals_seats.compensation(_scores(edge, 3000, np.random.default_rng(3)), most=6, draws=60)
    planted = edge.max() - edge
    for row in table.itertuples():
        assert row.low <= planted[row.seat] <= row.high, table
    assert np.abs(table["points"].to_numpy() - planted).max() <= 1
    assert table["gap"].iloc[0] < 3.0  # points of win share
    uncompensated = goals_seats.compensation(_scores(edge, 3000, np.random.default_rng(3)), most=0, draws=5)
    assert uncompensated["gap"].iloc[0] > 10.0


def test_the_points_text_lists_each_seat_with_its_interval():
    part = pd.DataFrame({"seat": [1, 0], "points": [4, 0], "low": [3.0, 0.0], "high": [5.0, 0.0]})
    assert goals_seats.points_text(part) == "+0 / +4 (3–5)"
