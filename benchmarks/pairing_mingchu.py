"""How closely a one-card variant of 明初商途 pairs with its base: per-seat score correlation.

Runs the base config and three one-card variants of it (a 门客 added, one removed, one changed)
with ``sim run`` on the same seeds, then prints ``sim.cards.pairing.paired_correlation`` for each
and how many games came out identical to the base. Rerunning resumes the runs already in ``--out``.

Usage: python benchmarks/pairing_mingchu.py [--games 500] [--players 5] [--jobs 2] [--out runs/pairing]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import yaml

from sim.cards.pairing import paired_correlation, paired_scores

BASE = Path(__file__).resolve().parent.parent / "configs" / "mingchu" / "base.yaml"
VARIANTS = {
    "added": {"门客": [{"id": "试用门客", "add": True, "ability": [{"effect": "gain_coins", "amount": 3}]}]},
    "removed": {"门客": [{"id": "账房先生", "count": 0}]},
    "changed": {"门客": [{"id": "账房先生", "ability": [{"effect": "gain_coins", "amount": 3}]}]},
}


def run(config: Path, out: Path, args: argparse.Namespace) -> None:
    command = [
        sys.executable,
        "-m",
        "sim",
        "run",
        str(config),
        "-p",
        str(args.players),
        "-n",
        str(args.games),
    ]
    command += ["-j", str(args.jobs), "--out", str(out), "--no-progress"]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("runs/pairing"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    run(BASE, args.out / "base", args)
    print("| change | correlation | seat pairs | games identical to the base |\n|---|---|---|---|")
    for name, cards in VARIANTS.items():
        config = args.out / f"{name}.yaml"
        config.write_text(
            yaml.safe_dump({"game": "mingchu", "extends": str(BASE), "cards": cards}, allow_unicode=True),
            encoding="utf-8",
        )
        run(config, args.out / name, args)
        rho, pairs = paired_correlation(args.out / "base", args.out / name)
        scores = paired_scores(args.out / "base", args.out / name)
        same = scores.assign(same=scores.score_base == scores.score_variant).groupby("seed")["same"].all()
        print(f"| {name} | {rho:.3f} | {pairs} | {int(same.sum())} of {len(same)} |")


if __name__ == "__main__":
    main()
