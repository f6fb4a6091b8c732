"""What a Brass bot sees (``BrassGame.view``): others' hands and the deck order hidden."""

from __future__ import annotations

from sim.core.view import masked, shallow
from sim.games.brass.board import WILDS
from sim.games.brass.state import BrassState


def view(state: BrassState, seat: int, facedown: int) -> BrassState:
    """Other seats' hands show their wild cards (face up) first, then the rest as ``HIDDEN``; the deck and
    the face-down setup discards (the first ``facedown`` of each pile) are ``HIDDEN``; no rng."""
    hands = [hand if s == seat else _others(hand) for s, hand in enumerate(state.hands)]
    discards = [[*masked(pile[:facedown]), *pile[facedown:]] for pile in state.discards] if facedown else state.discards
    return shallow(state, hands=hands, discards=discards, deck=masked(state.deck), rng=None)


def _others(hand: list[str]) -> list[str]:
    wild = [c for c in hand if c in WILDS]
    return [*wild, *masked(range(len(hand) - len(wild)))]
