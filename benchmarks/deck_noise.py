"""The noise of a real deck study, to calibrate the synthetic generator (``sim.cards.synthetic``).

Reads a deck study folder (``sim cards study ... --out DIR``) and prints, for the win share and the
score: the residual variance of one seat in one game once the seat-in-seed terms and the card
terms are taken out (what the design cannot remove), the variance of the seat-in-seed terms (what
it removes), the standard deviation of a card's per-seed estimate (what the intervals are made of),
and how the score effects of the cards line up with their win-share effects.

    python benchmarks/deck_noise.py DIR
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from sim.cards.deck_design import Design
from sim.cards.deck_study import STUDY_FILE, batch_folder, batch_results


def read_study(folder: Path) -> list[tuple[Design, dict[str, np.ndarray]]]:
    """Every played batch of a deck study folder: its design and results (seeds x patterns x seats)."""
    meta = json.loads((folder / STUDY_FILE).read_text(encoding="utf-8"))
    cards, p, m = tuple(meta["cards"]), meta["n_players"], meta["seeds_per_batch"]
    out = []
    for b, slots in enumerate(meta["batches"]):
        design = Design(cards, tuple(slots), p)
        if (batch_folder(folder, b) / "players").is_dir():
            out.append((design, batch_results(batch_folder(folder, b), design, m)))
    return out


def noise(batches: list[tuple[Design, dict[str, np.ndarray]]], metric: str) -> dict[str, float]:
    """Residual and seat-in-seed variance of one seat's result, and the per-seed estimate's sd."""
    design0 = batches[0][0]
    cards, p = design0.cards, design0.n_players
    k = len(cards)
    per_seed = np.concatenate([d.estimate(r[metric], metric) for d, r in batches])
    effect = per_seed.mean(axis=0)
    theta = effect / ((p - 1) * k / (p * (k - 1))) if metric == "win_share" else effect
    index = {c: i for i, c in enumerate(cards)}
    residual_ss, residual_df, seat_means = 0.0, 0, []
    for design, results in batches:
        held = np.array([[index[c] for c in table] for table in design.tables])  # patterns x seats
        part = theta[held]
        if metric == "win_share":
            part = part - part.mean(axis=1, keepdims=True)
        rest = results[metric] - part[None]  # seeds x patterns x seats
        means = rest.mean(axis=1, keepdims=True)
        residual_ss += float(((rest - means) ** 2).sum())
        residual_df += rest.shape[0] * (rest.shape[1] - 1) * p
        seat_means.append((means[:, 0, :], rest.shape[1]))
    residual = residual_ss / residual_df
    seat = np.concatenate([m.ravel() for m, _ in seat_means])
    games = np.mean([g for _, g in seat_means])
    return {
        "seeds": float(per_seed.shape[0]),
        "residual_var": residual,
        "seat_in_seed_var": float(seat.var() - residual / games),
        "per_seed_sd": float(per_seed.std(axis=0, ddof=1).mean()),
        "games_per_seed": float(games),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    args = parser.parse_args()
    batches = read_study(args.folder)
    for metric in ("win_share", "score"):
        found = noise(batches, metric)
        print(
            f"{metric}: {found['seeds']:.0f} seeds ({found['games_per_seed']:.0f} games each); one seat's "
            f"residual variance {found['residual_var']:.4f} (sd {found['residual_var'] ** 0.5:.3f}), "
            f"seat-in-seed variance {found['seat_in_seed_var']:.4f}, "
            f"a card's per-seed estimate sd {found['per_seed_sd']:.4f}"
        )
    share = np.concatenate([d.estimate(r["win_share"], "win_share") for d, r in batches])
    score = np.concatenate([d.estimate(r["score"], "score") for d, r in batches])
    se_share = share.std(axis=0, ddof=1) / np.sqrt(len(share))
    se_score = score.std(axis=0, ddof=1) / np.sqrt(len(score))
    slope, intercept = np.polyfit(score.mean(axis=0), share.mean(axis=0), 1)
    r = np.corrcoef(score.mean(axis=0), share.mean(axis=0))[0, 1]
    within = np.mean([np.corrcoef(share[:, j], score[:, j])[0, 1] for j in range(share.shape[1])])
    print(
        f"score vs win share over the cards: slope {100 * slope:.2f} points of win share per point of "
        f"score, r = {r:.2f}; per-seed correlation of a card's two estimates {within:.2f}; "
        f"median |z| win share {np.median(np.abs(share.mean(0) / se_share)):.1f}, "
        f"score {np.median(np.abs(score.mean(0) / se_score)):.1f}"
    )
    residual = share.mean(axis=0) - (slope * score.mean(axis=0) + intercept)
    print(
        "cards' win share effect minus the line through the score effects, points: "
        + ", ".join(f"{c} {100 * x:+.1f}" for c, x in zip(batches[0][0].cards, residual, strict=True))
    )


if __name__ == "__main__":
    main()
