"""What a variant's change to a card did to the card: the card lab's causal effect in ``sim compare``.

When two compared variants differ in a card of a deck the game can force (its numbers, its count,
or the card added or removed), ``sim compare`` plays the paired card study's forced arm
(``sim.cards.study``) for that card in each variant that has it: the card forced on each seat in
turn against the same seat and seed without it, on the compare's own seeds and bots. A variant's
effect is exactly what ``sim cards study --design paired --arms forced`` reports for it; the change
is the seed-by-seed difference of the two effects (``forced_change``). The holders' win rate (who
happened to take the card) stays a description: it mixes the change with who takes the card now.

Each study is an ordinary card-study folder, ``OUT/card-effects/p<N>/<deck>/<a|b>``, resumable like
any run; the table of effects is ``OUT/card-effects/effects.csv``, which the report reads.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd

from sim.cards.effects import METRICS
from sim.cards.study import CardStudy, card_folder, forced_change, run_card_study, study_effects
from sim.config import ResolvedConfig
from sim.dataset.card_effects import COLUMNS, FOLDER, write_card_effects
from sim.stats.holders import changed_items

SIDES = ("a", "b")
DECKS_PREFIX = "cards."
TOLERANCE = 0.03
"""The band the studies' own verdicts read (``sim cards study``'s default, 3 points); the compare
reads the effects and their change, not these verdicts."""


@dataclass(frozen=True)
class ChangedCard:
    """A card that differs between two variants, in a deck the game can force, and where it is."""

    deck: str
    card: str
    in_a: bool
    in_b: bool


def forceable_decks(config: ResolvedConfig) -> tuple[str, ...]:
    """The decks whose cards the game's forcing setting (``CardsSpec.forced_key``) can hand to a seat
    (none when the game cannot force)."""
    from sim.games import get_game

    key = get_game(config.game).cards.forced_key
    field = type(config.params).model_fields.get(key) if key else None
    if field is None:
        return ()
    item = next(iter(typing.get_args(field.annotation)), None)
    deck = getattr(item, "model_fields", {}).get("deck")
    return tuple(str(d) for d in typing.get_args(deck.annotation)) if deck is not None else ()


def _deck_ids(config: ResolvedConfig, deck: str) -> set[str]:
    decks = getattr(config.params, "cards", None)
    return {card.id for card in getattr(decks, deck, ())}


def changed_cards(a: ResolvedConfig, b: ResolvedConfig) -> list[ChangedCard]:
    """The cards of forceable decks whose entry differs between ``a`` and ``b`` (or that one lacks),
    in B's order then A's (``sim.stats.holders.changed_items``)."""
    decks = set(forceable_decks(a)) & set(forceable_decks(b))
    dumped = [c.params.model_dump(mode="json") for c in (a, b)]
    out = []
    for path, card in changed_items(*dumped):
        deck = path[len(DECKS_PREFIX) :] if path.startswith(DECKS_PREFIX) else ""
        if deck in decks:
            out.append(ChangedCard(deck, card, card in _deck_ids(a, deck), card in _deck_ids(b, deck)))
    return out


@dataclass(frozen=True)
class ChangeStudy:
    """The forced-arm card studies of a compare: both variants, the counts, games, bots and seed the
    compare played (``games`` per arm: ``ceil(games / players)`` seeds with the card at each seat)."""

    a: ResolvedConfig
    b: ResolvedConfig
    counts: tuple[int, ...]
    games: int
    bots: tuple[str, ...]
    seed: int = 1
    chunk_size: int = 25

    def plans(self, changed: Sequence[ChangedCard]) -> dict[tuple[int, str, str], CardStudy]:
        """(players, deck, side) -> the card study of that variant's changed cards it holds."""
        out = {}
        for n in self.counts:
            for deck in dict.fromkeys(c.deck for c in changed):
                for side, config in zip(SIDES, (self.a, self.b), strict=True):
                    held = tuple(c.card for c in changed if c.deck == deck and getattr(c, f"in_{side}"))
                    if held:
                        out[(n, deck, side)] = CardStudy(
                            config, deck, held, n, self.games, self.bots, self.seed, self.chunk_size,
                            arms=("forced",),
                        )  # fmt: skip
        return out


def study_folder(out: Path, n_players: int, deck: str, side: str) -> Path:
    """The card-study folder of one variant's changed cards of ``deck`` at ``n_players``."""
    return Path(out) / FOLDER / f"p{n_players}" / card_folder(deck, side)


def run_change_study(plan: ChangeStudy, out: Path, lang: str = "en", **run_options: Any) -> pd.DataFrame:
    """Play every forced-arm study of the changed cards (resuming what ``out`` holds), write
    ``out/card-effects/effects.csv`` and return it (no rows when no card of a forceable deck changed)."""
    changed = changed_cards(plan.a, plan.b)
    if not changed:
        return pd.DataFrame(columns=COLUMNS)
    for (n, deck, side), study in plan.plans(changed).items():
        run_card_study(study, study_folder(out, n, deck, side), TOLERANCE, lang, **run_options)
    table = change_table(plan, changed, out)
    write_card_effects(table, out)
    return table


def _effects(folder: Path) -> pd.DataFrame:
    table = study_effects(folder)
    return table[table["arm"] == "forced"].set_index(["card", "metric"])


def change_table(plan: ChangeStudy, changed: Sequence[ChangedCard], out: Path) -> pd.DataFrame:
    """One row per changed card, player count and metric (win_share, score): the forced effect in A and
    in B with their intervals, and B − A seed by seed with its interval, at the studies' level
    (``1 − 0.05/m`` for the m changed cards of the deck a variant holds, as ``sim cards study``)."""
    rows = []
    for n in plan.counts:
        effects = {
            (deck, side): _effects(study_folder(out, n, deck, side))
            for deck in dict.fromkeys(c.deck for c in changed)
            for side in SIDES
            if study_folder(out, n, deck, side).is_dir()
        }
        for c in changed:
            rows += _card_rows(plan, c, n, effects, out)
    return pd.DataFrame(rows, columns=COLUMNS)


NONE = {"estimate": float("nan"), "lo": float("nan"), "hi": float("nan"), "p_value": float("nan")}
"""The figures of a side that lacks the card, or of the change when one side lacks it."""


def _card_rows(
    plan: ChangeStudy, c: ChangedCard, n: int, effects: dict[tuple[str, str], pd.DataFrame], out: Path
) -> list[dict[str, Any]]:
    """The rows of one changed card at ``n`` players (win share, score)."""
    base = {"game": plan.a.game, "variant_a": plan.a.label, "variant_b": plan.b.label, "n_players": n,
            "deck": c.deck, "card": c.card, "in_a": c.in_a, "in_b": c.in_b}  # fmt: skip
    sides = {side: effects[(c.deck, side)] for side in SIDES if getattr(c, f"in_{side}")}
    level = min(float(t.loc[(c.card, METRICS[0]), "level"]) for t in sides.values())
    change = None
    if len(sides) == len(SIDES):
        folders = (study_folder(out, n, c.deck, side) for side in SIDES)
        change = forced_change(*folders, c.card, level).set_index("metric")
    rows = []
    for metric in METRICS:
        found = {side: sides[side].loc[(c.card, metric)] if side in sides else NONE for side in SIDES}
        moved = change.loc[metric] if change is not None else NONE
        counted = moved if change is not None else next(iter(sides.values())).loc[(c.card, metric)]
        seeds = counted["units"]  # paired seeds of the change, else the one study's
        row = dict(base, metric=metric, change=moved["estimate"], change_lo=moved["lo"],
                   change_hi=moved["hi"], p_value=moved["p_value"], seeds=int(seeds), level=level)  # fmt: skip
        for side in SIDES:
            row |= {f"effect_{side}": found[side]["estimate"], f"lo_{side}": found[side]["lo"],
                    f"hi_{side}": found[side]["hi"]}  # fmt: skip
        rows.append(row)
    return rows
