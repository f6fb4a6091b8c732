"""The uniform-random legal bot: the floor of every bot ladder."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from sim.core.owned_integers import OwnedIntegers


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    sees = "legal"

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat

    def choose(self, seen: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:  # ``rng.integers(1)`` is 0 and draws nothing
            return legal[0]
        return legal[int(rng.integers(len(legal)))]

    def owned_chooser(self, rng: np.random.Generator) -> Callable[[Sequence[Any]], Any] | None:
        """``legal -> choose(None, legal, rng)`` for a generator nobody but this bot ever draws from
        (``play_game`` gives each seat its own): the same picks at a fraction of numpy's per-call
        cost. None for a subclass, whose ``choose`` may differ."""
        if type(self) is not RandomBot:
            return None
        return OwnedIntegers(rng).pick
