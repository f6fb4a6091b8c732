"""What the heuristic bots' value functions read besides the state: the decision's ``Context``,
the price in coins of a route and of a build's yield, and ``ValueReads``, the lowest class of the
bot, which declares the plan methods the value classes above it call (``heuristic.py`` lists the
line of classes)."""

from __future__ import annotations

from typing import Any, Final

from ..rules.effect_kinds import (  # each effect's worth is its class's (effect_kinds.py)
    beliefs,
    rates,
    rounds_left,
    vp_coins,
)
from ..rules.paths import Route
from ..rules.state import MingchuState

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


class ValueReads:
    """The bot's fields and plan methods the value methods read: declared here, defined by the
    classes above (``base.py``, ``plan.py``, ``prices.py``, ``building.py``), so the compiled value
    methods call them directly rather than by name."""

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


def build_worth(state: MingchuState, place: int) -> float:
    """What an industry built at ``place`` now yields, in coins: its points at the end
    (``scoring.industry_vp`` and ``Beliefs.build_extra_vp``, at ``vp_coins``) and a good at half its value
    each production left. A build that costs more is not worth its coins (late in the game, or
    when coins score much: ``scoring.coins_per_vp``)."""
    good = state.topo.site[place].good
    productions = rounds_left(state) - 1.0
    points = rates(state).industry_vp + beliefs().build_extra_vp
    return points * vp_coins(state) + 0.5 * state.topo.goods[good].base_value * productions
