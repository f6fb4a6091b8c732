"""Heuristic Brass bots: one greedy evaluator (``evaluate``), different weights per personality.

Every main action is valued in "VP equivalents" without search: a tile is worth its VP (twice
if it can score in both eras), the money its income will still pay (at ``money_vp`` VP per £),
its link icons for adjacent links, all scaled by the chance it flips (goods: links still needed
to reach a buyer), minus its cost. Sales, links, develops and loans get similar estimates. The
discarded card is the one with the least build value left. Resource sources and shortfall tiles
use small fixed preferences (``_CHOICE_PREFS``, by action type).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..rules.build import BuildIndustry
from ..rules.income import RemoveTile, refund
from ..rules.state import BrassState
from ..rules.supply import ChooseBeer, ChooseCoal, ChooseIron
from .evaluate import SECOND_PASS, Evaluator, Personality


class GreedyBot:
    """Scores each legal action with the personality's weights and plays the best one."""

    def __init__(self, personality: Personality, seat: int = 0) -> None:
        self.p = personality
        self.name = personality.name
        self.seat = seat

    def choose(self, state: BrassState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        preference = _CHOICE_PREFS.get(type(legal[0]))
        if preference is not None:  # a resource source or a shortfall tile: fixed preferences
            return max(legal, key=lambda a: preference(self, state, a))
        ctx = Evaluator(state, self.seat, self.p)
        values = ctx.values(legal)
        later = []
        best_build = None
        for i, a in enumerate(legal):
            kind = type(a)
            if kind is BuildIndustry:
                v = values[i]
                if best_build is None or v > best_build:
                    best_build = v
            elif kind in SECOND_PASS:
                later.append(i)
        ctx.best_build = -10.0 if best_build is None else best_build
        for i in later:  # valued once every build is: a scout is worth it only when no build is
            values[i] = SECOND_PASS[type(legal[i])](ctx, legal[i])
        best = max(values)
        top = [a for a, v in zip(legal, values, strict=True) if v >= best - 1e-9]
        if len(top) == 1:  # rng.integers(1) draws nothing: the rng is left as the draw would leave it
            return top[0]
        return top[int(rng.integers(len(top)))]

    def _removal_pref(self, state: BrassState, a: RemoveTile) -> tuple[bool, float]:
        """Shortfall: the least valuable tile whose refund alone pays the debt, else the biggest refund."""
        slot = a.slot
        tile = state.board.tiles[state.slot_ind[slot]][state.slot_level[slot]]
        worth = tile.vp if state.slot_flipped[slot] else tile.vp / 2
        money = refund(state, slot)
        covers = state.money[self.seat] + money >= -state.income_level(self.seat)
        return covers, -worth if covers else money - worth

    def _tile_source_pref(self, state: BrassState, slot: int) -> float:
        if state.slot_owner[slot] == self.seat:
            return 5.0 - state.slot_res[slot]
        return float(state.slot_res[slot])  # avoid flipping an opponent's tile

    def _cube_pref(self, state: BrassState, a: ChooseCoal | ChooseIron) -> float:
        return self._tile_source_pref(state, a.slot)

    def _beer_pref(self, state: BrassState, a: ChooseBeer) -> float:
        return 10.0 if a.merchant else self._tile_source_pref(state, a.source)


_CHOICE_PREFS: dict[type, Callable[[GreedyBot, BrassState, Any], Any]] = {
    RemoveTile: GreedyBot._removal_pref,
    ChooseCoal: GreedyBot._cube_pref,
    ChooseIron: GreedyBot._cube_pref,
    ChooseBeer: GreedyBot._beer_pref,
}
"""Decisions settled by a fixed preference instead of the evaluator, by action type."""


INDUSTRIALIST = Personality(
    name="industrialist",
    industry={"coal": 1.5, "iron": 1.6, "brewery": 1.1, "cotton": 0.8, "manufacturer": 0.9, "pottery": 0.6},
    develop=1.4,
    skip_levels={"manufacturer": 1},
)
"""Coal, iron and develop: builds mines and iron works when the markets have room (sold cubes
pay at once and flip the tile), and develops away manufacturer I and tiles the era blocks."""

MERCHANT = Personality(
    name="merchant",
    industry={"cotton": 1.5, "manufacturer": 1.4, "brewery": 1.2, "coal": 0.9, "iron": 0.8, "pottery": 0.7},
    sell=1.3,
    link=1.1,
    skip_levels={"manufacturer": 1},
)
"""Cotton and manufactured goods: builds goods near connected merchants, keeps beer at hand and
sells several tiles in one action; links towards merchants that buy its goods."""

POTTER = Personality(
    name="potter",
    industry={"pottery": 1.7, "brewery": 1.5, "coal": 1.0, "iron": 0.9, "cotton": 0.8, "manufacturer": 0.8},
    sell=1.2,
    develop=0.8,
    loan_below=10,
)
"""Pottery and beer: expensive high-VP potteries backed by its own breweries; accepts loans to
fund them and plans the lightbulb levels by building rather than developing."""

NETWORKER = Personality(
    name="networker",
    industry={"coal": 1.1, "brewery": 1.2, "manufacturer": 1.1, "cotton": 1.0, "iron": 1.0, "pottery": 0.8},
    link=1.6,
)
"""Links first: expands its network early, then scores rail links into busy towns."""


def _factory(personality: Personality) -> Callable[[int], GreedyBot]:
    """A bot factory (seat -> fresh bot) for one personality."""

    def make(seat: int = 0) -> GreedyBot:
        return GreedyBot(personality, seat)

    return make


BOTS = {p.name: _factory(p) for p in (INDUSTRIALIST, MERCHANT, POTTER, NETWORKER)}
