"""How the heuristic bots value each action: one method per action type, chosen by a table.

``VALUES`` (outside a turn: setup, production, settlement, card bonuses) and ``TURN_VALUES``
(inside a turn) map an action type to its value; ``HeuristicBot`` (``bots/heuristic.py``) supplies the
plan they read: the goods its orders need, the turn's goal, road worths, order worths.
"""

from __future__ import annotations

from typing import Any, Final

from ..rules import actions as A
from ..rules.actions import Sell
from ..rules.building import build_cost
from ..rules.effect_kinds import (  # each effect's worth is its class's (effect_kinds.py)
    KINDS,
    RIVAL_WEIGHT,  # noqa: F401 - the trade bots read it here
    beliefs,
    effects_value,
    held_value,
    loan_cost,
    rates,
    rounds_left,
    usable_value,
    vp_coins,
)
from ..rules.effects import score_rule
from ..rules.orders import order_info
from ..rules.paths import Route, routes_by_place, sale_prices
from ..rules.periods import side_markers
from ..rules.production import manager_routes
from ..rules.state import SIDES, MingchuState

_MOVE_COST: Final = {"yidao": 0, "horse": 0, "bonus": 0, "step": 1, "yidao_paid": 2, "workers": 3}
_DEST_VALUE: Final = {"store": 1.0, "warehouse": 0.5, "discard": -50.0}
FAR_GOAL: Final = 0.5
"""A turn goal's value when it only brings the 掌柜 nearer a build for its next turn."""
_CARRIER: Final = (
    10.0  # an order's goods go to the 掌柜 collecting them (one pack pays an order) whatever the route
)
_WORKER_PRICE: Final = 0.5  # a 伙计 in coins (one a production per track space, more once the track is up)
_FAVOR_PRICE: Final = 1.25  # a marker handed over: a coin to buy it back (M50), and that coin goes to a rival


def route_price(route: Route) -> float:
    """What a route costs in coins: its water fees, 伙计 and 恩义 markers at the prices above (the
    counts read as floats first, as the sum would convert them: compiled, each product is then a
    float one rather than a generic one)."""
    workers = float(route.workers)
    coins = float(route.coins)
    favor = float(len(route.favor))
    return _WORKER_PRICE * workers + coins + _FAVOR_PRICE * favor


class Context:
    """What the value functions read besides the state, for one decision (``HeuristicBot._context``):
    its kind and ``data``, the goods the plan needs and requires, per kind the 掌柜 collecting goods
    (``carrier``), the good placed, the active 掌柜's place, the turn's goal, the distances to it and
    the moves wanted; and what the decision's options share, worked out by the first that reads it
    (``sell_values``, ``to_managers``, ``usable``, ``war_totals``; None until then). A class, not a
    table: its fields are read directly rather than looked up by name."""

    def __init__(self, kind: str, needed: dict[str, int], required: dict[str, int], data: Any) -> None:
        self.kind = kind
        self.needed = needed
        self.required = required
        self.data = data
        self.carrier = 0
        self.good = ""
        self.here = -1
        self.goal: tuple[float, int, Any] = (0.0, -1, None)
        self.goal_dist: list[float] = []
        self.moves_wanted = 0
        self.sell_values: list[float] | None = None
        self.to_managers: Any = None
        self.usable: dict[int, float] | None = None
        self.war_totals: list[int] | None = None


class ActionValues:
    """The value methods of ``HeuristicBot`` (a mixin: ``seat``, ``persona`` and the plan are the bot's).

    The plan methods the values read are declared below and defined by ``HeuristicBot``: declared
    here, the compiled value methods call them directly rather than by name."""

    seat: int
    persona: Any
    _war_contrarian: dict[int, bool]
    _income_weights: dict[int, float]  # income marker -> ``_income_weight``, for ``_income_params``
    _income_params: Any
    _sell_caps: dict[str, float]  # good -> the most ``_sell`` gives it (``_turn_cap``), per parameters
    _hire_cap: float  # the most ``_hire`` gives (``_turn_cap``), per parameters

    def _holdings(self, state: MingchuState) -> dict[str, int]:
        raise NotImplementedError

    def _sale_prices(self, state: MingchuState, good: str) -> list[int]:
        raise NotImplementedError

    def _best_price(self, state: MingchuState, good: str) -> float:
        raise NotImplementedError

    def _last_round(self, state: MingchuState) -> bool:
        raise NotImplementedError

    def _best_public(self, state: MingchuState) -> str:
        raise NotImplementedError

    def _order_worth(self, state: MingchuState, key: str) -> float:
        raise NotImplementedError

    def _reserve_bar(self, state: MingchuState, key: str) -> float:
        raise NotImplementedError

    def _road_worth(self, state: MingchuState, road: int) -> float:
        raise NotImplementedError

    def _good_at(self, state: MingchuState, place: int) -> str:
        raise NotImplementedError

    def _value(self, state: MingchuState, kind: str, action, context: Context) -> float:
        if kind == "turn":
            value = TURN_VALUES.get(type(action), in_turn_otherwise)
        else:
            value = VALUES.get(type(action), otherwise)
        return value(self, state, action, context)

    def _place_manager(self, state: MingchuState, action: A.PlaceManager, context: Context) -> float:
        ind = state.industries[action.place]
        player = state.players[self.seat]
        return 10.0 * (ind.owner == self.seat) - sum(m == action.place for m in player.managers)

    def _produce_foreign(self, state: MingchuState, action: A.ProduceForeign, context: Context) -> float:
        good = self._good_at(state, action.place)
        needed: dict[str, int] = context.needed
        if needed.get(good, 0) == 0:
            return -1.0
        if not self.persona.chase_orders > 0:
            if state.players[self.seat].coins < state.topo.goods[good].base_value + 6:
                return -1.0  # not rich enough to buy goods for half-chased orders
        # routes cost the same both ways: those from the 掌柜 are the ones listing the options used
        manager_at = state.players[self.seat].managers[action.manager]
        route = routes_by_place(state, self.seat, manager_at)[action.place]
        assert route is not None  # a legal option has a route
        return 25.0 + _CARRIER * (action.manager == context.carrier) - route_price(route)

    def _good_to(self, state: MingchuState, action: A.GoodTo, context: Context) -> float:
        """A needed good to the carrier; a spare one is worth the best price it can fetch later."""
        good: str = context.good
        if action.dest != "backpack":
            return _DEST_VALUE[action.dest]
        carrier_at: int = context.carrier
        carrier = action.manager == carrier_at
        needed: dict[str, int] = context.needed
        if needed.get(good, 0) > 0:
            value = 60.0 + _CARRIER * carrier
        elif state.topo.goods[good].free_moves or state.topo.goods[good].upgrades:
            value = 22.0 + carrier  # a 马 (a free step each round) or a 铁 (an upgrade)
        else:
            value = carrier + self._best_price(state, good) - 0.5  # sold within a turn or two
        if context.kind == "good_dest":  # produced goods travel to the 掌柜 (M17)
            routes = context.to_managers
            if routes is None:
                routes = context.to_managers = manager_routes(state, self.seat, context.data["place"])
            value -= route_price(routes[action.manager])
        return value

    def _sell_produced(self, state: MingchuState, action: A.SellProduced, context: Context) -> float:
        """The price, plus what the income counts on the 本轮收入总和轨 (M22), less the route (M17)."""
        values = context.sell_values
        if values is None:  # every option sells the same good from the same place: value them at once
            values = context.sell_values = self._sell_values(state, context)
        return values[action.place]

    def _sell_values(self, state: MingchuState, context: Context) -> list[float]:
        """``_sell_produced`` at every place the produced good has a route to (by place; 0 where none)."""
        good: str = context.good
        if state.topo.goods[good].uncapped_in_production:
            prices = sale_prices(state, self.seat, good, in_production=True)
        else:  # capped in production too: the prices outside it, kept by the bot
            prices = self._sale_prices(state, good)
        routes = routes_by_place(state, self.seat, context.data["place"])  # each place valued alone: no order
        income = self._income_weight(state)
        keep = context.needed.get(good, 0) > 0 and not self.persona.sell_all
        kept_share = 0.5 if keep else 1.0
        values = [0.0] * len(prices)
        for place in range(len(routes)):
            route = routes[place]
            if route is None:
                continue
            price = prices[place]
            values[place] = price * kept_share + income * price - route_price(route)
        return values

    def _income_weight(self, state: MingchuState) -> float:
        """What a coin of production income is worth besides the coin: spaces of the income track
        are still ahead (more for the industrialist, who sells for them), nothing once all are passed.
        Kept by the marker's space for the game's parameters (the track is a list of their models)."""
        marker = state.players[self.seat].income_marker
        params = state.params
        if params is not self._income_params:
            self._income_params, self._income_weights = params, {}
        weight = self._income_weights.get(marker)
        if weight is None:
            weight = 0.0
            for space in params.income_track:
                if space.at > marker:
                    weight = 1.0 if self.persona.sell_all else 0.5
                    break
            self._income_weights[marker] = weight
        return weight

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

    def _sell(self, state: MingchuState, action: A.Sell, context: Context) -> float:
        """Sell spare goods unless they fetch more where the 掌柜 goes (M18): at its goal, or, without
        one, where it can be by its next turn less a coin for the wait."""
        required: dict[str, int] = context.required
        if self._holdings(state).get(action.good, 0) <= required.get(action.good, 0):
            return -5.0  # keep what the planned orders use
        prices = self._sale_prices(state, action.good)
        price = prices[action.place]
        if action.from_warehouse:
            return 2.0 + price
        goal_at: tuple[float, int, Any] = context.goal
        goal = goal_at[1]
        later: int | float
        if self._last_round(state):
            later = 0.0
        elif goal != action.place:
            later = prices[goal]
        else:
            later = self._best_price(state, action.good) - 1
        return 2.0 + 4.0 * (price - later)

    def _turn_cap(self, state: MingchuState, action: Any) -> float:
        """The most ``_sell`` or ``_hire`` can give ``action``: a sale's price is at most its good's base
        value and the price it waits for at least -1 (no price is below 0), so it scores at most
        2 + 4 x (base value + 1) (from the warehouse 2 + base value); a 伙计 step at most the persona's
        ``hire``. While a better action is found, the bot does not value them (``_values``). Both
        read from the bot's tables for the game's parameters (``HeuristicBot._read_params``)."""
        if isinstance(action, Sell):
            return self._sell_caps[action.good]
        return self._hire_cap

    def _reserve(self, state: MingchuState, action: A.Reserve, context: Context) -> float:
        order = state.public_orders[action.slot].order
        if order != self._best_public(state) or self._order_worth(state, order) < self._reserve_bar(
            state, order
        ):
            return -1.0
        return 30.0 + 30.0 * self.persona.chase_orders

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

    def _use_retainer(self, state: MingchuState, action: A.UseRetainer, context: Context) -> float:
        value = self._usable_value(state, state.topo.retainers[action.card].ability, context)
        return 20.0 + value if value > 0 else -1.0

    def _retainer_value(self, state: MingchuState, card: str) -> float:
        """A 门客's worth while held (hiring one, or drafting it with its column): what it yields this
        seat over the rounds left (``held_value``: the ability in the rounds it pays, each passive
        as often as the seat does what it modifies), passives weighted by what this personality
        does most (builds, 驿道, sales)."""
        info = state.topo.retainers[card]
        value = 2.0 + held_value(info.ability, (), state, self.seat)
        for eff in info.passive:
            weight = 1.0
            action = eff.__dict__.get("action")  # no ``getattr`` miss (see ``modifiers._matching``)
            if action == "build":
                weight = self.persona.build / 40
            elif action == "road":
                weight = self.persona.road / 25
            elif KINDS[eff.effect].sells_goods and self.persona.sell_all:
                weight = 1.5
            value += weight * held_value((), (eff,), state, self.seat)
        return value

    def _usable_value(self, state: MingchuState, effects, context: Context) -> float:
        """``usable_value`` for the bot's seat, with the moves its active 掌柜 still wants (kept for the
        decision: a card played on each target, or in each of its options, is valued once)."""
        known = context.usable
        if known is None:
            known = context.usable = {}
        value = known.get(id(effects))
        if value is None:
            value = known[id(effects)] = usable_value(state, self.seat, effects, context.moves_wanted)
        return value

    def _deliver(self, state: MingchuState, action: A.Deliver, context: Context) -> float:
        return 200.0 + order_info(state, action.order).points

    def _play_grace(self, state: MingchuState, action: A.PlayGrace, context: Context) -> float:
        """A 皇恩卡 on oneself when usable now; a harmful one on the player with most orders."""
        seat = self.seat
        value = self._usable_value(state, state.topo.grace[action.card].effects, context)
        if action.target == seat:
            return 15.0 + value if value > 0 else -5.0
        if value < 0:
            leader = max(
                (q for q in range(state.n) if q != seat), key=lambda q: len(state.players[q].completed)
            )
            return 15.0 - value if action.target == leader else -5.0
        return -5.0

    def _play_reward(self, state: MingchuState, action: A.PlayReward, context: Context) -> float:
        option = state.topo.rewards[action.card].options[action.option]
        value = self._usable_value(state, option, context)
        return 15.0 + value if value > 0 else -5.0

    def _discard_favor(self, state: MingchuState, action: A.DiscardFavor, context: Context) -> float:
        short = self.persona.road > 30 and state.players[self.seat].workers < 2
        return 3.0 if short else -5.0

    def _column_value(self, state: MingchuState, column: int) -> float:
        """A draft column's worth (M09/M10): its 门客 valued as when hiring one (``_retainer_value``),
        each family card's coins, 伙计, goods and effects, and the industry it builds."""
        retainer, families = state.draft_columns[column]
        value = self._retainer_value(state, retainer) if retainer else 0.0
        for fid in families:
            card = state.topo.families[fid]
            site = state.topo.site[state.topo.place_index[card.place]]
            value += card.coins + 2 * card.workers + sum(card.goods.values()) * 3
            value += effects_value(card.effects, state, self.seat)
            if site is not None:
                value += site.cost * (1.0 + self.persona.build / 100)
        return value

    def _card_now(self, state: MingchuState, card: str, kind: str) -> float:
        cards = state.topo.score_cards if kind == "pick_score" else state.topo.tianwei
        return float(sum(score_rule(state, self.seat, rule) for rule in cards[card].scoring))

    def _war_value(self, state: MingchuState, action: A.WarCommit, context: Context) -> float:
        player = state.players[self.seat]
        side = SIDES.index(action.side)
        totals = context.war_totals
        if totals is None:  # the same for every option of the decision
            totals = context.war_totals = [
                sum(side_markers(state, s, k) for s in range(state.n)) for k in range(2)
            ]
        ahead = 0 if totals[0] > totals[1] else 1
        preferred = 1 - ahead if self._war_contrarian.get(state.round) else ahead
        if side != preferred:
            return -1.0
        committed = sum(state.war_secret[self.seat])
        if action.source == "favor":
            limit = 99 if self.persona.war_all_favor else 2
            own = 0.1 if action.owner == self.seat else 0.0  # own markers in hand cost nothing else
            return 2.0 + own if committed < limit else -1.0
        return 1.5 if player.coins > 15 and committed < 3 else -1.0


def build_worth(state: MingchuState, place: int) -> float:
    """What an industry built at ``place`` now yields, in coins: its points at the end
    (``scoring.industry_vp`` and ``Beliefs.build_extra_vp``, at ``vp_coins``) and a good at half its value
    each production left. A build that costs more is not worth its coins (late in the game, or
    when coins score much: ``scoring.coins_per_vp``)."""
    good = state.topo.site[place].good
    productions = rounds_left(state) - 1.0
    points = rates(state).industry_vp + beliefs().build_extra_vp
    return points * vp_coins(state) + 0.5 * state.topo.goods[good].base_value * productions


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
