"""The toy race's bots besides the shared random bot."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.games.toy.actions import Draw, PlayCard, Step


class GreedyBot:
    """Plays its best sprint card when it beats a plain step, always refills, never gambles."""

    name = "greedy"

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat

    def choose(self, state: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if any(isinstance(a, Draw) for a in legal):
            return next(a for a in legal if isinstance(a, Draw))
        moves = [a for a in legal if isinstance(a, (Step, PlayCard))]
        return max(moves, key=lambda a: (a.size if isinstance(a, Step) else a.value, isinstance(a, Step)))


BOTS = {"greedy": GreedyBot}
