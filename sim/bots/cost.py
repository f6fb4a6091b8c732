"""What a bot costs: CPU time per decision and per game, timed in games played in this process.

``measure_cost`` seats the bot at seat 1 among copies of one heuristic (seeds ``seed``, ``seed + 1``,
...) and adds up the CPU time (``time.process_time``) of its ``choose`` calls, the decisions where
a search bot's advisers agreed and nothing was searched included. ``sim ladder`` prints it for
its search bots, ``benchmarks/bench_search.py`` for any bot.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from sim.bots import make_bot, play_game
from sim.core.game import GameSpec


class Timed:
    """Wraps a bot and adds up the CPU time of its decisions."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name, self.calls, self.cpu = bot, bot.name, 0, 0.0
        self.sees = getattr(bot, "sees", "view")

    def choose(self, seen: Any, legal: Any, rng: np.random.Generator) -> Any:
        start = time.process_time()
        action = self.bot.choose(seen, legal, rng)
        self.cpu += time.process_time() - start
        self.calls += 1
        return action


@dataclass(frozen=True)
class Cost:
    """A bot's mean cost over the timed games."""

    bot: str
    games: int
    decisions: float
    """Its decisions per game (choices of one option included: the bot is asked)."""
    searched: float | None
    """Decisions per game where it ran a search (bots that count them, e.g. ``rollout``), else None."""
    ms_per_decision: float
    s_per_game: float


def measure_cost(
    spec: GameSpec,
    params: Any,
    n_players: int,
    bot: str,
    games: int = 2,
    seed: int = 1000,
    opponent: str | None = None,
) -> Cost:
    """``bot``'s CPU cost at seat 1 against ``opponent`` (default: the game's first heuristic) in the
    other seats."""
    timers: list[Timed] = []

    def factory(seat: int) -> Timed:
        timers.append(Timed(make_bot(spec, bot, seat)))
        return timers[-1]

    heuristic = opponent or next(name for name in spec.lineup if name != "random")
    timed_spec = spec.with_bots(bots={**spec.bots.bots, "timed": factory})
    for game_index in range(games):
        lineup = ["timed"] + [heuristic] * (n_players - 1)
        record = play_game(timed_spec, params, n_players, seed + game_index, lineup, catch_errors=False)
        assert not record.error
    calls = sum(t.calls for t in timers)
    cpu = sum(t.cpu for t in timers)
    counts = [getattr(t.bot, "searched", None) for t in timers]
    searched = sum(counts) / games if all(c is not None for c in counts) else None  # type: ignore[misc]
    return Cost(bot, games, calls / games, searched, 1000 * cpu / max(calls, 1), cpu / games)
