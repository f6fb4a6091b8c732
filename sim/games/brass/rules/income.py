"""Money from the income track: loans (B24) and round income with its shortfall (B08, B34).

Round end queues one ``income`` step per seat (new turn order). A seat that cannot pay negative
income removes own tiles that refund at least £1 (``RemoveTile``, its choice when several) until
it can pay; with none left the rest costs VP.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.core.decisions import Decision

from .kinds import LegalContext, MainKind, StepKind, tile_text
from .memo import action
from .state import BrassState


@dataclass(frozen=True, slots=True)
class TakeLoan:
    card: str


@dataclass(frozen=True, slots=True)
class RemoveTile:
    """Income shortfall: remove this own tile for half its cost."""

    slot: int


class TakeLoanKind(MainKind):
    """£30 for 3 income levels, down to the highest space of the new level; not below ``loan.min_level``."""

    action = TakeLoan
    stat = "take_loan"

    def count(self, ctx: LegalContext) -> int:
        loan = ctx.state.board.params.loan
        allowed = ctx.state.income_level(ctx.seat) - loan.levels_down >= loan.min_level
        ctx.parts.append(allowed)
        return len(ctx.cards) if allowed else 0

    def at(self, ctx: LegalContext, part: Any, i: int) -> Any:
        return action(TakeLoan, ctx.cards[i])

    def expand(self, ctx: LegalContext, part: Any) -> list[Any]:
        return [action(TakeLoan, c) for c in ctx.cards]

    def effect(self, state: BrassState, seat: int, a: TakeLoan) -> None:
        loan = state.board.params.loan
        state.money[seat] += loan.money
        level = state.income_level(seat) - loan.levels_down
        state.income_space[seat] = state.board.highest_space[level]


def refund(state: BrassState, slot: int) -> int:
    """Money a tile raises when removed for an income shortfall (half its cost, rounded down)."""
    tile = state.board.tiles[state.slot_ind[slot]][state.slot_level[slot]]
    return tile.cost // state.board.params.shortfall.tile_refund_divisor


def refund_tiles(state: BrassState, seat: int) -> list[int]:
    """Own tiles that raise money toward a shortfall; a tile refunding £0 makes up nothing (B34)."""
    return [s for s, o in enumerate(state.slot_owner) if o == seat and refund(state, s) > 0]


def pay_income(state: BrassState, seat: int) -> bool:
    """Pay income; return False when the seat must first remove a tile for a shortfall."""
    level = state.income_level(seat)
    if level >= 0 or state.money[seat] >= -level:
        state.money[seat] += level
        return True
    if refund_tiles(state, seat):
        return False
    short = -level - state.money[seat]
    state.money[seat] = 0
    lost = min(state.vp[seat], short * state.board.params.shortfall.vp_per_pound_short)
    state.vp[seat] -= lost
    state.stats[seat]["vp_lost_shortfall"] = state.stats[seat].get("vp_lost_shortfall", 0.0) + lost
    return True


class IncomeStep(StepKind):
    """One seat's round income; waits for ``RemoveTile`` when several tiles could cover a shortfall."""

    kind = "income"

    def legal(self, state: BrassState, step: Decision) -> list[Any]:
        return [RemoveTile(s) for s in refund_tiles(state, step.seat)]

    def auto(self, state: BrassState, step: Decision) -> bool:
        while not pay_income(state, step.seat):
            options = self.legal(state, step)
            if len(options) > 1:
                return True
            self.remove(state, step.seat, options[0].slot)
        state.pending.pop()
        return False

    def apply(self, state: BrassState, step: Decision, action: RemoveTile) -> None:
        self.remove(state, step.seat, action.slot)
        state.pending.push(step)  # income is settled again with the refund in hand

    def remove(self, state: BrassState, seat: int, slot: int) -> None:
        state.money[seat] += refund(state, slot)
        state.clear_slot(slot, "shortfall")
        state.stats[seat]["tiles_lost_shortfall"] = state.stats[seat].get("tiles_lost_shortfall", 0.0) + 1

    def describe(self, state: BrassState, step: Decision, action: RemoveTile) -> str:
        return tile_text(state, "RemoveTile", action.slot)


KINDS: list[MainKind] = [TakeLoanKind()]
STEPS: list[StepKind] = [IncomeStep()]
