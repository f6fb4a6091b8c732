"""What a Brass bot sees (``BrassGame.view``): others' hands and the deck order hidden."""

from __future__ import annotations

from typing import Any

from sim.core.view import masked, shallow

from .board import WILDS
from .state import FIELDS, BrassState


def view(state: BrassState, seat: int, facedown: int) -> BrassState:
    """Other seats' hands show their wild cards (face up) first, then the rest as ``HIDDEN``; the deck and
    the face-down setup discards (the first ``facedown`` of each pile) are ``HIDDEN``; no rng."""
    hands = [hand if s == seat else _others(hand) for s, hand in enumerate(state.hands)]
    discards = (
        [[*masked(pile[:facedown]), *pile[facedown:]] for pile in state.discards]
        if facedown
        else state.discards
    )
    return _shallow(state, hands=hands, discards=discards, deck=masked(state.deck), rng=None)


def _others(hand: list[str]) -> list[str]:
    wild = [c for c in hand if c in WILDS]
    return [*wild, *masked(range(len(hand) - len(wild)))]


def _field_copy(state: BrassState, **replaced: Any) -> BrassState:
    """``shallow`` field by field, for the compiled class (which has no instance ``__dict__``)."""
    copy = BrassState.__new__(BrassState)
    for name in FIELDS:
        setattr(copy, name, replaced[name] if name in replaced else getattr(state, name))
    return copy


_shallow = shallow if "__dict__" in vars(BrassState) else _field_copy
