"""Sell (B23, B32): goods tiles to connected merchants that buy them, each with its own beer.

Each sale opens the steps ``beer`` (the tile's barrels, see ``supply``), ``flip`` and the optional
``more_sell`` (``SellAnother`` or ``Stop``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.core.decisions import Decision

from .kinds import LegalContext, MainKind, OptionalStep, StepKind, push_steps
from .memo import action
from .resources import beer_available, components, flip
from .state import BrassState


@dataclass(frozen=True, slots=True)
class Sell:
    card: str
    slot: int
    merchant: int
    """Index of the merchant slot in use (state.mslot_*)."""


@dataclass(frozen=True, slots=True)
class SellAnother:
    slot: int
    merchant: int


def sell_options(state: BrassState, seat: int, comp: list[int] | None = None) -> list[tuple[int, int]]:
    """(tile slot, merchant slot) pairs the seat can sell now (connection, goods, beer)."""
    board = state.board
    out = []
    for s, owner in enumerate(state.slot_owner):
        if owner != seat or state.slot_flipped[s] or not board.sold[state.slot_ind[s]]:
            continue
        if comp is None:
            comp = components(state)
        ind = state.slot_ind[s]
        loc = board.slot_loc[s]
        need = board.tiles[ind][state.slot_level[s]].beer
        seen = set()
        for m, mloc in enumerate(state.mslot_loc):
            if ind not in state.mslot_buys[m] or comp[mloc] != comp[loc]:
                continue
            key = (mloc, state.mslot_buys[m], state.mslot_beer[m] > 0)
            if key in seen:
                continue
            if need and beer_available(state, seat, (loc,), m) < need:
                continue
            seen.add(key)
            out.append((s, m))
    return out


def sell_tile(state: BrassState, seat: int, slot: int, merchant: int) -> None:
    """Open one sale's steps: its beer, the flip, then the offer of another sale."""
    tile = state.board.tiles[state.slot_ind[slot]][state.slot_level[slot]]
    steps: list[Decision] = []
    if tile.beer:
        steps.append(Decision("beer", seat, (tile.beer, (state.board.slot_loc[slot],), merchant)))
    steps.append(Decision("flip", seat, slot))
    steps.append(Decision("more_sell", seat))
    push_steps(state, steps)


def _sale_text(state: BrassState, name: str, slot: int, merchant: int) -> str:
    board = state.board
    place = board.loc_names[board.slot_loc[slot]]
    return f"{name} tile @ {place} to {board.loc_names[state.mslot_loc[merchant]]}"


class SellKind(MainKind):
    action = Sell
    stat = "sell"

    def count(self, ctx: LegalContext) -> int:
        sells = sell_options(ctx.state, ctx.seat, ctx.costs.comp)
        ctx.parts.append(sells)
        return len(ctx.cards) * len(sells)

    def at(self, ctx: LegalContext, part: Any, i: int) -> Any:
        n = len(part)
        s, m = part[i % n]
        return action(Sell, ctx.cards[i // n], s, m)

    def expand(self, ctx: LegalContext, part: Any) -> list[Any]:
        return [action(Sell, c, s, m) for c in ctx.cards for s, m in part]

    def effect(self, state: BrassState, seat: int, a: Sell) -> None:
        sell_tile(state, seat, a.slot, a.merchant)

    def describe(self, state: BrassState, a: Sell) -> str:
        return _sale_text(state, "Sell", a.slot, a.merchant) + f" (card {a.card})"


class MoreSellStep(OptionalStep):
    """After each sale: sell another tile, or ``Stop``."""

    kind = "more_sell"

    def choices(self, state: BrassState, step: Decision) -> list[Any]:
        return [action(SellAnother, s, m) for s, m in sell_options(state, step.seat)]

    def take(self, state: BrassState, step: Decision, a: SellAnother) -> None:
        sell_tile(state, step.seat, a.slot, a.merchant)


class FlipStep(StepKind):
    """A sold tile flips once its beer is taken (B14: income spaces for its owner)."""

    kind = "flip"

    def auto(self, state: BrassState, step: Decision) -> bool:
        state.pending.pop()
        flip(state, step.data)
        return False


KINDS: list[MainKind] = [SellKind()]
STEPS: list[StepKind] = [MoreSellStep(), FlipStep()]
