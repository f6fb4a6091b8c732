"""The ``Game`` verbs of 明初商途: every choice is an open decision, dispatched by its kind.

The flow (``flow.py``) runs the automatic steps until a decision is open; ``DECISIONS`` holds
every decision kind (each one's options, effect and description, registered in its phase's
module: ``setup``, ``production``, ``turn``, ``settlement``, ``pickers``, ``trade``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.core.decisions import DecisionKinds
from sim.core.game import Outcome, column_types

from ..params import MingchuParams
from ..texts import said
from . import flow, laws, observe, pickers, production, scoring, settlement, setup, trade, turn, view
from .card_log import card_row
from .card_table import CARD_EVENTS
from .kinds import KINDS, who
from .state import MingchuObservation, MingchuState

PHASES = (setup, production, turn, settlement, pickers, trade)
"""The modules whose ``@decision_kind`` classes (registered when imported) make up ``DECISIONS``."""
DECISIONS = DecisionKinds(KINDS)
KIND = DECISIONS.by_kind  # the hot path looks kinds up directly

EVENT_TABLES = {"cards": column_types(CARD_EVENTS), "trades": trade.TRADE_COLUMNS}
"""``cards``: one row per card movement or use (``state.record``, ``card_log``), plus the score cards
held at the end; ``trades``: one row per trade offer answered (``trade.py``)."""


class MingchuGame:
    """Implements ``sim.core.game.Game`` for 明初商途."""

    def initial_state(self, params: MingchuParams, n_players: int, rng: np.random.Generator) -> MingchuState:
        state = setup.initial_state(params, n_players, rng)
        flow.advance(state)
        return state

    def current_player(self, state: MingchuState) -> int:
        return state.pending.next.seat

    def legal_actions(self, state: MingchuState) -> Sequence[Any]:
        decision = state.pending.next
        return KIND[decision.kind].legal(state, decision)

    def apply(self, state: MingchuState, action: Any) -> None:
        decision = state.pending.next
        KIND[decision.kind].apply(state, decision, action)
        flow.advance(state)

    def is_terminal(self, state: MingchuState) -> bool:
        return state.terminal

    def round_number(self, state: MingchuState) -> int:
        return state.round

    def running_scores(self, state: MingchuState) -> list[float]:
        return scoring.scores(state)

    def outcome(self, state: MingchuState) -> Outcome:
        rows = list(state.log)
        if state.terminal:
            for seat, player in enumerate(state.players):
                rows.extend(_scored(state, card, "皇恩计分", seat) for card in player.score_cards)
                rows.extend(_scored(state, card, "天威", seat) for card in player.tianwei)
        return Outcome(
            scores=scoring.scores(state),
            ranks=scoring.ranking(state),
            breakdown=scoring.breakdown(state),
            end_reason=state.end_reason,
            events={"cards": rows, "trades": list(state.trades)},
        )

    def observation(self, state: MingchuState, seat: int) -> MingchuObservation:
        return observe.observation(state, seat)

    def view(self, state: MingchuState, seat: int) -> MingchuState:
        return view.view(state, seat)

    def determinize(self, observation: MingchuObservation, rng: np.random.Generator) -> MingchuState:
        return observe.determinize(observation, rng)

    def describe(self, state: MingchuState, action: Any) -> str:
        decision = state.pending.next
        return said("action", seat=who(decision.seat), text=DECISIONS.describe(state, decision, action))

    def invariants(self, state: MingchuState) -> list[str]:
        return laws.invariants(state)


def _scored(state: MingchuState, card: str, deck: str, seat: int) -> dict[str, Any]:
    return card_row(state, card, deck, seat, "scored")
