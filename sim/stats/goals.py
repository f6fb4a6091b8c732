"""Measures of the generic design goals (``sim.core.goals``) that no other metric computes:
decisiveness, winners' variety and the skill gap, one row per (game, variant, n_players) with a
95% interval (columns ``value``, ``low``, ``high``)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from sim.core.goals import CONTROL
from sim.dataset import GROUP
from sim.stats.bots import bot_matrix
from sim.stats.intervals import bootstrap_means, seeded_rng, wilson
from sim.stats.outcomes import finished

MEASURE_COLUMNS = [*GROUP, "value", "low", "high", "games"]
DRIVER_COLUMNS = ["driver", "driver_other", "driver_value"]
"""What drives a measure, where one thing does: the most common winning source, the number of
sources that can score, and its share of the games (variety), the bot ahead and the bot behind
(skill gap)."""


def decisiveness(games: pd.DataFrame) -> pd.DataFrame:
    """Share of finished games decided by a tie-break or ending in a shared win (Wilson interval)."""
    done = finished(games)
    undecided = done["tie_break"].astype(bool) | done["winner_seats"].str.contains(",", regex=False)
    out = done.assign(undecided=undecided).groupby(GROUP).agg(games=("gid", "size"), k=("undecided", "sum"))
    out["value"] = out["k"] / out["games"]
    out["low"], out["high"] = wilson(out["k"], out["games"])
    return out.reset_index()[MEASURE_COLUMNS]


def winner_variety(players: pd.DataFrame, scoring: Sequence[str], draws: int = 1000) -> pd.DataFrame:
    """How evenly winners draw their points from the sources that can score: the entropy of the
    winner's largest scoring column over the games, divided by its maximum over the columns that
    scored points for some player in the group's games (a penalty column, never positive, cannot
    be a winner's source and does not count), with a game bootstrap interval. Known answers: k
    sources that can score, each the winners' main source equally often, read 1; one source 0.

    A winner's source is the scoring column that gave it most points (ties: the first column).
    With fewer than two scoring columns there is no variety to measure (no row); a group where
    only one column ever scored reads 0."""
    scoring = [c for c in scoring if c in players.columns]
    if len(scoring) < 2:
        return pd.DataFrame(columns=MEASURE_COLUMNS + DRIVER_COLUMNS)
    rows = []
    for key, group in players.groupby(GROUP, sort=True):
        can_score = [c for c in scoring if (group[c].astype(float) > 0).any()] or scoring[:1]
        first = group[group["won"].astype(bool)].drop_duplicates("gid")  # a shared win: the first winner
        if first.empty:
            continue
        source = first[can_score].to_numpy(dtype=float).argmax(axis=1)
        counts = np.eye(len(can_score))[source]  # one-hot rows, one per game
        shares = counts.mean(axis=0)
        value = _entropy(shares)
        boot = np.array([_entropy(s) for s in bootstrap_means(counts, draws, seeded_rng("variety", *key))])
        low, high = np.quantile(boot, [0.025, 0.975])
        # resampling can only lower an entropy at its maximum: the interval keeps the estimate
        top = int(shares.argmax())
        rows.append(
            (*key, value, min(float(low), value), max(float(high), value), len(first),
             can_score[top], str(len(can_score)), float(shares[top]))
        )  # fmt: skip
    return pd.DataFrame(rows, columns=MEASURE_COLUMNS + DRIVER_COLUMNS)


def _entropy(shares: np.ndarray) -> float:
    """Shannon entropy of ``shares`` divided by its maximum, log(len(shares)); 0 for one share."""
    if len(shares) < 2:
        return 0.0
    p = np.clip(np.asarray(shares, dtype=float), 0.0, None)
    p = p[p > 0] / p.sum()
    return float(-(p * np.log(p)).sum() / np.log(len(shares)))


def skill_gap(players: pd.DataFrame) -> pd.DataFrame:
    """How often the game's bots finish ahead of random play (``CONTROL``) in the same game: the
    share of (bot seat, random seat) pairings where the bot is ahead (a shared place counts one
    half), with a cluster-robust interval over games; rows only where both met."""
    pooled = players.assign(bot=np.where(players["bot"] == CONTROL, CONTROL, "bots"))
    matrix = bot_matrix(pooled, by=GROUP)
    if matrix.empty:
        return pd.DataFrame(columns=MEASURE_COLUMNS + DRIVER_COLUMNS)
    ahead = matrix[(matrix["bot_a"] == "bots") & (matrix["bot_b"] == CONTROL)]
    ahead = ahead.rename(columns={"share_ahead": "value", "lo": "low", "hi": "high"})
    # a share of 0 or 1 has a cluster-robust interval of width 0: the Wilson interval over the
    # games (the clusters) keeps it honest
    floor, ceiling = wilson(ahead["value"] * ahead["games"], ahead["games"])
    ahead["low"], ahead["high"] = np.minimum(ahead["low"], floor), np.maximum(ahead["high"], ceiling)
    return ahead.reset_index(drop=True).assign(driver="", driver_other=CONTROL, driver_value=np.nan)[
        MEASURE_COLUMNS + DRIVER_COLUMNS
    ]


def with_control(players: pd.DataFrame) -> pd.Index:
    """The groups (game, variant, n_players) whose games seat random play."""
    return pd.MultiIndex.from_frame(players.loc[players["bot"] == CONTROL, GROUP].drop_duplicates())
