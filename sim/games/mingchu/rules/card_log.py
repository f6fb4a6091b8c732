"""Rows of the ``cards`` event table (columns: ``sim.games.mingchu.rules.card_table.CARD_EVENTS``): what a card did.

``state.record`` appends a row for a card movement; ``effects.play_card`` and the triggers fill in
the target and what the card changed, from ``effects.holdings`` before and after.
"""

from __future__ import annotations

from typing import Any, Final

MingchuState = Any
"""The game state (``state.MingchuState``, which records its rows with ``card_row``): named here
without importing it, so the two modules do not import each other."""

REWARDS = "奖励"
"""What the flow calls both reward decks; a row names the card's own deck (下赏 or 上赏)."""
CHANGES: Final = ("coins", "goods", "favor", "vp")


def card_deck(state: MingchuState, deck: str, card_id: str) -> str:
    """The deck that names the card: a reward card's tier, else ``deck``."""
    if deck != REWARDS:
        return deck
    return "下赏" if any(card.id == card_id for card in state.params.cards.下赏) else "上赏"


def card_row(
    state: MingchuState, card_id: str, deck: str, seat: int, kind: str, target: int = -1
) -> dict[str, Any]:
    """A row with no changes yet (``fill`` adds them)."""
    return {
        "card_id": card_id,
        "deck": card_deck(state, deck, card_id),
        "seat": seat,
        "round": state.round,
        "period": state.period,
        "kind": kind,
        "target": target,
        "coins": 0,
        "goods": 0,
        "favor": 0,
        "vp": 0,
    }


def changes(
    before: list[tuple[int, int, int, int]], after: list[tuple[int, int, int, int]]
) -> list[tuple[int, int, int, int]]:
    """Per seat: the difference of ``effects.holdings`` (a loop by index: ``zip(..., strict=True)``
    is a generic call with a keyword in the compiled core)."""
    if len(before) != len(after):
        raise ValueError(f"holdings of {len(before)} and {len(after)} seats")
    out = []
    for seat in range(len(before)):
        b, a = before[seat], after[seat]
        out.append((a[0] - b[0], a[1] - b[1], a[2] - b[2], a[3] - b[3]))
    return out


def fill(row: dict[str, Any], change: tuple[int, int, int, int]) -> None:
    """Write a seat's ``changes`` into its row, under the ``CHANGES`` columns."""
    row[CHANGES[0]] = change[0]
    row[CHANGES[1]] = change[1]
    row[CHANGES[2]] = change[2]
    row[CHANGES[3]] = change[3]
