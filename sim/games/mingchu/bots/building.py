"""What building is worth to a bot: an industry at each site, a 驿道 on each road (its goal
value, a loan a build needs), and the nearest place it could build at when nothing is in reach.

The rule is read from the rules each time (``_build_places``: ``build_cost``, ``road_costs``); the
kernel keeps the goal values by place and by road in lists (``UNVALUED`` until asked) while what
they read stays the same, and reads a 驿道's markers, ban and discount once for all roads
(``_far_candidates``). ``tests/games/mingchu/test_bot_choices.py`` checks the kept goal and build
places against those worked out afresh.
"""

from __future__ import annotations

from typing import Any, Final

from ..rules.building import build_cost, build_costs, monopoly_allowed, road_costs
from ..rules.effect_kinds import loan_cost
from ..rules.modifiers import DISCOUNT, forbidden, modifier_total
from ..rules.state import OFFICIAL, MingchuState
from .base import NEVER
from .prices import Prices
from .reads import build_worth

UNVALUED: Final = float("inf")
"""A build or 驿道 goal value not worked out yet (``_build_values``): no value is ever +inf."""


class Building(Prices):
    """The goal values of builds and 驿道, kept while what they read stays the same."""

    def __init__(self, seat: int, persona: str) -> None:
        super().__init__(seat, persona)
        self._map_of: Any = None  # the topology ``_sites``, ``_land_roads``, ``_site_goods`` were read from
        self._sites: list[int] = []
        self._land_roads: list[tuple[int, int, int]] = []
        self._site_goods: list[str] = []  # by place: the good its site makes ("" without a site)
        self._cheapest = 0  # the fewest 伙计 a 驿道 on a land road costs (before discounts)
        self._build_key: tuple = ()  # ``_player_key`` when the build values below were started
        self._site_values: list[float] = []  # by place: ``_site_value`` or UNVALUED, per plan and key
        self._road_values: list[float] | None = None  # by road: ``_road_base`` or UNVALUED (below)
        self._road_cut = 0  # the 驿道 discount ``_goal`` prices a 驿道 with, kept with ``_roads_at``
        self._roads_open = False  # whether a 驿道 may be built at all (markers left, no ban), the same
        self._bases_layout: Any = None  # the industries and the count of 驿道 the road values are for
        self._bases_built = -1
        self._roads_at: tuple = ()  # ``_road_key`` when the road values were started
        self._road_worths: dict[int, float] = {}  # road -> ``_road_worth``, for the industries below
        self._worths_layout: Any = None  # the plan's industries (``_layout``) of the worths
        self._far_places: list[int] | None = None  # ``_build_places``, with the build values
        self._open_sites: list[int] = []  # ``_open_map``: the sites without an industry, for ``_layout``
        self._open_layout: Any = None
        self._open_roads: list[tuple[int, int, int]] = []  # the land roads without a 驿道, for the table
        self._open_yidao: dict[int, int] | None = None  # and the size below
        self._open_built = -1

    def _new_plan(self, orders_changed: bool) -> None:
        super()._new_plan(orders_changed)
        self._build_key = ()

    def _player_key(self, state: MingchuState) -> tuple:
        """The seat's coins, 伙计, markers, loans, 专营 level and permits, 门客 and this round's
        modifiers, and the 驿道 built (they only grow); the plan holds orders, goods and industries."""
        player = state.players[self.seat]
        return (
            player.coins,
            player.workers,
            player.supply,
            player.loans,
            player.permits,
            state.income_level(self.seat),
            tuple(player.retainers),
            state.round,
            len(state.round_mods[self.seat]),
            len(state.yidao),
        )

    def _build_values(
        self, state: MingchuState, player_key: tuple | None = None
    ) -> tuple[list[float], list[float] | None]:
        """The goal values of building at each site and a 驿道 on each road (``NEVER``: not possible),
        filled as ``_goal`` asks (``UNVALUED`` until then; lists by place and by road, read faster
        than a table), the roads' list None while no 驿道 may be built at all. Kept
        while the plan and everything ``_goal_key`` holds but the 掌柜 and its steps stay the same:
        a build's cost and worth do not depend on where the 掌柜 stands. The roads' table is kept
        while the part of that a 驿道 reads stays the same (``_road_key``: not the coins).
        ``player_key``: ``_player_key`` of the state, when the caller has it."""
        key = self._player_key(state) if player_key is None else player_key
        if key != self._build_key:
            self._build_key = key
            self._site_values = [UNVALUED] * len(state.topo.site)
            self._far_places = None
            road_key = self._road_key(state)
            if road_key != self._roads_at:
                self._roads_at = road_key
                seat = self.seat
                self._roads_open = state.players[seat].supply > 0 and not forbidden(state, seat, "road")
                if self._roads_open:  # (as ``road_costs``)
                    self._road_cut = modifier_total(state, seat, DISCOUNT, action="road")
        if not self._roads_open:
            return self._site_values, None
        if self._layout is not self._bases_layout or len(state.yidao) != self._bases_built:
            self._bases_layout, self._bases_built = self._layout, len(state.yidao)
            self._road_values = [UNVALUED] * len(state.topo.roads)
        return self._site_values, self._road_values

    def _road_key(self, state: MingchuState) -> tuple:
        """What a 驿道's goal value (its price in 伙计, ``_road_base``) reads: the industries (``_road_worth``), the
        seat's 伙计 and markers, its 门客 and this round's modifiers (discounts, bans), the 驿道 built."""
        player = state.players[self.seat]
        return (
            self._layout,
            player.workers,
            player.supply,
            tuple(player.retainers),
            state.round,
            len(state.round_mods[self.seat]),
            len(state.yidao),
        )

    def _site_value(self, state: MingchuState, place: int) -> float:
        """The goal value of building an industry at ``place`` now (``NEVER``: not possible)."""
        if place in state.industries:
            return NEVER  # built already: no build cost, and no loan helps (``_loan_short``)
        seat = self.seat
        site = state.topo.site[place]
        cost = build_cost(state, seat, place)
        short = 0
        if cost is None and self.persona.loans_for_builds:
            short = self._loan_short(state, place)
        if cost is None and not short:
            return NEVER
        if build_worth(state, place) <= (cost if cost is not None else site.cost):
            return NEVER  # late: the coins score more held than the industry yields
        value = self.persona.build + state.topo.goods[site.good].base_value - 0.2 * site.cost - 3 * short
        value += 25 * (self._needed_cache.get(site.good, 0) > 0)
        return value

    def _road_base(self, state: MingchuState, road: int) -> float:
        """The goal value of a 驿道 on ``road`` before its price in 伙计, which ``_goal`` checks first
        (``NEVER``: built already): it reads only the industries and the 驿道 built, so it is kept
        while they stay the same (the 伙计 change often)."""
        if road in state.yidao:
            return NEVER
        return self.persona.road + self._road_worth(state, road)

    def _far_target(self, state: MingchuState, dist: list[float]) -> int | None:
        """With nothing to do within this turn's reach: the nearest place where the seat could build
        an industry or a 驿道 now, to be walked towards (for its next turn) on uncounted roads and
        counted steps only."""
        self._build_values(state)  # the places are kept with the build values
        places = self._far_places
        if places is None:
            places = self._far_places = self._far_candidates(state)
        best: int | None = None  # the nearest, the lowest place of equals (a loop: no key tuples)
        best_dist = 0.0
        for place in places:
            d = dist[place]
            if best is None or d < best_dist or (d == best_dist and place < best):
                best, best_dist = place, d
        return best

    def _build_places(self, state: MingchuState) -> list[int]:
        """The places where the seat could build an industry now, then the ends of the roads where it
        could build a 驿道 now, read straight from the rules (``build_cost``, ``road_costs``): what
        ``_far_candidates`` finds with kept values, and the test compares them."""
        seat = self.seat
        costs = road_costs(state, seat)
        places = [
            p for p, site in enumerate(state.topo.site) if site and build_cost(state, seat, p) is not None
        ]
        places += [end for r, cost in enumerate(costs) if cost is not None for end in state.topo.road_ends[r]]
        return places

    def _far_candidates(self, state: MingchuState) -> list[int]:
        """``_build_places``, its sites read for all at once (``build_costs``) and its 驿道 part read
        as ``_goal`` reads it: with the markers, ban and discount kept with the build values
        (``_roads_open``, ``_road_cut``) rather than asked again for every road (``road_costs``)."""
        seat, topo = self.seat, state.topo
        costs_at = build_costs(state, seat)
        places = [p for p in range(len(costs_at)) if costs_at[p] is not None]
        if self._roads_open:
            kinds, costs, ends, yidao = topo.road_kind, topo.road_yidao_cost, topo.road_ends, state.yidao
            cut, workers = self._road_cut, state.players[seat].workers
            for road in range(len(costs)):
                if kinds[road] != "water" and road not in yidao and max(0, costs[road] - cut) <= workers:
                    a, b = ends[road]
                    places.append(a)
                    places.append(b)
        return places

    def _map(self, state: MingchuState) -> tuple[list[int], list[tuple[int, int, int]]]:
        """The building sites and the non-water roads (road, end, end) of the game's map, read once
        (and by place the good its site makes, "" without one: ``_good_at``)."""
        if self._map_of is not state.topo:
            topo = state.topo
            self._map_of = topo
            self._sites = [p for p, site in enumerate(topo.site) if site is not None]
            self._site_goods = [site.good if site is not None else "" for site in topo.site]
            self._land_roads = [
                (road, a, b) for road, (a, b) in enumerate(topo.road_ends) if topo.roads[road].kind != "water"
            ]
            self._cheapest = min([topo.road_yidao_cost[road] for road, _, _ in self._land_roads], default=0)
        return self._sites, self._land_roads

    def _open_map(self, state: MingchuState) -> tuple[list[int], list[tuple[int, int, int]]]:
        """``_map``'s sites without an industry and land roads without a 驿道: where ``_goal`` may
        find a build or a 驿道 (a built one's goal value is ``NEVER``). The sites are kept with the
        plan's industries (``_layout``); the roads while the state's 驿道 table is the one last read
        at the same size (a 驿道 once built stays: the table only grows)."""
        if self._map_of is not state.topo:
            self._map(state)
            self._open_layout = self._open_yidao = None  # (another map: both made anew)
        if self._layout is not self._open_layout:
            built = state.industries
            self._open_sites = [place for place in self._sites if place not in built]
            self._open_layout = self._layout
        yidao = state.yidao
        if yidao is not self._open_yidao or len(yidao) != self._open_built:
            self._open_roads = [entry for entry in self._land_roads if entry[0] not in yidao]
            self._open_yidao, self._open_built = yidao, len(yidao)
        return self._open_sites, self._open_roads

    def _good_at(self, state: MingchuState, place: int) -> str:
        """The good the building site at ``place`` makes (read once per map, ``_map``)."""
        if self._map_of is not state.topo:
            self._map(state)
        return self._site_goods[place]

    def _loan_short(self, state: MingchuState, place: int) -> int:
        """Loans needed to afford building at ``place`` (0 when not allowed or too many)."""
        player = state.players[self.seat]
        site = state.topo.site[place]
        if place in state.industries or state.period == "后期" or player.loans >= 2:
            return 0
        if not monopoly_allowed(state, self.seat, site.good):
            return 0
        gap = site.cost - player.coins
        loans = -(-gap // state.params.loans.amount)
        if loans <= 0 or loans > 1 or build_worth(state, place) <= loans * loan_cost(state):
            return 0  # (the loan costs more than the build yields: ``loan_cost``, ``build_worth``)
        return loans

    def _road_worth(self, state: MingchuState, road: int) -> float:
        """More for 驿道 next to other players' industries and busy junctions (kept while the
        industries, the plan's ``_layout``, stay the same)."""
        layout = self._layout
        if layout is not self._worths_layout:
            if layout != self._worths_layout:
                self._road_worths = {}
            self._worths_layout = layout
        worth = self._road_worths.get(road)
        if worth is None:
            worth = self._road_worths[road] = self._road_worth_now(state, road)
        return worth

    def _road_worth_now(self, state: MingchuState, road: int) -> float:
        worth = 0.0
        for end in state.topo.road_ends[road]:
            ind = state.industries.get(end)
            if ind is not None:
                worth += 6 if ind.owner not in (self.seat, OFFICIAL) else 3
            worth += len(state.topo.adjacent[end])
        if state.topo.road_dashed[road]:
            worth += 4
        return worth - state.topo.road_yidao_cost[road]
