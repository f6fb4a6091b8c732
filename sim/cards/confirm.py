"""``--confirm BOT``: do a deck study's verdicts hold with another (stronger) bot?

The flagged cards (too strong, too weak) and a sample of the others already decided are the family
of a second deck study, played with ``BOT`` at every seat into ``DIR/confirm-<bot>`` (same design
rules, its own budget). Each card's two verdicts are then set side by side.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.cards.sequential import TOO_STRONG, TOO_WEAK, UNDECIDED, WITHIN

SAMPLE = 3
"""Cards decided "within" that are replayed beside the flagged ones (a check that the bot does not
simply move every card)."""

SEEDS_PER_BATCH = 2
"""Seeds per batch of the second study: the search bots take seconds a game, so small batches keep
a minutes budget (which is checked between batches) from being overrun by one long batch."""

HOLDS, CHANGED, OPEN = "holds", "changed", "not_decided"


def confirm_family(table: pd.DataFrame, seed: int, sample: int = SAMPLE) -> list[str]:
    """The flagged cards of ``table`` and up to ``sample`` of its ``within`` cards (drawn by ``seed``)."""
    flagged = table.loc[table["verdict"].isin([TOO_STRONG, TOO_WEAK]), "card"].tolist()
    within = table.loc[table["verdict"] == WITHIN, "card"].tolist()
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(0xC0F,)))
    picked = [within[i] for i in sorted(rng.choice(len(within), min(sample, len(within)), replace=False))]
    return flagged + picked


def agreement(first: pd.DataFrame, second: pd.DataFrame) -> pd.DataFrame:
    """Per card of ``second``: its verdict and effect (points) in both studies, the second's interval,
    and whether the first verdict holds
    (``holds``: the same; ``changed``: the second study decided otherwise; ``not_decided``: the
    second study has not decided it yet)."""
    both = second[["card", "verdict", "effect", "low", "high"]].merge(
        first[["card", "verdict", "effect"]], on="card", suffixes=("_confirm", "")
    )
    both["holds"] = [
        OPEN if again == UNDECIDED else HOLDS if again == before else CHANGED
        for before, again in zip(both["verdict"], both["verdict_confirm"], strict=True)
    ]
    for column in ("effect", "effect_confirm", "low", "high"):
        both[column] = (100 * both[column]).round(2)  # points of win share
    return both[["card", "verdict", "effect", "verdict_confirm", "effect_confirm", "low", "high", "holds"]]
