"""The two shapes of Brass action kinds, shared by every action family module.

* ``MainKind``: a main action of the seat whose turn it is. It counts the action for the
  breakdown, discards its card, opens the ``end`` step (the action's last step) and then applies
  its own effect, which may push further steps on top of ``end``.
* ``StepKind``: one kind of step on ``state.pending``. ``auto`` resolves what needs no choice
  (and may close the step); when the rules leave a choice, the step stays open and its options
  are the legal actions. ``OptionalStep`` adds ``Stop`` (decline) to the options.

Each family module (``build``, ``links``, ``develop``, ``sell``, ``supply``, ``income``,
``cards``, ``rounds``) defines its action records next to their kinds and lists them in
``KINDS`` (main actions) and ``STEPS`` (pending steps); ``rules`` joins those lists.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sim.core.decisions import ActionChoice, Decision, DecisionKind
from sim.core.game import ActionKind, ActionKinds
from sim.core.lazy_list import LazyList

from .board import WILD_INDUSTRY, WILD_LOCATION
from .memo import board_memo
from .state import BrassState


def discard(state: BrassState, seat: int, card: str) -> None:
    """Play a card: wilds go back to their piles, others to the seat's discard pile (B07, B27)."""
    state.hands[seat].remove(card)
    if card == WILD_LOCATION:
        state.wild_location += 1
    elif card == WILD_INDUSTRY:
        state.wild_industry += 1
    else:
        state.discards[seat].append(card)


def push_steps(state: BrassState, steps: Sequence[Decision]) -> None:
    """Open ``steps`` before everything already pending, the first listed resolved first."""
    for step in reversed(steps):
        state.pending.push(step)


def fields_text(action: Any) -> str:
    """`` name=value`` for every field of an action record."""
    return "".join(f" {name}={getattr(action, name)}" for name in getattr(action, "__dataclass_fields__", ()))


def tile_text(state: BrassState, name: str, slot: int) -> str:
    """``<Action> tile of P<owner> @ <place>`` (players 1-based)."""
    board = state.board
    return f"{name} tile of P{state.slot_owner[slot] + 1} @ {board.loc_names[board.slot_loc[slot]]}"


class LegalContext:
    """What several main-action kinds need while listing one seat's options, computed once.

    ``parts`` holds, kind by kind, what each kind's ``count`` worked out for ``at`` and ``expand``:
    a snapshot, so the moves listed from it stay those of the position they were counted in."""

    __slots__ = ("state", "seat", "cards", "memo", "costs", "lowest", "parts")

    def __init__(self, state: BrassState, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.cards = tuple(sorted(set(state.hands[seat])))
        """The distinct cards in hand, sorted: one action per card that may be discarded."""
        self.memo = board_memo(state)
        """What this board position's legal moves share with other decisions (``memo.BoardMemo``)."""
        self.costs = self.memo.costs
        """Coal and iron prices in this position (builds, links and sales share them)."""
        self.lowest = state.lowest_levels(seat)
        """Level index of the seat's lowest tile left per industry (-1: none), as ``build.lowest_levels``."""
        self.parts: list[Any] = []
        """Per kind (in table order), what its ``count`` kept for ``at`` and ``expand``."""


class MainKind(ActionKind[BrassState, Any]):
    """A main action: counted, its card discarded, then its effect; ``end`` closes it."""

    stat: str
    """Breakdown column suffix: the action is counted in ``actions_<stat>``."""

    def legal(self, state: BrassState, seat: int) -> list[Any]:
        """The legal actions of this kind alone: what ``count`` keeps, made by ``expand``."""
        ctx = LegalContext(state, seat)
        if not self.count(ctx):
            return []  # as in ``LegalMoves``: a kind with no moves is never expanded
        return list(self.expand(ctx, ctx.parts[-1]))

    def count(self, ctx: LegalContext) -> int:
        """How many legal actions of this kind (``ctx`` shares costs between kinds); appends to
        ``ctx.parts`` what ``at`` and ``expand`` read."""
        raise NotImplementedError

    def at(self, ctx: LegalContext, part: Any, i: int) -> Any:
        """The i-th legal action of this kind, from its part (what ``count`` kept)."""
        return self.expand(ctx, part)[i]

    def expand(self, ctx: LegalContext, part: Any) -> list[Any]:
        """Every legal action of this kind, from its part (what ``count`` kept); may be a shared list."""
        raise NotImplementedError

    def apply(self, state: BrassState, action: Any) -> None:
        seat = state.order[state.turn_pos]
        stats = state.stats[seat]
        key = "actions_" + self.stat
        stats[key] = stats.get(key, 0.0) + 1
        self.discard(state, seat, action)
        state.pending.push(Decision("end", seat))
        self.effect(state, seat, action)

    def discard(self, state: BrassState, seat: int, action: Any) -> None:
        discard(state, seat, action.card)

    def effect(self, state: BrassState, seat: int, action: Any) -> None:
        """What the action does besides the discard (may push steps)."""

    def describe(self, state: BrassState, action: Any) -> str:
        return type(action).__name__ + fields_text(action)


class BrassActions(ActionKinds[BrassState, Any]):
    """The main-action table; one ``LegalContext`` is shared by every kind's options."""

    kinds: tuple[MainKind, ...]

    def legal(self, state: BrassState, seat: int) -> Any:
        """The seat's main actions as a ``LazyList`` (``legal_moves``): counted now, each made when asked for."""
        return legal_moves(self.kinds, LegalContext(state, seat))


class Turn(ActionChoice[BrassState, Any]):
    """A seat's turn: the ``ActionChoice`` over the main actions, its two hot methods compiled with the
    rules (random play asks for a turn's options and applies one at every action)."""

    actions: BrassActions

    def legal(self, state: BrassState, decision: Decision) -> Any:
        # legal_moves and ActionKinds.apply inlined: one call less per action in random play
        moves = LegalMoves(self.actions.kinds, LegalContext(state, decision.seat))
        return LazyList(moves, moves.total)

    def apply(self, state: BrassState, decision: Decision, action: Any) -> None:
        self.actions.by_type[type(action)].apply(state, action)


class LegalMoves:
    """``game.main_actions_plain``, the speed kernel: one decision's main actions, kind after kind,
    for a ``LazyList`` (``legal_moves``). Each kind counts its moves when they are listed, from what
    the position shares with other decisions (``memo.BoardMemo``: targets, prices, slots) and from
    one ``LegalContext`` shared by the kinds, and a move is made only when asked for (random play
    reads one move of the list)."""

    __slots__ = ("kinds", "ctx", "counts", "total")

    def __init__(self, kinds: tuple[MainKind, ...], ctx: LegalContext) -> None:
        self.kinds = kinds
        self.ctx = ctx
        counts = [kind.count(ctx) for kind in kinds]
        self.counts = counts
        self.total = sum(counts)

    def expand(self) -> list[Any]:
        """Every move, kind after kind."""
        items: list[Any] = []
        ctx, parts, counts = self.ctx, self.ctx.parts, self.counts
        for k, kind in enumerate(self.kinds):
            if counts[k]:
                items += kind.expand(ctx, parts[k])
        return items

    def at(self, i: int) -> Any:
        """The ``i``-th move (``0 <= i < total``)."""
        counts = self.counts
        for k, kind in enumerate(self.kinds):
            n = counts[k]
            if i < n:
                return kind.at(self.ctx, self.ctx.parts[k], i)
            i -= n
        raise IndexError("legal move index out of range")

    def contains(self, item: object) -> bool | None:
        """Unknown without the whole list."""
        return None


def legal_moves(kinds: tuple[MainKind, ...], ctx: LegalContext) -> LazyList:
    """The main actions of ``kinds`` in ``ctx``'s position: counted now, each made when asked for."""
    moves = LegalMoves(kinds, ctx)
    return LazyList(moves, moves.total)


class StepKind(DecisionKind[BrassState, Any]):
    """A step on ``state.pending``; ``rules.BrassGame.apply`` pops it before ``apply``."""

    def auto(self, state: BrassState, step: Decision) -> bool:
        """Resolve what needs no choice; True when the step waits (open) for the seat's choice."""
        raise NotImplementedError

    def describe(self, state: BrassState, step: Decision, action: Any) -> str:
        return type(action).__name__ + fields_text(action)


@dataclass(frozen=True, slots=True)
class Stop:
    """Decline an optional follow-up (second link, second develop, more sales, Gloucester develop)."""


class OptionalStep(StepKind):
    """A follow-up the seat may decline with ``Stop``; resolved by itself when ``Stop`` is the only option."""

    def legal(self, state: BrassState, step: Decision) -> list[Any]:
        return [*self.choices(state, step), Stop()]

    def choices(self, state: BrassState, step: Decision) -> list[Any]:
        raise NotImplementedError

    def auto(self, state: BrassState, step: Decision) -> bool:
        if len(self.legal(state, step)) <= 1:
            state.pending.pop()
            return False
        return True

    def apply(self, state: BrassState, step: Decision, action: Any) -> None:
        if type(action) is not Stop:  # Stop: the popped step simply stays closed
            self.take(state, step, action)

    def take(self, state: BrassState, step: Decision, action: Any) -> None:
        """Apply a chosen option other than ``Stop``."""
        raise NotImplementedError
