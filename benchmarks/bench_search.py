"""Benchmark the search bots: CPU ms per decision at each budget, one search bot among heuristics.

Each game seats the search bot at seat 1 and the game's first heuristic at the others (seeds
1000, 1001, ...), in-process on one core; a decision's time is the CPU time (``time.process_time``)
of the bot's ``choose``, including the decisions where its advisers agreed and nothing was searched
(``sim.bots.cost``, which ``sim ladder`` uses too).

Usage: python benchmarks/bench_search.py [--game brass] [--players 2,4] [--bots rollout:2,rollout:4] [--games 2]
"""

from __future__ import annotations

import argparse

from sim.bots.cost import measure_cost
from sim.config import load_config
from sim.games import get_game
from sim.report.ladder_text import cost_line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="brass")
    parser.add_argument("--players", default="2,4", help="player counts, comma-separated")
    parser.add_argument("--bots", default="rollout:2,rollout:4", help="search bots, comma-separated")
    parser.add_argument("--games", type=int, default=2, help="games per bot and player count")
    parser.add_argument("--seed", type=int, default=1000, help="the first game's seed")
    args = parser.parse_args()
    spec = get_game(args.game)
    params = load_config(spec.default_config).params
    for n_players in (int(p) for p in args.players.split(",")):
        for bot in args.bots.split(","):
            cost = measure_cost(spec, params, n_players, bot, args.games, args.seed)
            print(
                f"{args.game:>8} {n_players}p {cost_line(cost, n_players)} (mean of {cost.games} games)",
                flush=True,
            )


if __name__ == "__main__":
    main()
