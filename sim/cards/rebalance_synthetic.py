"""A synthetic deck for ``sim cards rebalance``'s known answers (no engine, seconds).

Each card has one whole number, its ``amount``, worth ``vp_per_unit`` VP a unit to its holder; a
card's win-share effect is ``win_per_vp`` times its VP minus the deck's mean (the deck study's
estimand: against the deck's average card). The study is the synthetic deck study
(``sim.cards.synthetic.simulate``) of those effects, with a blank card (amount 0) beside the deck,
the study's scores rescaled so one VP is ``win_per_vp`` of win share, and the flags the model is
given. The check measures the card's paired score effect at an amount: its VP minus the mean VP of
the other cards, plus a seed's luck shared by every amount (paired seeds) and a little noise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from sim.cards.effects import estimate, stream
from sim.cards.rebalance import Change, Lever
from sim.cards.synthetic import World, simulate
from sim.cards.tune import LEVEL, Point

BLANK = "blank"
SEED_LUCK_VP = 3.0
"""Standard deviation of a seed's luck in the paired score effect (VP), shared by every amount."""
NOISE_VP = 1.0
"""Standard deviation of the rest of one seed's paired score effect (VP)."""


@dataclass(frozen=True)
class ToyDeck:
    """Cards with one amount each; ``flags`` (card, flag) pairs the synthetic study reports."""

    cards: tuple[str, ...]
    amounts: tuple[int, ...]
    vp_per_unit: tuple[float, ...]
    win_per_vp: float = 0.02
    flags: tuple[tuple[str, str], ...] = ()
    n_players: int = 5

    def vp(self) -> np.ndarray:
        """Each card's VP to its holder."""
        return np.asarray(self.amounts, dtype=float) * np.asarray(self.vp_per_unit, dtype=float)

    def world(self) -> World:
        """The synthetic study's world: the deck and the blank, effects against their mean."""
        vp = np.append(self.vp(), 0.0)
        return World((*self.cards, BLANK), tuple(self.win_per_vp * (vp - vp.mean())), self.n_players)

    def effect(self, card: str) -> float:
        """The card's planted win-share effect (fractions)."""
        world = self.world()
        return world.effects[world.cards.index(card)]

    def with_amounts(self, amounts: Mapping[str, float]) -> ToyDeck:
        """The deck with some cards' amounts changed."""
        new = tuple(int(amounts.get(c, a)) for c, a in zip(self.cards, self.amounts, strict=True))
        return replace(self, amounts=new)


@dataclass
class ToyLab:
    """``rebalance.Lab`` on a ``ToyDeck``: the synthetic study (``budget`` games in batches of
    ``seeds_per_batch`` seeds, seeds of its own each round) and the paired check (``seeds`` per amount)."""

    tolerance: float
    budget: int = 20_000
    seeds: int = 200
    seed: int = 1
    seeds_per_batch: int = 40
    measured: list[tuple[str, float]] | None = None
    rounds_in_time: int | None = None
    """The rounds the time allows (None: every round), as a time limit would on the engine."""

    def study(self, config: ToyDeck, round_: int) -> pd.DataFrame:
        table = simulate(
            config.world(), self.tolerance, self.budget, self.seeds_per_batch, self.seed + 1000 * round_
        )
        scale = 1 / (10 * config.win_per_vp)  # the synthetic scores are 10 points a win
        for column in ("score_effect", "score_low", "score_high"):
            table[column] = table[column] * scale
        blank = float(table.loc[table["card"] == BLANK, "effect"].iloc[0])
        table["vs_blank"] = table["effect"] - blank
        table["flag"] = table["card"].map(dict(config.flags)).fillna("")
        return table[table["card"] != BLANK].reset_index(drop=True)

    def levers(self, config: ToyDeck, card: str) -> list[Lever]:
        amount = config.amounts[config.cards.index(card)]
        return [Lever("count", "count", 1.0, True, 0), Lever("amount", "amount", float(amount), True, 1)]

    def valid(self, config: ToyDeck, card: str, lever: Lever, value: float) -> bool:
        return 0 <= value <= 30

    def measure(self, config: ToyDeck, card: str, lever: Lever, value: float, round_: int) -> Point:
        if self.measured is not None:
            self.measured.append((card, value))
        i = config.cards.index(card)
        vp = config.with_amounts({card: value}).vp()
        others = np.delete(vp, i).mean()
        luck = stream(self.seed, card, str(round_), "luck").normal(0, SEED_LUCK_VP, self.seeds)
        noise = stream(self.seed, card, str(round_), str(value)).normal(0, NOISE_VP, self.seeds)
        result = estimate(vp[i] - others + luck + noise, LEVEL, stream(self.seed, card, "bootstrap"))
        return Point(value, result["estimate"], result["lo"], result["hi"], self.seeds)

    def variant(self, original: ToyDeck, changes: Mapping[str, Sequence[Change]], round_: int) -> ToyDeck:
        return original.with_amounts({card: made[-1].new for card, made in changes.items()})

    def may_start(self, round_: int) -> bool:
        return self.rounds_in_time is None or round_ <= self.rounds_in_time
