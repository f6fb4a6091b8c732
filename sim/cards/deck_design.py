"""The deck study's design: which card every seat is forced to hold, game by game, and the linear
estimator that turns one seed's games into an estimate of every card's effect.

A batch plays ``m`` seeds. Its design is a cyclic list of *slots* (card ids, every card of the deck
at least once, cards still undecided possibly several times) in an order drawn at random for the
batch. Every seed is played once per slot ``v``: seat ``s`` holds the card of slot ``v + s`` (mod the
number of slots). So within a seed every seat holds every slot once, the cards at one table are
always different, and a seed's games differ only by who holds which card.

The estimator of one seed is ordinary least squares on that seed's games (one row per game and
seat) of the seat's win share on a term per seat (the seed's seat and bot advantage, which the
study cancels exactly) and the card terms of the linear model

    win share = seat term + theta[own card] - mean of theta over the cards at the table,

with theta summing to zero over the deck (the table's cards are centered because one seat's win is
the others' loss). Its rows are a fixed matrix per design, so a seed's estimate is that matrix
times the seed's results: unbiased for theta under the model, whatever the order of the slots.
The reported *effect* is theta scaled to what a designer reads: the holder's win share minus the
fair share 1/p, at a table of other cards drawn at random from the deck,
``theta * (p - 1) K / (p (K - 1))`` for K cards. Scores use the same design without the table
term (a rival's card moves one's score little): the holder's score minus the deck's average card.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import numpy as np
import scipy.linalg

MAX_REPEATS = 4
"""At most this many slots for one card in a batch (cards still undecided get more than one)."""


@dataclass(frozen=True)
class Design:
    """One batch's cyclic slot list over a deck of ``cards`` at ``n_players`` seats."""

    cards: tuple[str, ...]
    slots: tuple[str, ...]
    n_players: int

    @cached_property
    def tables(self) -> tuple[tuple[str, ...], ...]:
        """The cards of every seat, one tuple per pattern (game of a seed)."""
        n = len(self.slots)
        return tuple(tuple(self.slots[(v + s) % n] for s in range(self.n_players)) for v in range(n))

    @cached_property
    def repeats(self) -> np.ndarray:
        """Slots per card (in ``cards`` order): the games of a seed in which it sits at each seat."""
        index = {card: i for i, card in enumerate(self.cards)}
        return np.bincount([index[c] for c in self.slots], minlength=len(self.cards))

    @cached_property
    def matrices(self) -> dict[str, np.ndarray]:
        """Card x (pattern, seat) matrices: one seed's results (flattened pattern-major) to the card
        effects, for ``win_share`` (table-centered model, scaled to the holder's share minus 1/p)
        and ``score`` (own-card model). Designs that differ only by which card sits in which slot
        share one computation (the rows are permuted)."""
        first: dict[str, int] = {}
        for card in self.slots:
            first.setdefault(card, len(first))
        canonical = _canonical_matrices(tuple(first[c] for c in self.slots), self.n_players)
        order = [first[card] for card in self.cards]
        return {metric: matrix[order] for metric, matrix in canonical.items()}

    @cached_property
    def variances(self) -> dict[str, np.ndarray]:
        """Per metric, each card's per-seed estimate variance up to the residual variance: the
        diagonal of ``M M'`` (``M`` the card rows of ``matrices``; ``(X'X)^-1`` of the least squares,
        scaled as the effect is), for residuals independent across rows. Fixed by the design alone."""
        return {metric: (matrix * matrix).sum(axis=1) for metric, matrix in self.matrices.items()}

    def estimate(self, results: np.ndarray, metric: str) -> np.ndarray:
        """Per-seed card effects: ``results`` is seeds x patterns x seats; returns seeds x cards."""
        flat = results.reshape(results.shape[0], -1)
        return flat @ self.matrices[metric].T


@functools.lru_cache(maxsize=256)
def _canonical_matrices(slots: tuple[int, ...], p: int) -> dict[str, np.ndarray]:
    """The estimator matrices of a slot list whose cards are numbered 0..K-1 by first appearance."""
    k = max(slots) + 1
    rows = len(slots) * p
    own = np.zeros((rows, k))
    for v in range(len(slots)):
        for s in range(p):
            own[v * p + s, slots[(v + s) % len(slots)]] = 1.0
    seat = np.tile(np.eye(p), (len(slots), 1))
    table_mean = np.repeat(own.reshape(len(slots), p, k).mean(axis=1), p, axis=0)
    scale = (p - 1) * k / (p * (k - 1))
    return {"win_share": scale * _card_rows(seat, own - table_mean), "score": _card_rows(seat, own)}


def _card_rows(seat: np.ndarray, cards: np.ndarray) -> np.ndarray:
    """The card rows of the minimum-norm least-squares solution of [seat | cards]: the card terms
    summing to zero (the one direction the seat terms and the cards cannot tell apart)."""
    design = np.hstack([seat, cards])
    try:
        u, s, vt = np.linalg.svd(design, full_matrices=False)
    except np.linalg.LinAlgError:  # LAPACK's divide-and-conquer SVD fails on rare designs (seen
        u, s, vt = scipy.linalg.svd(design, full_matrices=False, lapack_driver="gesvd")  # in a benchmark)
    keep = s > s.max() * max(design.shape) * np.finfo(float).eps  # numpy's pinv and rank cut-off
    _check_identified(int(keep.sum()), seat.shape[1], cards.shape[1])
    pinv = (vt[keep].T / s[keep]) @ u[:, keep].T
    solution = pinv[seat.shape[1] :]
    return solution - solution.mean(axis=0, keepdims=True)


def _check_identified(rank: int, seats: int, cards: int) -> None:
    if rank < seats + cards - 1:
        raise ValueError(
            f"the design cannot tell the cards apart (rank {rank} of {seats + cards - 1}): "
            "a deck needs more cards than players"
        )


ESTIMATORS = ("weighted", "equal")
"""How the per-seed estimates are averaged: ``weighted`` (the default) by ``seed_weights``; ``equal``:
every seed alike (deck studies made before the weights, whose folders record no estimator)."""


def seed_weights(designs: Sequence[Design], seeds: Sequence[int], metric: str) -> np.ndarray:
    """Seeds x cards: each seed's weight for each card, the inverse of its design's variance for
    the card (``Design.variances``) relative to the first design's (so the first batch's seeds weigh
    one and the weights count seeds of that design). Known before the seeds are played."""
    reference = designs[0].variances[metric]
    rows = [np.tile(reference / d.variances[metric], (n, 1)) for d, n in zip(designs, seeds, strict=True)]
    return np.concatenate(rows) if rows else np.zeros((0, len(reference)))


ALLOCATIONS = ("cheapest", "focus", "open", "half", "none")
"""How undecided cards get extra slots. ``cheapest`` (the default): the undecided cards the games left
can most likely decide, cheapest first, each ``repeats`` slots (``deck_verdicts.cheapest_plan``,
re-judged at every look); ``half`` gives every undecided card ``ceil(K / u) - 1`` (at most
MAX_REPEATS) once fewer than half the deck is open; ``focus`` does the same for the undecided cards
the budget can still decide at the current estimates, counting only those (``hopeless`` cards keep
one slot); ``open`` gives MAX_REPEATS to every undecided card; ``none``: one slot per card
throughout (the synthetic comparison is in docs/card-lab.md)."""

OPEN_SLOTS = 2
"""``cheapest``: slots of every undecided card (decided cards keep one). A card in one slot of a
seed is estimated poorly on win share: its five games are one run of consecutive tables, which the
seat terms partly absorb (at 24 cards and 5 seats a seed's estimate has 2.7 times the variance of
one with the card in two slots, for twice the games; ``docs/card-lab.md``)."""
MAX_SEED_GAMES = 2
"""``cheapest`` keeps a seed under this many times the deck's size in games (the looks stay frequent)."""


def draw_design(
    cards: Sequence[str],
    n_players: int,
    rng: np.random.Generator,
    undecided: Sequence[str] = (),
    tries: int = 200,
    allocation: str = "cheapest",
    hopeless: Sequence[str] = (),
    repeats: int | None = None,
    favoured: Sequence[str] = (),
) -> Design:
    """A batch's design: every card once, each ``undecided`` card ``repeats_for`` times (more
    games for the cards still open; under ``focus`` not the ``hopeless`` ones; under ``cheapest``
    every undecided card OPEN_SLOTS and the ``favoured`` ones ``repeats``), in a random
    cyclic order in which no card comes twice within ``n_players`` consecutive slots (no table holds
    it twice; fewer repeats when the slots are too crowded for that)."""
    cards = tuple(cards)
    if len(cards) < n_players + 1:
        raise ValueError(
            f"a deck study needs more distinct cards than players: {len(cards)} cards for {n_players} seats"
        )
    if allocation not in ALLOCATIONS:
        raise ValueError(f"allocation {allocation!r}: one of {', '.join(ALLOCATIONS)}")
    open_cards = [c for c in cards if c in set(undecided)]
    boosted = [c for c in open_cards if allocation != "focus" or c not in set(hopeless)]
    counted = len(boosted) if allocation == "focus" else len(open_cards)
    if allocation == "cheapest":
        floor = OPEN_SLOTS if open_cards else 1
        repeats = max(floor, min(MAX_REPEATS, repeats or floor))
    else:
        repeats = repeats_for(len(cards), counted, allocation) if boosted else 1
    while True:
        if allocation == "cheapest":
            floor = min(floor, repeats)
            counts = {
                c: repeats if c in set(favoured) else floor if c in set(open_cards) else 1 for c in cards
            }
        else:
            counts = {c: 1 + (repeats - 1) * (c in set(boosted)) for c in cards}
        for _ in range(tries):
            order = _spaced_order(counts, n_players, rng)
            if order is not None:
                return Design(cards, tuple(order), n_players)
        repeats -= 1  # too crowded to space out: fewer repeats (one always works)


def repeats_for(deck: int, open_cards: int, allocation: str = "half") -> int:
    """Slots per boosted card, ``open_cards`` of them. ``half`` and ``focus``: 1 while they are half
    the deck or more, then more as they are fewer (``ceil(deck / open) - 1``: an open card's share of
    the seats grows from 1/K to R/(K + (R - 1) open) while a seed stays under twice the deck);
    ``open``: MAX_REPEATS while any card is decided; at most MAX_REPEATS."""
    if open_cards == 0 or open_cards >= deck or allocation == "none":
        return 1
    if allocation == "open":
        return MAX_REPEATS
    return max(1, min(MAX_REPEATS, math.ceil(deck / open_cards) - 1))


def _spaced_order(counts: dict[str, int], n_players: int, rng: np.random.Generator) -> list[str] | None:
    """A random cyclic order of the slots (``counts`` of each card) with no card twice within
    ``n_players`` consecutive slots, built slot by slot (the card drawn with weight its slots still to
    place, among those not in the last ``n_players - 1``); None when the draw paints itself into a
    corner."""
    left = dict(counts)
    order: list[str] = []
    total = sum(left.values())
    names = list(left)
    for _ in range(total):
        recent = set(order[-(n_players - 1) :]) if n_players > 1 else set()
        if len(order) + n_players - 1 >= total:  # the last slots also face the first (cyclic)
            recent |= set(order[: len(order) + n_players - total])
        weights = np.array([left[c] if c not in recent else 0 for c in names], dtype=float)
        if weights.sum() == 0:
            return None
        pick = names[int(rng.choice(len(names), p=weights / weights.sum()))]
        order.append(pick)
        left[pick] -= 1
    return order if _spaced(order, n_players) else None


def _spaced(order: Sequence[str], n_players: int) -> bool:
    n = len(order)
    for i, card in enumerate(order):
        for gap in range(1, n_players):
            if order[(i + gap) % n] == card:
                return False
    return True
