"""Seeds weighted by what they tell, against every seed alike, on the same synthetic batches.

Every study is a synthetic whole-deck study (``sim.cards.synthetic``: the planted deck of 24 cards
at 5 players, ``--world``) played to its budget by the ``cheapest`` allocation with the designs
chosen by ``--design-estimator``; its batches are then read by both estimators
(``deck_design.ESTIMATORS``), so the two intervals of a card come from the very same games.
Prints, per estimator, the studies in which any card's interval misses its planted effect (the
coverage the confidence sequences promise, with its 95% Clopper-Pearson interval), the cards
decided and the half-widths; then the weighted half-width over the equal one, by the share of its
seeds in which a card had more than one slot.

    python benchmarks/deck_weights.py --studies 400 --tolerance 5 --budget 20000 --batch-seeds 40 --jobs 2
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pandas as pd
from joblib import Parallel, delayed
from scipy import stats

from sim.cards.deck_design import ESTIMATORS
from sim.cards.deck_verdicts import Batch, deck_verdicts
from sim.cards.synthetic import default_t_opt, few_hard_world, planted_world, simulate

WORLDS = {"spread": planted_world, "few-hard": few_hard_world}


def one(
    seed: int, world_name: str, tolerance: float, budget: int, seeds_per_batch: int, design: str
) -> pd.DataFrame:
    """One study's cards, read by each estimator: half-width, verdict, whether the interval missed."""
    world = WORLDS[world_name](tolerance)
    batches: list[Batch] = []
    simulate(world, tolerance, budget, seeds_per_batch, seed, estimator=design, keep=batches)
    t_opt = default_t_opt(world, tolerance, budget)
    cards = list(world.cards)
    seeds = np.array([b.seeds for b in batches])
    multi = sum(seeds[i] * (b.design.repeats > 1) for i, b in enumerate(batches)) / seeds.sum()
    rows = []
    for estimator in ESTIMATORS:
        table = deck_verdicts(batches, cards, tolerance, t_opt=t_opt, needed=False, estimator=estimator)
        truth = np.asarray(world.effects)
        rows.append(
            pd.DataFrame(
                {
                    "study": seed,
                    "estimator": estimator,
                    "card": cards,
                    "half_width": (table["high"] - table["low"]).to_numpy() / 2,
                    "missed": ((table["low"] > truth) | (table["high"] < truth)).to_numpy(),
                    "decided": (table["verdict"] != "undecided").to_numpy(),
                    "multi_slot_share": multi,
                }
            )
        )
    return pd.concat(rows, ignore_index=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--studies", type=int, default=400)
    parser.add_argument("--tolerance", type=float, default=5.0, help="points of win share")
    parser.add_argument("--budget", type=int, default=20000, help="games per study at most")
    parser.add_argument("--batch-seeds", type=int, default=40)
    parser.add_argument("--world", choices=sorted(WORLDS), default="spread")
    parser.add_argument(
        "--design-estimator", choices=ESTIMATORS, default="equal", help="the estimator that chose the designs"
    )
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tolerance = args.tolerance / 100
    start = time.perf_counter()
    tables = Parallel(n_jobs=args.jobs)(
        delayed(one)(
            args.seed * 1_000_000 + i,
            args.world,
            tolerance,
            args.budget,
            args.batch_seeds,
            args.design_estimator,
        )
        for i in range(args.studies)
    )
    cards = pd.concat(tables, ignore_index=True)
    print(
        f"{args.studies} synthetic studies ({args.world} deck, ±{args.tolerance:g} points, budget {args.budget} games, "
        f"batches of {args.batch_seeds} seeds, designs chosen by the {args.design_estimator} estimator, "
        f"seed {args.seed}) in {time.perf_counter() - start:.0f} s"
    )
    for estimator in ESTIMATORS:
        these = cards[cards["estimator"] == estimator]
        per_study = these.groupby("study").agg(missed=("missed", "any"), decided=("decided", "sum"))
        n, k = len(per_study), int(per_study["missed"].sum())
        lo = stats.beta.ppf(0.025, k, n - k + 1) if k else 0.0
        hi = stats.beta.ppf(0.975, k + 1, n - k)
        print(
            f"{estimator:>8}: studies with any interval missing its effect {k} of {n} = {100 * k / n:.2f}% "
            f"[95% CI {100 * lo:.2f}, {100 * hi:.2f}]; cards decided per study {per_study['decided'].mean():.2f}; "
            f"half-width median {100 * these['half_width'].median():.2f} points"
        )
    wide = cards.pivot_table(index=["study", "card"], columns="estimator", values="half_width")
    share = cards[cards["estimator"] == "weighted"].set_index(["study", "card"])["multi_slot_share"]
    ratio = (wide["weighted"] / wide["equal"]).rename("ratio").to_frame().join(share)
    ratio["seeds with 2+ slots"] = pd.cut(ratio["multi_slot_share"], [-0.01, 0.25, 0.5, 0.75, 1.0])
    summary = ratio.groupby("seeds with 2+ slots", observed=True)["ratio"].agg(["count", "median", "mean"])
    print(
        f"weighted / equal half-width, all cards: median {ratio['ratio'].median():.3f}, mean {ratio['ratio'].mean():.3f}"
    )
    print(summary.round(3).to_string())


if __name__ == "__main__":
    main()
