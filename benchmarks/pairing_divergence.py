"""Where a one-card 明初商途 variant first parts from its base, and whether the card mattered by then.

For each paired seed (the seeds and seat bots ``sim run`` uses: ``sim.runner.plan``), plays the base
game and a variant game of ``benchmarks/pairing_mingchu.py`` side by side, decision by decision, and
finds the first decision where they differ: the state (every field but the caches and the rng, with
the changed card left out of the face-down 门客 deck and discards), the legal actions or the action
chosen. At that moment it asks whether the changed card had already been seen: turned up (the 门客
row, a draft column, a blind draw), taken or played in either game (a row of the card log, which is
written whenever a card is turned up). Up to that draw the keyed deck (``draws.py``) holds the other
cards in the same order, so a divergence before it is a leak: randomness or a bot that depends on
content it should not.

Prints, per variant: games identical to the base, divergences after the card was seen, leaks (with
the first few, where and what differed), and the per-seat score correlation over all games and over
the games that diverge.

Usage: python benchmarks/pairing_divergence.py [--games 100] [--players 5] [--variants added,removed]
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import yaml

from sim.bots import make_bot
from sim.config.loader import load_config
from sim.core.play import bot_rng, seen_by, setup_rng
from sim.games import get_game
from sim.runner.plan import game_seed, seat_bots

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pairing_mingchu import BASE, VARIANTS  # noqa: E402

DECK, DISCARD = "retainer_deck", "retainer_discard"
"""Where the changed card may lie unseen: the deck is compared above it, the discards without it."""
SKIPPED = ("rng", "price_cache", "route_cache", "board_cache", "topo")


@dataclass
class Divergence:
    """The first decision where a base game and its variant differ (``step`` -1: none)."""

    seed: int
    step: int = -1
    round: int = 0
    kind: str = ""
    what: list[str] = field(default_factory=list)
    seen: bool = False
    where: str = ""
    """Where the changed card was at that decision (``card_places``)."""
    scores_base: list[float] = field(default_factory=list)
    scores_variant: list[float] = field(default_factory=list)

    @property
    def leak(self) -> bool:
        return self.step >= 0 and not self.seen


def above(deck: Sequence[str], card: str) -> int:
    """How many cards lie above the changed card in a deck (top last); the whole deck without it."""
    for depth, other in enumerate(reversed(deck)):
        if other == card:
            return depth
    return len(deck)


def same_top(a: Sequence[str], b: Sequence[str], card: str) -> bool:
    """The two decks hold the same cards above the changed card (the keyed deal moves only what
    lies below it), whatever their sizes."""
    k = min(above(a, card), above(b, card))
    return list(a[len(a) - k :]) == list(b[len(b) - k :])


def state_diff(base: Any, variant: Any, card: str) -> list[str]:
    """The state fields that differ: the 门客 deck above the changed card, the discards and the log
    without it."""
    out = []
    for f in dataclasses.fields(base):
        name = f.name
        if name in SKIPPED:
            continue
        a, b = getattr(base, name), getattr(variant, name)
        if name == DECK:
            if not same_top(a, b, card):
                out.append(name)
            continue
        if name == DISCARD:
            a, b = [c for c in a if c != card], [c for c in b if c != card]
        elif name == "log":
            a = [r for r in a if r["card_id"] != card]
            b = [r for r in b if r["card_id"] != card]
        if a != b:
            out.append(name)
    if base.rng.bit_generator.state != variant.rng.bit_generator.state:
        out.append("rng stream")
    return out


def card_places(state: Any, card: str) -> set[str]:
    """Where the card is now: held by a seat, face up (the row, a draft column), discarded."""
    places = set()
    if any(card in player.retainers for player in state.players):
        places.add("held")
    if card in state.retainer_row or any(c is not None and c[0] == card for c in state.draft_columns):
        places.add("face up")
    if card in state.retainer_discard:
        places.add("discarded")
    return places


def card_seen(state: Any, card: str) -> bool:
    """The card has been turned up, taken or played in this game (its rows in the card log)."""
    return any(row["card_id"] == card for row in state.log)


class Table:
    """One game being played step by step (as ``sim.core.play`` does)."""

    def __init__(self, spec: Any, params: Any, n: int, seed: int, lineup: Sequence[str]) -> None:
        self.game = spec.game
        self.bots = [make_bot(spec, name, seat) for seat, name in enumerate(lineup)]
        self.rngs = [bot_rng(seed, seat) for seat in range(n)]
        self.state = self.game.initial_state(params, n, setup_rng(seed))

    def decide(self) -> tuple[int, list[Any], Any]:
        game, state = self.game, self.state
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        action = self.bots[seat].choose(seen_by(game, self.bots[seat], state, seat), legal, self.rngs[seat])
        return seat, legal, action

    def finish(self) -> list[float]:
        while not self.game.is_terminal(self.state):
            _, _, action = self.decide()
            self.game.apply(self.state, action)
        return [float(s) for s in self.game.outcome(self.state).scores]


def _decisions_differ(a: Table, b: Table) -> tuple[list[str], Any, Any]:
    seat_a, legal_a, act_a = a.decide()
    seat_b, legal_b, act_b = b.decide()
    if seat_a != seat_b:
        return ["seat"], act_a, act_b
    if list(map(repr, legal_a)) != list(map(repr, legal_b)):
        return ["legal"], act_a, act_b
    if repr(act_a) != repr(act_b):
        return [f"action {act_a!r} vs {act_b!r}"], act_a, act_b
    return [], act_a, act_b


def _mark(out: Divergence, step: int, a: Table, b: Table, card: str, what: list[str]) -> None:
    out.step, out.round, out.what = step, a.state.round, what
    out.kind = a.state.decision().kind if not spec_terminal(a) else "end"
    out.seen = card_seen(a.state, card) or card_seen(b.state, card)
    places = card_places(a.state, card) | card_places(b.state, card)
    if any(card in w for w in what):
        places.add("chosen")
    out.where = "+".join(sorted(places)) or ("seen, gone" if out.seen else "unseen")


def spec_terminal(t: Table) -> bool:
    return bool(t.game.is_terminal(t.state))


def first_divergence(
    spec: Any, base: Any, variant: Any, card: str, n: int, seed: int, lineup: Sequence[str]
) -> tuple[Divergence, Divergence]:
    """Play both games side by side to their ends: the first decision where the states differ (or
    the decisions), and the first where the decisions differ (seat, legal actions or choice)."""
    a, b = Table(spec, base, n, seed, lineup), Table(spec, variant, n, seed, lineup)
    first, decision = Divergence(seed), Divergence(seed)
    step = 0
    while not (spec_terminal(a) or spec_terminal(b)):
        if first.step < 0:
            what = state_diff(a.state, b.state, card)
            if what:
                _mark(first, step, a, b, card, what)
        what, act_a, act_b = _decisions_differ(a, b)
        if what:
            _mark(decision, step, a, b, card, what)
            if first.step < 0:
                _mark(first, step, a, b, card, what)
            break
        spec.game.apply(a.state, act_a)
        spec.game.apply(b.state, act_b)
        step += 1
    if decision.step < 0 and spec_terminal(a) != spec_terminal(b):
        _mark(decision, step, a, b, card, ["end"])
        if first.step < 0:
            _mark(first, step, a, b, card, ["end"])
    first.scores_base = decision.scores_base = a.finish()
    first.scores_variant = decision.scores_variant = b.finish()
    return first, decision


def changed_card(cards: dict[str, list[dict[str, Any]]]) -> str:
    """The one card id a variant of ``VARIANTS`` adds, removes or changes."""
    (entries,) = cards.values()
    (entry,) = entries
    return str(entry["id"])


def correlation(rows: list[Divergence]) -> float:
    """Per-seat paired score correlation over ``rows`` (NaN for fewer than 2 games)."""
    if len(rows) < 2:
        return float("nan")
    x = np.concatenate([r.scores_base for r in rows])
    y = np.concatenate([r.scores_variant for r in rows])
    return float(np.corrcoef(x, y)[0, 1])


def report(rows: list[Divergence], show: int) -> None:
    """Counts, correlations and the first ``show`` leaks of one variant's games."""
    diverged = [r for r in rows if r.step >= 0]
    leaks = [r for r in diverged if r.leak]
    print(f"identical to the end: {len(rows) - len(diverged)}")
    print(f"diverged after the card was seen: {len(diverged) - len(leaks)}")
    print(f"diverged before the card was seen (leaks): {len(leaks)}")
    print(f"correlation, all games: {correlation(rows):.3f}; games that diverge: {correlation(diverged):.3f}")
    if diverged:
        kinds = Counter(r.kind for r in diverged)
        print("first differing decision kind:", dict(kinds.most_common()))
        places = Counter(r.where for r in diverged)
        print("where the card was then:", dict(places.most_common()))
    for r in leaks[:show]:
        print(f"  leak: seed {r.seed} step {r.step} round {r.round} {r.kind}: {', '.join(r.what)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1, help="root seed (as sim run --seed)")
    parser.add_argument("--variants", default="added,removed")
    parser.add_argument("--detail", action="store_true", help="a line per game")
    parser.add_argument("--show", type=int, default=10, help="leaks to list per variant")
    args = parser.parse_args()
    spec = get_game("mingchu")
    base = load_config(BASE).params
    start = time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        for name in args.variants.split(","):
            cards = VARIANTS[name]
            path = Path(folder) / f"{name}.yaml"
            config = {"game": "mingchu", "extends": str(BASE), "cards": cards}
            path.write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
            variant = load_config(path).params
            card = changed_card(cards)
            firsts, decisions = [], []
            for index in range(args.games):
                seed = game_seed(args.seed, args.players, index)
                lineup = seat_bots(spec.lineup, args.players, index)
                first, decision = first_divergence(spec, base, variant, card, args.players, seed, lineup)
                firsts.append(first)
                decisions.append(decision)
                if args.detail:
                    print(
                        f"{index} {seed}: state {first.step} r{first.round} {first.kind} {first.what}"
                        f" {first.where} | decision {decision.step} r{decision.round} {decision.kind}"
                        f" {decision.what} {decision.where}"
                    )
            print(f"\n## {name}: {args.games} games, {card}\n\n### first difference (state or decision)")
            report(firsts, args.show)
            print("\n### first decision that differs (seat, legal actions or choice)")
            report(decisions, args.show)
    print(f"\nCPU time: {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    main()
