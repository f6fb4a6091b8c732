"""Seat balance: win rate per seat against the fair share 1/n, first-player advantage."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.dataset import GROUP
from sim.stats.intervals import Z95, binom_pvalues, holm, wilson


def _group_keys(players: pd.DataFrame) -> list[str]:
    return [c for c in GROUP if c in players.columns]


def seat_win_rates(players: pd.DataFrame, alpha: float = 0.05, by: list[str] | None = None) -> pd.DataFrame:
    """Per (game, variant, n_players, [by...], seat): wins, games, win rate with Wilson 95% interval,
    fair share 1/n, exact binomial p-value and Holm-corrected p-value/reject across the seats."""
    keys = [*_group_keys(players), *(by or [])]
    out = (
        players.groupby([*keys, "seat"], sort=True)
        .agg(games=("won", "size"), wins=("won", "sum"))
        .reset_index()
    )
    out["win_rate"] = out["wins"] / out["games"]
    out["lo"], out["hi"] = wilson(out["wins"], out["games"])
    out["fair_share"] = 1.0 / out["n_players"]
    out["p_value"] = binom_pvalues(out["wins"], out["games"], out["fair_share"])
    out["p_holm"], out["imbalanced"] = holm(out["p_value"], out[keys], alpha)
    return out


def max_halfwidth(players_df: pd.DataFrame) -> float:
    """The largest 95% Wilson half-width of any seat win rate (inf when there is no data)."""
    keys = [c for c in ("game", "variant", "n_players", "seat") if c in players_df.columns]
    if players_df.empty:
        return float("inf")
    counts = players_df.groupby(keys).agg(games=("won", "size"), wins=("won", "sum"))
    lo, hi = wilson(counts["wins"], counts["games"])
    return float(np.max((hi - lo) / 2))


def games_for_halfwidth(win_rate: float, halfwidth: float) -> int:
    """Games per seat needed for a 95% interval of about ±``halfwidth`` around ``win_rate``."""
    return int(np.ceil(Z95**2 * win_rate * (1 - win_rate) / halfwidth**2))


def first_player_advantage(seats: pd.DataFrame) -> pd.DataFrame:
    """Seat 0's win rate relative to the fair share (from ``seat_win_rates``): the difference in
    points and the ratio (1.0 = fair), both with the Wilson interval carried through, plus Ludii's
    balance figure 1 - (max seat win rate - min seat win rate)."""
    keys = [c for c in GROUP if c in seats.columns]
    first = seats[seats["seat"] == 0].set_index(keys)
    spread = seats.groupby(keys)["win_rate"].agg(lambda w: 1.0 - (w.max() - w.min()))
    out = first[["games", "win_rate", "lo", "hi", "fair_share", "p_holm", "imbalanced"]].copy()
    out["advantage"] = out["win_rate"] - out["fair_share"]
    out["advantage_lo"] = out["lo"] - out["fair_share"]
    out["advantage_hi"] = out["hi"] - out["fair_share"]
    out["ratio"] = out["win_rate"] / out["fair_share"]
    out["ratio_lo"] = out["lo"] / out["fair_share"]
    out["ratio_hi"] = out["hi"] / out["fair_share"]
    out["balance"] = spread
    return out.reset_index()
