"""Peak memory of the whole process tree of ``sim run`` at two run sizes (memory must stay flat).

    python benchmarks/bench_memory.py --games 2000,20000 --jobs 2

Samples the resident memory of the ``sim run`` process and all its workers every 0.2 s and
prints the peak per run size and the growth from the smallest to the largest.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil


def peak_tree_rss(command: list[str]) -> tuple[float, float, float, float]:
    """Peak MiB of the whole process tree, of the parent alone and of the largest child; seconds."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    root = psutil.Process(process.pid)
    peak = parent = child = 0
    while process.poll() is None:
        try:
            sizes = [root.memory_info().rss] + [c.memory_info().rss for c in root.children(recursive=True)]
        except psutil.Error:
            continue
        peak, parent = max(peak, sum(sizes)), max(parent, sizes[0])
        child = max([child, *sizes[1:]])
        time.sleep(0.2)
    if process.returncode:
        raise SystemExit(f"{' '.join(command)} failed with exit code {process.returncode}")
    mib = 2**20
    return peak / mib, parent / mib, child / mib, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="brass")
    parser.add_argument("--players", default="4")
    parser.add_argument("--bots", default="random")
    parser.add_argument("--games", default="2000,20000")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    sizes = [int(n) for n in args.games.split(",")]
    peaks = {}
    print(f"{args.game} {args.players}p, bots {args.bots}, {args.jobs} jobs")
    print(f"{'games':>7} {'peak MiB':>9} {'parent':>7} {'worker':>7} {'seconds':>8}")
    for games in sizes:
        with tempfile.TemporaryDirectory() as tmp:
            command = [
                sys.executable, "-m", "sim", "run", args.game, "-p", args.players, "-n", str(games),
                "--bots", args.bots, "-j", str(args.jobs), "--out", str(Path(tmp) / "run"), "--no-progress",
            ]  # fmt: skip
            peaks[games], parent, worker, seconds = peak_tree_rss(command)
        print(f"{games:>7} {peaks[games]:>9.0f} {parent:>7.0f} {worker:>7.0f} {seconds:>8.1f}")
    growth = peaks[sizes[-1]] / peaks[sizes[0]] - 1
    print(f"growth from {sizes[0]} to {sizes[-1]} games: {growth:+.1%}")


if __name__ == "__main__":
    main()
