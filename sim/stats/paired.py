"""Paired comparison of two variants played on the same (n_players, game_index) seeds."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from sim.stats.intervals import Z95, holm, mean_ci
from sim.stats.outcomes import finished


def paired_games(games: pd.DataFrame, variant_a: str, variant_b: str) -> pd.DataFrame:
    """Games of A and B that share (game, n_players, game_index, bots) and both finished: one row
    per pair with ``gid_a``, ``gid_b`` and whether the seeds are identical (common random numbers)."""
    done = finished(games)
    keys = ["game", "n_players", "game_index", "bots"]
    a = done[done["variant"] == variant_a].drop_duplicates(keys)[[*keys, "gid", "seed", "rounds", "actions"]]
    b = done[done["variant"] == variant_b].drop_duplicates(keys)[[*keys, "gid", "seed", "rounds", "actions"]]
    pairs = a.merge(b, on=keys, suffixes=("_a", "_b"))
    pairs["same_seed"] = pairs["seed_a"] == pairs["seed_b"]
    return pairs.reset_index(drop=True)


def _seat_pairs(players: pd.DataFrame, pairs: pd.DataFrame) -> pd.DataFrame:
    cols = ["gid", "seat", "won", "score"]
    a = pairs[["game", "n_players", "gid_a", "gid_b"]].merge(
        players[cols].rename(columns={"gid": "gid_a"}), on="gid_a"
    )
    b = players[cols].rename(columns={"gid": "gid_b"})
    return a.merge(b, on=["gid_b", "seat"], suffixes=("_a", "_b"))


def paired_seat_difference(players: pd.DataFrame, pairs: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Per (game, n_players, seat): win rates in A and B over the same seeds, the difference B - A
    with an Agresti-Min 95% interval, the exact McNemar p-value and its Holm correction across seats."""
    seats = _seat_pairs(players, pairs)
    won_a, won_b = seats["won_a"].astype(bool), seats["won_b"].astype(bool)
    counts = (
        seats.assign(a_only=won_a & ~won_b, b_only=~won_a & won_b, win_a=won_a, win_b=won_b)
        .groupby(["game", "n_players", "seat"])
        .agg(
            pairs=("seat", "size"),
            wins_a=("win_a", "sum"),
            wins_b=("win_b", "sum"),
            a_only=("a_only", "sum"),
            b_only=("b_only", "sum"),
        )
        .reset_index()
    )
    n = counts["pairs"].astype(float)
    counts["win_rate_a"] = counts["wins_a"] / n
    counts["win_rate_b"] = counts["wins_b"] / n
    counts["difference"] = (counts["b_only"] - counts["a_only"]) / n
    adj_n = n + 2
    p_a, p_b = (counts["a_only"] + 0.5) / adj_n, (counts["b_only"] + 0.5) / adj_n
    half = Z95 * np.sqrt(((p_a + p_b) - (p_b - p_a) ** 2) / adj_n)
    counts["lo"] = (p_b - p_a) - half
    counts["hi"] = (p_b - p_a) + half
    discordant = counts["a_only"] + counts["b_only"]
    counts["p_value"] = [
        stats.binomtest(int(k), int(d), 0.5).pvalue if d > 0 else 1.0
        for k, d in zip(counts["b_only"], discordant, strict=True)
    ]
    counts["p_holm"], counts["significant"] = holm(counts["p_value"], counts[["game", "n_players"]], alpha)
    return counts


def paired_score_difference(players: pd.DataFrame, pairs: pd.DataFrame) -> pd.DataFrame:
    """Per (game, n_players, seat): mean score in A and B and the paired mean difference B - A with a t interval."""
    seats = _seat_pairs(players, pairs).assign(diff=lambda d: d["score_b"] - d["score_a"])
    grouped = seats.groupby(["game", "n_players", "seat"])
    out = mean_ci(grouped["diff"]).rename(columns={"n": "pairs", "mean": "difference"})
    out["score_a"] = grouped["score_a"].mean()
    out["score_b"] = grouped["score_b"].mean()
    return out.reset_index()


def paired_length_difference(pairs: pd.DataFrame) -> pd.DataFrame:
    """Per (game, n_players, metric in rounds/actions): paired mean difference B - A with a t interval."""
    parts = []
    for metric in ("rounds", "actions"):
        diffs = pairs.assign(diff=pairs[f"{metric}_b"] - pairs[f"{metric}_a"])
        grouped = diffs.groupby(["game", "n_players"])
        out = mean_ci(grouped["diff"]).rename(columns={"n": "pairs", "mean": "difference"})
        out["mean_a"] = grouped[f"{metric}_a"].mean()
        out["mean_b"] = grouped[f"{metric}_b"].mean()
        parts.append(out.assign(metric=metric))
    return pd.concat(parts).reset_index()
