"""How the heuristic bots value each action: one method per action type, chosen by a table.

``VALUES`` (outside a turn: setup, production, settlement, card bonuses) and ``TURN_VALUES``
(inside a turn) map an action type to its value. The methods live in one class per family of
actions, each the base of the next (``heuristic.py`` lists the bot's line of classes):
``goods.py`` (placing 掌柜, buying, carrying, selling), ``main_actions.py`` (moving, building, 驿道,
伙计, loans), ``cards.py`` (orders, 门客, 皇恩卡, 赏 cards), ``war.py`` (the war's commitments);
``ActionValues`` is the last of them. The plan they read (the goods its orders need, the turn's
goal, road and order worths) is the bot's (``reads.py`` declares it).
"""

from __future__ import annotations

from typing import Final

from ..rules import actions as A
from ..rules.effect_kinds import rates, rounds_left, vp_coins
from ..rules.state import MingchuState
from .reads import _CARRIER, Context
from .war import WarValues


class ActionValues(WarValues):
    """The value methods of ``HeuristicBot``: each family's class below, and ``_value``, the table's
    function for an action."""

    def _value(self, state: MingchuState, kind: str, action, context: Context) -> float:
        if kind == "turn":
            value = TURN_VALUES.get(type(action), in_turn_otherwise)
        else:
            value = VALUES.get(type(action), otherwise)
        return value(self, state, action, context)


def repay_value(state: MingchuState, seat: int) -> float:
    """Repay a loan with 3 coins to spare when the points it saves (``scoring.loan_vp``) and the
    interest of the rounds left are worth more than the ``loans.repay`` coins at ``vp_coins``."""
    r = rates(state)
    if state.players[seat].coins < r.repay + 3:
        return -1.0
    saved = -r.loan_vp * vp_coins(state) + r.interest * (rounds_left(state) - 1.0)
    return 1.0 if saved > r.repay else -1.0


def _const(value: float):
    return lambda bot, state, action, context: value


OTHERWISE: Final = 0.0
"""The value of an action outside a turn that ``VALUES`` does not list."""
IN_TURN_OTHERWISE: Final = -5.0
"""The value of an action in a turn that ``TURN_VALUES`` does not list: moving goods to or from the
warehouse, storing them, only by chance."""


def otherwise(bot, state, action, context) -> float:
    return OTHERWISE


def in_turn_otherwise(bot, state, action, context) -> float:
    return IN_TURN_OTHERWISE


H = ActionValues
_ANYTIME = {  # deliveries, card plays and 恩义 discards, in a turn or in production
    A.Deliver: H._deliver,
    A.PlayGrace: H._play_grace,
    A.DiscardGrace: _const(-5.0),
    A.PlayReward: H._play_reward,
    A.DiscardFavor: H._discard_favor,
}
VALUES = {
    A.Done: _const(0.0),
    A.ChooseColumn: lambda bot, state, action, context: bot._column_value(state, action.column),
    A.PlaceManager: H._place_manager,
    A.PlaceOfficialRoad: lambda bot, state, action, context: bot._road_worth(state, action.road),
    A.ProduceOwn: _const(50.0),
    A.ProduceForeign: H._produce_foreign,
    A.GoodTo: H._good_to,
    A.SellProduced: H._sell_produced,
    A.TakeLoan: _const(-20.0),
    **_ANYTIME,
    A.PickRetainer: lambda bot, state, action, context: (
        bot._retainer_value(state, action.card) if action.card else 1.0
    ),
    A.RefreshRetainers: _const(-1.0),
    A.PickCard: lambda bot, state, action, context: bot._card_now(state, action.card, context.kind),
    A.WarCommit: lambda bot, state, action, context: bot._war_value(state, action, context),
    A.RepayLoan: lambda bot, state, action, context: repay_value(state, bot.seat),
    A.BuyBack: lambda bot, state, action, context: 1.0 if state.players[bot.seat].coins >= 3 else -1.0,
    A.BuildIndustry: _const(10.0),  # a card's free build
    A.BuildRoad: lambda bot, state, action, context: 5.0 + bot._road_worth(state, action.road),
}
"""Action type -> value outside a turn (setup, production, settlement, card bonuses); others 0."""

TURN_VALUES = {
    A.SelectManager: lambda bot, state, action, context: float(-action.manager),
    A.Move: H._move,
    A.BuildIndustry: H._build_in_turn,
    A.BuildRoad: H._road_in_turn,
    A.HireWorker: H._hire,
    A.EndTurn: _const(1.0),
    A.Sell: H._sell,
    A.Reserve: H._reserve,
    A.Upgrade: lambda bot, state, action, context: (
        45.0 if state.industries[action.place].owner == bot.seat else 25.0
    ),
    A.TakeStored: _const(30.0),
    A.BuyStored: lambda bot, state, action, context: (
        35.0 if context.needed.get(state.industries[action.place].stored, 0) > 0 else -2.0
    ),
    A.UseRetainer: H._use_retainer,
    A.TakeLoan: H._loan_in_turn,
    A.DiscardGood: lambda bot, state, action, context: -state.topo.goods[action.good].base_value,
    **_ANYTIME,
}
"""Action type -> value inside a turn; others -5."""

CAPS: dict[type, float] = {
    A.Done: 0.0,
    A.PlaceManager: 10.0,
    A.ProduceOwn: 50.0,
    A.ProduceForeign: 25.0 + _CARRIER,  # a route costs nothing or more
    A.TakeLoan: -20.0,
    A.DiscardGrace: -5.0,
    A.DiscardFavor: 3.0,
    A.RefreshRetainers: -1.0,
    A.WarCommit: 2.0 + 0.1,
    A.RepayLoan: 1.0,
    A.BuyBack: 1.0,
    A.BuildIndustry: 10.0,
}
"""Action type -> the most its ``VALUES`` entry can give: the cheap, bounded values, which
``HeuristicBot`` works out only while they may come near the best value of the others."""

PER_ACTION: Final = 1e300
"""A ``TURN_CAPS`` bound that depends on the action and the bot (``ActionValues._turn_cap``)."""

TURN_CAPS: dict[type, float] = {
    A.SelectManager: 0.0,
    A.Move: 40.0,
    A.EndTurn: 1.0,
    A.Reserve: 60.0,  # an order chased fully (``chase_orders`` 1)
    A.Upgrade: 45.0,
    A.TakeStored: 30.0,
    A.BuyStored: 35.0,
    A.TakeLoan: 20.0,
    A.DiscardGood: 0.0,  # a good's base value is never below 0
    A.DiscardGrace: -5.0,
    A.DiscardFavor: 3.0,
    A.Sell: PER_ACTION,
    A.HireWorker: PER_ACTION,
}
"""Action type -> the most its ``TURN_VALUES`` entry can give (as ``CAPS``; ``PER_ACTION``: asked of
``ActionValues._turn_cap`` per action)."""
