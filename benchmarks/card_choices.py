"""How the 明初商途 bots choose and use 门客: take rate when offered, abilities used, loans.

.venv/bin/python benchmarks/card_choices.py --games 300 --players 5 -j 2
.venv/bin/python benchmarks/card_choices.py --games 1000 --effects DIR/report/card-study.csv

Plays seeded games with the default lineup (seats rotated as a run rotates them, the same seeds as
``sim run`` with ``--seed 0``) and watches every decision that can take a 门客:

* the draft (M09): every pick offers the 门客 of the columns still open; the picked column's 门客
  is taken, the others are offered and not taken;
* hiring (M69, ``pick_retainer``): the final pick offers the face-up row; a face-up card picked is
  taken (a blind draw takes none of the row).

A card's **take rate** is its takes over its offers. With ``--effects`` (a deck study's
``card-study.csv``: columns ``card`` and ``effect``), the Spearman rank correlation of the take
rate with the measured effects is printed: bots that draft by strength take strong cards more often.
It also counts, per card, the ability uses per game the card was held (``UseRetainer``), and per
game the loans taken and the final coins. The figures are the bots' choices, not the card's strength.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

import pandas as pd
from joblib import Parallel, delayed
from scipy.stats import spearmanr

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu.rules import actions as A
from sim.runner.plan import game_seed, seat_bots


class _Watch:
    """Counts for one game, fed by ``play_game``'s step hook (each action before it is applied)."""

    def __init__(self) -> None:
        self.offered: Counter = Counter()
        self.taken: Counter = Counter()
        self.first_pick: Counter = Counter()
        self.uses: Counter = Counter()
        self.held: Counter = Counter()
        self._picks = 0

    def step(self, state, seat: int, action, text: str) -> None:
        if isinstance(action, A.ChooseColumn):
            open_cards = [col[0] for col in state.draft_columns if col is not None and col[0]]
            picked = state.draft_columns[action.column][0]
            self.offered.update(open_cards)
            if picked:
                self.taken[picked] += 1
                if self._picks == 0:
                    self.first_pick[picked] += 1
            self._picks += 1
        elif isinstance(action, A.PickRetainer):
            self.offered.update(set(state.retainer_row))
            if action.card:
                self.taken[action.card] += 1
        elif isinstance(action, A.UseRetainer):
            self.uses[action.card] += 1


def _play_chunk(config: str, n_players: int, indices: range, root_seed: int) -> list[dict]:
    """Games ``indices`` in one worker (the config loaded there: parameters hold compiled objects)."""
    params = load_config(config).params
    return [_play(params, n_players, index, root_seed) for index in indices]


def _play(params, n_players: int, index: int, root_seed: int) -> dict:
    from sim.games.mingchu import SPEC

    bots = seat_bots(SPEC.lineup, n_players, index)
    watch = _Watch()
    record = play_game(
        SPEC, params, n_players, game_seed(root_seed, n_players, index), bots, on_step=watch.step
    )
    held: Counter = Counter()
    for row in record.events.get("cards", []):
        if row["deck"] == "门客" and row["kind"] == "taken":
            held[row["card_id"]] += 1
    return {
        "error": record.error,
        "offered": watch.offered,
        "taken": watch.taken,
        "first_pick": watch.first_pick,
        "uses": watch.uses,
        "held": held,
        "loans": sum(row["loans_taken"] for row in record.breakdown) / max(1, n_players),
        "coins": sum(row["coins"] for row in record.breakdown) / max(1, n_players),
        "score": sum(record.scores) / max(1, n_players),
    }


def survey(config: str, games: int, n_players: int, jobs: int = 1, root_seed: int = 0) -> pd.DataFrame:
    """One row per 门客: offers, takes, take rate, first picks, games held, ability uses per held game."""
    chunks = [range(start, min(games, start + 10)) for start in range(0, games, 10)]
    parts = Parallel(n_jobs=jobs)(delayed(_play_chunk)(config, n_players, c, root_seed) for c in chunks)
    results = [result for part in parts for result in part]
    ok = [r for r in results if not r["error"]]
    totals = {
        key: sum((r[key] for r in ok), Counter())
        for key in ("offered", "taken", "first_pick", "uses", "held")
    }
    cards = sorted(set(totals["offered"]) | set(totals["held"]))
    table = pd.DataFrame(
        {
            "card": cards,
            "offered": [totals["offered"][c] for c in cards],
            "taken": [totals["taken"][c] for c in cards],
            "first_pick": [totals["first_pick"][c] for c in cards],
            "held": [totals["held"][c] for c in cards],
            "uses": [totals["uses"][c] for c in cards],
        }
    )
    table["take_rate"] = table["taken"] / table["offered"].where(table["offered"] > 0)
    table["uses_per_held_game"] = table["uses"] / table["held"].where(table["held"] > 0)
    table.attrs.update(
        games=len(ok),
        errors=len(results) - len(ok),
        loans_per_seat=sum(r["loans"] for r in ok) / max(1, len(ok)),
        final_coins_per_seat=sum(r["coins"] for r in ok) / max(1, len(ok)),
        score_per_seat=sum(r["score"] for r in ok) / max(1, len(ok)),
    )
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default="configs/mingchu/base.yaml")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0, help="root seed (game seeds as a run makes them)")
    parser.add_argument("-j", "--jobs", type=int, default=1)
    parser.add_argument("--effects", help="a deck study's card-study.csv (card, effect) to rank against")
    parser.add_argument("--json", help="write the table and totals here")
    args = parser.parse_args()
    table = survey(args.config, args.games, args.players, args.jobs, args.seed)
    with pd.option_context("display.width", 160, "display.max_rows", 100):
        print(table.round(3).to_string(index=False))
    print({k: round(v, 3) if isinstance(v, float) else v for k, v in table.attrs.items()})
    if args.effects:
        effects = pd.read_csv(args.effects, encoding="utf-8-sig")
        effects = effects.rename(columns={"卡牌": "card", "效应": "effect"})[["card", "effect"]]
        both = table.merge(effects, on="card").dropna(subset=["take_rate", "effect"])
        rho, p = spearmanr(both["take_rate"], both["effect"])
        print(f"Spearman(take rate, effect) over {len(both)} cards: {rho:+.2f} (p = {p:.3g})")
    if args.json:
        out = {"cards": table.to_dict(orient="records"), **table.attrs}
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(out, fh, ensure_ascii=False, indent=1)


if __name__ == "__main__":
    main()
