"""What a turn's steps and main actions are worth to a bot: a move towards the turn's goal, a
build, a 驿道, a 伙计 step, a loan for the goal's build."""

from __future__ import annotations

from typing import Any, Final

from ..rules import actions as A
from ..rules.building import build_cost
from ..rules.effect_kinds import (  # each effect's worth is its class's (effect_kinds.py)
    beliefs,
    loan_cost,
    rounds_left,
    vp_coins,
)
from ..rules.state import MingchuState
from .goods import GoodsValues
from .reads import Context, build_worth

_MOVE_COST: Final = {"yidao": 0, "horse": 0, "bonus": 0, "step": 1, "yidao_paid": 2, "workers": 3}
FAR_GOAL: Final = 0.5
"""A turn goal's value when it only brings the 掌柜 nearer a build for its next turn."""


class MainActionValues(GoodsValues):
    """The values of moving, building, building a 驿道, hiring and borrowing in a turn."""

    def _move(self, state: MingchuState, action: A.Move, context: Context) -> float:
        goal: tuple[float, int, Any] = context.goal
        here: int = context.here
        if goal[1] == here:
            return -10.0
        after = state.topo.other_end(action.road, here)
        goal_dist: list[float] = context.goal_dist
        if goal_dist[here] - goal_dist[after] <= 0:
            return -10.0
        if goal[0] <= FAR_GOAL and _MOVE_COST[action.mode] > 1:
            return -10.0  # a goal for the next turn is not worth 伙计 or 恩义
        return 40.0 - _MOVE_COST[action.mode]

    def _build_in_turn(self, state: MingchuState, action: A.BuildIndustry, context: Context) -> float:
        goal_value, _, goal_action = context.goal
        # ``action == goal_action``, the records' fields compared here (their ``==`` is interpreted)
        if type(goal_action) is A.BuildIndustry and goal_action.place == action.place:
            return 30.0 + goal_value
        cost = build_cost(state, self.seat, action.place)
        if cost is not None and build_worth(state, action.place) <= cost:
            return -1.0  # late: the coins score more held than the industry yields
        return self.persona.build * 0.5

    def _road_in_turn(self, state: MingchuState, action: A.BuildRoad, context: Context) -> float:
        goal_value, _, goal_action = context.goal
        if type(goal_action) is A.BuildRoad and goal_action.road == action.road:  # ``action == goal_action``
            return 30.0 + goal_value
        return self.persona.road * 0.3 + self._road_worth(state, action.road) * 0.1

    def _hire(self, state: MingchuState, action: A.HireWorker, context: Context) -> float:
        """More 伙计 each production: worth less the higher the track and the fewer coins are left, and
        nothing in the last round (no production follows) nor when the 伙计 the step adds over the
        productions left (``Beliefs.worker_vp`` each, more for a road builder, at ``vp_coins``) are worth
        less than its cost."""
        if self._last_round(state):
            return -1.0
        player = state.players[self.seat]
        track = state.params.worker_track
        step = track[player.worker_pos + 1]
        more = step.tokens - track[player.worker_pos].tokens
        worker = beliefs().worker_vp * (1.0 + self.persona.road / 60) * vp_coins(state)
        if more * (rounds_left(state) - 1.0) * worker <= step.cost:
            return -1.0
        spare = player.coins - step.cost
        return self.persona.hire - 2 * player.worker_pos - 3 * max(0, 4 - spare)

    def _loan_in_turn(self, state: MingchuState, action: A.TakeLoan, context: Context) -> float:
        """A loan only for the goal's build that the coins do not reach, and only while the build
        (its points and income, ``build_worth``) pays more than the loan costs (``loan_cost``)."""
        _, goal_place, goal_action = context.goal
        here = context.here
        if isinstance(goal_action, A.BuildIndustry) and here == goal_place:
            if build_cost(state, self.seat, here) is not None:
                return -5.0
            return 20.0 if build_worth(state, here) > loan_cost(state) else -5.0
        return -20.0
