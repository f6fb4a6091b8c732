"""Known answers for the deck study: many synthetic whole-deck studies with planted effects.

Every study is ``sim.cards.synthetic.simulate``: 24 cards at 5 players with planted effects spread
over the band and past it (``planted_world``; ``--world few-hard``: only two hard cards), played batch by batch with the sequential stopping
rule of ``sim cards study`` (stop when every card is decided or the budget is spent). Prints the
share of studies with ANY wrong verdict (the family-wise error, with its 95% Clopper-Pearson
interval), the share of cards decided by true effect (the power at 2x the tolerance among them),
and the games played.

    python benchmarks/deck_study_errors.py --studies 1000 --tolerance 5 --budget 20000 --batch-seeds 40 --jobs 2

``--allocation``, ``--estimator`` and ``--tuning SIGMA:GAP`` compare the rules (docs/card-lab.md,
*What cuts the games* and *Seeds weighted by what they tell*); ``--save FILE`` keeps every card row
for a closer look. Besides wrong verdicts it prints the share of studies in which any card's final
interval misses its planted effect (the coverage the confidence sequences promise) and the
median half-width of the intervals.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pandas as pd
from joblib import Parallel, delayed
from scipy import stats

from sim.cards.deck_design import ALLOCATIONS, ESTIMATORS
from sim.cards.sequential import tuning_seeds
from sim.cards.synthetic import few_hard_world, planted_world, simulate

WORLDS = {"spread": planted_world, "few-hard": few_hard_world}


def one(
    seed: int,
    tolerance: float,
    budget: int,
    seeds_per_batch: int,
    allocation: str,
    world: str,
    t_opt: float | None,
    estimator: str = "weighted",
) -> pd.DataFrame:
    world = WORLDS[world](tolerance)
    table = simulate(world, tolerance, budget, seeds_per_batch, seed, allocation, t_opt, estimator)
    return table.assign(study=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--studies", type=int, default=1000)
    parser.add_argument("--tolerance", type=float, default=5.0, help="points of win share")
    parser.add_argument("--budget", type=int, default=20000, help="games per study at most")
    parser.add_argument("--batch-seeds", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--allocation", choices=ALLOCATIONS, default="cheapest", help="extra slots for open cards"
    )
    parser.add_argument(
        "--tuning",
        default="default",
        help="the confidence sequence's tuning: default, or SIGMA:GAP (tuning_seeds)",
    )
    parser.add_argument("--estimator", choices=ESTIMATORS, default="weighted", help="how seeds are averaged")
    parser.add_argument("--world", choices=sorted(WORLDS), default="spread", help="the planted deck")
    parser.add_argument("--save", help="write every study's card rows to this CSV")
    args = parser.parse_args()
    tolerance = args.tolerance / 100
    t_opt = None
    if args.tuning != "default":
        sigma, gap = (float(x) for x in args.tuning.split(":"))
        t_opt = tuning_seeds(tolerance, sigma, gap)
    start = time.perf_counter()
    tables = Parallel(n_jobs=args.jobs)(
        delayed(one)(
            args.seed * 1_000_000 + i,
            tolerance,
            args.budget,
            args.batch_seeds,
            args.allocation,
            args.world,
            t_opt,
            args.estimator,
        )
        for i in range(args.studies)
    )
    seconds = time.perf_counter() - start
    cards = pd.concat(tables, ignore_index=True)
    if args.save:
        cards.to_csv(args.save, index=False)
    cards["missed"] = (cards["low"] > cards["true_effect"]) | (cards["high"] < cards["true_effect"])
    per_study = cards.groupby("study").agg(
        wrong=("right", lambda r: (~r).any()), games=("study_games", "first"), missed=("missed", "any")
    )
    wrong = int(per_study["wrong"].sum())
    n = len(per_study)
    lo, hi = clopper_pearson(wrong, n)
    print(
        f"{n} synthetic whole-deck studies ({args.world} deck of 24 cards, 5 players, tolerance {args.tolerance:g} points, "
        f"budget {args.budget} games, batches of {args.batch_seeds} seeds, "
        f"allocation {args.allocation}, estimator {args.estimator}, tuning {args.tuning}, seed {args.seed}) "
        f"in {seconds:.0f} s"
    )
    print(
        f"studies with any wrong verdict: {wrong} of {n} = {100 * wrong / n:.2f}% [95% CI {100 * lo:.2f}, {100 * hi:.2f}]"
    )
    missed = int(per_study["missed"].sum())
    m_lo, m_hi = clopper_pearson(missed, n)
    print(
        f"studies with any card's interval missing its effect: {missed} of {n} = {100 * missed / n:.2f}% "
        f"[95% CI {100 * m_lo:.2f}, {100 * m_hi:.2f}]; median half-width "
        f"{100 * ((cards['high'] - cards['low']) / 2).median():.2f} points"
    )
    print(
        f"games per study: median {per_study['games'].median():.0f}, "
        f"quartiles {per_study['games'].quantile(0.25):.0f}-{per_study['games'].quantile(0.75):.0f}, "
        f"stopped with every card decided in {100 * (cards.groupby('study')['verdict'].apply(lambda v: (v != 'undecided').all())).mean():.1f}% of studies"
    )
    cards["ratio"] = (cards["true_effect"].abs() / tolerance).round(2)
    rows = []
    for ratio, group in cards.groupby("ratio"):
        rows.append(
            {
                "|effect| / tolerance": ratio,
                "cards": len(group),
                "decided %": round(100 * (group["verdict"] != "undecided").mean(), 1),
                "wrong %": round(100 * (~group["right"]).mean(), 2),
                "median games to decide": group["decided_at"].median(),
                "median |error| points": round(
                    100 * (group["effect"] - group["true_effect"]).abs().median(), 2
                ),
            }
        )
    print(pd.DataFrame(rows).to_string(index=False))
    far = cards[cards["ratio"] >= 1.99]
    print(
        f"power at 2x the tolerance (share of those cards decided, rightly): "
        f"{100 * ((far['verdict'] != 'undecided') & far['right']).mean():.1f}% of {len(far)}"
    )
    print(
        f"mean planted-vs-estimate check: mean(effect - true) = {100 * np.mean(cards['effect'] - cards['true_effect']):+.3f} points"
    )


def clopper_pearson(k: int, n: int) -> tuple[float, float]:
    """The 95% Clopper-Pearson interval of ``k`` successes in ``n``."""
    lo = float(stats.beta.ppf(0.025, k, n - k + 1)) if k else 0.0
    hi = float(stats.beta.ppf(0.975, k + 1, n - k)) if k < n else 1.0
    return lo, hi


if __name__ == "__main__":
    main()
