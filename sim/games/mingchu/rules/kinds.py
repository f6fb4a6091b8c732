"""The decision kinds of 明初商途 and how they register (one class per kind, nothing else to edit).

Every player choice is a ``Decision`` on ``state.pending`` (``sim.core.decisions``): the flow or an
effect opens it, its ``DecisionKind`` lists the options, applies the choice and describes it.
A 明初商途 decision may take several actions (a turn: pick a 掌柜, move, quick actions, the main
action), so ``apply`` gets the open decision (``state.pending.next``) and closes it itself with
``state.pending.pop()`` when the choice is finished. A kind class decorated with
``@decision_kind`` is in the game's table (``rules.DECISIONS``) as soon as its module is imported.
"""

from __future__ import annotations

from typing import Any

from sim.core.decisions import Decision, DecisionKind

from ..texts import said
from . import actions as A
from .state import MingchuState

KINDS: list[DecisionKind[MingchuState, Any]] = []
"""One instance of every registered kind."""


def decision_kind(cls: type) -> type:
    """Class decorator: register the kind in ``KINDS``."""
    KINDS.append(cls())
    return cls


def kind_base(cls: type) -> type:
    """Class decorator of a base of registered kinds: nothing at run time. Compiled (mypyc), a decorated
    class is a plain Python class, as its subclasses decorated with ``@decision_kind`` need."""
    return cls


def who(seat: int) -> str:
    """The player's name in the play-by-play (a ``texts.Said``: told in the play log's language)."""
    return said("who", number=seat + 1)


def seat_to_act(state: MingchuState) -> int:
    """The seat of the open decision: the player whose action is being applied."""
    return state.pending.next.seat


@kind_base
class Step(DecisionKind[MingchuState, Any]):
    """A one-action setup step: close it, count the seat, then apply the choice (which may open more)."""

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        state.pending.pop()
        state.step += 1
        self.take(state, decision.seat, action)

    def take(self, state: MingchuState, seat: int, action: Any) -> None:
        raise NotImplementedError


@kind_base
class PerSeat(DecisionKind[MingchuState, Any]):
    """A settlement step each seat may repeat until ``Done``, which closes it and passes to the next seat."""

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        if isinstance(action, A.Done):
            state.pending.pop()
            state.step += 1
        else:
            self.take(state, decision.seat, action)

    def take(self, state: MingchuState, seat: int, action: Any) -> None:
        raise NotImplementedError
