"""The card lab's view of 明初商途's decks (``sim.core.game.DeckRules``).

* A blank card exists for the 门客 deck only: a 门客 with no ability and no passive. A 家族 card
  always gives a starting place, so no family card is blank.
* A held card is *used* when its holder plays it (``played``: a 门客's ability, M39) or when one of
  its passives takes effect for the holder (``used``: ``effects.fire``, ``modifiers.note_used``).
  ``hit`` rows are the same play seen from the seat it changed, not a further use.
* A 门客 is optional when all it has is an ability (tapping it is the holder's choice); a passive
  acts by itself (a surcharge or a ``forbid`` can hurt), so a card with one is not.
"""

from __future__ import annotations

from typing import Any

from sim.core.game import DeckRules

from .params import RetainerCard

USE_KINDS = ("played", "used")


def blank_card(deck: str, card_id: str) -> RetainerCard | None:
    """A 门客 that does nothing, named ``card_id``; None for any other deck."""
    return RetainerCard(id=card_id) if deck == "门客" else None


def optional(card: Any) -> bool:
    """A 门客 whose only effects are its ability (none at all counts too)."""
    return isinstance(card, RetainerCard) and not card.passive


DECK_RULES = DeckRules(blank=blank_card, use_kinds=USE_KINDS, optional=optional)
