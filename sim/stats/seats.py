"""Seat balance: each seat's mean win share against the fair share 1/n, adjusted for the bots.

A shared first place gives each of the k sharers 1/k (``win_share``), so the seat shares of a
game sum to one and no more than n - 1 seats can sit above the fair share. When several bots
play, each seat's share is compared with its bot's average share (a seat and bot additive
adjustment: the bot's advantage is taken out before the seats are compared). Games are the unit:
every test and interval uses the per-game vector of seat shares.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from sim.dataset import GROUP
from sim.stats.intervals import (
    Z95,
    game_ids,
    holm,
    max_gap_interval,
    simultaneous_z,
    wilson,
    win_shares,
)

DOMINANCE = 0.9
"""A bot that takes more than this share of all wins in a group leaves no seat verdict: the seat
numbers only echo where that bot sat."""


def _group_keys(players: pd.DataFrame) -> list[str]:
    return [c for c in GROUP if c in players.columns]


def _seat_matrix(part: pd.DataFrame, n: int) -> np.ndarray:
    """(games, n) array of the ``value`` column from one group's rows (games missing a seat dropped)."""
    codes, uniques = pd.factorize(part["_gid"], sort=False)
    grid = np.full((len(uniques), n), np.nan)
    seats = part["seat"].to_numpy()
    ok = (seats >= 0) & (seats < n)
    grid[codes[ok], seats[ok]] = part["_value"].to_numpy()[ok]
    return grid[~np.isnan(grid).any(axis=1)]


def _omnibus(grid: np.ndarray, fair: float) -> tuple[float, float]:
    """Score test that all seat means are equal: G d'S^+ d on the seat contrasts, chi-square n-1."""
    games, n = grid.shape
    if games < 2 or n < 2:
        return np.nan, np.nan
    dev = grid - fair
    centre = np.eye(n) - 1.0 / n
    mean = centre @ dev.mean(axis=0)
    second = centre @ (dev.T @ dev / games) @ centre
    statistic = float(games * mean @ np.linalg.pinv(second, rcond=1e-10, hermitian=True) @ mean)
    return statistic, float(stats.chi2.sf(statistic, n - 1))


def seat_win_rates(
    players: pd.DataFrame,
    alpha: float = 0.05,
    by: list[str] | None = None,
    adjust_bots: bool = True,
) -> pd.DataFrame:
    """Per (game, variant, n_players, [by...], seat): the seat's mean win share with a 95% interval.

    Columns: ``games``, ``wins`` (games won or shared), ``win_share`` (summed shares),
    ``raw_share`` (mean share), ``win_rate`` (the bot-adjusted mean share when several bots
    played, else the mean share), ``lo``/``hi`` (Wilson on the effective number of games, see
    ``docs/report.md``), ``fair_share`` 1/n, ``p_value`` (score test against 1/n with the null
    variance pooled over the seats), ``p_holm`` (Holm across the seats), ``omnibus_p`` (all seats
    equal, chi-square n - 1), ``imbalanced`` (omnibus and Holm both reject), ``adjusted``
    (``bot`` or ``none``), ``dominant_bot`` / ``dominated`` (a bot took > 90% of the wins: no
    verdict), and the group's widest gap ``max_gap`` = max |seat - 1/n| with an interval that
    always holds it (``widest_gap``: simultaneous seat bands, not a bootstrap of the maximum)."""
    keys = [*_group_keys(players), *(by or [])]
    frame = players[[*keys, "seat", *(["bot"] if "bot" in players.columns else [])]].copy()
    if "n_players" not in frame.columns:
        raise ValueError("players table needs n_players")
    frame["_share"] = win_shares(players)
    frame["_won"] = (
        players["won"].astype(bool).to_numpy() if "won" in players.columns else frame["_share"] > 0
    )
    frame["_gid"] = game_ids(players)
    rows = []
    for key, part in frame.groupby(keys, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        rows.append(_one_group(dict(zip(keys, key, strict=True)), part, alpha, adjust_bots))
    columns = [*keys, "seat", "games", "wins", "win_share", "raw_share", "win_rate", "lo", "hi"]
    if not rows:
        return pd.DataFrame(columns=[*columns, "fair_share", "p_value", "p_holm", "imbalanced"])
    return pd.concat(rows, ignore_index=True)


def _one_group(labels: dict, part: pd.DataFrame, alpha: float, adjust_bots: bool) -> pd.DataFrame:
    n = int(labels.get("n_players", part["n_players"].iloc[0] if "n_players" in part else 0))
    fair = 1.0 / n
    games_total = part["_gid"].nunique()
    bots = part["bot"] if "bot" in part.columns else pd.Series("", index=part.index)
    by_bot = part["_share"].groupby(bots).sum() / max(games_total, 1)
    several = bots.nunique() > 1
    adjusted = adjust_bots and several
    value = part["_share"].to_numpy()
    if adjusted:  # each seat against its bot's average share (additive seat + bot model)
        value = value - part["_share"].groupby(bots).transform("mean").to_numpy() + fair
    part = part.assign(_value=value)
    per_seat = part.groupby("seat", sort=True).agg(
        games=("_share", "size"),
        wins=("_won", "sum"),
        win_share=("_share", "sum"),
        raw_share=("_share", "mean"),
        win_rate=("_value", "mean"),
    )
    per_seat["win_rate"] = (
        per_seat["win_rate"].clip(0, 1) + 0.0
    )  # a rate: the adjustment can overshoot; no -0
    null_var = float(np.mean((value - fair) ** 2)) if len(value) else np.nan
    design = null_var / (fair * (1 - fair)) if n > 1 else np.nan
    with np.errstate(invalid="ignore", divide="ignore"):
        effective = per_seat["games"] / design if design > 0 else per_seat["games"].astype(float)
        lo, hi = wilson(per_seat["win_rate"] * effective, effective)
        z = (per_seat["win_rate"] - fair) / np.sqrt(null_var / per_seat["games"])
    out = per_seat.reset_index()
    for name, val in reversed(labels.items()):
        out.insert(0, name, val)
    out["lo"], out["hi"] = lo, hi
    out["fair_share"] = fair
    out["p_value"] = np.where(null_var > 0, 2 * stats.norm.sf(np.abs(z.to_numpy())), 1.0)
    out["p_holm"], holm_reject = holm(out["p_value"], pd.Series(0, index=out.index), alpha)
    grid = _seat_matrix(part, n)
    statistic, omnibus_p = _omnibus(grid, fair)
    out["omnibus_chi2"], out["omnibus_p"] = statistic, omnibus_p
    dominant = str(by_bot.idxmax()) if several and len(by_bot) else ""
    dominated = bool(several and by_bot.max() > DOMINANCE)
    out["imbalanced"] = holm_reject.to_numpy() & (omnibus_p <= alpha) & (not dominated)
    out["adjusted"] = "bot" if adjusted else "none"
    out["dominant_bot"] = dominant
    out["dominant_share"] = float(by_bot.max()) if several and len(by_bot) else np.nan
    out["dominated"] = dominated
    out["max_gap"], out["max_gap_lo"], out["max_gap_hi"] = widest_gap(
        out["win_rate"].to_numpy(), effective.to_numpy(), fair, 1 - alpha
    )
    return out


def widest_gap(
    rate: np.ndarray, effective: np.ndarray, fair: float, level: float = 0.95
) -> tuple[float, float, float]:
    """The widest seat gap max |rate - fair| with an interval that holds at ``level``: each seat's
    Wilson band on its effective games at the Bonferroni level over the seats (all bands hold
    together), then the gap's range over the bands (``max_gap_interval``: the gap always inside)."""
    rate = np.asarray(rate, dtype=float)
    if len(rate) == 0:
        return np.nan, np.nan, np.nan
    effective = np.asarray(effective, dtype=float)
    z = simultaneous_z(len(rate), level)
    with np.errstate(invalid="ignore", divide="ignore"):
        lo, hi = wilson(np.clip(rate, 0, 1) * effective, effective, z)
    lo = np.where(rate < 0, rate, lo)  # a bot-adjusted share outside [0, 1] keeps its own place
    hi = np.where(rate > 1, rate, hi)
    return max_gap_interval(rate, lo, hi, fair)


def gap_of_games(grid: np.ndarray, level: float = 0.95) -> tuple[float, float, float]:
    """``widest_gap`` of a (games, seats) array of win shares, every game with every seat: the seat
    means against 1/n, on the effective games of ``seat_win_rates`` (null variance pooled over seats)."""
    grid = np.asarray(grid, dtype=float)
    games, n = grid.shape
    if games == 0 or n < 2:
        return np.nan, np.nan, np.nan
    fair = 1.0 / n
    design = float(np.mean((grid - fair) ** 2)) / (fair * (1 - fair))
    effective = np.full(n, games / design if design > 0 else float(games))
    return widest_gap(grid.mean(axis=0), effective, fair, level)


def max_halfwidth(players_df: pd.DataFrame) -> float:
    """The largest 95% half-width of any seat win share (inf when there is no data)."""
    if players_df.empty:
        return float("inf")
    seats = seat_win_rates(players_df)
    return float(np.max((seats["hi"] - seats["lo"]) / 2))


def games_for_halfwidth(win_rate: float, halfwidth: float) -> int:
    """Games per seat needed for a 95% interval of about ±``halfwidth`` around ``win_rate``."""
    return int(np.ceil(Z95**2 * win_rate * (1 - win_rate) / halfwidth**2))


def first_player_advantage(seats: pd.DataFrame) -> pd.DataFrame:
    """Seat 0's win share relative to the fair share (from ``seat_win_rates``): the difference in
    points and the ratio (1.0 = fair), both with the interval carried through, plus the balance
    figure: the largest |seat - fair share| of the group with its interval (``widest_gap``)."""
    keys = [c for c in GROUP if c in seats.columns]
    first = seats[seats["seat"] == 0].set_index(keys)
    columns = ["games", "win_rate", "lo", "hi", "fair_share", "p_holm", "omnibus_p", "imbalanced"]
    out = first[[c for c in columns if c in first.columns]].copy()
    out["advantage"] = out["win_rate"] - out["fair_share"]
    out["advantage_lo"] = out["lo"] - out["fair_share"]
    out["advantage_hi"] = out["hi"] - out["fair_share"]
    out["ratio"] = out["win_rate"] / out["fair_share"]
    out["ratio_lo"] = out["lo"] / out["fair_share"]
    out["ratio_hi"] = out["hi"] / out["fair_share"]
    for column in ("max_gap", "max_gap_lo", "max_gap_hi", "dominated"):
        out[column] = first[column] if column in first.columns else np.nan
    return out.reset_index()
