"""Benchmark the search bots: CPU ms per decision at each budget, one search bot among heuristics.

Each game seats the search bot at seat 1 and the game's first heuristic at the others (seeds
1000, 1001, ...), in-process on one core; a decision's time is the CPU time (``time.process_time``)
of the bot's ``choose``, including the decisions where its advisers agreed and nothing was searched.

Usage: python benchmarks/bench_search.py [--game brass] [--players 2,4] [--bots rollout:2,rollout:4] [--games 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import time
from typing import Any

from sim.bots import make_bot
from sim.config import load_config
from sim.core.play import play_game
from sim.games import get_game


class Timed:
    """Wraps a bot and adds up the CPU time of its decisions."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name, self.calls, self.cpu = bot, bot.name, 0, 0.0
        self.sees = getattr(bot, "sees", "view")

    def choose(self, seen: Any, legal: Any, rng: Any) -> Any:
        start = time.process_time()
        action = self.bot.choose(seen, legal, rng)
        self.cpu += time.process_time() - start
        self.calls += 1
        return action


def bench(game: str, n_players: int, bot: str, games: int) -> dict[str, float]:
    """Mean CPU ms per decision and seconds per game of ``bot`` against the first heuristic."""
    spec = get_game(game)
    params = load_config(spec.default_config).params
    timers: list[Timed] = []

    def factory(seat: int) -> Timed:
        timers.append(Timed(make_bot(spec, bot, seat)))
        return timers[-1]

    heuristic = next(name for name in spec.lineup if name != "random")
    timed_spec = dataclasses.replace(spec, bots={**spec.bots, "timed": factory})
    for game_index in range(games):
        lineup = ["timed"] + [heuristic] * (n_players - 1)
        record = play_game(timed_spec, params, n_players, 1000 + game_index, lineup, catch_errors=False)
        assert not record.error
    calls = sum(t.calls for t in timers)
    cpu = sum(t.cpu for t in timers)
    return {"ms_per_decision": 1000 * cpu / max(calls, 1), "decisions": calls / games, "s_per_game": cpu / games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="brass")
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--bots", default="rollout:2,rollout:4", help="search bots, comma-separated")
    parser.add_argument("--games", type=int, default=2, help="games per bot and player count")
    args = parser.parse_args()
    for n_players in (int(p) for p in args.players.split(",")):
        for bot in args.bots.split(","):
            row = bench(args.game, n_players, bot, args.games)
            print(
                f"{args.game:>8} {n_players}p {bot:>11}: {row['ms_per_decision']:7.1f} ms per decision, "
                f"{row['decisions']:.0f} decisions and {row['s_per_game']:.2f} s of its CPU per game"
            )


if __name__ == "__main__":
    main()
