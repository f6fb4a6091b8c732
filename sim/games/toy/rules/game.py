"""The ``Game`` verbs for the toy race: the template every game's ``rules/game.py`` follows.

Every choice is the open decision (``state.decision()``: a follow-up on ``state.pending``, else the
current seat's turn), dispatched by its kind through ``DECISIONS``; the turn's actions dispatch by
type through its ``ActionKinds`` table. Setup and scoring live in ``setup.py`` and ``scoring.py``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from sim.core.decisions import ActionChoice, DecisionKinds
from sim.core.game import ActionKinds, Outcome

from ..params import ToyParams
from . import scoring, setup, view
from .actions import GambleKind, PlayCardKind, RefillKind, StepKind
from .state import TURN, ToyObservation, ToyState

MAIN: ActionKinds[ToyState, Any] = ActionKinds([StepKind(), GambleKind(), PlayCardKind()])
"""A seat's main actions, by type."""
DECISIONS: DecisionKinds[ToyState, Any] = DecisionKinds([ActionChoice(TURN, MAIN), RefillKind()])
"""Every kind of decision: a seat's turn (its main actions, by type) and the follow-ups."""


class ToyGame:
    """A race: the first to reach ``target`` ends the game at the end of that round."""

    def initial_state(self, params: ToyParams, n_players: int, rng: np.random.Generator) -> ToyState:
        return setup.initial_state(params, n_players, rng)

    def current_player(self, state: ToyState) -> int:
        return state.decision().seat

    def legal_actions(self, state: ToyState) -> list[Any]:
        return list(DECISIONS.legal(state, state.decision()))

    def apply(self, state: ToyState, action: Any) -> None:
        decision = state.pending.pop() if state.pending else state.decision()
        DECISIONS.apply(state, decision, action)
        if not state.pending:
            self._end_turn(state)

    def _end_turn(self, state: ToyState) -> None:
        state.current = (state.current + 1) % state.n_players
        if state.current == state.first and not self.is_terminal(state):
            state.round += 1

    def is_terminal(self, state: ToyState) -> bool:
        if state.pending or max(state.positions) < state.params.target:
            return False
        return state.current == state.first or not state.params.finish_round

    def round_number(self, state: ToyState) -> int:
        return state.round

    def running_scores(self, state: ToyState) -> list[float]:
        return scoring.running_scores(state)

    def outcome(self, state: ToyState) -> Outcome:
        return scoring.outcome(state)

    def observation(self, state: ToyState, seat: int) -> ToyObservation:
        public = state.clone()
        unseen = sorted(public.deck + [c for s, hand in enumerate(public.hands) if s != seat for c in hand])
        public.hands = [hand if s == seat else [] for s, hand in enumerate(public.hands)]
        public.deck = []
        public.rng = np.random.default_rng(0)  # the future draws are hidden too
        return ToyObservation(
            seat=seat,
            public=public,
            hand_sizes=tuple(len(hand) for hand in state.hands),
            deck_size=len(state.deck),
            unseen=tuple(unseen),
        )

    def view(self, state: ToyState, seat: int) -> ToyState:
        return view.view(state, seat)

    def determinize(self, observation: ToyObservation, rng: np.random.Generator) -> ToyState:
        state = observation.public.clone()
        pool = [observation.unseen[i] for i in rng.permutation(len(observation.unseen))]
        for seat, size in enumerate(observation.hand_sizes):
            if seat != observation.seat:
                state.hands[seat] = [pool.pop() for _ in range(size)]
        state.deck = pool
        state.rng = np.random.default_rng(rng.integers(2**63))
        return state

    def describe(self, state: ToyState, action: Any) -> str:
        decision = state.decision()
        return f"P{decision.seat + 1} {DECISIONS.describe(state, decision, action)}"

    def invariants(self, state: ToyState) -> list[str]:
        problems = []
        cards = Counter(state.deck + state.discard + [c for hand in state.hands for c in hand])
        if cards != Counter(state.params.card_values):
            problems.append(f"sprint cards not conserved: {sorted(cards.elements())}")
        problems += [f"seat {s} at negative position {p}" for s, p in enumerate(state.positions) if p < 0]
        return problems
