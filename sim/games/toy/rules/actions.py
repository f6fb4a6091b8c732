"""The toy race's actions, each with its legality, effect and description in one ``ActionKind``.

Main actions: ``Step`` 1..max_step, ``Gamble`` (0 or max_step+1 by the game's rng) and
``PlayCard`` (move by a sprint card's value). Playing a card opens a ``refill`` decision:
``Draw`` the top card of the deck or ``Skip``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.core.decisions import Decision, DecisionKind
from sim.core.game import ActionKind

from .state import ToyState


@dataclass(frozen=True)
class Step:
    size: int


@dataclass(frozen=True)
class Gamble:
    pass


@dataclass(frozen=True)
class PlayCard:
    value: int


@dataclass(frozen=True)
class Draw:
    pass


@dataclass(frozen=True)
class Skip:
    pass


def move(state: ToyState, seat: int, distance: int) -> None:
    """Advance ``seat`` and score the bonus square it lands on."""
    state.positions[seat] += distance
    state.bonus[seat] += sum(
        b.points for b in state.params.bonus_squares if b.position == state.positions[seat]
    )


class StepKind(ActionKind[ToyState, Step]):
    action = Step

    def legal(self, state: ToyState, seat: int) -> list[Step]:
        return [Step(size) for size in range(1, state.params.max_step + 1)]

    def apply(self, state: ToyState, action: Step) -> None:
        state.steps_taken[state.current] += 1
        move(state, state.current, action.size)

    def describe(self, state: ToyState, action: Step) -> str:
        return f"steps {action.size}"


class GambleKind(ActionKind[ToyState, Gamble]):
    action = Gamble

    def legal(self, state: ToyState, seat: int) -> list[Gamble]:
        return [Gamble()]

    def apply(self, state: ToyState, action: Gamble) -> None:
        state.gambles[state.current] += 1
        move(state, state.current, 0 if state.rng.random() < 0.5 else state.params.max_step + 1)

    def describe(self, state: ToyState, action: Gamble) -> str:
        return "gambles"


class PlayCardKind(ActionKind[ToyState, PlayCard]):
    action = PlayCard

    def legal(self, state: ToyState, seat: int) -> list[PlayCard]:
        return [PlayCard(value) for value in sorted(set(state.hands[seat]))]

    def apply(self, state: ToyState, action: PlayCard) -> None:
        seat = state.current
        state.hands[seat].remove(action.value)
        state.discard.append(action.value)
        state.cards_played[seat] += 1
        move(state, seat, action.value)
        if state.deck:
            state.pending.push(Decision("refill", seat))

    def describe(self, state: ToyState, action: PlayCard) -> str:
        return f"plays sprint card {action.value}"


class RefillKind(DecisionKind[ToyState, Draw | Skip]):
    """After a card is played: draw the top card of the deck, or not."""

    kind = "refill"

    def legal(self, state: ToyState, decision: Decision) -> list[Draw | Skip]:
        return [Draw(), Skip()]

    def apply(self, state: ToyState, decision: Decision, action: Draw | Skip) -> None:
        if isinstance(action, Draw):
            state.hands[decision.seat].append(state.deck.pop())

    def describe(self, state: ToyState, decision: Decision, action: Draw | Skip) -> str:
        return "draws a card" if isinstance(action, Draw) else "does not draw"
