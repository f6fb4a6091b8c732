"""How different one game is from another (重开性高: the design goal ``diversity``), pure pandas.

Three facets, each a distance between two games from 0 (alike) to 1 (nothing in common):

* ``setup``: the cards dealt before play, taken as the cards drawn in the first round (the card
  table's ``drawn`` rows of round 1): 1 − the Jaccard similarity of the two games' sets;
* ``cards``: every card drawn in the game, the same way;
* ``route``: whether the winners' main scoring source differs (the scoring column that gave the
  game's first winner most points; 0 or 1).

A game pair's distance is the mean of the facets; the measure is its mean over every pair of games
(a U-statistic), with a percentile bootstrap over games (a resampled game paired with its own copy
is left out). The pairs are held as games x games matrices, so a run of more than ``MAX_GAMES``
games is read through a seeded sample of that many (a look at 12,800 games otherwise needed over
20 GB); the interval is then the sample's, which is already narrow at that size. Driver: the facet on which games differ least and its mean distance. Known answers:
games that repeat one setup, the same cards and one route read 0; n games that share no card read
1 on setup and cards, and alternating two routes n / (2(n − 1)) on the route (the share of pairs
that differ)."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.dataset import GROUP
from sim.stats.goals import DRIVER_COLUMNS, MEASURE_COLUMNS
from sim.stats.intervals import seeded_rng

FACETS = ("setup", "cards", "route")
DRAWS = 200
MAX_GAMES = 2000
"""Games read per (variant, player count): a seeded sample of them when a run holds more (each
facet's matrix is then 32 MB, not 1.3 GB at 12,800 games)."""
CARDS = "cards"
"""The event table of card movements (columns ``card_id``, ``deck``, ``round``, ``kind``)."""


def jaccard_distances(sets: list[frozenset]) -> np.ndarray:
    """Games x games: 1 − |a ∩ b| / |a ∪ b| of the games' sets (0 between two empty sets)."""
    items = sorted({x for s in sets for x in s})
    index = {x: i for i, x in enumerate(items)}
    member = np.zeros((len(sets), len(items)))
    for row, s in enumerate(sets):
        member[row, [index[x] for x in s]] = 1.0
    common = member @ member.T
    size = member.sum(axis=1)
    union = size[:, None] + size[None, :] - common
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(union > 0, 1.0 - common / np.where(union > 0, union, 1.0), 0.0)


def pair_mean(distances: np.ndarray, pick: np.ndarray | None = None) -> float:
    """The mean distance over pairs of different games (of the games ``pick``, when given)."""
    if pick is not None:
        distances = distances[np.ix_(pick, pick)]
        other = pick[:, None] != pick[None, :]
    else:
        other = ~np.eye(len(distances), dtype=bool)
    return float(distances[other].mean()) if other.any() else float("nan")


def resampled_pair_mean(distances: np.ndarray, pick: np.ndarray) -> float:
    """``pair_mean(distances, pick)`` in one product, with no games x games copy: a game drawn
    ``w`` times weighs ``w``, so the pairs of different games sum ``w·D·w − Σ w²·D_ii`` over
    ``(Σw)² − Σw²`` pairs (a bootstrap of thousands of games takes seconds, not minutes)."""
    weights = np.bincount(pick, minlength=len(distances)).astype(float)
    pairs = weights.sum() ** 2 - (weights**2).sum()
    if pairs <= 0:
        return float("nan")
    total = weights @ distances @ weights - (weights**2 * np.diag(distances)).sum()
    return float(total / pairs)


def _facets(
    players: pd.DataFrame, cards: pd.DataFrame, prefix: str
) -> tuple[list[int], dict[str, np.ndarray]]:
    """The games (gids) and each facet's games x games distances."""
    gids = sorted(players["gid"].unique())
    drawn = cards[(cards["kind"] == "drawn") & cards["gid"].isin(gids)]
    keys = drawn["deck"].astype(str) + "/" + drawn["card_id"].astype(str)
    by_game = keys.groupby(drawn["gid"]).agg(frozenset)
    first = (
        keys[drawn["round"] == drawn.groupby("gid")["round"].transform("min")]
        .groupby(drawn["gid"])
        .agg(frozenset)
    )
    scoring = [c for c in players.columns if c.startswith(prefix)]
    winners = players[players["won"].astype(bool)].drop_duplicates("gid").set_index("gid")
    route = (
        winners.reindex(gids)[scoring].to_numpy(dtype=float).argmax(axis=1)
        if scoring
        else np.zeros(len(gids))
    )
    return gids, {
        "setup": jaccard_distances([first.get(g, frozenset()) for g in gids]),
        "cards": jaccard_distances([by_game.get(g, frozenset()) for g in gids]),
        "route": (route[:, None] != route[None, :]).astype(float),
    }


def game_diversity(run, prefix: str = "vp_", draws: int = DRAWS) -> pd.DataFrame:
    """One row per (game, variant, n_players) with a card table: the mean distance between two
    games over the setup, the cards seen and the winning route (0: every game alike; 1: no two
    games share anything), its bootstrap interval over games, and the facet that differs least
    (``driver``, its mean distance ``driver_value``). ``prefix``: the scoring columns' prefix."""
    cards = run.events.get(CARDS, pd.DataFrame())
    if cards.empty or run.players.empty:
        return pd.DataFrame(columns=MEASURE_COLUMNS + DRIVER_COLUMNS)
    rows = []
    for key, players in run.players.groupby(GROUP, sort=True):
        players = _sampled(players, key)
        gids, facets = _facets(players, cards, prefix)
        if len(gids) < 2:
            continue
        combined = sum(facets.values()) / len(facets)
        value = pair_mean(combined)
        rng = seeded_rng("diversity", *key)
        boot = [resampled_pair_mean(combined, rng.integers(0, len(gids), len(gids))) for _ in range(draws)]
        low, high = np.nanquantile(boot, [0.025, 0.975])
        means = {facet: pair_mean(d) for facet, d in facets.items()}
        least = min(means, key=means.get)
        rows.append(
            (*key, value, min(float(low), value), max(float(high), value), len(gids), least, "", means[least])
        )
    return pd.DataFrame(rows, columns=MEASURE_COLUMNS + DRIVER_COLUMNS)


def _sampled(players: pd.DataFrame, key: tuple) -> pd.DataFrame:
    """The players of at most ``MAX_GAMES`` games: all of them, or a seeded sample of games."""
    gids = np.sort(players["gid"].unique())
    if len(gids) <= MAX_GAMES:
        return players
    keep = np.sort(seeded_rng("diversity-sample", *key).choice(gids, MAX_GAMES, replace=False))
    return players[players["gid"].isin(keep)]
