"""End-to-end throughput: games/s of `run_study` (play + Parquet) per game and player count.

Each row is played at every ``--jobs`` count; the efficiency is games/s at N jobs over N times
games/s at the first count (1.0: N workers do N times the work of one).

python benchmarks/bench_runner.py --games 200 --jobs 1,2
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from sim.config import load_config
from sim.games import game_names, get_game
from sim.runner import Study, run_study


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument(
        "--jobs", default="1,2", help="comma-separated worker counts (the first is the baseline)"
    )
    parser.add_argument("--bots", default="", help="comma-separated lineup (default: each game's lineup)")
    args = parser.parse_args()
    jobs = [int(j) for j in args.jobs.split(",")]
    print(
        f"{'game':<10} {'players':>7} {'games':>6} {'jobs':>4} {'seconds':>8} {'games/s':>8} {'efficiency':>10}  bots"
    )
    for name in game_names():
        spec = get_game(name)
        if spec.example:
            continue
        bots = tuple(args.bots.split(",")) if args.bots else spec.lineup
        config = load_config(spec.default_config)
        for n in spec.player_counts_for(config.params):
            study = Study((config,), (n,), args.games, bots, root_seed=1)
            baseline = 0.0
            for workers in jobs:
                with tempfile.TemporaryDirectory() as tmp:
                    start = time.perf_counter()
                    result = run_study(study, Path(tmp), jobs=workers, progress=False)
                    seconds = time.perf_counter() - start
                rate = args.games / seconds
                baseline = baseline or rate / workers
                print(
                    f"{name:<10} {n:>7} {args.games:>6} {workers:>4} {seconds:>8.2f} {rate:>8.1f}"
                    f" {rate / (workers * baseline):>10.2f}  {','.join(bots)}"
                    f"{'  errors: ' + str(result.errors) if result.errors else ''}"
                )


if __name__ == "__main__":
    main()
