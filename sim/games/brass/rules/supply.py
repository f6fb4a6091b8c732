"""Consuming coal, iron and beer (B11-B13, B31): one unit at a time, the seat choosing when the rules let it.

Steps (data: a tuple, amount first): ``coal`` (amount, origin places), ``iron`` (amount,),
``beer`` (amount, origin places, merchant slot of the sale or -1). A step takes units by itself while there is
only one source or every unit in reach is needed; otherwise it waits for ``ChooseCoal``,
``ChooseIron`` or ``ChooseBeer``. Coal and iron nobody can supply come from the market.
Merchant beer gives that merchant's bonus; Gloucester's opens a ``gloucester`` develop step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.core.decisions import Decision

from .kinds import StepKind, tile_text
from .resources import (
    COAL,
    IRON,
    beer_sources,
    buy_from_market,
    connected_coal,
    distances,
    gain_income,
    iron_on_board,
    take_from_tile,
)
from .state import BrassState


@dataclass(frozen=True, slots=True)
class ChooseCoal:
    """Take one coal from this mine (offered when several mines tie for nearest)."""

    slot: int


@dataclass(frozen=True, slots=True)
class ChooseIron:
    """Take one iron from this iron works (offered when several have iron)."""

    slot: int


@dataclass(frozen=True, slots=True)
class ChooseBeer:
    """Take one beer from a brewery slot (merchant=False) or a merchant slot (merchant=True)."""

    source: int
    merchant: bool = False


def _rest(state: BrassState, step: Decision, amount: int) -> None:
    """After one unit: reopen the step for the units still needed."""
    if amount > 1:
        state.pending.push(Decision(step.kind, step.seat, (amount - 1, *step.data[1:])))


class _CubeStep(StepKind):
    """Coal or iron: free cubes from tiles first, the rest bought from the market."""

    resource: int

    def auto(self, state: BrassState, step: Decision) -> bool:
        amount = step.data[0]
        if amount <= 0:
            state.pending.pop()
            return False
        options = self.legal(state, step)
        if not options:
            buy_from_market(state, step.seat, self.resource, amount)
            state.pending.pop()
        elif len(options) == 1 or sum(state.slot_res[o.slot] for o in options) <= amount:
            state.pending.pop()
            self.apply(state, step, options[0])
        else:
            return True
        return False

    def apply(self, state: BrassState, step: Decision, action: Any) -> None:
        take_from_tile(state, action.slot)
        _rest(state, step, step.data[0])

    def describe(self, state: BrassState, step: Decision, action: Any) -> str:
        return tile_text(state, type(action).__name__, action.slot)


class CoalStep(_CubeStep):
    """Nearest connected mines first (ties: the seat's choice); the market needs a merchant connection."""

    kind = "coal"
    resource = COAL

    def legal(self, state: BrassState, step: Decision) -> list[Any]:
        mines = connected_coal(state, distances(state, step.data[1]))
        if not mines:
            return []
        nearest = mines[0][0]
        return [ChooseCoal(s) for d, s in mines if d == nearest]


class IronStep(_CubeStep):
    """Any iron works holding iron, no connection needed."""

    kind = "iron"
    resource = IRON

    def legal(self, state: BrassState, step: Decision) -> list[Any]:
        return [ChooseIron(s) for s in iron_on_board(state)]


class BeerStep(StepKind):
    """Own breweries anywhere, others' connected ones, the merchant slot's beer of this sale."""

    kind = "beer"

    def legal(self, state: BrassState, step: Decision) -> list[Any]:
        _, origins, merchant = step.data
        return [ChooseBeer(src, is_m) for src, is_m in beer_sources(state, step.seat, origins, merchant)]

    def auto(self, state: BrassState, step: Decision) -> bool:
        options = self.legal(state, step)
        if not options:
            raise RuntimeError("beer step without any beer source")
        barrels = sum(state.mslot_beer[o.source] if o.merchant else state.slot_res[o.source] for o in options)
        if len(options) == 1 or barrels <= step.data[0]:  # one source, or every barrel gets used
            state.pending.pop()
            self.apply(state, step, options[0])
            return False
        return True

    def apply(self, state: BrassState, step: Decision, action: ChooseBeer) -> None:
        seat = step.seat
        if not action.merchant:
            _rest(state, step, step.data[0])
            take_from_tile(state, action.source)
            return
        state.mslot_beer[action.source] -= 1
        kind, amount = state.board.merchant_bonus[state.mslot_loc[action.source]]
        stats = state.stats[seat]
        stats["merchant_bonuses"] = stats.get("merchant_bonuses", 0.0) + 1
        if kind == "vp":
            state.vp[seat] += amount
            stats["vp_merchant_bonus"] = stats.get("vp_merchant_bonus", 0.0) + amount
        elif kind == "money":
            state.money[seat] += amount
        elif kind == "income":
            gain_income(state, seat, amount)
        else:  # develop: resolved right after this beer step
            for _ in range(amount):
                state.pending.push(Decision("gloucester", seat))
        _rest(state, step, step.data[0])

    def describe(self, state: BrassState, step: Decision, action: ChooseBeer) -> str:
        if action.merchant:
            return f"ChooseBeer from merchant {state.board.loc_names[state.mslot_loc[action.source]]}"
        return tile_text(state, "ChooseBeer", action.source)


STEPS: list[StepKind] = [CoalStep(), IronStep(), BeerStep()]
