"""What goods moves are worth to a bot: where its 掌柜 stand for production and which foreign
goods they buy, where a produced or gained good goes, and which sales it makes (in production and
in a turn), with the most a sale or a 伙计 step can give (``_turn_cap``)."""

from __future__ import annotations

from typing import Any, Final

from ..rules import actions as A
from ..rules.actions import Sell
from ..rules.paths import routes_by_place, sale_prices
from ..rules.production import manager_routes
from ..rules.state import MingchuState
from .reads import _CARRIER, Context, ValueReads, route_price

_DEST_VALUE: Final = {"store": 1.0, "warehouse": 0.5, "discard": -50.0}


class GoodsValues(ValueReads):
    """The values of placing 掌柜, buying, carrying and selling goods."""

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
