"""The toy race's greedy bot: it values the legal actions through a table by action type
(``VALUES``) and plays the best."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..rules.actions import Draw, Gamble, PlayCard, Skip, Step
from ..rules.state import ToyState

Value = Callable[[ToyState, Any], float]


def step_value(view: ToyState, action: Step) -> float:
    """The distance, and a half more: a step beats a sprint card of the same value (the card is kept)."""
    return action.size + 0.5


def card_value(view: ToyState, action: PlayCard) -> float:
    return float(action.value)


def never(view: ToyState, action: Any) -> float:
    return -math.inf


def draw_value(view: ToyState, action: Draw) -> float:
    return 1.0


def skip_value(view: ToyState, action: Skip) -> float:
    return 0.0


VALUES: dict[type, Value] = {
    Step: step_value,
    PlayCard: card_value,
    Gamble: never,
    Draw: draw_value,
    Skip: skip_value,
}
"""The greedy bot's worth of each action type: it plays its best sprint card when it beats a plain
step, always refills and never gambles."""


class GreedyBot:
    """Plays the legal action worth most by ``VALUES`` (the first of equal ones)."""

    name = "greedy"

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat

    def choose(self, view: ToyState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        return max(legal, key=lambda action: VALUES[type(action)](view, action))
