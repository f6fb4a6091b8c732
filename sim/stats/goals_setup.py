"""The setup-luck goal (差异性平衡): how much of a seat's win the setup alone decides.

The setups play deals each setup once and plays it several times with other play randomness (the
games share the games table's ``seed``; ``sim.core.play.play_game``'s ``play_seed``). A seat's win
share y (a shared win counts 1/k) in replay r of setup s is read as a one-way random-effects model

    y = mu_seat + a_(s, seat) + e,   Var(a) = between-setup variance, Var(e) = within-setup variance,

and the measure is the share of the variance the setup explains, Var(a) / (Var(a) + Var(e)) (the
intraclass correlation, ANOVA estimator, truncated at 0). The seats' own means are removed first: a
seat's advantage is the seat-fairness goal's, not the deal's. Interval: percentile bootstrap over
setups (a setup's seats and replays move together). Pure pandas: the report imports it without the
game's engine."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.dataset import GROUP
from sim.stats.goals import DRIVER_COLUMNS, MEASURE_COLUMNS
from sim.stats.intervals import seeded_rng, win_shares

MIN_SETUPS = 10
"""Below this many setups the bootstrap over setups says nothing: the interval is the whole range, 0
to 1 (undecided)."""


def setup_share(run, draws: int = 1000) -> pd.DataFrame:
    """One row per (game, variant, n_players) whose games replay setups (a ``seed`` played at least
    twice): the share of a seat's win variance between setups, with its bootstrap interval (0 to 1
    under ``MIN_SETUPS`` setups);
    ``games`` counts the games; ``driver_other`` the setups, the unit the interval resamples (a
    setup's replays are not independent games)."""
    players = run.players
    if players.empty or "seed" not in run.games.columns:
        return pd.DataFrame(columns=MEASURE_COLUMNS + DRIVER_COLUMNS)
    players = players.merge(run.games[["gid", "seed"]], on="gid").assign(y=lambda d: win_shares(d))
    rows = []
    for key, part in players.groupby(GROUP, sort=True):
        stats = cell_stats(part["seed"].to_numpy(), part["seat"].to_numpy(), part["y"].to_numpy())
        if stats is None:
            continue
        value = float(intraclass(*stats)[0])
        setups = len(stats[0])
        pick = seeded_rng("setup_luck", *key).integers(setups, size=(draws, setups))
        boot = intraclass(*(s[pick] for s in stats))
        low, high = np.nanquantile(boot, [0.025, 0.975])
        low, high = (min(float(low), value), max(float(high), value)) if setups >= MIN_SETUPS else (0.0, 1.0)
        games = part["gid"].nunique()
        rows.append((*key, value, low, high, games, "setups", str(setups), np.nan))
    return pd.DataFrame(rows, columns=MEASURE_COLUMNS + DRIVER_COLUMNS)


def cell_stats(setup: np.ndarray, seat: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, ...] | None:
    """(count, sum, sum of squares) of y per (setup, seat): three (setups, seats) arrays; None when
    no setup is played twice."""
    setup_code, setups = pd.factorize(setup)
    seat_code, seats = pd.factorize(seat, sort=True)
    shape = (len(setups), len(seats))
    cell = setup_code * len(seats) + seat_code
    count = np.bincount(cell, minlength=shape[0] * shape[1]).reshape(shape).astype(float)
    if count.max(initial=0) < 2:
        return None
    total = np.bincount(cell, y, minlength=count.size).reshape(shape)
    squares = np.bincount(cell, y * y, minlength=count.size).reshape(shape)
    return count, total, squares


def intraclass(count: np.ndarray, total: np.ndarray, squares: np.ndarray) -> np.ndarray:
    """The between-cell share of variance (one-way ANOVA estimator, seat means removed) of
    (..., setups, seats) cell statistics: one value per leading index (a bootstrap draw)."""
    count = np.asarray(count, dtype=float)
    if count.ndim == 2:
        count, total, squares = count[None], np.asarray(total)[None], np.asarray(squares)[None]
    n = count.sum(axis=(1, 2))
    with np.errstate(invalid="ignore", divide="ignore"):
        seat_mean = total.sum(axis=1) / count.sum(axis=1)  # draws x seats
        cell_mean = np.where(count > 0, total / np.where(count > 0, count, 1), 0.0)
        within = (squares - np.where(count > 0, total * cell_mean, 0.0)).sum(axis=(1, 2))
        between = (count * (cell_mean - seat_mean[:, None, :]) ** 2).sum(axis=(1, 2))
        cells = (count > 0).sum(axis=(1, 2))
        seats = (count.sum(axis=1) > 0).sum(axis=1)
        ms_within = within / (n - cells)
        ms_between = between / (cells - seats)
        size = (n - (count**2).sum(axis=(1, 2)) / n) / (cells - 1)  # the cells' mean size, unbalanced
        var_between = np.maximum((ms_between - ms_within) / size, 0.0)
        return var_between / (var_between + ms_within)
