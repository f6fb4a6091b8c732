"""Pending decisions: the one mechanism every game uses for choices that interrupt the turn order.

A main action may leave choices behind it (a second link to build, which mine to take from, an
event card's option, a reward to pick). Each is a ``Decision`` on the state's
``Pending`` list; while one is open, the game's legal actions are that decision's options and
its ``DecisionKind`` applies the choice. Effects that need a choice while resolving another one
``push`` theirs on top; steps that come after everything already open are ``queue``d. A turn, or
a phase of one, whose options are actions of several types is an ``ActionChoice``: its actions
dispatch through a table of ``ActionKind`` by type.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from sim.core.game import ActionKinds

State = TypeVar("State")
Action = TypeVar("Action")


@dataclass(slots=True)
class Decision:
    """A choice ``seat`` must make; ``kind`` names its ``DecisionKind``, ``data`` its context."""

    kind: str
    seat: int
    data: Any = None

    def clone(self) -> Decision:
        data = self.data
        if data is not None and not isinstance(data, (int, str, tuple, frozenset)):
            data = copy.deepcopy(data)
        return Decision(self.kind, self.seat, data)


class Pending:
    """Open decisions; ``next`` is resolved first.

    ``next`` is a plain attribute kept up to date by every change (a property would cost a Python
    call at each of the several reads a decision makes); it is None once nothing is open."""

    __slots__ = ("_items", "next")

    def __init__(self, items: Sequence[Decision] = ()) -> None:
        self._items: list[Decision] = list(items)  # last item = next to resolve
        self.next: Decision = self._items[-1] if self._items else None  # type: ignore[assignment]

    def push(self, decision: Decision) -> None:
        """Resolve ``decision`` before everything already open."""
        self._items.append(decision)
        self.next = decision

    def queue(self, decision: Decision) -> None:
        """Resolve ``decision`` after everything already open."""
        self._items.insert(0, decision)
        self.next = self._items[-1]

    def pop(self) -> Decision:
        """Close and return the next decision."""
        items = self._items
        decision = items.pop()
        self.next = items[-1] if items else None  # type: ignore[assignment]
        return decision

    def clear(self) -> None:
        self._items.clear()
        self.next = None  # type: ignore[assignment]

    def __bool__(self) -> bool:
        return bool(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Decision]:
        """From the next to resolve to the last."""
        return reversed(self._items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pending) and self._items == other._items

    def __repr__(self) -> str:
        return f"Pending({list(self)!r})"

    def clone(self) -> Pending:
        return Pending([d.clone() for d in self._items])

    def __getstate__(self) -> list[Decision]:
        return self._items

    def __setstate__(self, items: list[Decision]) -> None:
        self._items = items
        self.next = items[-1] if items else None  # type: ignore[assignment]


class DecisionKind(Generic[State, Action]):
    """The options, effect and description of one kind of decision, kept together."""

    kind: str

    def legal(self, state: State, decision: Decision) -> Sequence[Action]:
        raise NotImplementedError

    def apply(self, state: State, decision: Decision, action: Action) -> None:
        raise NotImplementedError

    def describe(self, state: State, decision: Decision, action: Action) -> str:
        return f"{self.kind}: {action}"


class DecisionKinds(Generic[State, Action]):
    """Dispatch by ``decision.kind`` (a table, not an if-chain)."""

    def __init__(self, kinds: Sequence[DecisionKind[State, Action]]) -> None:
        self.by_kind = {kind.kind: kind for kind in kinds}
        if len(self.by_kind) != len(kinds):
            raise ValueError("two decision kinds share a name")

    def legal(self, state: State, decision: Decision) -> Sequence[Action]:
        return self.by_kind[decision.kind].legal(state, decision)

    def apply(self, state: State, decision: Decision, action: Action) -> None:
        self.by_kind[decision.kind].apply(state, decision, action)

    def describe(self, state: State, decision: Decision, action: Action) -> str:
        return self.by_kind[decision.kind].describe(state, decision, action)


class ActionChoice(DecisionKind[State, Action]):
    """A decision whose options are actions of several types (a turn, a phase of a turn): each type's
    ``ActionKind`` in ``actions`` lists, applies and describes its own (a table by type)."""

    def __init__(self, kind: str, actions: ActionKinds[State, Action]) -> None:
        self.kind = kind
        self.actions = actions

    def legal(self, state: State, decision: Decision) -> Sequence[Action]:
        return self.actions.legal(state, decision.seat)

    def apply(self, state: State, decision: Decision, action: Action) -> None:
        self.actions.apply(state, action)

    def describe(self, state: State, decision: Decision, action: Action) -> str:
        return self.actions.describe(state, action)
