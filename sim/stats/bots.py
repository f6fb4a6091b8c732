"""Bot results: win rate and mean score per bot, and the head-to-head matrix."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.dataset import GROUP
from sim.stats.intervals import mean_ci, wilson


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


def _seat_grid(part: pd.DataFrame, n: int, column: str) -> np.ndarray:
    """A (games, n) array of one column for the games of one player count (rows sorted by gid, seat)."""
    return part[column].to_numpy().reshape(-1, n)


def bot_matrix(players: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Head-to-head: for every ordered pair of bots (A, B) that met in a game, the share of
    (A seat, B seat) pairings in the same game where A finished ahead of B (a shared place counts
    one half), with a Wilson interval over pairings. ``by`` defaults to game and variant."""
    keys = [c for c in (by if by is not None else ["game", "variant"]) if c in players.columns]
    ordered = players.sort_values(["gid", "seat"], kind="stable")
    groups = ordered.groupby(keys, sort=True)
    labels = groups.size().reset_index()[keys]
    ordered = ordered.assign(group=groups.ngroup(), bot_code=pd.factorize(ordered["bot"], sort=True)[0])
    bot_names = np.asarray(sorted(players["bot"].unique()))
    n_bots = len(bot_names)
    cells = len(labels) * n_bots * n_bots
    pairings, ahead = np.zeros(cells), np.zeros(cells)
    for n, part in ordered.groupby("n_players", sort=True):
        n = int(n)
        if len(part) % n or not (part["seat"].to_numpy().reshape(-1, n) == np.arange(n)).all():
            raise ValueError(f"players table is missing seats in some {n}-player games")
        rank, bot = _seat_grid(part, n, "rank"), _seat_grid(part, n, "bot_code")
        group = _seat_grid(part, n, "group")[:, 0]
        for i in range(n):
            for j in range(n):
                if i != j:
                    cell = (group * n_bots + bot[:, i]) * n_bots + bot[:, j]
                    score = np.where(
                        rank[:, i] < rank[:, j], 1.0, np.where(rank[:, i] == rank[:, j], 0.5, 0.0)
                    )
                    pairings += np.bincount(cell, minlength=cells)
                    ahead += np.bincount(cell, weights=score, minlength=cells)
    met = np.flatnonzero(pairings)
    group_of, rest = np.divmod(met, n_bots * n_bots)
    out = labels.iloc[group_of].reset_index(drop=True)
    out["bot_a"], out["bot_b"] = bot_names[rest // n_bots], bot_names[rest % n_bots]
    out["pairings"] = pairings[met].astype(np.int64)
    out["share_ahead"] = ahead[met] / pairings[met]
    out["lo"], out["hi"] = wilson(ahead[met], pairings[met])
    return out
