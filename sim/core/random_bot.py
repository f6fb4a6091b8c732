"""The uniform-random legal bot: the floor of every bot ladder."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    sees = "legal"

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat

    def choose(self, seen: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        return legal[int(rng.integers(len(legal)))]
