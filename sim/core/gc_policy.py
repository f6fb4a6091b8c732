"""Garbage-collector settings for a process that plays many games (a runner worker, a benchmark)."""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 50_000
"""Allocations between collections of the youngest generation (Python's default is 700)."""


def tune_for_many_games() -> None:
    """Collect less often: games make many short-lived objects and few reference cycles, and every
    collection also walks the engines' long-lived caches. The games are the same; a 4-player random
    game of the bundled canal-and-rail game costs about 11% fewer instructions (docs/architecture.md, "Speed")."""
    if gc.get_threshold()[0] < YOUNG_THRESHOLD:
        gc.set_threshold(YOUNG_THRESHOLD, 20, 100)
