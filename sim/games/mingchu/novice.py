"""The newcomer (``novice``): the player the rules' "新手友好不坐牢" describes, who only reserves
orders and fulfils them, step by step.

In its turns it does nothing but what fulfilling an order takes:

* it reserves a public order whenever it holds none, the one the ``runner`` heuristic ranks first
  (most points for the goods still to get, judged by how easily each can be had), unless the rules
  say it would likely be lost unfilled (5 points off at the end): not during the war (a reserved
  洪武 order is lost when the war ends, which may be after any round), not once the last round is
  known, and late in the game only while the rounds left bring its missing goods at two a round;
* it sends the 掌柜 carrying most of that order's goods (then the nearer one), walks it towards the
  order's place by the cheapest road that brings it nearer (an own or 官府 驿道, a 马, a card's free
  move, a step, another player's 驿道 for a marker; never 伙计 for moves), and delivers wherever a
  delivery is possible (its own order or a public one);
* it never builds an industry or a 驿道, never hires 伙计, never sells from its pack, never plays a
  皇恩卡, reward card or 门客 ability, never takes a loan by choice and never trades.

Getting the goods happens where the rules put it, in production: it produces with its industries,
buys the goods its reserved order needs (none before it holds one) from other players' and 官府
industries and sends them to the 掌柜
carrying the order (the ``runner`` heuristic's choices, limited to these); a produced good its order
does not need is sold at once where it fetches most (it never walks to sell).

The choices the rules ask of everyone are taken plainly: the draft column, the first 掌柜 places,
the setup 驿道, a 门客, 皇恩计分卡 and 天威卡 to pick, a loan to repay, own 恩义 to buy back are the
``runner`` heuristic's (the order runner's view); it commits nothing to the war (only supporters
of the losing side are penalised), refuses every trade offer and declines a card's free build or
驿道. Where a decision has no option left after these limits, it takes the runner's choice among all
(never the case in the games the tests play).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.games.mingchu import actions as A
from sim.games.mingchu.bots import HeuristicBot, free_distances
from sim.games.mingchu.orders import order_info
from sim.games.mingchu.state import MingchuState
from sim.games.mingchu.trade import Refuse

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
        if kind == "trade_offer":
            return A.Done()
        if kind == "trade_answer":
            return Refuse()
        allowed = [a for a in legal if not isinstance(a, NEVER) and type(a).__name__ != "ProposeTrade"]
        if state.players[self.seat].personal_order is None:  # goods are bought for a reserved order
            allowed = [a for a in allowed if not isinstance(a, A.ProduceForeign)]
        if kind == "good_dest":
            allowed = self._spare_sold(state, allowed)
        return self._runner.choose(state, allowed or list(legal), rng)

    # --- production ----------------------------------------------------------------------------

    def _spare_sold(self, state: MingchuState, allowed: list) -> list:
        """A produced good the order does not need is sold at once (when it can be sold)."""
        good = state.decision().data["good"]
        if self._needed(state).get(good, 0) > 0:
            return [a for a in allowed if not isinstance(a, A.SellProduced)] or allowed
        return [a for a in allowed if isinstance(a, A.SellProduced)] or allowed

    def _needed(self, state: MingchuState) -> Counter:
        """Goods the order still lacks (the personal order, or the one it would reserve)."""
        key = self._order(state)
        if key is None:
            return Counter()
        return Counter(order_info(state, key).goods) - self._held(state)

    # --- the turn ------------------------------------------------------------------------------

    def _turn(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        delivery = next((a for a in legal if isinstance(a, A.Deliver)), None)
        if delivery is not None:
            return delivery
        reserves = [a for a in legal if isinstance(a, A.Reserve)]
        if reserves:
            choice = self._runner.choose(state, reserves, rng)
            if self._in_time(state, state.public_orders[choice.slot].order):
                return choice
        managers = [a for a in legal if isinstance(a, A.SelectManager)]
        if managers:
            return min(managers, key=lambda a: self._carrier_key(state, a.manager))
        moves = [a for a in legal if isinstance(a, A.Move) and a.mode in MOVE_RANK]
        step = self._step(state, moves)
        return step if step is not None else A.EndTurn()

    def _in_time(self, state: MingchuState, key: str) -> bool:
        """Whether the order's missing goods can come before its period ends, at two a round (the
        rules: an order reserved and not filled when its period closes costs 5 points)."""
        if state.final_round or state.period == "靖难":  # the war may end after any round
            return False
        missing = sum((Counter(order_info(state, key).goods) - self._held(state)).values())
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

    def _step(self, state: MingchuState, moves: list) -> Any:
        """The cheapest move that brings the active 掌柜 nearer the order's place, if any."""
        key = state.players[self.seat].personal_order
        if key is None or not moves:
            return None
        dist = free_distances(state, self.seat, state.topo.place_index[order_info(state, key).place])
        here = state.players[self.seat].managers[state.decision().data["manager"]]
        nearer = [m for m in moves if dist[state.topo.other_end(m.road, here)] < dist[here]]
        if not nearer:
            return None
        return min(
            nearer, key=lambda m: (MOVE_RANK[m.mode], dist[state.topo.other_end(m.road, here)], m.road)
        )
