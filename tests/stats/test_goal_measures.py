"""The generic goals' own measures (``sim.stats.goals``) on hand-made runs with known answers."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sim.stats import goals


def _players(sources: list[int], columns: int = 3) -> pd.DataFrame:
    """One 2-player game per entry: the winner scored all its points from column ``sources[i]``."""
    rows = []
    for gid, source in enumerate(sources):
        for seat in range(2):
            points = [0.0] * columns
            if seat == 0:
                points[source] = 5.0
            rows.append(
                {"game": "g", "variant": "v", "n_players": 2, "gid": gid, "seat": seat, "won": seat == 0,
                 "bot": "a" if seat == 0 else "b", "rank": 1 + seat, "win_share": 1.0 - seat,
                 **{f"vp_{k}": p for k, p in enumerate(points)}}
            )  # fmt: skip
    return pd.DataFrame(rows)


def _with_columns_that_cannot_score(players: pd.DataFrame, loser_source: int | None = None) -> pd.DataFrame:
    """The same games with a penalty column (never positive) and an empty one, as 明初商途's
    failed orders and loans; ``loser_source``: the loser scores there (the column can score)."""
    out = players.assign(vp_penalty=-3.0, vp_empty=0.0)
    if loser_source is not None:
        out.loc[out["seat"] == 1, f"vp_{loser_source}"] = 2.0
    return out


@pytest.mark.parametrize("k", [2, 3, 4])
def test_variety_reads_one_for_k_equally_common_sources_among_columns_that_cannot_score(k):
    players = _with_columns_that_cannot_score(_players(list(range(k)) * 30, columns=k))
    row = goals.winner_variety(players, [f"vp_{i}" for i in range(k)] + ["vp_penalty", "vp_empty"]).iloc[0]
    assert row["value"] == pytest.approx(1.0)
    assert row["driver_other"] == str(k)  # the sources that can score: the penalty and empty ones left out


def test_variety_reads_zero_when_winners_always_use_one_of_the_sources_that_can_score():
    # the loser scores from vp_0 and vp_2, so three sources can score; winners always use vp_1
    players = _with_columns_that_cannot_score(_with_columns_that_cannot_score(_players([1] * 40), 0), 2)
    row = goals.winner_variety(players, ["vp_0", "vp_1", "vp_2", "vp_penalty", "vp_empty"]).iloc[0]
    assert row["value"] == pytest.approx(0.0) and row["driver_other"] == "3"
    # two of three sources equally often: log 2 / log 3
    players = _with_columns_that_cannot_score(_players([0, 1] * 20), 2)
    row = goals.winner_variety(players, ["vp_0", "vp_1", "vp_2", "vp_penalty"]).iloc[0]
    assert row["value"] == pytest.approx(np.log(2) / np.log(3))


def test_variety_is_zero_for_one_route_and_one_for_even_routes():
    scoring = ["vp_0", "vp_1", "vp_2"]
    one = goals.winner_variety(_players([1] * 60), scoring)
    assert one["value"].iloc[0] == pytest.approx(0.0)
    even = goals.winner_variety(_players([0, 1, 2] * 40), scoring)
    row = even.iloc[0]
    assert row["value"] == pytest.approx(1.0)
    assert row["low"] <= row["value"] <= row["high"] + 1e-12
    assert goals.winner_variety(_players([0] * 5), ["vp_0"]).empty  # one source: nothing to measure
    lopsided = goals.winner_variety(_players([2] * 30 + [0] * 10), scoring).iloc[0]
    assert (lopsided["driver"], lopsided["driver_value"]) == ("vp_2", pytest.approx(0.75))


def test_decisiveness_counts_tie_breaks_and_shared_wins():
    games = pd.DataFrame(
        {"game": "g", "variant": "v", "n_players": 2, "gid": range(10), "error": "",
         "tie_break": [True, False, False, False, False, False, False, False, False, False],
         "winner_seats": ["0", "0,1", "1", "0", "1", "0", "1", "0", "1", "0"], "end_reason": "x"}
    )  # fmt: skip
    row = goals.decisiveness(games).iloc[0]
    assert row["value"] == pytest.approx(0.2) and row["games"] == 10
    assert row["low"] < 0.2 < row["high"]


def _duels(p_ahead: float, games: int, rng: np.random.Generator) -> pd.DataFrame:
    """2-player games of a bot against random play; the bot wins with probability ``p_ahead``."""
    wins = rng.random(games) < p_ahead
    rows = []
    for gid, won in enumerate(wins):
        for seat, bot in enumerate(("heuristic", "random")):
            first = (seat == 0) == bool(won)
            rows.append(
                {"game": "g", "variant": "v", "n_players": 2, "gid": gid, "seat": seat, "bot": bot,
                 "won": first, "rank": 1 if first else 2, "win_share": float(first)}
            )  # fmt: skip
    return pd.DataFrame(rows)


def test_skill_gap_is_the_bots_share_ahead_of_random_play():
    row = goals.skill_gap(_duels(1.0, 40, np.random.default_rng(1))).iloc[0]
    assert row["value"] == pytest.approx(1.0) and row["driver_other"] == "random"
    assert 0.85 < row["low"] < 1.0  # never a zero-width interval at 100%
    assert goals.skill_gap(_players([0] * 20)).empty  # no random play: nothing to compare with


def test_skill_gap_intervals_cover_a_planted_share():
    rng = np.random.default_rng(7)
    covered = 0
    for _ in range(100):
        row = goals.skill_gap(_duels(0.7, 150, rng)).iloc[0]
        covered += row["low"] <= 0.7 <= row["high"]
    assert covered >= 88  # 95% intervals: 88 or more of 100 (a binomial 1% tail)
