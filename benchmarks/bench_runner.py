"""End-to-end throughput: games/s of `run_study` (play + Parquet) per game and player count.

python benchmarks/bench_runner.py --games 200 --jobs 2
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
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--bots", default="", help="comma-separated lineup (default: each game's lineup)")
    args = parser.parse_args()
    print(f"{'game':<10} {'players':>7} {'games':>6} {'jobs':>4} {'seconds':>8} {'games/s':>8}  bots")
    for name in game_names():
        spec = get_game(name)
        if spec.example:
            continue
        bots = tuple(args.bots.split(",")) if args.bots else spec.lineup
        config = load_config(spec.default_config)
        for n in spec.player_counts_for(config.params):
            study = Study((config,), (n,), args.games, bots, root_seed=1)
            with tempfile.TemporaryDirectory() as tmp:
                start = time.perf_counter()
                result = run_study(study, Path(tmp), jobs=args.jobs, progress=False)
                seconds = time.perf_counter() - start
            rate = args.games / seconds
            print(
                f"{name:<10} {n:>7} {args.games:>6} {args.jobs:>4} {seconds:>8.2f} {rate:>8.1f}  {','.join(bots)}"
                f"{'  errors: ' + str(result.errors) if result.errors else ''}"
            )


if __name__ == "__main__":
    main()
