"""The ``Game`` verbs for the toy race: the template every game's ``rules.py`` follows.

Every choice is the open decision (``state.decision()``: a follow-up on ``state.pending``, else the
current seat's turn), dispatched by its kind through ``DECISIONS``; the turn's actions dispatch by
type through its ``ActionKinds`` table.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from sim.core.decisions import ActionChoice, DecisionKinds
from sim.core.game import ActionKinds, Outcome
from sim.games.toy import view
from sim.games.toy.actions import GambleKind, PlayCardKind, RefillKind, StepKind
from sim.games.toy.params import ToyParams
from sim.games.toy.state import TURN, ToyObservation, ToyState

MAIN: ActionKinds[ToyState, Any] = ActionKinds([StepKind(), GambleKind(), PlayCardKind()])
"""A seat's main actions, by type."""
DECISIONS: DecisionKinds[ToyState, Any] = DecisionKinds([ActionChoice(TURN, MAIN), RefillKind()])
"""Every kind of decision: a seat's turn (its main actions, by type) and the follow-ups."""

BREAKDOWN_COLUMNS = ("steps", "gambles", "cards_played", "bonus")
EVENT_TABLES = {"moves": {"seat": "int64", "kind": "string", "count": "int64"}}


def draft(params: ToyParams, n_players: int) -> list[int]:
    """The setup draft: seat 1 first (``draft_shift`` rotates the order), each seat takes the
    largest points token left (none when the tokens run out); the points count as bonus."""
    tokens = sorted(params.draft_bonus, reverse=True)[:n_players]
    points = [0] * n_players
    for pick, token in enumerate(tokens):
        points[(pick + params.draft_shift) % n_players] = token
    return points


class ToyGame:
    """A race: the first to reach ``target`` ends the game at the end of that round."""

    def initial_state(self, params: ToyParams, n_players: int, rng: np.random.Generator) -> ToyState:
        if rng.random() < params.fail_rate:
            raise RuntimeError("injected failure (fail_rate)")
        deck = [params.card_values[i] for i in rng.permutation(len(params.card_values))]
        hands = [[deck.pop() for _ in range(min(params.hand_size, len(deck)))] for _ in range(n_players)]
        zeros = [0] * n_players
        first = params.play_shift % n_players
        return ToyState(
            params,
            list(zeros),
            rng,
            hands=hands,
            deck=deck,
            current=first,
            first=first,
            bonus=draft(params, n_players),
            steps_taken=list(zeros),
            gambles=list(zeros),
            cards_played=list(zeros),
        )

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
        return [float(p + b) for p, b in zip(state.positions, state.bonus, strict=True)]

    def outcome(self, state: ToyState) -> Outcome:
        extra = state.params.seat_points
        scores = [
            score + (extra[s] if s < len(extra) else 0) for s, score in enumerate(self.running_scores(state))
        ]
        return Outcome(
            scores=scores,
            ranks=[1 + sum(other > mine for other in scores) for mine in scores],
            breakdown=[
                {
                    "steps": float(state.steps_taken[s]),
                    "gambles": float(state.gambles[s]),
                    "cards_played": float(state.cards_played[s]),
                    "bonus": float(state.bonus[s]),
                }
                for s in range(state.n_players)
            ],
            end_reason="target_reached",
            events={
                "moves": [
                    {"seat": s, "kind": "gamble", "count": state.gambles[s]} for s in range(state.n_players)
                ]
            },
        )

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
