"""Where a bot's active 掌柜 goes this turn and what it does there: the turn's *goal* (deliver an
order, build, build a 驿道, or walk towards its order's place or a build for the next turn) and the
roads it would pay for on the way (``_moves_wanted``).

The goal is the best of the orders it can pay within reach (``_payable_now``), the builds and
驿道 within the rules' move limits (``building.py``) and the far targets. Kept per plan by what it
reads besides the plan (``_goal_key``); ``tests/games/mingchu/test_bot_choices.py`` checks the kept
goal against one worked out afresh.
"""

from __future__ import annotations

from typing import Any, Final

from ..rules import actions as A
from ..rules.orders import order_info, payable
from ..rules.state import MingchuState
from .building import UNVALUED, Building
from .main_actions import FAR_GOAL
from .reads import Context

_PAYABLE_KEPT: Final = 1024
"""Goods at hand the bot's payment tables (goods at hand -> order and place -> can pay) are kept for."""


class TurnGoal(Building):
    """The active 掌柜's goal for the turn, and the order targets and payments it weighs."""

    def __init__(self, seat: int, persona: str) -> None:
        super().__init__(seat, persona)
        # (pack's goods, warehouse's, 京城) -> (order, place) -> can pay; per plan, by pack, the table
        self._payable: dict[tuple, dict[tuple[str, int], bool]] = {}
        self._pack_payable: list[dict[tuple[str, int], bool]] = []
        self._units: list[int] = []  # per plan, by pack: goods carried, then goods stored (``_goal``)
        self._personal_at: tuple[int, int] | None = None  # per plan: ``_personal_target``
        self._goals: dict[tuple, tuple] = {}  # goal key (``_goal_key``) -> the turn's goal, per plan
        self._targets: list[tuple[str, int, int, int]] | None = None  # ``_order_targets``, per orders
        self._order_rows: dict[str, tuple[int, int, int]] = {}  # order card -> ``_order_target``
        self._order_rows_of: Any = None  # the topology ``_order_rows`` were read from

    def _new_plan(self, orders_changed: bool) -> None:
        super()._new_plan(orders_changed)
        if orders_changed:
            self._targets = None  # ``_order_targets`` reads the orders alone
        self._goals = {}
        self._units = []
        self._pack_payable = []
        self._personal_at = None

    def _goal_key(self, state: MingchuState, data: dict) -> tuple:
        """What ``_goal`` reads besides the plan: the 掌柜 and its steps, and what ``_player_key``
        holds."""
        manager = data["manager"]
        return (manager, state.players[self.seat].managers[manager], data["steps"], self._player_key(state))

    def _goal(
        self, state: MingchuState, data: dict, player_key: tuple | None = None
    ) -> tuple[float, int, Any]:
        """(value, place, main action or None) the active 掌柜 works towards this turn (``player_key``:
        ``_player_key`` of the state, when the caller has it)."""
        seat = self.seat
        player = state.players[seat]
        here = player.managers[data["manager"]]
        dist = self._distances(state, here)
        steps: int = data["steps"]
        best: tuple[float, int, Any] = (0.0, here, None)
        key = player.personal_order
        if key is not None and self.persona.chase_orders > 0:
            place, size = self._personal_target(state, key)
            share = 1 - self._needed_total / size
            if share >= 0.5 and place != here:  # walk there while the last goods come (none there)
                best = (10 + 20 * share, place, None)
        pack = state.pack_index(data["manager"])
        units = self._units
        if not units:  # per plan: goods carried in each pack, then goods stored
            units = self._units = [sum(goods.values()) for goods in player.packs]
            units.append(sum(player.warehouse.values()))
        carried, stored = units[pack], units[-1]
        capitals = state.capitals_with_warehouse()
        for key, place, points, size in self._order_targets(state):
            if carried + (stored if place in capitals else 0) < size:
                continue  # each good asked for takes a good carried (or stored, at the 京城): ``payment``
            value = points - dist[place]
            if value <= best[0]:
                continue  # cannot be the goal, payable or not (ties keep the first, like max())
            if self._payable_now(state, key, place, pack):
                best = (value, place, None)
        # building sites and non-water roads within reach of ``here`` for a build or a 驿道, by the
        # rules' move limits (a road's nearer end, the first on equal distances)
        sites, land_roads = self._open_map(state)
        site_values, road_values = self._build_values(state, player_key)
        if state.params is not self._params_of:
            self._read_params(state.params)
        build_room: int = self._build_moves - steps
        road_room: int = self._road_moves - steps
        main = 0  # the goal's main action, made once at the end: 1 a build at ``main_at``, 2 a 驿道
        main_at = 0
        if build_room >= 0:  # (no site is nearer than 0 roads)
            beyond = float(build_room + 1)  # ``int(d) > build_room`` for a distance d >= 0, in floats
            for place in sites:
                if dist[place] >= beyond:
                    continue
                build = site_values[place]
                if build == UNVALUED:
                    build = site_values[place] = self._site_value(state, place)
                if build > best[0]:
                    best, main, main_at = (build, place, None), 1, place
        costs, cut, workers = state.topo.road_yidao_cost, self._road_cut, player.workers
        if road_values is not None and road_room >= 0 and self._cheapest - cut <= workers:
            beyond = float(road_room + 1)
            for road, a, b in land_roads:
                if costs[road] - cut > workers:
                    continue  # too dear in 伙计 (``road_cost``'s test): asked first, it costs least
                da, db = dist[a], dist[b]
                near, place = (da, a) if da <= db else (db, b)
                if near >= beyond:
                    continue
                worth = road_values[road]
                if worth == UNVALUED:
                    worth = road_values[road] = self._road_base(state, road)
                if worth > best[0]:
                    best, main, main_at = (worth, place, None), 2, road
        if main == 1:  # (the shared records: making a frozen record runs its interpreted ``__init__``)
            return (best[0], best[1], A.made1(A.BuildIndustry, main_at))
        if main == 2:
            return (best[0], best[1], A.made1(A.BuildRoad, main_at))
        if best[0] <= 0 and steps == 0:  # (a main action's goal value is above 0)
            far = self._far_target(state, dist)
            if far is not None:
                best = (FAR_GOAL, far, None)
        return best

    def _moves_wanted(self, state: MingchuState, data: dict, context: Context) -> int:
        """Roads to the goal the active 掌柜 would pay for (a counted step, 伙计 or 恩义), less its 马."""
        player = state.players[self.seat]
        here, manager = context.here, data["manager"]
        wanted = int(context.goal_dist[here] + 0.5)
        pack = player.packs[state.pack_index(manager)]
        if wanted and not player.horse_used[manager]:
            free_move_goods = state.topo.free_move_goods  # the goods with ``free_moves``
            for good in pack:
                if good in free_move_goods:
                    return wanted - 1
        return wanted

    def _personal_target(self, state: MingchuState, key: str) -> tuple[int, int]:
        """(place, goods asked for) of the personal order ``key``, kept with the plan (which holds it)."""
        target = self._personal_at
        if target is None:
            info = order_info(state, key)
            target = self._personal_at = (state.topo.place_index[info.place], sum(info.goods.values()))
        return target

    def _payable_now(self, state: MingchuState, key: str, place: int, pack: int) -> bool:
        """Whether the goods of ``pack`` (and the warehouse's, at the 京城) pay order ``key`` at
        ``place`` (``payment``). Kept across plans by what ``payment`` reads: the goods at hand (the
        pack's, the warehouse's, the 京城), then (order, place); the plan holds the goods at hand, so
        it looks up each pack's table once."""
        tables = self._pack_payable
        if not tables:
            kept = self._payable
            if len(kept) > _PAYABLE_KEPT:
                kept.clear()
            player = state.players[self.seat]
            store = tuple(player.warehouse.items())
            for goods in player.packs:
                at_hand = (tuple(goods.items()), store, state.capital)
                table = kept.get(at_hand)
                if table is None:
                    table = kept[at_hand] = {}
                tables.append(table)
        table = tables[pack]
        can_pay = table.get((key, place))
        if can_pay is None:
            can_pay = table[key, place] = payable(state, self.seat, key, place, [pack])
        return can_pay

    def _order_targets(self, state: MingchuState) -> list[tuple[str, int, int, int]]:
        """(order, its place, 100 + its points, goods it asks for) for the public orders then the
        personal one, in the order ``_goal`` weighs them; kept while the orders stay the same (across
        plans: the goods at hand do not change them)."""
        targets = self._targets
        if targets is None:
            keys = [o.order for o in state.public_orders]
            personal = state.players[self.seat].personal_order
            if personal:
                keys.append(personal)
            targets = []
            for key in keys:
                place, points, size = self._order_target(state, key)
                targets.append((key, place, points, size))
            self._targets = targets
        return targets

    def _order_target(self, state: MingchuState, key: str) -> tuple[int, int, int]:
        """(place, 100 + points, goods asked for) of the order ``key``'s card, read from its model
        once per card and topology (an order's card never changes: ``state.order_card``)."""
        if self._order_rows_of is not state.topo:
            self._order_rows_of, self._order_rows = state.topo, {}
        card = state.order_card[key]
        row = self._order_rows.get(card)
        if row is None:
            info = order_info(state, key)
            row = self._order_rows[card] = (
                state.topo.place_index[info.place],
                100 + info.points,
                sum(info.goods.values()),
            )
        return row
