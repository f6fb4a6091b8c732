"""What a toy-race bot decides from: the state with other hands and the deck hidden."""

from __future__ import annotations

from sim.core.view import masked, shallow

from .state import ToyState


def view(state: ToyState, seat: int) -> ToyState:
    """Other hands and the deck as ``HIDDEN`` cards (their sizes stay readable); no rng."""
    hands = [hand if s == seat else list(masked(hand)) for s, hand in enumerate(state.hands)]
    return shallow(state, hands=hands, deck=masked(state.deck), rng=None)
