"""Synthetic deck studies with planted card effects (no engine, seconds): the known answers that
check the deck study's error rate and power.

A game's winner is drawn with probability ``1/p + seat advantage + the seed's luck for that seat +
theta[card] - the mean of those over the table`` (so win shares sum to one in every game); the
seed's luck is the same in all of a seed's games (as the engine's deck-stable seeds make it). The
planted ``effects`` are what the study estimates: the holder's win share minus 1/p at a table of
random other cards, in fractions (0.05 = 5 points). Scores are ten points for a win plus noise.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pandas as pd

from sim.cards.deck_design import Design
from sim.cards.deck_verdicts import Batch, sequential_study
from sim.cards.sequential import TOO_STRONG, TOO_WEAK, UNDECIDED, WITHIN, tuning_seeds

SEAT_ADVANTAGE = (0.02, 0.01, 0.0, -0.01, -0.02)
SEED_LUCK = 0.04
"""Half-width of the uniform luck of a seat in a seed (win probability)."""
RESIDUAL_VAR = 0.130
"""One seat's win share variance in one game once the seat-in-seed and card terms are out: 0.1303
in a 12,960-game deck study of a bundled game's 24-card deck (``benchmarks/deck_noise.py``). A game's win shares are
``chance + s (winner - chance)`` with ``s`` scaled to it (s = 1 is a plain draw of the winner, whose
variance at these chances is about 0.16): the real seats' chances in a seed are spread further
apart than the planted luck (seat-in-seed variance 0.029), which the seat terms remove exactly but
which leaves less game-to-game noise."""


@dataclass(frozen=True)
class World:
    """Planted effects (fractions of win share, summing to zero) for the cards of a deck."""

    cards: tuple[str, ...]
    effects: tuple[float, ...]
    n_players: int = 5

    @property
    def theta(self) -> np.ndarray:
        """The model's card terms that give ``effects`` (see ``deck_design``)."""
        k, p = len(self.cards), self.n_players
        effects = np.asarray(self.effects, dtype=float)
        return effects * p * (k - 1) / ((p - 1) * k)

    def play(self, design: Design, seeds: int, rng: np.random.Generator) -> Batch:
        """One batch of ``seeds`` seeds under ``design``: the per-seed estimates."""
        results = self.results(design, seeds, rng)
        return Batch(design, {metric: design.estimate(values, metric) for metric, values in results.items()})

    def results(
        self, design: Design, seeds: int, rng: np.random.Generator, residual_var: float | None = RESIDUAL_VAR
    ) -> dict[str, np.ndarray]:
        """Win shares and scores, seeds x patterns x seats (``residual_var`` None: a plain draw)."""
        p = self.n_players
        index = {card: i for i, card in enumerate(self.cards)}
        held = np.array([[index[c] for c in table] for table in design.tables])  # patterns x seats
        seat = np.asarray(SEAT_ADVANTAGE[:p]) - np.mean(SEAT_ADVANTAGE[:p])
        luck = rng.uniform(-SEED_LUCK, SEED_LUCK, size=(seeds, 1, p))
        strength = seat[None, None, :] + luck + self.theta[held][None, :, :]
        chance = 1 / p + strength - strength.mean(axis=2, keepdims=True)
        chance = np.clip(chance, 0.0, None)  # only the largest planted effects at the most lopsided
        chance /= chance.sum(axis=2, keepdims=True)  # tables reach zero (see the benchmark's check)
        draws = rng.random(size=chance.shape[:2] + (1,))
        winner = (draws > np.cumsum(chance, axis=2)).sum(axis=2)
        wins = (np.arange(p)[None, None, :] == winner[:, :, None]).astype(float)
        if residual_var is not None:
            spread = (chance * (1 - chance)).mean(axis=2, keepdims=True)
            wins = chance + np.sqrt(residual_var / np.maximum(spread, 1e-9)) * (wins - chance)
        score = 10 * wins + rng.normal(0, 4, size=wins.shape)
        return {"win_share": wins, "score": score}


def planted_world(tolerance: float, n_players: int = 5) -> World:
    """24 cards spread over the band and past it, in pairs of opposite sign (so they sum to zero):
    four at 0, and one each at +-0.25, +-0.5 (two), +-0.8, +-1.1, +-1.25, +-1.5 and +-2 (three:
    the power cards) tolerances; the cards at 0.8 and 1.1 sit near an edge."""
    steps = (0.25, 0.5, 0.5, 0.8, 1.1, 1.25, 1.5, 2.0, 2.0, 2.0)
    values = [0.0] * 4 + [sign * step * tolerance for step in steps for sign in (1, -1)]
    return World(tuple(f"c{i:02d}" for i in range(len(values))), tuple(values), n_players)


def few_hard_world(tolerance: float, n_players: int = 5) -> World:
    """24 cards of which only two are hard to decide (±0.5 tolerance): ten at 0, twelve at ±2
    tolerances. Where adaptive slots should pay: the open cards are few once the rest are decided."""
    values = [0.0] * 10 + [sign * 2 * tolerance for _ in range(6) for sign in (1, -1)]
    values += [0.5 * tolerance, -0.5 * tolerance]
    return World(tuple(f"c{i:02d}" for i in range(len(values))), tuple(values), n_players)


def truth(effect: float, tolerance: float) -> set[str]:
    """The verdicts that are right for a card of this true effect (an undecided card is never wrong)."""
    right = {UNDECIDED}
    if effect > tolerance:
        right.add(TOO_STRONG)
    elif effect < -tolerance:
        right.add(TOO_WEAK)
    else:
        right.add(WITHIN)
    return right


def default_t_opt(world: World, tolerance: float, budget_games: int) -> float:
    """The boundary's tuning of a synthetic study: as ``sim cards study`` tunes a new one."""
    return tuning_seeds(tolerance, expected=budget_games / len(world.cards))


def simulate(
    world: World,
    tolerance: float,
    budget_games: int,
    seeds_per_batch: int,
    seed: int,
    allocation: str = "cheapest",
    t_opt: float | None = None,
    estimator: str = "weighted",
    keep: list[Batch] | None = None,
) -> pd.DataFrame:
    """One whole-deck study of ``world`` with the sequential stopping rule (seeds averaged by
    ``estimator``, ``deck_design.ESTIMATORS``): the verdicts, with the true effect and whether each
    verdict is right. The batches played are appended to ``keep`` when given."""
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(0x5EED,)))

    def play(_: int, design: Design) -> Batch:
        return world.play(design, seeds_per_batch, rng)

    decided_at: dict[str, int] = {}

    def on_look(done: list[Batch], undecided: list[str]) -> None:
        for card in set(world.cards) - set(undecided) - set(decided_at):
            decided_at[card] = sum(b.games for b in done)

    def may_continue(done: Sequence[Batch], design: Design) -> bool:
        return sum(b.games for b in done) + seeds_per_batch * len(design.slots) <= budget_games

    batches, table = sequential_study(
        play,
        world.cards,
        world.cards,
        world.n_players,
        tolerance,
        seed,
        may_continue=may_continue,
        allocation=allocation,
        games_left=lambda done: budget_games - sum(b.games for b in done),
        t_opt=default_t_opt(world, tolerance, budget_games) if t_opt is None else t_opt,
        on_look=on_look,
        estimator=estimator,
    )
    if keep is not None:
        keep.extend(batches)
    effects = dict(zip(world.cards, world.effects, strict=True))
    table["true_effect"] = table["card"].map(effects)
    table["right"] = [
        v in truth(e, tolerance) for v, e in zip(table["verdict"], table["true_effect"], strict=True)
    ]
    table["study_games"] = sum(b.games for b in batches)
    table["decided_at"] = table["card"].map(decided_at)  # study games at the look that decided it
    return table
