"""Scaling of a whole-deck card study on a local Dask cluster, started as a user would.

For each worker count it starts ``dask scheduler`` and that many single-threaded ``dask worker``
processes (no nanny), runs the same ``sim cards study`` with ``--backend dask`` on a fixed games
budget, and stops the cluster; then it runs the study once more on the local backend. It prints
the command's wall time, the study's own seconds (its batches and looks, from its state file: the
command's start-up and its report are the same at any worker count), games per second of the study,
parallel efficiency (games/s at N workers over N times games/s at the first count) and whether
every card's verdict and effect equal the local run's.

python benchmarks/dask_scaling.py --workers 1,2 --budget 600g
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent


def start_cluster(folder: Path, workers: int) -> tuple[str, list[subprocess.Popen]]:
    """Start a scheduler and ``workers`` single-threaded workers; return its address and processes."""
    from dask.distributed import Client

    info = folder / "scheduler.json"
    log = open(folder / "cluster.log", "ab")  # noqa: SIM115 - kept open while the cluster runs
    dask = str(BIN / "dask")
    procs = [
        subprocess.Popen(
            [dask, "scheduler", "--port", "0", "--no-dashboard", "--scheduler-file", str(info)],
            stdout=log,
            stderr=log,
        )
    ]
    while not info.exists():
        time.sleep(0.1)
    procs += [
        subprocess.Popen(
            [dask, "worker", "--scheduler-file", str(info), "--nthreads", "1", "--no-nanny",
             "--no-dashboard"],
            stdout=log,
            stderr=log,
        )
        for _ in range(workers)
    ]  # fmt: skip
    address = json.loads(info.read_text())["address"]
    with Client(address, timeout=60) as client:
        client.wait_for_workers(workers, timeout=120)
    return address, procs


def stop_cluster(procs: list[subprocess.Popen]) -> None:
    """Stop the workers, then the scheduler."""
    for proc in reversed(procs):
        proc.terminate()
        proc.wait(timeout=60)


def study(args: argparse.Namespace, out: Path, backend: list[str]) -> float:
    """Run the card study into ``out``; return its wall time in seconds."""
    command = [
        str(BIN / "sim"), "cards", "study", args.config, "--deck", args.deck, "-p", str(args.players),
        "--budget", args.budget, "--tolerance", str(args.tolerance), "--out", str(out), *backend,
    ]  # fmt: skip
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def verdicts(out: Path) -> dict[str, tuple[str, str, str]]:
    """Each card's verdict, effect and games, as the study's table writes them."""
    with open(out / "report" / "card-study.csv", encoding="utf-8-sig") as f:
        return {row["card"]: (row["verdict"], row["effect"], row["games"]) for row in csv.DictReader(f)}


def games_played(out: Path) -> tuple[int, float]:
    """Games the study played and the seconds its batches and looks took (the command's start-up
    and its report excluded), from its state file."""
    last = json.loads((out / "deck-study.json").read_text())["last_run"]
    return int(last["games"]), float(last["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--config", default="configs/mingchu/base.yaml")
    parser.add_argument("--deck", default="门客")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--budget", default="600g", help="the study's games budget (e.g. 600g)")
    parser.add_argument("--tolerance", type=float, default=5.0)
    parser.add_argument("--workers", default="1,2", help="comma-separated worker counts")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        local_out = root / "local"
        local_seconds = study(args, local_out, ["-j", "1"])
        reference = verdicts(local_out)
        print(f"local -j 1: {local_seconds:.1f} s, {len(reference)} cards")
        print(
            f"{'workers':>7} {'seconds':>8} {'study s':>8} {'games/s':>8} {'efficiency':>10}  same verdicts as local"
        )
        baseline = 0.0
        for workers in [int(w) for w in args.workers.split(",")]:
            folder = root / f"dask{workers}"
            folder.mkdir()
            address, procs = start_cluster(folder, workers)
            try:
                seconds = study(args, folder / "out", ["--backend", "dask", "--scheduler", address])
            finally:
                stop_cluster(procs)
            games, study_seconds = games_played(folder / "out")
            rate = games / study_seconds
            baseline = baseline or rate / workers
            same = verdicts(folder / "out") == reference
            print(
                f"{workers:>7} {seconds:>8.1f} {study_seconds:>8.1f} {rate:>8.2f} "
                f"{rate / (workers * baseline):>10.2f}  {same}"
            )


if __name__ == "__main__":
    main()
