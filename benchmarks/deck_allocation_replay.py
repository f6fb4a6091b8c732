"""What a deck study's allocation did, look by look, and what ``cheapest`` would have done instead.

Reads a deck study folder (``sim cards study ... --out DIR``, played with ``--budget Nm``) and
replays every look from the kept per-seed estimates: the games so far, the games the budget still
bought at the last batch's pace (as the command estimated them, from the batches' finishing times
and the run's seconds), the open cards, the ones ``focus`` judged hopeless, the cards the next
batch gave extra slots, and the cards ``cheapest`` would have favoured at that look (given the
same history; every open card gets OPEN_SLOTS under it). ``--cards``
prints, at the looks given, every open card with its estimate, interval, games and games_needed
(* = judged hopeless). Last, per card: the looks at which it was judged hopeless and the extra games
it got.

    python benchmarks/deck_allocation_replay.py DIR --minutes 15 --cards 2,10,20,36,50,66,73
"""

from __future__ import annotations

import argparse
import os
from collections import Counter
from pathlib import Path

from sim.cards.deck_design import OPEN_SLOTS, Design
from sim.cards.deck_study import batch_folder, load_batch, read_meta, study_estimator
from sim.cards.deck_verdicts import cheapest_plan, deck_verdicts, hopeless_cards


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--minutes", type=float, required=True, help="the study's --budget in minutes")
    parser.add_argument("--cards", default="", help="comma list of looks at which to list the open cards")
    args = parser.parse_args()
    out = args.folder
    meta = read_meta(out)
    if meta is None:
        parser.error(f"{out}: no deck study here")
    cards, p, tol, t_opt = meta["cards"], meta["n_players"], meta["tolerance"], meta["t_opt"]
    family, estimator = meta["family"], study_estimator(meta)  # as the folder's own study reads it
    designs = [Design(tuple(cards), tuple(s), p) for s in meta["batches"]]
    batches = [load_batch(batch_folder(out, i), d) for i, d in enumerate(designs)]
    finished = [os.path.getmtime(batch_folder(out, i) / "estimates.npz") for i in range(len(designs))]
    start = finished[-1] - meta["last_run"]["seconds"]
    listed = {int(x) for x in args.cards.split(",") if x}
    written_off: dict[str, list[int]] = {card: [] for card in family}
    for look in range(1, len(batches) + 1):
        done = batches[:look]
        table = deck_verdicts(done, family, tol, t_opt=t_opt, estimator=estimator)
        pace = (finished[look - 1] - (finished[look - 2] if look > 1 else start)) / done[-1].games
        left = (60 * args.minutes - (finished[look - 1] - start)) / pace
        hopeless = hopeless_cards(table, len(cards), p, left)
        for card in hopeless:
            written_off[card].append(look)
        open_ = table[table["verdict"] == "undecided"]
        slots = Counter(meta["batches"][look]) if look < len(meta["batches"]) else Counter()
        extra = sorted(c for c, n in slots.items() if n > 1)
        favoured, repeats = (
            cheapest_plan(done, family, tol, 0.05, t_opt, left, estimator) if len(open_) else ([], 1)
        )
        print(
            f"look {look:2d}: {sum(b.seeds for b in done):4d} seeds {sum(b.games for b in done):6,d} games, "
            f"{left:7,.0f} left; open {len(open_):2d}, hopeless {len(hopeless):2d}; next batch: "
            f"{len(extra):2d} cards x{max(slots.values()) if extra else 1}; cheapest: open x{OPEN_SLOTS}, "
            f"{len(favoured):2d} of them x{repeats} "
            f"({', '.join(favoured[:6])}{'...' if len(favoured) > 6 else ''})"
        )
        if look in listed:
            for row in open_.sort_values("games_needed").itertuples():
                mark = "*" if row.card in hopeless else " "
                print(
                    f"      {mark}{row.card} {100 * row.effect:+.1f} [{100 * row.low:+.1f}, {100 * row.high:+.1f}] "
                    f"games {row.games:,} needed {row.games_needed:,.0f}"
                )

    print("per card: looks at which focus judged it hopeless (first-last), batches and games it got extra")
    seeds = meta["seeds_per_batch"]
    for card in family:
        extra = [Counter(slots)[card] - 1 for slots in meta["batches"]]
        looks_ = written_off[card]
        span = f" ({looks_[0]}-{looks_[-1]})" if looks_ else ""
        print(
            f"  {card}: hopeless at {len(looks_)} of {len(batches)} looks{span}; "
            f"{sum(e > 0 for e in extra)} batches with extra slots, {sum(extra) * seeds * p:,} extra games"
        )


if __name__ == "__main__":
    main()
