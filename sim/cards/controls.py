"""The deck study's controls: a blank card played beside the deck's, and what each card actually did.

A verdict is the bots' as much as the card's. Two checks tell them apart (docs/card-lab.md,
*Deck design: the blank control, usage and flags*):

* **the blank control**: the study adds a card with no effect at all (made by the game,
  ``DeckRules.blank``) to the deck in the configs it plays; it is played in every batch like any
  other card but gets no verdict (it is not in the family). ``vs_blank`` is a card's effect minus the
  blank's: per seed, the difference of the two estimates, itself an unbiased per-seed estimate, so
  the same confidence sequence (same level, same tuning) covers it at every look.
* **usage**: the ``events_cards`` rows of the kinds the game counts as a use (``DeckRules.use_kinds``)
  for the card at the seat forced to hold it, per game it was held.

``flag``: ``misplayed`` when an optional card (``DeckRules.optional``: every effect the holder's
choice) is decided below the blank (``vs_blank_high < 0``: used sensibly it could never be worse
than no card); else ``unused`` when it did something in under ``UNUSED_SHARE`` of its holder's games.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd

from sim.cards.deck_design import Design
from sim.cards.sequential import ALPHA, looks, tuning_seeds
from sim.config import ConfigError, ResolvedConfig
from sim.core.game import DeckRules

MISPLAYED, UNUSED = "misplayed", "unused"
FLAGS = (MISPLAYED, UNUSED)
UNUSED_SHARE = 0.05
"""A card that did something in fewer than this share of its holder's games is ``unused``."""
USAGE = ("uses", "fired")
"""Per-seed usage arrays of a batch (seeds x cards): uses in all, and games with at least one use."""
CONTROL_COLUMNS = ("vs_blank", "vs_blank_low", "vs_blank_high", "uses_per_game", "used_share", "flag")


def blank_id(deck: str) -> str:
    """The id of the study's blank card of ``deck``: ``空白`` and the deck's name."""
    return f"空白{deck}"


def deck_rules(game: str) -> DeckRules | None:
    """The game's ``DeckRules`` (None: the game declares none)."""
    from sim.games import get_game

    return get_game(game).cards.deck_rules


def blank_for(config: ResolvedConfig, deck: str) -> str | None:
    """The id of the blank card the study adds to ``deck``, or None when the game cannot make one;
    a deck that already has a card of that id is refused."""
    rules = deck_rules(config.game)
    card_id = blank_id(deck)
    if rules is None or rules.blank(deck, card_id) is None:
        return None
    if card_id in [card.id for card in getattr(config.params.cards, deck)]:
        raise ConfigError(
            f"{config.path}: --deck {deck}: the deck already has a card {card_id!r}, the id the study "
            "gives its own blank control; rename that card"
        )
    return card_id


def with_blank(config: ResolvedConfig, deck: str, card_id: str) -> ResolvedConfig:
    """``config`` with the game's blank card ``card_id`` appended to ``deck``, in its params and its
    data (what the runner records); the designer's file is not touched."""
    rules = deck_rules(config.game)
    blank = rules.blank(deck, card_id) if rules is not None else None
    if blank is None:
        raise ConfigError(f"{config.path}: game {config.game} has no blank card of deck {deck}")
    cards = config.params.cards
    params = config.params.model_copy(
        update={"cards": cards.model_copy(update={deck: (*getattr(cards, deck), blank)})}
    )
    data_cards = dict(config.data.get("cards") or {})
    data_cards[deck] = [*(data_cards.get(deck) or []), blank.model_dump(mode="json", exclude_defaults=True)]
    return replace(config, params=params, data={**config.data, "cards": data_cards})


def optional_cards(config: ResolvedConfig, deck: str) -> frozenset[str]:
    """The cards of ``deck`` the game declares optional (every effect the holder's choice)."""
    rules = deck_rules(config.game)
    if rules is None:
        return frozenset()
    return frozenset(card.id for card in getattr(config.params.cards, deck) if rules.optional(card))


def per_card(design: Design, counts: np.ndarray) -> np.ndarray:
    """seeds x patterns x seats -> seeds x cards: each card's sum over the games and seats that held it."""
    index = {card: i for i, card in enumerate(design.cards)}
    held = np.array([[index[c] for c in table] for table in design.tables])  # patterns x seats
    out = np.zeros((counts.shape[0], len(design.cards)))
    for j in range(len(design.cards)):
        out[:, j] = counts[:, held == j].sum(axis=1)
    return out


def usage(design: Design, counts: np.ndarray) -> dict[str, np.ndarray]:
    """A batch's per-seed usage (``USAGE``) from the uses of every game and seat (seeds x patterns x
    seats, of the held card only)."""
    return {"uses": per_card(design, counts), "fired": per_card(design, (counts > 0).astype(float))}


def held_games(batches: Sequence[Any], columns: list[int]) -> np.ndarray:
    """Games in which each card (``columns`` of the deck) was held, over ``batches``."""
    return sum(b.seeds * b.design.repeats[columns] * b.design.n_players for b in batches)


def usage_columns(batches: Sequence[Any], family: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Uses per held game and the share of held games with a use, per card of ``family``; NaN when a
    batch has no usage figures."""
    if not batches or any(not b.usage for b in batches):
        return np.full(len(family), np.nan), np.full(len(family), np.nan)
    cards = batches[0].design.cards
    columns = [cards.index(card) for card in family]
    held = held_games(batches, columns).astype(float)
    uses = sum(b.usage["uses"][:, columns].sum(axis=0) for b in batches)
    fired = sum(b.usage["fired"][:, columns].sum(axis=0) for b in batches)
    return uses / held, fired / held


def contrast_variances(design: Any, columns: Sequence[int], blank: int) -> np.ndarray:
    """Per card of ``columns``: the variance of its win-share estimate minus the blank's in one seed of
    ``design``, up to the residual variance (``(M_k - M_b)(M_k - M_b)'``, as ``Design.variances``)."""
    matrix = design.matrices["win_share"]
    rows = matrix[list(columns)] - matrix[blank]
    return (rows * rows).sum(axis=1)


def blank_columns(
    batches: Sequence[Any],
    family: Sequence[str],
    blank: str | None,
    alpha: float,
    t_opt: float,
    estimator: str = "equal",
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each card of ``family`` minus the blank: the mean of the per-seed differences of the win-share
    estimates and its confidence sequence (Bonferroni over the family, as the verdicts), each seed
    weighted by the inverse of the difference's variance under its design (relative to the first
    batch's) when the study's ``estimator`` is ``weighted``, as the effects are; NaN without a blank
    in the design."""
    cards = batches[0].design.cards if batches else ()
    if blank is None or blank not in cards:
        nan = np.full(len(family), np.nan)
        return nan, nan, nan
    columns = [cards.index(card) for card in family]
    b = cards.index(blank)
    diff = np.concatenate(
        [x.estimates["win_share"][:, columns] - x.estimates["win_share"][:, [b]] for x in batches]
    )
    ends = list(np.cumsum([x.seeds for x in batches]))
    weights = None
    if estimator == "weighted":
        reference = contrast_variances(batches[0].design, columns, b)
        weights = np.concatenate(
            [np.tile(reference / contrast_variances(x.design, columns, b), (x.seeds, 1)) for x in batches]
        )
    mean, lo, hi = (x[-1] for x in looks(diff, ends, alpha / max(len(family), 1), t_opt, weights))
    return mean, lo, hi


def flag(optional: bool, vs_blank_high: float, used_share: float) -> str:
    """``misplayed``, ``unused`` or '' (the rules in the module's docstring)."""
    if optional and vs_blank_high < 0:
        return MISPLAYED
    if used_share < UNUSED_SHARE:
        return UNUSED
    return ""


def with_controls(
    table: pd.DataFrame,
    batches: Sequence[Any],
    blank: str | None,
    optional: Collection[str],
    tolerance: float,
    alpha: float = ALPHA,
    t_opt: float | None = None,
    estimator: str = "equal",
) -> pd.DataFrame:
    """The verdict table with ``CONTROL_COLUMNS`` added (win share in fractions, as ``effect``);
    ``vs_blank`` weighs the seeds as the study's ``estimator`` does."""
    out = table.copy()
    family = out["card"].tolist()
    t_opt = tuning_seeds(tolerance) if t_opt is None else t_opt
    if batches:
        out["vs_blank"], out["vs_blank_low"], out["vs_blank_high"] = blank_columns(
            batches, family, blank, alpha, t_opt, estimator
        )
        out["uses_per_game"], out["used_share"] = usage_columns(batches, family)
    else:
        for column in CONTROL_COLUMNS[:-1]:
            out[column] = np.nan
    out["flag"] = [
        flag(card in optional, high, share)
        for card, high, share in zip(family, out["vs_blank_high"], out["used_share"], strict=True)
    ]
    return out
