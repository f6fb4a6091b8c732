"""Develop (B22) and Gloucester's free develop (B31): lowest tiles leave the mat, no lightbulbs.

``Develop`` removes one tile (its iron as an ``iron`` step) and opens the optional
``more_develop`` step (``DevelopAnother`` up to ``develop.max_tiles`` in all, or ``Stop``).
Gloucester's merchant beer opens ``gloucester``: ``FreeDevelop`` (no iron) or ``Stop``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.core.decisions import Decision

from ..params import INDUSTRIES
from .build import lowest_levels
from .kinds import LegalContext, MainKind, OptionalStep
from .memo import action, card_row
from .resources import BuildCosts, iron_cost
from .state import BrassState


@dataclass(frozen=True, slots=True)
class Develop:
    card: str
    industry: str


@dataclass(frozen=True, slots=True)
class DevelopAnother:
    industry: str


@dataclass(frozen=True, slots=True)
class FreeDevelop:
    """Gloucester's bonus: develop one tile of this industry without iron."""

    industry: str


def develop_options(
    state: BrassState,
    seat: int,
    free: bool = False,
    costs: BuildCosts | None = None,
    lowest: tuple[int, ...] | None = None,
) -> list[int]:
    """Industries whose lowest tile the seat may develop (no lightbulbs; iron affordable unless free).

    ``costs``, ``lowest``: this position's prices and the seat's lowest levels when the caller has them."""
    board = state.board
    if not free:
        per_tile = board.params.develop.iron_per_tile
        price = costs.iron(per_tile) if costs is not None else iron_cost(state, per_tile)
        if price > state.money[seat]:
            return []
    tiles = board.tiles
    return [
        ind
        for ind, lvl in enumerate(lowest_levels(state, seat) if lowest is None else lowest)
        if lvl >= 0 and not tiles[ind][lvl].lightbulb
    ]


def develop_tile(state: BrassState, seat: int, industry: str, iron: bool) -> None:
    """Remove the seat's lowest tile of an industry from its mat (with an ``iron`` step if paid)."""
    ind = state.board.ind_index[industry]
    state.mat[seat][ind][state.lowest_level(seat, ind)] -= 1
    state.developed[seat][ind] += 1
    state.stats[seat]["tiles_developed"] = state.stats[seat].get("tiles_developed", 0.0) + 1
    per_tile = state.board.params.develop.iron_per_tile
    if iron and per_tile:
        state.pending.push(Decision("iron", seat, (per_tile,)))


class DevelopKind(MainKind):
    action = Develop
    stat = "develop"

    def count(self, ctx: LegalContext) -> int:
        devs = develop_options(ctx.state, ctx.seat, costs=ctx.costs, lowest=ctx.lowest)
        ctx.parts.append(devs)
        return len(ctx.cards) * len(devs)

    def at(self, ctx: LegalContext, part: Any, i: int) -> Any:
        n = len(part)
        return card_row(ctx.state.board, Develop, ctx.cards[i // n], INDUSTRIES)[part[i % n]]

    def expand(self, ctx: LegalContext, part: Any) -> list[Any]:
        rows = [card_row(ctx.state.board, Develop, c, INDUSTRIES) for c in ctx.cards]
        return [row[i] for row in rows for i in part]

    def effect(self, state: BrassState, seat: int, a: Develop) -> None:
        state.pending.push(Decision("more_develop", seat, 1))
        develop_tile(state, seat, a.industry, True)


class MoreDevelopStep(OptionalStep):
    """After a develop: another tile (data: tiles developed so far in this action), or ``Stop``."""

    kind = "more_develop"

    def choices(self, state: BrassState, step: Decision) -> list[Any]:
        return [action(DevelopAnother, INDUSTRIES[i]) for i in develop_options(state, step.seat)]

    def take(self, state: BrassState, step: Decision, a: DevelopAnother) -> None:
        done = step.data + 1
        if done < state.board.params.develop.max_tiles:
            state.pending.push(Decision("more_develop", step.seat, done))
        develop_tile(state, step.seat, a.industry, True)


class GloucesterStep(OptionalStep):
    """Gloucester's merchant beer: develop one tile without iron, or ``Stop``."""

    kind = "gloucester"

    def choices(self, state: BrassState, step: Decision) -> list[Any]:
        return [action(FreeDevelop, INDUSTRIES[i]) for i in develop_options(state, step.seat, free=True)]

    def take(self, state: BrassState, step: Decision, a: FreeDevelop) -> None:
        develop_tile(state, step.seat, a.industry, False)


KINDS: list[MainKind] = [DevelopKind()]
STEPS: list[OptionalStep] = [MoreDevelopStep(), GloucesterStep()]
