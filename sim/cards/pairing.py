"""Pair two runs game by game: the same seed and seat in a base run and a variant run.

A one-card variant shares its seeds with its base (``sim run`` with the same ``--seed``), and with
deck-stable randomness (a game that draws each deck from its own stream) its games differ from the base's only where
that card matters, so per-seat scores pair closely. ``paired_correlation`` is the figure that says
how closely.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from sim.dataset.read import load_run

PAIR_KEY = ["n_players", "seed", "seat"]


def _seat_scores(folder: Path | str) -> pd.DataFrame:
    run = load_run(folder)
    games = run.games.loc[run.games["error"] == "", ["gid", "seed"]]
    players = run.players.merge(games, on="gid")
    return players[[*PAIR_KEY, "bot", "score", "won"]]


def paired_scores(base: Path | str, variant: Path | str) -> pd.DataFrame:
    """One row per (player count, seed, seat) played in both runs (errored games left out):
    ``score_base``, ``score_variant``, ``won_base``, ``won_variant`` and the bot (the same in both)."""
    pairs = _seat_scores(base).merge(_seat_scores(variant), on=PAIR_KEY, suffixes=("_base", "_variant"))
    same_bot = pairs["bot_base"] == pairs["bot_variant"]
    pairs = pairs[same_bot].rename(columns={"bot_base": "bot"}).drop(columns="bot_variant")
    return pairs.sort_values(PAIR_KEY, kind="stable").reset_index(drop=True)


def paired_correlation(base: Path | str, variant: Path | str) -> tuple[float, int]:
    """Pearson correlation of the per-seat final scores of the paired games, and the pairs used
    (NaN when fewer than 3 pairs)."""
    pairs = paired_scores(base, variant)
    if len(pairs) < 3:
        return float("nan"), len(pairs)
    return float(np.corrcoef(pairs["score_base"], pairs["score_variant"])[0, 1]), len(pairs)
