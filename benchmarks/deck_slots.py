"""What a card's slots in a seed are worth: the variance of its per-seed estimate, by design.

Part 1 (no games): for a deck of ``--cards`` cards at 4 and 5 players, the variance of a card's
per-seed win-share estimate from the estimator matrix (``deck_design``), in units of one game's
residual variance, and the same times the games of the seed (the cost per game of the study), for
every card at 1, 2, 3 or 4 slots, and for a few favoured cards at 4 slots among one-slot or
two-slot cards. Part 2 (with ``DIR``, a deck study folder): the engine's per-seed variance of every
card in every batch, grouped by its slots and by whether the seed had one slot a card, divided by
the matrix's factor (the residual variance it implies, the same whatever the slots if the factor is
right) and times the seed's games.

    python benchmarks/deck_slots.py [DIR]
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path

import numpy as np

from sim.cards.deck_design import Design, _spaced_order
from sim.cards.deck_study import STUDY_FILE, batch_folder, load_batch


def factor(cards: tuple[str, ...], counts: dict[str, int], p: int, rng: np.random.Generator) -> np.ndarray:
    """Per-card variance factor (row norm squared of the win-share matrix), averaged over 5 orders."""
    out = []
    while len(out) < 5:
        order = _spaced_order(counts, p, rng)
        if order is not None:
            matrix = Design(cards, tuple(order), p).matrices["win_share"]
            out.append((matrix**2).sum(axis=1))
    return np.mean(out, axis=0)


def designs(k: int) -> None:
    cards = tuple(f"c{i:02d}" for i in range(k))
    rng = np.random.default_rng(1)
    print(f"{k} cards: variance of a card's per-seed estimate / one game's residual variance (x seed games)")
    for p in (4, 5):
        for slots in (1, 2, 3, 4):
            f = factor(cards, dict.fromkeys(cards, slots), p, rng).mean()
            print(
                f"  {p} players, every card {slots} slots: {f:.4f} (x {k * slots} games = {f * k * slots:.2f})"
            )
        for base, favoured in ((1, 3), (1, 6), (2, 3), (2, 6)):
            counts = {c: 4 if i < favoured else base for i, c in enumerate(cards)}
            f = factor(cards, counts, p, rng)
            games = sum(counts.values())
            print(
                f"  {p} players, {favoured} cards at 4 slots, the rest {base}: favoured {f[:favoured].mean():.4f} "
                f"(x {games} = {f[:favoured].mean() * games:.2f}), the rest {f[favoured:].mean():.4f} "
                f"(x {games} = {f[favoured:].mean() * games:.2f})"
            )


def engine(folder: Path) -> None:
    meta = json.loads((folder / STUDY_FILE).read_text(encoding="utf-8"))
    cards, p = tuple(meta["cards"]), meta["n_players"]
    groups: dict[tuple[int, bool], list[tuple[float, float, int]]] = defaultdict(list)
    for b, slots in enumerate(meta["batches"]):
        design = Design(cards, tuple(slots), p)
        batch = load_batch(batch_folder(folder, b), design)
        if batch is None or batch.seeds < 2:
            continue
        variance = batch.estimates["win_share"].var(axis=0, ddof=1)
        norm = (design.matrices["win_share"] ** 2).sum(axis=1)
        for j in range(len(cards)):
            groups[(int(design.repeats[j]), len(slots) == len(cards))].append(
                (variance[j], norm[j], len(slots))
            )
    print(f"{folder}: per-seed variance of the cards' win-share estimates, by slots")
    for (slots, plain), rows in sorted(groups.items()):
        a = np.array(rows)
        print(
            f"  {slots} slot(s), {'one slot a card' if plain else 'longer seeds'}: {len(a)} card-batches, "
            f"variance {a[:, 0].mean():.4f}, / factor = {a[:, 0].mean() / a[:, 1].mean():.4f}, "
            f"x seed games = {(a[:, 0] * a[:, 2]).mean():.3f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, nargs="?", help="a deck study folder (optional)")
    parser.add_argument("--cards", type=int, default=24)
    args = parser.parse_args()
    designs(args.cards)
    if args.folder is not None:
        engine(args.folder)


if __name__ == "__main__":
    main()
