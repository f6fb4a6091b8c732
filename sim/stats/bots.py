"""Bot results: win rate and mean score per bot, and the head-to-head matrix."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.stats.intervals import mean_ci, wilson
from sim.stats.load import GROUP


def bot_results(players: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per bot (within ``by``, default game/variant/n_players): seats played, win rate with Wilson
    interval, mean fair share, win rate relative to fair share, and mean score with t interval."""
    keys = [c for c in (by if by is not None else GROUP) if c in players.columns]
    grouped = players.assign(fair=1.0 / players["n_players"]).groupby([*keys, "bot"], sort=True)
    out = grouped.agg(seats=("won", "size"), wins=("won", "sum"), fair_share=("fair", "mean"))
    out["win_rate"] = out["wins"] / out["seats"]
    out["lo"], out["hi"] = wilson(out["wins"], out["seats"])
    out["relative"] = out["win_rate"] / out["fair_share"]
    score = mean_ci(grouped["score"]).rename(columns=lambda c: f"score_{c}").drop(columns="score_n")
    return out.join(score).reset_index()


def bot_matrix(players: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Head-to-head: for every ordered pair of bots (A, B) that met in a game, the share of
    (A seat, B seat) pairings where A finished ahead of B (a shared place counts one half),
    with a Wilson interval over pairings. ``by`` defaults to game and variant."""
    keys = [c for c in (by if by is not None else ["game", "variant"]) if c in players.columns]
    cols = ["gid", "seat", "bot", "rank", *keys]
    left = players[cols]
    right = players[["gid", "seat", "bot", "rank"]]
    pairs = left.merge(right, on="gid", suffixes=("_a", "_b"))
    pairs = pairs[pairs["seat_a"] != pairs["seat_b"]]
    ahead = np.where(
        pairs["rank_a"] < pairs["rank_b"], 1.0, np.where(pairs["rank_a"] == pairs["rank_b"], 0.5, 0.0)
    )
    out = (
        pairs.assign(ahead=ahead)
        .groupby([*keys, "bot_a", "bot_b"], sort=True)
        .agg(pairings=("ahead", "size"), games=("gid", "nunique"), ahead=("ahead", "sum"))
        .reset_index()
    )
    out["share_ahead"] = out["ahead"] / out["pairings"]
    out["lo"], out["hi"] = wilson(out["ahead"], out["pairings"])
    return out.drop(columns="ahead")
