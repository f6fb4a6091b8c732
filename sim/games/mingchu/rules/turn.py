"""Action phase turns (M23-M32, M41): choose a 掌柜, move, then one main action.

A turn is the open ``turn`` decision with data ``manager`` (None until chosen), ``steps``
(counted movement), ``moves`` (all moves, capped for safety) and ``quick`` (quick actions used).
Each action type of the turn is an ``ActionKind`` (options, effect, description); quick actions
are in ``quick.py``. The card bonuses ``bonus_build`` / ``bonus_road`` build near any 掌柜.
"""

from __future__ import annotations

from typing import Any, Final

from sim.core.decisions import Decision, DecisionKind
from sim.core.game import ActionKind, ActionKinds

from ..texts import said
from . import actions as A

# the legal lists' records by name: compiled, each ``A.X`` is a module attribute look-up
from .actions import (
    BuildIndustry,
    BuildRoad,
    Done,
    EndTurn,
    HireWorker,
    SelectManager,
    made,
    made1,
)
from .building import (
    build_cost,
    describe_build,
    describe_road,
    do_build,
    do_road,
    road_cost,
    roads_near,
)
from .economy import can_give_favor, pay_coins, worker_step_cost
from .effects import pay_favor
from .kinds import decision_kind, seat_to_act
from .modifiers import DISCOUNT, EXTRA_MOVES, forbidden, modifier_total, note_used
from .paths import water_fee
from .quick import QUICK, legal_quick
from .state import OFFICIAL, MingchuState

MOVE_MODES = ("yidao", "yidao_paid", "horse", "bonus", "step", "workers")
"""How a 掌柜 moves along a road: on an own or official 驿道, on another's (paying 1 恩义), on
horseback, with a card's bonus move, a step, paid with 伙计 (each told as ``move_mode.<mode>``)."""


_ROAD_MOVES: Final[dict[int, tuple[A.Move, ...]]] = {}
_MOVES_BY_ROAD: Final[list[tuple[A.Move, ...]]] = []
"""``_ROAD_MOVES`` of roads 0, 1, 2 ... as a list."""
"""Per road, its ``Move`` record in each mode of ``MOVE_MODES`` (frozen, so shared: legal lists are
rebuilt often)."""
# positions of the modes in ``MOVE_MODES`` and in ``_road_moves``' tuples (``Final``: compiled, the
# values are written in place instead of looked up in the module per use)
YIDAO: Final = 0
YIDAO_PAID: Final = 1
HORSE: Final = 2
BONUS: Final = 3
STEP: Final = 4
WORKERS: Final = 5


def _road_moves(road: int) -> tuple[A.Move, ...]:
    """The shared ``Move`` records of ``road``, one per mode in the order of ``MOVE_MODES`` (roads
    0, 1, 2 ... read from a list by index, without a dict look-up)."""
    if 0 <= road < len(_MOVES_BY_ROAD):
        return _MOVES_BY_ROAD[road]
    moves = _ROAD_MOVES.get(road)
    if moves is None:
        moves = _ROAD_MOVES[road] = tuple(A.Move(road, mode) for mode in MOVE_MODES)
    while len(_MOVES_BY_ROAD) <= road:  # the list grows without gaps
        r = len(_MOVES_BY_ROAD)
        known = _ROAD_MOVES.get(r)
        if known is None:
            known = _ROAD_MOVES[r] = tuple(A.Move(r, mode) for mode in MOVE_MODES)
        _MOVES_BY_ROAD.append(known)
    return moves


_END_TURN: Final = made(EndTurn)
_HIRE: Final = made(HireWorker)

_NO_OWNER: Final = -2
"""``yidao``'s default in ``legal_moves``: no 驿道 on the road (owners are seats or ``OFFICIAL``)."""


def start_turn(state: MingchuState, seat: int) -> None:
    """Open the turn; with one 掌柜 left to act it is chosen at once (a choice of one is no choice)."""
    ready = [m for m, acted in enumerate(state.players[seat].acted) if not acted]
    manager = ready[0] if len(ready) == 1 else None
    state.pending.push(Decision("turn", seat, {"manager": manager, "steps": 0, "moves": 0, "quick": 0}))


def end_turn(state: MingchuState, seat: int) -> None:
    """M41: the 掌柜 lies down; the next player acts."""
    data = state.decision().data
    player = state.players[seat]
    player.acted[data["manager"]] = True
    player.bonus_moves = 0
    player.turns += 1
    state.pending.pop()
    state.step += 1


def _here(state: MingchuState, seat: int) -> int:
    """Where the active 掌柜 stands."""
    return state.players[seat].managers[state.pending.next.data["manager"]]


class SelectManagerKind(ActionKind[MingchuState, A.SelectManager]):
    """M23: each turn one 掌柜 that has not acted this round."""

    action = A.SelectManager

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_select(state, seat)

    def apply(self, state: MingchuState, action: A.SelectManager) -> None:
        state.pending.next.data["manager"] = action.manager

    def describe(self, state: MingchuState, action: A.SelectManager) -> str:
        at = state.players[seat_to_act(state)].managers[action.manager]
        return said("act.select_manager", manager=action.manager + 1, place=state.place_name(at))


class MoveKind(ActionKind[MingchuState, A.Move]):
    """M24-M28: 驿道 moves are free of distance; horse, card bonus, steps, other 驿道, 伙计."""

    action = A.Move

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_moves(state, seat, state.pending.next.data)

    def apply(self, state: MingchuState, action: A.Move) -> None:
        seat = seat_to_act(state)
        data = state.pending.next.data
        player = state.players[seat]
        manager = data["manager"]
        fee = water_fee(state, seat, action.road)
        if fee:
            pay_coins(state, seat, fee)
        if state.topo.roads[action.road].coins:
            note_used(state, seat, DISCOUNT, action="water")
        if action.mode == "yidao_paid":
            pay_favor(state, seat, (state.yidao[action.road],))
        elif action.mode == "horse":
            player.horse_used[manager] = True
        elif action.mode == "bonus":
            player.bonus_moves -= 1
        elif action.mode == "step":
            if data["steps"] >= state.params.rules.moves_per_turn:  # a step beyond the base allowance
                note_used(state, seat, EXTRA_MOVES)
            data["steps"] += 1
        elif action.mode == "workers":
            player.workers -= state.params.rules.workers_per_free_step
        data["moves"] += 1
        player.managers[manager] = state.topo.other_end(action.road, player.managers[manager])

    def describe(self, state: MingchuState, action: A.Move) -> str:
        start = _here(state, seat_to_act(state))
        end = state.topo.other_end(action.road, start)
        name = state.place_name
        return said("act.move", start=name(start), end=name(end), mode=said("move_mode." + action.mode))


class BuildIndustryKind(ActionKind[MingchuState, A.BuildIndustry]):
    """M30: build where the 掌柜 stands, having moved at most ``rules.build_max_moved``."""

    action = A.BuildIndustry

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_build(state, seat, state.pending.next.data)

    def apply(self, state: MingchuState, action: A.BuildIndustry) -> None:
        seat = seat_to_act(state)
        do_build(state, seat, action.place, build_cost(state, seat, action.place))
        end_turn(state, seat)

    def describe(self, state: MingchuState, action: A.BuildIndustry) -> str:
        return describe_build(state, action.place)


class BuildRoadKind(ActionKind[MingchuState, A.BuildRoad]):
    """M31: a 驿道 on a road touching the 掌柜's place, having moved at most ``rules.road_max_moved``."""

    action = A.BuildRoad

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_road(state, seat, state.pending.next.data)

    def apply(self, state: MingchuState, action: A.BuildRoad) -> None:
        seat = seat_to_act(state)
        do_road(state, seat, action.road, road_cost(state, seat, action.road))
        end_turn(state, seat)

    def describe(self, state: MingchuState, action: A.BuildRoad) -> str:
        return describe_road(state, action.road)


class HireWorkerKind(ActionKind[MingchuState, A.HireWorker]):
    """M32: pay the next 伙计人数轨 space and advance."""

    action = A.HireWorker

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_hire(state, seat, state.pending.next.data)

    def apply(self, state: MingchuState, action: A.HireWorker) -> None:
        seat = seat_to_act(state)
        player = state.players[seat]
        player.coins -= worker_step_cost(state, seat)
        note_used(state, seat, DISCOUNT, action="hire")
        player.worker_pos += 1
        end_turn(state, seat)

    def describe(self, state: MingchuState, action: A.HireWorker) -> str:
        return said("act.hire", space=state.players[seat_to_act(state)].worker_pos + 1)


class EndTurnKind(ActionKind[MingchuState, A.EndTurn]):
    """M41: lay the 掌柜 down without a main action."""

    action = A.EndTurn

    def legal(self, state: MingchuState, seat: int) -> list:
        return [made(EndTurn)]

    def apply(self, state: MingchuState, action: A.EndTurn) -> None:
        seat, data = seat_to_act(state), state.pending.next.data
        if data["moves"] == 0 and data["quick"] == 0:  # an idle turn: nothing done (a statistic)
            state.players[seat].idle_turns += 1
        end_turn(state, seat)

    def describe(self, state: MingchuState, action: A.EndTurn) -> str:
        return said("act.end_turn")


# --- each main action type's options (the kinds and ``TurnKind`` call these directly) ----------


def legal_select(state: MingchuState, seat: int) -> list:
    """M23: each 掌柜 that has not acted this round."""
    return [made1(SelectManager, m) for m, acted in enumerate(state.players[seat].acted) if not acted]


def legal_moves(state: MingchuState, seat: int, data: dict) -> list:
    """``MoveKind``'s options for the turn whose data is ``data``."""
    topo, yidao = state.topo, state.yidao
    moved: int = data["moves"]
    if moved >= topo.max_steps_per_turn:
        return []
    player = state.players[seat]
    manager: int = data["manager"]
    steps: int = data["steps"]
    horse = False
    if not player.horse_used[manager]:
        free_moves = topo.free_move_goods
        for good in player.packs[state.pack_index(manager)]:
            if good in free_moves:
                horse = True
                break
    bonus = player.bonus_moves > 0
    step = steps < topo.moves_per_turn + modifier_total(state, seat, EXTRA_MOVES)
    workers = player.workers >= topo.workers_per_free_step
    kinds, fees = topo.road_kind, topo.road_coins
    official = OFFICIAL
    water_cut = 0
    water_read = False
    legal: list = []
    for road in topo.adjacent_roads[player.managers[manager]]:
        kind = kinds[road]
        owner: int = yidao.get(road, _NO_OWNER)
        if owner == _NO_OWNER and kind == "dashed":
            continue  # not usable (M28)
        moves = _road_moves(road)
        water = kind == "water"
        if not water and (owner == seat or owner == official):
            legal.append(moves[YIDAO])
            continue
        fee = fees[road]
        if fee:
            if not water_read:  # the water discount (negative: a surcharge), read once per list
                water_cut = modifier_total(state, seat, DISCOUNT, action="water")
                water_read = True
            if max(0, fee - water_cut) > player.coins:  # ``water_fee``
                continue
        if owner != _NO_OWNER and not water and can_give_favor(state, seat, (owner,)):
            legal.append(moves[YIDAO_PAID])
        if kind == "dashed":
            continue  # only another player's 驿道 makes it passable: using it pays them (M24/M28)
        if horse:
            legal.append(moves[HORSE])
        elif bonus:
            legal.append(moves[BONUS])
        if step:
            legal.append(moves[STEP])
        if workers:
            legal.append(moves[WORKERS])
    return legal


def legal_build(state: MingchuState, seat: int, data: dict) -> list:
    """``BuildIndustryKind``'s options for the turn whose data is ``data``."""
    place = state.players[seat].managers[data["manager"]]
    if data["steps"] <= state.topo.build_max_moved and build_cost(state, seat, place) is not None:
        return [made1(BuildIndustry, place)]
    return []


def legal_road(state: MingchuState, seat: int, data: dict) -> list:
    """``BuildRoadKind``'s options for the turn whose data is ``data``."""
    topo = state.topo
    if data["steps"] > topo.road_max_moved:
        return []
    return road_options(state, seat, topo.roads_at[state.players[seat].managers[data["manager"]]])


def road_options(state: MingchuState, seat: int, roads: list[int]) -> list:
    """A ``BuildRoad`` for each of ``roads`` whose ``road_cost`` (no discount) is not None: the
    checks of the seat (supply, ``forbid``) and its road discount read once, not once per road."""
    player = state.players[seat]
    if player.supply == 0 or forbidden(state, seat, "road"):
        return []
    topo = state.topo
    kinds, costs, yidao = topo.road_kind, topo.road_yidao_cost, state.yidao
    workers = player.workers
    cut = 0  # the road discount (negative: a surcharge), read at the first road that may take a 驿道
    read = False
    legal: list = []
    for road in roads:
        if kinds[road] == "water" or road in yidao:
            continue
        if not read:
            cut = modifier_total(state, seat, DISCOUNT, action="road")
            read = True
        if max(0, costs[road] - cut) <= workers:
            legal.append(made1(BuildRoad, road))
    return legal


def legal_hire(state: MingchuState, seat: int, data: dict) -> list:
    """``HireWorkerKind``'s options for the turn whose data is ``data``."""
    if data["steps"] > state.topo.hire_max_moved or forbidden(state, seat, "hire"):
        return []
    cost = worker_step_cost(state, seat)
    return [_HIRE] if cost is not None and cost <= state.players[seat].coins else []


SELECT = SelectManagerKind()
MAIN = ActionKinds([MoveKind(), BuildIndustryKind(), BuildRoadKind(), HireWorkerKind(), EndTurnKind()])
"""After the 掌柜 is chosen: moves, then the main actions, in this order."""
TURN = ActionKinds([SELECT, *MAIN.kinds])


@decision_kind
class TurnKind(DecisionKind[MingchuState, Any]):
    """A turn: choose a 掌柜, then moves, quick actions and one main action (or ``EndTurn``)."""

    kind = "turn"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        seat, data = decision.seat, decision.data
        if data["manager"] is None:
            return legal_select(state, seat)
        # the ``MAIN`` kinds' options in their order, then the quick actions
        legal = legal_moves(state, seat, data)
        legal += legal_build(state, seat, data)
        legal += legal_road(state, seat, data)
        legal += legal_hire(state, seat, data)
        legal.append(_END_TURN)
        if data["quick"] < state.topo.quick_actions_per_turn:
            legal.extend(legal_quick(state, seat))
        return legal

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        kind = TURN.by_type.get(type(action))
        if kind is not None:
            kind.apply(state, action)
        else:
            decision.data["quick"] += 1
            QUICK.by_type[type(action)].apply(state, action)  # ``QUICK.apply``'s table, read here (compiled)

    def describe(self, state: MingchuState, decision: Decision, action: Any) -> str:
        kind = TURN.by_type.get(type(action)) or QUICK.by_type[type(action)]
        return kind.describe(state, action)


# --- card bonuses: build or road now, near any 掌柜 ---------------------------------------------


@decision_kind
class BonusBuildKind(DecisionKind[MingchuState, Any]):
    """``free_build``: build at any 掌柜's place with the card's discount, or pass."""

    kind = "bonus_build"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        data, seat = decision.data, decision.seat
        places = sorted(set(state.players[seat].managers))
        legal = [
            made(BuildIndustry, p)
            for p in places
            if build_cost(state, seat, p, data["discount"], data["ignore_monopoly"]) is not None
        ]
        return [*legal, made(Done)]

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        data, seat = state.pending.pop().data, decision.seat
        if isinstance(action, A.BuildIndustry):
            cost = build_cost(state, seat, action.place, data["discount"], data["ignore_monopoly"])
            do_build(state, seat, action.place, cost, data["ignore_monopoly"])

    def describe(self, state: MingchuState, decision: Decision, action: Any) -> str:
        if isinstance(action, A.BuildIndustry):
            return describe_build(state, action.place)
        return said("act.pass_build")


@decision_kind
class BonusRoadKind(DecisionKind[MingchuState, Any]):
    """``free_road``: a 驿道 next to any 掌柜 with the card's discount, or pass."""

    kind = "bonus_road"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        discount, seat = decision.data["discount"], decision.seat
        roads = roads_near(state, state.players[seat].managers)
        return [
            *(made(BuildRoad, r) for r in roads if road_cost(state, seat, r, discount) is not None),
            made(Done),
        ]

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        discount, seat = state.pending.pop().data["discount"], decision.seat
        if isinstance(action, A.BuildRoad):
            do_road(state, seat, action.road, road_cost(state, seat, action.road, discount))

    def describe(self, state: MingchuState, decision: Decision, action: Any) -> str:
        if isinstance(action, A.BuildRoad):
            return describe_road(state, action.road)
        return said("act.pass_road")
