"""The toy race's state (data only) and what one seat sees of it."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

import numpy as np

from sim.core.decisions import Decision, Pending

from ..params import ToyParams

TURN = "turn"
"""The decision kind of a seat's main action (``rules.game.DECISIONS``)."""


@dataclass
class ToyState:
    params: ToyParams
    positions: list[int]
    rng: np.random.Generator
    hands: list[list[int]] = field(default_factory=list)
    """Each seat's hidden sprint cards."""
    deck: list[int] = field(default_factory=list)
    """Face-down draw pile; the last item is the top card."""
    discard: list[int] = field(default_factory=list)
    """Played cards, face up."""
    current: int = 0
    first: int = 0
    """The seat that starts every round (``play_shift``; seat 0 by the rules)."""
    round: int = 1
    pending: Pending = field(default_factory=Pending)
    bonus: list[int] = field(default_factory=list)
    steps_taken: list[int] = field(default_factory=list)
    gambles: list[int] = field(default_factory=list)
    cards_played: list[int] = field(default_factory=list)

    @property
    def n_players(self) -> int:
        return len(self.positions)

    def decision(self) -> Decision:
        """The open decision: a follow-up on ``pending``, else the current seat's ``turn``."""
        return self.pending.next if self.pending else Decision(TURN, self.current)

    def clone(self) -> ToyState:
        return copy.deepcopy(self)


@dataclass(frozen=True)
class ToyObservation:
    """The public state plus ``seat``'s own hand; hidden cards only as a sorted pool."""

    seat: int
    public: ToyState
    """The state with every hidden card removed (others' hands and the deck are empty)."""
    hand_sizes: tuple[int, ...]
    deck_size: int
    unseen: tuple[int, ...]
    """The cards ``seat`` cannot see (others' hands and the deck), sorted: their order is hidden."""
