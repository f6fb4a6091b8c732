"""The newcomer (``novice``): the player the rules' "新手友好不坐牢" describes, who only reserves
orders and fulfils them, step by step.

In its turns it does nothing but what fulfilling an order takes:

* it reserves a public order whenever it holds none, the one the ``runner`` heuristic ranks first
  (most points for the goods still to get, judged by how easily each can be had) among those it can
  have: every good the order lacks is made by some industry on the board (or a 黄金 it holds stands
  in), and the rules say it would not likely be lost unfilled (5 points off at the end): not once
  the last round is known, during the war only while the rounds left before its track fills bring
  the missing goods at one a round (a reserved 洪武 order is lost when the war ends; it ends sooner
  only when one side's special orders are all done), late in the game only while the rounds left
  bring them at two a round;
* it sends first the 掌柜 carrying most of that order's goods (then the nearer one: the carrier)
  and walks it towards the order's place; the other 掌柜, while the order lacks a good, walks to the
  nearest industry making one (a good bought where a 掌柜 stands needs no transport: the newcomer
  hires no 伙计 to carry it), else to the order's place too; it walks by the cheapest road that
  brings it nearer (an own or 官府 驿道, a 马, a card's free move, a step, another player's 驿道 for
  a marker; never 伙计 for moves), and delivers wherever a delivery is possible (its own order or a
  public one);
* it never builds an industry or a 驿道, never hires 伙计, never sells from its pack, never plays a
  皇恩卡, reward card or 门客 ability, never takes a loan by choice and never trades.

Getting the goods happens where the rules put it, in production, in this order: a delivery if one
is possible; its own industries making a good the order lacks (the good to the 掌柜 it reaches most
cheaply, then the carrier); buying a good the order still lacks (counting what both 掌柜 carry and
the warehouse holds; nothing without a reserved order), from the other players' and 官府 industries,
the cheapest purchase first (coins and transport, the carrier on a tie; an upgraded industry giving
a second good it does not need last); then its other industries, each good sold at once where it
fetches most (it never walks to sell).

The choices the rules ask of everyone are taken plainly: the draft column, the first 掌柜 places,
the setup 驿道, a 门客, 皇恩计分卡 and 天威卡 to pick, a loan to repay, own 恩义 to buy back are the
``runner`` heuristic's (the order runner's view); it commits nothing to the war (only supporters
of the losing side are penalised), refuses every trade offer and declines a card's free build or
驿道. Where a decision has no option left after these limits, it takes the runner's choice among all
(never the case in the games the tests play).

Its idle turns (a turn it ends having done nothing but choose the 掌柜 and lay it down: no
order to reserve worth having, no delivery, no road bringing the 掌柜 nearer its target) are the
players column ``idle_turns``, the newcomer goal's waiting (``sim.stats.goals_novice``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..rules import actions as A
from ..rules.orders import order_info
from ..rules.paths import routes_by_place
from ..rules.production import foreign_cost, manager_routes, output
from ..rules.state import MingchuState
from ..rules.trade import Refuse
from .distances import free_distances
from .heuristic import HeuristicBot
from .reads import route_price

TURN_ACTIONS = (A.SelectManager, A.Move, A.Reserve, A.Deliver, A.EndTurn)
"""All the novice does in a turn: send a 掌柜, walk, reserve, deliver, lie the 掌柜 down."""
NEVER = (
    A.BuildIndustry,
    A.BuildRoad,
    A.HireWorker,
    A.Upgrade,
    A.Sell,
    A.BuyStored,
    A.PlayGrace,
    A.DiscardGrace,
    A.PlayReward,
    A.DiscardFavor,
    A.UseRetainer,
    A.TakeLoan,
    A.WarCommit,
    A.RefreshRetainers,
)
"""Outside its turns: what the novice never chooses (trade offers are left out by name below)."""
MOVE_RANK = {"yidao": 0, "horse": 1, "bonus": 2, "step": 3, "yidao_paid": 4}
"""Cheapest first; ``workers`` (伙计 spent on moves) is not the newcomer's."""


class NoviceBot:
    """Reserves an order, gets its goods in production, walks them there and delivers (module docstring)."""

    name = "novice"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._runner = HeuristicBot(seat, "runner")

    def choose(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        kind = state.decision().kind
        if kind == "turn":
            return self._turn(state, legal, rng)
        if kind == "produce":
            return self._produce(state, legal, rng)
        if kind == "trade_offer":
            return A.Done()
        if kind == "trade_answer":
            return Refuse()
        allowed = [a for a in legal if not isinstance(a, NEVER) and type(a).__name__ != "ProposeTrade"]
        if kind == "good_dest":
            allowed = self._good_dest(state, allowed)
        return self._runner.choose(state, allowed or list(legal), rng)

    # --- production ----------------------------------------------------------------------------

    def _produce(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        """A delivery; else an own industry making a good the order lacks; else the cheapest purchase
        of such a good; else the other own industries (their goods sold); else ``Done``."""
        delivery = next((a for a in legal if isinstance(a, A.Deliver)), None)
        if delivery is not None:
            return delivery
        needed = self.needed(state)
        own = [a for a in legal if isinstance(a, A.ProduceOwn)]
        for action in own:
            if needed.get(state.topo.site[action.place].good, 0) > 0:
                return action
        purchases = self.purchases(state, legal)
        if purchases:
            return min(purchases, key=lambda a: self._purchase_key(state, a, needed))
        if own:
            return self._runner.choose(state, own, rng)
        return next(a for a in legal if isinstance(a, A.Done))

    def purchases(self, state: MingchuState, legal: Sequence[Any]) -> list:
        """The ``ProduceForeign`` options of ``legal`` that buy a good the reserved order still lacks
        (none without a reserved order)."""
        needed = self.needed(state)
        return [
            a
            for a in legal
            if isinstance(a, A.ProduceForeign) and needed.get(state.topo.site[a.place].good, 0) > 0
        ]

    def _purchase_key(self, state: MingchuState, action: A.ProduceForeign, needed: Counter) -> tuple:
        """Goods beyond the need last (an upgraded industry gives 2), then the coins and route it
        costs, then the carrier first."""
        good = state.topo.site[action.place].good
        surplus = output(state, self.seat, action.place, own=False) > needed[good]
        at = state.players[self.seat].managers[action.manager]
        route = routes_by_place(state, self.seat, at)[action.place]
        price = foreign_cost(state, self.seat, action.place) + (route_price(route) if route else 0.0)
        return (surplus, price, action.manager != self._carrier(state), action.place, action.manager)

    def _good_dest(self, state: MingchuState, allowed: list) -> list:
        """A produced good the order needs goes to a 掌柜's pack (the cheapest route, then the
        carrier); one it does not need is sold at once (where it fetches most: the runner's pick)."""
        good = state.decision().data["good"]
        if self.needed(state).get(good, 0) > 0:
            packs = [a for a in allowed if isinstance(a, A.GoodTo) and a.dest == "backpack"]
            if packs:
                routes = manager_routes(state, self.seat, state.decision().data["place"])
                carrier = self._carrier(state)
                return [min(packs, key=lambda a: (route_price(routes[a.manager]), a.manager != carrier))]
            return [a for a in allowed if not isinstance(a, A.SellProduced)] or allowed
        return [a for a in allowed if isinstance(a, A.SellProduced)] or allowed

    def needed(self, state: MingchuState) -> Counter:
        """Goods the reserved order still lacks, counting what both 掌柜 carry and the warehouse
        holds (none without a reserved order; none when the 黄金 held stand in for all it lacks)."""
        key = self._order(state)
        if key is None:
            return Counter()
        goods = order_info(state, key).goods
        held = self._held(state)
        lacking = Counter(goods) - held
        wild = sum(held[w] - goods.get(w, 0) for w in state.topo.wild_goods if held[w] > goods.get(w, 0))
        fixed = state.topo.unsubstitutable_goods
        if wild and sum(k for g, k in lacking.items() if g not in fixed) <= wild:
            return Counter({g: k for g, k in lacking.items() if g in fixed})
        return lacking

    # --- the turn ------------------------------------------------------------------------------

    def _turn(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        delivery = next((a for a in legal if isinstance(a, A.Deliver)), None)
        if delivery is not None:
            return delivery
        reserves = [a for a in legal if isinstance(a, A.Reserve) and self._worth_reserving(state, a.slot)]
        if reserves:
            return max(reserves, key=lambda a: self._order_worth(state, state.public_orders[a.slot].order))
        managers = [a for a in legal if isinstance(a, A.SelectManager)]
        if managers:
            return min(managers, key=lambda a: self._carrier_key(state, a.manager))
        moves = [a for a in legal if isinstance(a, A.Move) and a.mode in MOVE_RANK]
        step = self._step(state, moves)
        return step if step is not None else A.EndTurn()

    def _order_worth(self, state: MingchuState, key: str) -> float:
        """The runner's ranking of an order: its points less the trouble of getting the goods it
        lacks (its plan, which keeps the worths, made anew when what it reads changed)."""
        runner = self._runner
        if not runner._plan_same(state):
            runner._keep_plan(state)
        return runner._order_worth(state, key)

    def _worth_reserving(self, state: MingchuState, slot: int) -> bool:
        """Whether the public order can be had: every good it lacks is made by some industry on the
        board (or stood in for by 黄金 held), and it can be filled in time (``_in_time``)."""
        key = state.public_orders[slot].order
        lacking = Counter(order_info(state, key).goods) - self._held(state)
        made = {state.topo.site[place].good for place in state.industries}
        wild = any(self._held(state)[w] for w in state.topo.wild_goods)
        fixed = state.topo.unsubstitutable_goods
        if any(g not in made and (g in fixed or not wild) for g in lacking):
            return False
        return self._in_time(state, key)

    def _in_time(self, state: MingchuState, key: str) -> bool:
        """Whether the order's missing goods can come, at two a round, in the rounds after this one
        before its period surely ends (the rules: an order reserved and not filled when its period
        closes costs 5 points): in the war the rounds until its track fills (it ends sooner only
        when one side's special orders are all done), late in the game the events left; never in
        the known last round."""
        if state.final_round:
            return False
        missing = sum((Counter(order_info(state, key).goods) - self._held(state)).values())
        if state.period == "靖难":
            return missing <= state.params.setup.war_track - state.war_progress - 1
        if state.period == "后期":
            ends_now = state.params.rules.final_event_ends == "this_round"
            return missing <= 2 * (len(state.event_deck) - ends_now)
        return True

    def _order(self, state: MingchuState) -> str | None:
        """The reserved (personal) order, if any."""
        return state.players[self.seat].personal_order

    def _held(self, state: MingchuState) -> Counter:
        player = state.players[self.seat]
        held: Counter = Counter()
        for store in (*player.packs, player.warehouse):
            held.update({good: count for good, count in store.items() if count > 0})
        return held

    def _carrier(self, state: MingchuState) -> int:
        """The 掌柜 that carries the order (``_carrier_key``)."""
        return min(range(len(state.players[self.seat].managers)), key=lambda m: self._carrier_key(state, m))

    def _carrier_key(self, state: MingchuState, manager: int) -> tuple:
        """The 掌柜 holding most of the order's goods, then the one nearer its place, then the first."""
        key = self._order(state)
        if key is None:
            return (0, 0.0, manager)
        player = state.players[self.seat]
        info = order_info(state, key)
        pack = player.packs[state.pack_index(manager)]
        held = sum(min(pack.get(g, 0), k) for g, k in info.goods.items())
        dist = free_distances(state, self.seat, state.topo.place_index[info.place])
        return (-held, dist[player.managers[manager]], manager)

    def target(self, state: MingchuState, manager: int) -> int | None:
        """Where a 掌柜 walks: the carrier to the order's place; the other one, while the order lacks
        a good, to the nearest industry making one (a good bought there needs no transport), else to
        the order's place too. None without a reserved order."""
        key = self._order(state)
        if key is None:
            return None
        place = state.topo.place_index[order_info(state, key).place]
        needed = self.needed(state)
        if not needed or manager == self._carrier(state):
            return place
        at = state.players[self.seat].managers[manager]
        dist = free_distances(state, self.seat, at)
        sources = [p for p in state.industries if needed.get(state.topo.site[p].good, 0) > 0]
        return min(sources, key=lambda p: (dist[p], p), default=place)

    def _step(self, state: MingchuState, moves: list) -> Any:
        """The cheapest move that brings the active 掌柜 nearer its target (``target``), if any."""
        target = self.target(state, state.decision().data["manager"])
        if target is None or not moves:
            return None
        dist = free_distances(state, self.seat, target)
        here = state.players[self.seat].managers[state.decision().data["manager"]]
        nearer = [m for m in moves if dist[state.topo.other_end(m.road, here)] < dist[here]]
        if not nearer:
            return None
        return min(
            nearer, key=lambda m: (MOVE_RANK[m.mode], dist[state.topo.other_end(m.road, here)], m.road)
        )
