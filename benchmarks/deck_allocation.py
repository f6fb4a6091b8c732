"""Allocation rules compared on the same synthetic decks: cards decided at the budget, wrong decks.

The planted deck is the 15-minute study of 明初商途's 24 门客 at ±5 (21,440 games, 5 players,
batches of 10 seeds): its final estimates are taken as the true effects (centered to sum to zero),
the game-to-game noise is the synthetic generator's, calibrated to that engine's residual variance.
Every rule plays the same studies (same seeds) with the stopping rule of ``sim cards study``.

    python benchmarks/deck_allocation.py --studies 1000 --budget 21440 --rules cheapest,focus --jobs 2

``--estimators weighted,equal`` plays every rule with each way of averaging the seeds (rows
``RULE/ESTIMATOR``).

Prints, per rule: studies with any wrong verdict (95% Clopper-Pearson interval), cards decided per
deck (mean, and its standard error), the share of decks with every card decided, and each card's
share of decks in which it was decided, with its mean games at the table.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pandas as pd
from joblib import Parallel, delayed
from scipy import stats

from sim.cards.deck_design import ALLOCATIONS, ESTIMATORS
from sim.cards.synthetic import World, simulate

MEASURED = {
    "牙人": 5.89, "鲁班传人": 4.00, "老农": 3.57, "织工": 3.04, "赌徒": 2.70, "牙行经纪": 2.44,
    "工头": 0.73, "账房先生": 0.62, "海商": 0.37, "茶商": 0.06, "镖师": -0.19, "盐商": -0.49,
    "西域通事": -0.72, "钱庄掌柜": -1.03, "船老大": -1.10, "说客": -1.19, "向导": -1.36,
    "相士": -1.92, "讼师": -1.94, "驿丞": -2.00, "铁匠": -2.11, "塾师": -2.12, "马夫": -2.70,
    "管家": -4.57,
}  # fmt: skip
"""Points of win share: the estimates of the 15-minute study at ±5 (docs/card-lab.md)."""


def measured_world() -> World:
    """The measured effects as fractions, centered (they sum to -0.02 points as printed)."""
    effects = np.array(list(MEASURED.values())) / 100
    return World(tuple(MEASURED), tuple(effects - effects.mean()), n_players=5)


def one(
    seed: int,
    rule: str,
    tolerance: float,
    budget: int,
    seeds_per_batch: int,
    estimator: str = "weighted",
    label: str | None = None,
) -> pd.DataFrame:
    table = simulate(measured_world(), tolerance, budget, seeds_per_batch, seed, rule, estimator=estimator)
    return table.assign(study=seed, rule=label or rule)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--studies", type=int, default=1000)
    parser.add_argument("--budget", type=int, default=21440, help="games per study at most")
    parser.add_argument("--tolerance", type=float, default=5.0, help="points of win share")
    parser.add_argument("--batch-seeds", type=int, default=10)
    parser.add_argument("--rules", default="cheapest,focus", help=f"comma list of {', '.join(ALLOCATIONS)}")
    parser.add_argument("--estimators", default="weighted", help=f"comma list of {', '.join(ESTIMATORS)}")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="write every study's card rows to this CSV")
    args = parser.parse_args()
    allocations, estimators = args.rules.split(","), args.estimators.split(",")
    unknown = [r for r in allocations if r not in ALLOCATIONS]
    if unknown:
        parser.error(f"--rules: unknown rule {unknown[0]!r} (one of {', '.join(ALLOCATIONS)})")
    if any(e not in ESTIMATORS for e in estimators):
        parser.error(f"--estimators: one of {', '.join(ESTIMATORS)}")
    pairs = [(rule, e) for rule in allocations for e in estimators]
    rules = [rule if len(estimators) == 1 else f"{rule}/{e}" for rule, e in pairs]
    start = time.perf_counter()
    tables = Parallel(n_jobs=args.jobs)(
        delayed(one)(
            args.seed * 1_000_000 + i, rule, args.tolerance / 100, args.budget, args.batch_seeds, e, label
        )
        for i in range(args.studies)
        for (rule, e), label in zip(pairs, rules, strict=True)
    )
    cards = pd.concat(tables, ignore_index=True)
    if args.save:
        cards.to_csv(args.save, index=False)
    print(
        f"{args.studies} synthetic studies per rule (the measured 门客 deck, 5 players, ±{args.tolerance:g} points, "
        f"budget {args.budget} games, batches of {args.batch_seeds} seeds, seed {args.seed}) "
        f"in {time.perf_counter() - start:.0f} s"
    )
    cards["decided"] = cards["verdict"] != "undecided"
    by_card = {}
    for rule in rules:
        these = cards[cards["rule"] == rule]
        per_study = these.groupby("study").agg(
            wrong=("right", lambda r: (~r).any()), decided=("decided", "sum"), games=("study_games", "first")
        )
        n, wrong = len(per_study), int(per_study["wrong"].sum())
        lo = stats.beta.ppf(0.025, wrong, n - wrong + 1) if wrong else 0.0
        hi = stats.beta.ppf(0.975, wrong + 1, n - wrong)
        print(
            f"{rule:>9}: wrong decks {wrong} of {n} = {100 * wrong / n:.2f}% [95% CI {100 * lo:.2f}, {100 * hi:.2f}]; "
            f"cards decided per deck {per_study['decided'].mean():.2f} (s.e. {per_study['decided'].sem():.2f}); "
            f"every card decided in {100 * (per_study['decided'] == 24).mean():.1f}%; "
            f"median games {per_study['games'].median():.0f}"
        )
        grouped = these.groupby("card", sort=False)
        by_card[f"{rule} decided %"] = (100 * grouped["decided"].mean()).round(1)
        by_card[f"{rule} games"] = grouped["games"].mean().round(0).astype(int)
    table = pd.DataFrame(by_card)
    table.insert(0, "effect", pd.Series(MEASURED))
    print(table.to_string())


if __name__ == "__main__":
    main()
