"""Benchmark Brass: games per second with random and heuristic bots, errors, winning scores.

Usage: python benchmarks/bench_brass.py --games 100 [--config configs/brass/base.yaml]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from sim.config import load_config
from sim.core.play import play_game
from sim.games.brass import SPEC

HEURISTIC = ("industrialist", "merchant", "potter", "networker")


def bench(params, n_players: int, games: int, heuristic: bool, seed0: int) -> dict[str, float]:
    """Play `games` games; return speed, error count and score statistics."""
    start = time.perf_counter()
    cpu_start = time.process_time()
    errors = 0
    winning: list[float] = []
    actions: list[int] = []
    for k in range(games):
        seed = seed0 + k
        if heuristic:
            bots = [HEURISTIC[(seed + i) % len(HEURISTIC)] for i in range(n_players)]
        else:
            bots = ["random"] * n_players
        record = play_game(SPEC, params, n_players, seed, bots)
        if record.error:
            errors += 1
            print(f"  seed {seed}: {record.error}")
            continue
        winning.append(max(record.scores))
        actions.append(record.actions)
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "games_per_s": games / elapsed,
        "games_per_cpu_s": games / cpu,
        "errors": errors,
        "win_median": statistics.median(winning) if winning else float("nan"),
        "win_mean": statistics.fmean(winning) if winning else float("nan"),
        "actions_mean": statistics.fmean(actions) if actions else float("nan"),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per player count and bot type")
    parser.add_argument("--config", type=Path, default=SPEC.default_config)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    args = parser.parse_args()
    params = load_config(args.config).params
    print(
        f"{'players':>7} {'bots':>9} {'games/s':>8} {'per cpu-s':>9} {'errors':>6} "
        f"{'win med':>8} {'win mean':>8} {'decisions':>9}"
    )
    for n in args.players:
        for heuristic in (False, True):
            row = bench(params, n, args.games, heuristic, args.seed)
            label = "heuristic" if heuristic else "random"
            print(
                f"{n:>7} {label:>9} {row['games_per_s']:>8.1f} {row['games_per_cpu_s']:>9.1f} {row['errors']:>6} "
                f"{row['win_median']:>8.1f} {row['win_mean']:>8.1f} {row['actions_mean']:>9.0f}"
            )


if __name__ == "__main__":
    main()
