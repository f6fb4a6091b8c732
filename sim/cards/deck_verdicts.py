"""Read a deck study's batches into one verdict per card (no engine: also used by the synthetic study).

A batch is its design and, per seed, every card's estimate (``deck_design``). The per-seed
estimates of all batches, in order, are the sequence the confidence sequences (``sequential``)
watch; the looks are the batch ends.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

from sim.cards.deck_design import MAX_REPEATS, MAX_SEED_GAMES, OPEN_SLOTS, Design, draw_design, seed_weights
from sim.cards.sequential import (
    ALPHA,
    MIN_SEEDS,
    SMALLEST_GAP,
    UNDECIDED,
    looks,
    moments,
    seeds_for_width,
    tuning_seeds,
    verdict,
)

METRICS = ("win_share", "score")


@dataclass(frozen=True)
class Batch:
    """One batch: its design, the per-seed estimates (seeds x cards) of each metric and, when the
    game declares what a use is, the per-seed usage (``controls.USAGE``; empty otherwise)."""

    design: Design
    estimates: dict[str, np.ndarray]
    usage: dict[str, np.ndarray] = field(default_factory=dict)

    @property
    def seeds(self) -> int:
        return int(self.estimates["win_share"].shape[0])

    @property
    def games(self) -> int:
        return self.seeds * len(self.design.slots)


def stacked(
    batches: Sequence[Batch], metric: str, columns: Sequence[int], estimator: str = "weighted"
) -> tuple[np.ndarray, np.ndarray | None]:
    """The per-seed estimates of ``metric`` for the cards in ``columns``, all batches in order
    (seeds x cards), and their weights (``deck_design.seed_weights``; None for ``equal``)."""
    values = np.concatenate([b.estimates[metric][:, list(columns)] for b in batches])
    if estimator == "equal":
        return values, None
    weights = seed_weights([b.design for b in batches], [b.seeds for b in batches], metric)
    return values, weights[:, list(columns)]


def deck_verdicts(
    batches: Sequence[Batch],
    family: Sequence[str],
    tolerance: float,
    alpha: float = ALPHA,
    t_opt: float | None = None,
    needed: bool = True,
    estimator: str = "weighted",
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
    share, weights = stacked(batches, "win_share", columns_of, estimator)
    score, score_weights = stacked(batches, "score", columns_of, estimator)
    mean, lo, hi = (x[-1] for x in looks(share, ends, a, t_opt, weights))
    s_mean, s_lo, s_hi = (x[-1] for x in looks(score, ends, a, t_opt, score_weights))
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
            }
        )
    table = pd.DataFrame(rows)
    seeds = sum(b.seeds for b in batches)
    slots = sum(b.seeds * b.design.repeats[columns_of] for b in batches) / seeds  # per seed, so far
    study_slots = sum(b.games for b in batches) / seeds
    verdicts = table["verdict"].to_numpy()
    more = _seeds_more(share, verdicts, a, t_opt, tolerance, weights=weights) if needed else np.nan
    table["games_needed"] = np.ceil(np.asarray(more) * slots * p)
    table["study_games_needed"] = np.ceil(np.asarray(more) * study_slots)
    return table[[*columns, "study_games_needed"]]


def _seeds_more(
    share: np.ndarray,
    verdicts: np.ndarray,
    a: float,
    t_opt: float,
    tolerance: float,
    hedged: bool = False,
    weights: np.ndarray | None = None,
) -> np.ndarray:
    """Further seeds (at the designs and spread so far) that would decide each undecided card of
    ``share`` (seeds x cards); NaN for a decided one. The distance to the nearer band edge is the
    estimate's; ``hedged``: that distance and the estimate's standard error added in quadrature,
    the distance the card is expected to end at (an estimate on an edge today is one standard error
    from it on average), so an early, noisy estimate near an edge does not price a card out.
    With ``weights``, the seeds are priced in weight and turned back into seeds at the weight per
    seed so far."""
    t = share.shape[0]
    if t < 2:  # too few seeds to say: at least up to the first interval
        seeds = np.full(share.shape[1], float(MIN_SEEDS))
    else:
        if weights is None:
            total, mean, sd = np.full(share.shape[1], float(t)), share.mean(axis=0), share.std(axis=0)
        else:
            total, mean, sd = (x[-1] for x in moments(share, [t], weights))
        distance = np.abs(np.abs(mean) - tolerance)
        if hedged:
            distance = np.sqrt(distance**2 + sd**2 / total)
        seeds = seeds_for_width(sd, np.maximum(distance, SMALLEST_GAP), total, a, t_opt) * t / total
    return np.where(verdicts == UNDECIDED, np.maximum(seeds - t, 1), np.nan)


def design_rng(seed: int, batch: int) -> np.random.Generator:
    """The stream that orders batch ``batch``'s slots: fixed by the study's seed and the batch."""
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(0xDEC, batch)))


def next_design(
    cards: Sequence[str],
    n_players: int,
    seed: int,
    batch: int,
    undecided: Sequence[str],
    allocation: str = "cheapest",
    hopeless: Sequence[str] = (),
    repeats: int | None = None,
    favoured: Sequence[str] = (),
) -> Design:
    """The design of batch ``batch``: every card once, the ``undecided`` cards more often
    (``deck_design.draw_design``; their place in the order drawn at random)."""
    return draw_design(
        cards,
        n_players,
        design_rng(seed, batch),
        list(undecided),
        allocation=allocation,
        hopeless=hopeless,
        repeats=repeats,
        favoured=favoured,
    )


def cheapest_plan(
    batches: Sequence[Batch],
    family: Sequence[str],
    tolerance: float,
    alpha: float,
    t_opt: float,
    games_left: float,
    estimator: str = "weighted",
) -> tuple[list[str], int]:
    """The ``cheapest`` allocation's next batch: the undecided cards of ``family`` to favour, and
    their slots (every undecided card has OPEN_SLOTS, decided cards one; ``deck_design``). Every
    undecided card is priced in games with it at the table that would decide it (``_seeds_more``,
    hedged: an estimate near an edge is priced at its standard error's distance, not at its own);
    the cards are taken cheapest first, as many as the ``games_left`` can decide at ``repeats``
    slots each (OPEN_SLOTS + 1 to MAX_REPEATS, a seed kept under MAX_SEED_GAMES times the deck), the
    most cards first, then the most slots. When no card can be favoured so (the games left are too
    few, or, while nearly every card is open, the seed's cap leaves no room), the cheapest alone gets
    MAX_REPEATS. Judged afresh at every look: no card is written off for good."""
    cards = batches[0].design.cards
    k, p = len(cards), batches[0].design.n_players
    undecided = undecided_cards(batches, family, tolerance, alpha, t_opt, estimator)
    if not undecided:
        return [], 1
    columns_of = [cards.index(card) for card in undecided]
    share, weights = stacked(batches, "win_share", columns_of, estimator)
    seeds = share.shape[0]
    a = alpha / max(len(family), 1)
    verdicts = np.full(len(undecided), UNDECIDED)
    more = _seeds_more(share, verdicts, a, t_opt, tolerance, hedged=True, weights=weights)
    slots = sum(b.seeds * b.design.repeats[columns_of] for b in batches) / seeds
    need = more * slots * p  # games with the card at the table
    order = np.argsort(need, kind="stable")
    best = (0, MAX_REPEATS)
    base = k + (OPEN_SLOTS - 1) * len(undecided)  # every open card at OPEN_SLOTS
    for repeats in range(OPEN_SLOTS + 1, MAX_REPEATS + 1):
        for n in range(1, len(undecided) + 1):
            seed_games = base + (repeats - OPEN_SLOTS) * n
            if seed_games > MAX_SEED_GAMES * k:
                break
            reachable = max(games_left, 0.0) / seed_games * repeats * p
            if need[order[n - 1]] <= reachable:
                best = max(best, (n, repeats))
    n, repeats = best
    return [undecided[i] for i in order[: max(n, 1)]], repeats


def hopeless_cards(table: pd.DataFrame, deck: int, n_players: int, games_left: float) -> list[str]:
    """The undecided cards of a verdict table that the games left could not decide even with the most
    slots (MAX_REPEATS each): their ``games_needed`` exceeds the games with the card at the table that
    ``games_left`` would give, at a seed of ``deck + (MAX_REPEATS - 1) * open`` games."""
    open_ = table[table["verdict"] == UNDECIDED]
    if open_.empty or not math.isfinite(games_left):
        return []
    seed_games = deck + (MAX_REPEATS - 1) * len(open_)
    reachable = max(games_left, 0.0) / seed_games * MAX_REPEATS * n_players
    return open_.loc[open_["games_needed"] > reachable, "card"].tolist()


def undecided_cards(
    batches: Sequence[Batch],
    family: Sequence[str],
    tolerance: float,
    alpha: float,
    t_opt: float,
    estimator: str = "weighted",
) -> list[str]:
    """The cards of ``family`` still undecided after ``batches`` (what a look needs, without the table)."""
    cards = batches[0].design.cards
    columns_of = [cards.index(card) for card in family]
    share, weights = stacked(batches, "win_share", columns_of, estimator)
    a = alpha / max(len(family), 1)
    ends = list(np.cumsum([b.seeds for b in batches]))
    _, lo, hi = looks(share, ends, a, t_opt, weights)
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
    allocation: str = "cheapest",
    games_left: Callable[[list[Batch]], float] = lambda done: math.inf,
    t_opt: float | None = None,
    controls: Sequence[str] = (),
    estimator: str = "weighted",
) -> tuple[list[Batch], pd.DataFrame]:
    """Play batches (``play(index, design)``) until every card of ``family`` is decided or
    ``may_continue(batches so far, next design)`` says no; returns the batches and the verdicts.
    ``batches`` already played are kept (a resumed study). ``on_look(batches, undecided cards)``
    follows every new batch. ``allocation`` (``deck_design.ALLOCATIONS``) says how the undecided
    cards get extra slots; ``cheapest`` and ``focus`` weigh them against ``games_left(batches)``.
    ``t_opt``: the seeds at which the confidence sequence is tightest (``tuning_seeds``).
    ``controls`` (cards outside the family, the blank) get the slots of an undecided card while any
    card is undecided: every card of the family is compared with them. ``estimator``
    (``deck_design.ESTIMATORS``): how the seeds are averaged."""
    batches = list(batches or [])
    t_opt = tuning_seeds(tolerance) if t_opt is None else t_opt
    undecided = undecided_cards(batches, family, tolerance, alpha, t_opt, estimator) if batches else None
    while undecided is None or undecided:
        hopeless: list[str] = []
        boosted, repeats, favoured = list(undecided or []), None, []
        if undecided:
            boosted += [c for c in controls if c not in boosted]
        if undecided and allocation == "focus":
            table = deck_verdicts(batches, family, tolerance, alpha, t_opt, estimator=estimator)
            hopeless = hopeless_cards(table, len(cards), n_players, games_left(batches))
        if undecided and allocation == "cheapest":
            left = games_left(batches)
            favoured, repeats = cheapest_plan(batches, family, tolerance, alpha, t_opt, left, estimator)
        design = next_design(
            cards, n_players, seed, len(batches), boosted, allocation, hopeless, repeats, favoured
        )
        if not may_continue(batches, design):
            plain = next_design(cards, n_players, seed, len(batches), [], allocation)  # one slot each
            if len(plain.slots) >= len(design.slots) or not may_continue(batches, plain):
                break
            design = plain  # the extra slots no longer fit the budget: a last batch without them
        batches.append(play(len(batches), design))
        undecided = undecided_cards(batches, family, tolerance, alpha, t_opt, estimator)
        if on_look is not None:
            on_look(batches, undecided)
    return batches, deck_verdicts(batches, family, tolerance, alpha, t_opt, estimator=estimator)
