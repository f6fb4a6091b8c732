"""Time the statistics and ``build_report`` on a synthetic run with about 1,000,000 player rows.

python benchmarks/bench_report.py [--players-rows 1000000] [--out /tmp/bench_report]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from sim.dataset import load_run
from sim.report import build_report
from sim.report.analysis import analyse
from sim.stats.synthetic import SyntheticVariant, write_synthetic_run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--player-rows", type=int, default=1_000_000)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="bench_report_"))
    variants = [SyntheticVariant("base", {4: [1.2, 1, 1, 1]}), SyntheticVariant("fix")]
    player_counts = (2, 3, 4)
    # player rows = games_per_count * sum(player counts) * variants (minus errored games)
    games_per_count = args.player_rows // (sum(player_counts) * len(variants))

    start = time.perf_counter()
    run_dir = write_synthetic_run(
        out / "run", variants=variants, player_counts=player_counts, games_per_count=games_per_count,
        bots=("random", "greedy"), bot_strength={"greedy": 1.3}, error_rate=0.005, shared_win_rate=0.005,
    )  # fmt: skip
    t_write = time.perf_counter() - start

    start = time.perf_counter()
    run = load_run(run_dir)
    t_load = time.perf_counter() - start
    start = time.perf_counter()
    analyse(run)
    t_stats = time.perf_counter() - start

    start = time.perf_counter()
    build_report([run_dir], out / "report", lang="en")
    t_report = time.perf_counter() - start

    print(f"games {len(run.games):,}  player rows {len(run.players):,}  round rows {len(run.rounds):,}")
    print(f"write synthetic run   {t_write:6.1f} s")
    print(f"load_run              {t_load:6.1f} s")
    print(f"statistics (analyse)  {t_stats:6.1f} s")
    print(f"build_report (total)  {t_report:6.1f} s   -> {out / 'report' / 'report.html'}")


if __name__ == "__main__":
    main()
