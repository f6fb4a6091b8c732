"""Paired scan of one bot's weights, one change at a time: each arm's mean score margin (the bot's
seat score minus its table's mean) and its paired difference from the shipped weights.

.venv/bin/python benchmarks/scan_bot_weights.py --bot industrialist --games 300 \\
    --arm no_loans:loans_for_builds=false --arm road60:road=60 --arm build20:build=20

Every arm plays the same seeds with the lineup rotated over the seats (``sim run``'s rotation), so
the differences are paired seat by seat (docs/tuning-bots.md quotes such a scan).
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from tempfile import TemporaryDirectory

import yaml

from sim.config import load_config
from sim.runner.execute import run_study
from sim.runner.plan import Study
from sim.runner.tune_bots import seat_margins


def arms(specs: list[str]) -> dict[str, dict[str, object]]:
    """``label:weight=value,weight=value`` -> {label: {weight: value}}; the shipped arm first."""
    out: dict[str, dict[str, object]] = {"shipped": {}}
    for spec in specs:
        label, _, body = spec.partition(":")
        out[label] = {k: yaml.safe_load(v) for k, v in (part.split("=", 1) for part in body.split(","))}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="configs/mingchu/base.yaml")
    parser.add_argument("--bot", default="industrialist")
    parser.add_argument("--lineup", default="industrialist,runner,roadbuilder")
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--arm", action="append", default=[], help="label:weight=value[,weight=value]")
    args = parser.parse_args()
    variants = tuple(
        replace(
            load_config(args.config, {f"bots.{args.bot}.{k}": v for k, v in change.items()}), variant=label
        )
        for label, change in arms(args.arm).items()
    )
    study = Study(
        variants=variants, player_counts=(args.players,), games_per_count=args.games,
        bots=tuple(args.lineup.split(",")), root_seed=args.seed, chunk_size=20,
    )  # fmt: skip
    with TemporaryDirectory() as folder:
        run_study(study, Path(folder), label="scan", jobs=args.jobs, progress=False)
        seats = seat_margins(Path(folder), args.bot)
    shipped = seats[seats["variant"] == "shipped"]["margin"]
    for variant in variants:
        margin = seats[seats["variant"] == variant.label]["margin"]
        diff = (margin - shipped).dropna()
        half = 1.96 * diff.std() / len(diff) ** 0.5 if len(diff) > 1 else float("nan")
        print(
            f"{variant.variant:16s} margin {margin.mean():+6.2f}  vs shipped {diff.mean():+5.2f} ± {half:.2f}  seats {len(diff)}"
        )


if __name__ == "__main__":
    main()
