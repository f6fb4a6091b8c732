"""Read a deck study's batches into one verdict per card (no engine: also used by the synthetic study).

A batch is its design and, per seed, every card's estimate (``deck_design``). The per-seed
estimates of all batches, in order, are the sequence the confidence sequences (``sequential``)
watch; the looks are the batch ends.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sim.cards.deck_design import Design, draw_design
from sim.cards.sequential import (
    ALPHA,
    MIN_SEEDS,
    UNDECIDED,
    looks,
    seeds_needed,
    tuning_seeds,
    verdict,
)

METRICS = ("win_share", "score")


@dataclass(frozen=True)
class Batch:
    """One batch: its design and the per-seed estimates (seeds x cards) of each metric."""

    design: Design
    estimates: dict[str, np.ndarray]

    @property
    def seeds(self) -> int:
        return int(self.estimates["win_share"].shape[0])

    @property
    def games(self) -> int:
        return self.seeds * len(self.design.slots)


def deck_verdicts(
    batches: Sequence[Batch],
    family: Sequence[str],
    tolerance: float,
    alpha: float = ALPHA,
    t_opt: float | None = None,
    needed: bool = True,
) -> pd.DataFrame:
    """One row per card of ``family``: verdict, effect, low, high (win share, fractions), games with
    the card at the table, games_needed (more such games that would decide it; NaN once decided),
    the score effect and its interval, the seeds, the level of the intervals (Bonferroni over the
    family, valid at every look) and study_games_needed (the same in games of the whole study)."""
    columns = [
        "card", "verdict", "effect", "low", "high", "games", "games_needed",
        "score_effect", "score_low", "score_high", "seeds", "level",
    ]  # fmt: skip
    if not batches:
        return pd.DataFrame(columns=[*columns, "study_games_needed"])
    cards = batches[0].design.cards
    t_opt = tuning_seeds(tolerance) if t_opt is None else t_opt
    a = alpha / max(len(family), 1)
    ends = list(np.cumsum([b.seeds for b in batches]))
    p = batches[0].design.n_players
    columns_of = [cards.index(card) for card in family]
    share = np.concatenate([b.estimates["win_share"][:, columns_of] for b in batches])
    score = np.concatenate([b.estimates["score"][:, columns_of] for b in batches])
    mean, lo, hi = (x[-1] for x in looks(share, ends, a, t_opt))
    s_mean, s_lo, s_hi = (x[-1] for x in looks(score, ends, a, t_opt))
    games = sum(b.seeds * b.design.repeats[columns_of] * p for b in batches)
    rows = []
    for j, card in enumerate(family):
        rows.append(
            {
                "card": card,
                "verdict": verdict(lo[j], hi[j], tolerance),
                "effect": mean[j],
                "low": lo[j],
                "high": hi[j],
                "games": int(games[j]),
                "score_effect": s_mean[j],
                "score_low": s_lo[j],
                "score_high": s_hi[j],
                "seeds": share.shape[0],
                "level": 1 - a,
                "_share": share[:, j],
            }
        )
    table = pd.DataFrame(rows)
    seeds = sum(b.seeds for b in batches)
    slots = sum(b.seeds * b.design.repeats[columns_of] for b in batches) / seeds  # per seed, so far
    study_slots = sum(b.games for b in batches) / seeds
    more = [
        _seeds_more(share, verdict_, a, t_opt, tolerance) if needed else math.nan
        for share, verdict_ in zip(table["_share"], table["verdict"], strict=True)
    ]
    table["games_needed"] = np.ceil(np.asarray(more) * slots * p)
    table["study_games_needed"] = np.ceil(np.asarray(more) * study_slots)
    return table.drop(columns="_share")[[*columns, "study_games_needed"]]


def _seeds_more(share, verdict_: str, a: float, t_opt: float, tolerance: float) -> float:
    """Further seeds (at the designs and spread so far) that would decide an undecided card."""
    if verdict_ != UNDECIDED:
        return math.nan
    seeds = seeds_needed(share, a, t_opt, tolerance)
    if math.isnan(seeds):  # too few seeds to say: at least up to the first interval
        seeds = MIN_SEEDS
    return float(max(seeds - len(share), 1))


def design_rng(seed: int, batch: int) -> np.random.Generator:
    """The stream that orders batch ``batch``'s slots: fixed by the study's seed and the batch."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(0xDEC, batch)))


def next_design(
    cards: Sequence[str], n_players: int, seed: int, batch: int, undecided: Sequence[str]
) -> Design:
    """The design of batch ``batch``: every card once, the ``undecided`` cards more often when only
    a few are left (their place in the order drawn at random)."""
    return draw_design(cards, n_players, design_rng(seed, batch), list(undecided))


def undecided_cards(
    batches: Sequence[Batch], family: Sequence[str], tolerance: float, alpha: float
) -> list[str]:
    """The cards of ``family`` still undecided after ``batches`` (what a look needs, without the table)."""
    cards = batches[0].design.cards
    columns_of = [cards.index(card) for card in family]
    share = np.concatenate([b.estimates["win_share"][:, columns_of] for b in batches])
    a = alpha / max(len(family), 1)
    ends = list(np.cumsum([b.seeds for b in batches]))
    _, lo, hi = looks(share, ends, a, tuning_seeds(tolerance))
    return [card for j, card in enumerate(family) if verdict(lo[-1, j], hi[-1, j], tolerance) == UNDECIDED]


def sequential_study(
    play: Callable[[int, Design], Batch],
    cards: Sequence[str],
    family: Sequence[str],
    n_players: int,
    tolerance: float,
    seed: int,
    batches: list[Batch] | None = None,
    may_continue: Callable[[list[Batch], Design], bool] = lambda done, design: True,
    alpha: float = ALPHA,
    on_look: Callable[[list[Batch], list[str]], None] | None = None,
    adaptive: bool = True,
) -> tuple[list[Batch], pd.DataFrame]:
    """Play batches (``play(index, design)``) until every card of ``family`` is decided or
    ``may_continue(batches so far, next design)`` says no; returns the batches and the verdicts.
    ``batches`` already played are kept (a resumed study). ``on_look(batches, undecided cards)``
    follows every new batch; ``adaptive=False`` keeps one slot per card (for comparison)."""
    batches = list(batches or [])
    undecided = undecided_cards(batches, family, tolerance, alpha) if batches else None
    while undecided is None or undecided:
        design = next_design(cards, n_players, seed, len(batches), (undecided or []) if adaptive else [])
        if not may_continue(batches, design):
            break
        batches.append(play(len(batches), design))
        undecided = undecided_cards(batches, family, tolerance, alpha)
        if on_look is not None:
            on_look(batches, undecided)
    return batches, deck_verdicts(batches, family, tolerance, alpha)
