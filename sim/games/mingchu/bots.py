"""Heuristic bots for 明初商途: one greedy scorer, three personalities.

Every bot scores each legal action with simple hand-written values and plays the best (ties at
random). In a turn the active 掌柜 first picks a *goal* reachable this turn (deliver an order,
build, build a 驿道, hire), walks towards it, then takes that main action; quick actions that
score above zero (deliver, sell spare goods, reserve, play cards) are taken on the way.

* ``runner`` (order runner): reserves the public order it can fill best, keeps and buys the goods
  orders need (using other players' and 官府 industries), carries them to the order's place.
* ``industrialist``: builds industries (taking a loan when a build is a few coins short) and sells
  everything in production, for income-track rewards and the 专营 thresholds; it fills a reserved
  order on the side (half the order drive of the runner).
* ``roadbuilder``: hires 伙计 and builds 驿道 next to other players' industries and busy roads, so
  others pay 恩义 to use them; commits the markers it collects in the war.

Prices in coins tie the choices together: a spare good is sold where it fetches as much as where
its 掌柜 is going (or, with no goal, as much as anywhere within a turn's moves less a coin for the
wait), so never at half price where it is made while a better market is near; a produced good's
sale counts its price, the income it adds on the 本轮收入总和轨 while spaces are ahead, less its route
(伙计 0.5, water coins 1, another player's 驿道 1.25 a marker: the coin to buy it back goes to a
rival); an order's goods go to the 掌柜 collecting them. Cards and 门客 count only what can be used
now: goods as far as the backpack has room, free moves as far as the active 掌柜 still has roads
to pay for on its way. Hiring is worth less with fewer coins to spare and nothing in the last round;
a 掌柜 already at its order's place looks for a main action instead of waiting there.
Ties are broken at random by keyed numbers (``sim.bots.tiebreak``): the same situation in the same
game breaks them the same way, so a variant's games stay paired with its base's.

War (all): support the side ahead, each settlement with 30% chance the other side; commit up to 2
held markers (roadbuilder: all of them) and, with more than 15 coins, up to 3 coin markers.
门客: the face-up card whose ability and passives suit the personality (build discounts for the
industrialist, road discounts for the roadbuilder). Cards (皇恩, 下赏/上赏, 门客 abilities) are played
as soon as their effects are worth something now (a free build only where one is possible; a
harmful 皇恩卡 on the player with most orders). Trades (``trade_bots``): once per turn or
production step the fairest offer that gains both sides by the bots' valuation, and an offer is
accepted when it gains the bot something. 皇恩计分卡: the one worth most now; 天威卡: the
one costing least now. Loans are repaid with 3 coins to spare; own 恩义 is bought back whenever
3 coins are left.

This module holds the personas and the plan (goods needed, the turn's goal, order and road worths);
``bot_values.py`` values each action type from it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

import numpy as np

from sim.core.tiebreak import KeyedTies
from sim.games.mingchu import actions as A
from sim.games.mingchu.bot_values import (
    FAR_GOAL,
    TURN_VALUES,
    VALUES,
    ActionValues,
    in_turn_otherwise,
    otherwise,
)
from sim.games.mingchu.building import build_cost, monopoly_allowed, road_costs
from sim.games.mingchu.modifiers import forbidden, modifier_total
from sim.games.mingchu.orders import order_info, payment
from sim.games.mingchu.paths import road_usable, sale_prices
from sim.games.mingchu.state import OFFICIAL, MingchuState
from sim.games.mingchu.trade import ProposeTrade
from sim.games.mingchu.trade_bots import DECISIONS as TRADE_DECISIONS
from sim.games.mingchu.trade_bots import choose as choose_trade
from sim.games.mingchu.trade_bots import propose_value


@dataclass(frozen=True)
class Persona:
    build: float
    road: float
    hire: float
    chase_orders: float  # 0..1: how much the bot plans goods for orders (1 = runner)
    sell_all: bool
    loans_for_builds: bool
    war_all_favor: bool


PERSONAS = {
    "runner": Persona(25, 5, 20, 1.0, False, False, False),
    "industrialist": Persona(70, 8, 25, 0.5, True, True, False),
    "roadbuilder": Persona(20, 60, 30, 0.5, False, False, True),
}


_OWNER = attrgetter("owner")


def free_distances(state: MingchuState, seat: int, source: int) -> list[float]:
    """Roads to every place from ``source``, an own or 官府 驿道 counting 0.01 (Dijkstra's search; the
    frontier is scanned for the nearest (distance, place), which settles places in a heap's order)."""
    topo = state.topo
    roads, yidao = topo.roads, state.yidao
    dist = [99.0] * len(topo.places)
    dist[source] = 0.0
    done = [False] * len(topo.places)
    frontier = [source]
    while frontier:
        place, d, at = -1, 0.0, 0
        for i in range(len(frontier)):
            p = frontier[i]
            k = dist[p]
            if place < 0 or k < d or (k == d and p < place):
                place, d, at = p, k, i
        frontier[at] = frontier[-1]
        frontier.pop()
        done[place] = True
        for road, other in topo.adjacent[place]:
            if done[other] or not road_usable(state, road):
                continue
            free = yidao.get(road) in (seat, OFFICIAL) and roads[road].kind != "water"
            nd = d + (0.01 if free else 1.0)
            if nd < dist[other]:
                if dist[other] == 99.0:
                    frontier.append(other)
                dist[other] = nd
    return dist


_VALUES = {**VALUES, ProposeTrade: propose_value}
_TURN_VALUES = {**TURN_VALUES, ProposeTrade: propose_value}
"""The value tables with trading (``trade_bots``): an offer is opened when a good one is ready."""

TIE = 1e-3
"""The scale of the keyed tie-break added to each value: it decides between equal values only."""


class HeuristicBot(ActionValues):
    """Greedy one-step scorer parametrised by a ``Persona``."""

    def __init__(self, seat: int, persona: str) -> None:
        self.seat = seat
        self.name = persona
        self.persona = PERSONAS[persona]
        self._war_contrarian: dict[int, bool] = {}
        self._ties = KeyedTies()  # tie-breaks fixed by the situation, not by the stream's history
        self._needed_cache: Counter = Counter()
        self._avail: dict[str, float] | None = None  # per choose(): good -> availability
        self._worth_cache: dict[str, float] = {}  # per choose(): the state does not change inside it
        self._best_cache: str | None = None
        self._have: Counter | None = None
        self._required_cache: Counter | None = None
        self._plan: tuple = ()
        self._payable: dict[tuple[str, int, int], bool] = {}  # (order, place, pack) -> can pay there
        self._buyback: dict[int, int] = {}  # holder -> markers to buy back in this settlement
        self._best_prices: dict[str, float] = {}  # per choose(): good -> best price within reach
        self._goals: dict[tuple, tuple] = {}  # goal key (``_goal_key``) -> the turn's goal, per plan
        self._yidao_seen: dict[int, int] | None = None  # the 驿道 when ``_roads`` was last worked out
        self._roads: frozenset = frozenset()
        self._boards: dict[tuple, Any] = {}  # (``_roads``, kind, place) -> distances or near targets
        self._trade_plan: tuple = ()  # (turn key, the offer to make or None), ``trade_bots``

    def _board_key(self, state: MingchuState) -> frozenset:
        """The 驿道 the seat's free distances depend on: (road, free to walk) for its own and 官府
        ones and those opening a dashed road (M28); another player's 驿道 on a solid road changes
        nothing for them. Read again only when the 驿道 on the board differ from the last call."""
        if state.yidao != self._yidao_seen:
            self._yidao_seen = dict(state.yidao)
            roads, mine = state.topo.roads, (self.seat, OFFICIAL)
            self._roads = frozenset(
                (road, owner in mine)
                for road, owner in state.yidao.items()
                if owner in mine or roads[road].kind == "dashed"
            )
        return self._roads

    def _distances(self, state: MingchuState, source: int) -> list[float]:
        """``free_distances``, kept by the bot while the 驿道 it depends on stay the same."""
        key = (self._board_key(state), "free", source)
        dist = self._boards.get(key)
        if dist is None:
            dist = self._boards[key] = free_distances(state, self.seat, source)
        return dist

    # --- entry point ----------------------------------------------------------------------------

    def choose(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        self._ties.start(rng)
        kind = state.decision().kind
        if kind == "buyback":
            return self._buy_back(state, legal, rng)
        if kind in TRADE_DECISIONS:
            return choose_trade(self, state, list(legal))
        # the distances live in the state's board cache; the plan (goods held and needed, order worths)
        # is kept while what it reads is the same (compared by content, see ``_plan_key``)
        key = self._plan_key(state)
        if key != self._plan:
            self._plan = key
            self._avail = None
            self._worth_cache = {}
            self._best_cache = None
            self._have = None
            self._required_cache = None
            self._payable = {}
            self._goals = {}
        self._best_prices = {}
        context = self._context(state, kind)
        table, other = (_TURN_VALUES, in_turn_otherwise) if kind == "turn" else (_VALUES, otherwise)
        get = table.get
        values = [float(get(type(a), other)(self, state, a, context)) for a in legal]
        # the best of value + a keyed number below TIE (the first best wins); only moves within TIE
        # of the best can win, so only theirs are drawn
        top = max(values) - TIE
        close = [i for i, v in enumerate(values) if v >= top]
        if len(close) == 1:
            return legal[close[0]]
        noise = self._ties.noise([legal[i] for i in close], state.round, kind)
        totals = [values[i] + e * TIE for i, e in zip(close, noise, strict=True)]
        return legal[close[max(range(len(totals)), key=totals.__getitem__)]]

    def _buy_back(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        """Own 恩义 bought back while 3 coins are left, each marker from a holder picked at random.

        The engine asks once per holder how many; the first time in a settlement the bot plays out
        its one-marker-at-a-time choices (each holder picked by a keyed tie-break) and then answers
        from that plan.
        """
        decision = state.decision()
        if not decision.data:
            coins = state.players[self.seat].coins
            held = [state.players[q].held[self.seat] if q != self.seat else 0 for q in range(state.n)]
            plan: dict[int, int] = {}
            while coins >= 1:
                holders = [q for q in range(state.n) if held[q] > 0]
                if not holders:
                    break
                noise = self._ties.noise(holders, state.round, "buyback", coins)
                if coins < 3:
                    break  # ``Done`` (0) beats buying (-1)
                q = holders[max(range(len(holders)), key=noise.__getitem__)]
                plan[q] = plan.get(q, 0) + 1
                held[q] -= 1
                coins -= 1
            self._buyback = plan
        settled = decision.data or ()
        for q in sorted(self._buyback):
            if q not in settled:
                return A.BuyBack(q, self._buyback[q])
        return A.Done()

    # --- shared context ------------------------------------------------------------------------

    def _plan_key(self, state: MingchuState) -> tuple:
        """Everything the plan reads: orders, period, the seat's goods, the industries (by content).

        The micro-steps of a turn or a production step mostly leave it alone, so the plan is
        computed once for them."""
        player = state.players[self.seat]
        return (
            player.personal_order,
            tuple(o.order for o in state.public_orders),
            state.period,
            tuple(tuple(pack.items()) for pack in player.packs),
            tuple(player.warehouse.items()),
            tuple(state.industries),
            tuple(map(_OWNER, state.industries.values())),
            state.capital,  # where the warehouse counts for a delivery
        )

    def _required(self, state: MingchuState) -> Counter:
        """All goods of the orders being planned: the personal one (runners: best public, special)."""
        player = state.players[self.seat]
        keys = [player.personal_order] if player.personal_order else []
        if self.persona.chase_orders >= 1 and not keys and state.public_orders:
            keys.append(self._best_public(state))
        if self.persona.chase_orders > 0 and state.period == "靖难":
            specials = [
                o.order for o in state.public_orders if order_info(state, o.order).deck.endswith("特别")
            ]
            if specials:
                keys.append(max(specials, key=lambda k: self._order_worth(state, k)))
        need: Counter = Counter()
        for key in keys:
            need.update(order_info(state, key).goods)
        return need

    def _carrier(self, state: MingchuState) -> int:
        """The 掌柜 collecting order goods: the one already carrying most of them, else the nearer one."""
        player = state.players[self.seat]
        if player.personal_order is None:
            return 0
        info = order_info(state, player.personal_order)
        dist = self._distances(state, state.topo.place_index[info.place])

        def key(m: int):
            pack = player.packs[state.pack_index(m)]
            held = sum(min(pack.get(g, 0), k) for g, k in info.goods.items())
            return (-held, dist[player.managers[m]], m)

        return min(range(len(player.managers)), key=key)

    def _availability(self, state: MingchuState, good: str) -> float:
        """How hard a good is to get: own industry 1, any industry 2, a free site 4, else 6."""
        if self._avail is None:
            site = state.topo.site
            avail = {s.good: 4.0 for s in site if s is not None}
            for place, ind in state.industries.items():
                kind = site[place].good
                avail[kind] = 1.0 if ind.owner == self.seat or avail[kind] == 1.0 else 2.0
            self._avail = avail
        return self._avail.get(good, 6.0)

    def _holdings(self, state: MingchuState) -> Counter:
        """Goods in both packs and the warehouse (cached for one ``choose``)."""
        if self._have is None:
            player = state.players[self.seat]
            self._have = player.backpack + player.warehouse
        return self._have

    def _best_price(self, state: MingchuState, good: str) -> float:
        """The best price ``good`` fetches where a 掌柜 can sell it by its next turn (a free distance
        within one turn's moves); 0 in the last round, when unsold goods are worth nothing."""
        best = self._best_prices.get(good)
        if best is None:
            if self._last_round(state):
                best = 0.0
            else:
                reach = state.params.rules.moves_per_turn
                prices = sale_prices(state, self.seat, good, in_production=False)
                best = 0.0
                for at in set(state.players[self.seat].managers):
                    dist = self._distances(state, at)
                    best = max(best, max(p for p, d in zip(prices, dist, strict=True) if d <= reach + 0.5))
            self._best_prices[good] = best
        return best

    def _last_round(self, state: MingchuState) -> bool:
        """The game ends after this round's actions (M59: 天数将至 revealed, ``final_event_ends``)."""
        rules = state.params.rules
        return state.final_round or (
            state.next_event == state.params.setup.later_final_event
            and rules.final_event_ends == "this_round"
        )

    def _order_worth(self, state: MingchuState, key: str) -> float:
        worth = self._worth_cache.get(key)
        if worth is None:
            info = order_info(state, key)
            have = self._holdings(state)
            missing = ((g, k - have.get(g, 0)) for g, k in info.goods.items())
            worth = info.points - sum(self._availability(state, g) * k for g, k in missing if k > 0)
            self._worth_cache[key] = worth
        return worth

    def _reserve_bar(self, state: MingchuState, key: str) -> float:
        """Worth needed to reserve: an order that will be lost at the period's end needs its goods now."""
        info = order_info(state, key)
        have = self._holdings(state)
        missing = sum(max(0, k - have.get(g, 0)) for g, k in info.goods.items())
        if state.period == "靖难":
            rounds_left = 0  # the war may end after any round, failing reserved 洪武 orders
        elif state.period == "后期":
            rounds_left = len(state.event_deck) - (state.params.rules.final_event_ends == "this_round")
        else:
            rounds_left = 3  # 洪武 orders stay open through the war
        if missing and missing > 2 * rounds_left:
            return 99.0
        return 0.0

    def _best_public(self, state: MingchuState) -> str:
        reservable = [
            o for o in state.public_orders if order_info(state, o.order).deck in ("洪武", "建文", "永乐")
        ]
        pool = reservable or state.public_orders
        if self._best_cache is None:
            self._best_cache = max(pool, key=lambda o: self._order_worth(state, o.order)).order
        return self._best_cache

    def _context(self, state: MingchuState, kind: str) -> dict:
        if self._required_cache is None:
            self._required_cache = self._required(state)
            self._needed_cache = self._required_cache - self._holdings(state)
        required = self._required_cache
        context: dict[str, Any] = {"kind": kind, "needed": self._needed_cache, "required": required}
        if kind in ("good_dest", "produce", "card_goods"):
            context["carrier"] = self._carrier(state)
        if kind in ("good_dest", "card_goods"):
            context["good"] = state.decision().data["good"]
        if kind == "turn":
            data = state.decision().data
            if data["manager"] is not None:
                context["here"] = state.players[self.seat].managers[data["manager"]]
                key = self._goal_key(state, data)
                goal = self._goals.get(key)
                if goal is None:
                    goal = self._goals[key] = self._goal(state, data)
                context["goal"] = goal
                context["goal_dist"] = self._distances(state, context["goal"][1])
                context["moves_wanted"] = self._moves_wanted(state, data, context)
        if kind == "war" and state.round not in self._war_contrarian:
            self._war_contrarian[state.round] = self._ties.chance(state.round, "war") < 0.3
        return context

    def _moves_wanted(self, state: MingchuState, data: dict, context: dict) -> int:
        """Roads to the goal the active 掌柜 would pay for (a counted step, 伙计 or 恩义), less its 马."""
        player = state.players[self.seat]
        here, manager = context["here"], data["manager"]
        wanted = int(context["goal_dist"][here] + 0.5)
        pack = player.packs[state.pack_index(manager)]
        if wanted and not player.horse_used[manager] and any(state.topo.goods[g].free_moves for g in pack):
            wanted -= 1
        return wanted

    # --- turn goals ----------------------------------------------------------------------------

    def _goal_key(self, state: MingchuState, data: dict) -> tuple:
        """What ``_goal`` reads besides the plan: the 掌柜 and its steps, the seat's coins, 伙计,
        markers, loans, 专营 level and permits, 门客 and this round's modifiers, and the 驿道 built
        (they only grow); the plan key holds orders, goods and industries."""
        player = state.players[self.seat]
        return (
            data["manager"],
            player.managers[data["manager"]],
            data["steps"],
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

    def _goal(self, state: MingchuState, data: dict) -> tuple[float, int, Any]:
        """(value, place, main action or None) the active 掌柜 works towards this turn."""
        seat = self.seat
        player = state.players[seat]
        rules = state.params.rules
        here = player.managers[data["manager"]]
        dist = self._distances(state, here)
        steps = data["steps"]
        best: tuple[float, int, Any] = (0.0, here, None)
        key = player.personal_order
        if key is not None and self.persona.chase_orders > 0:
            info = order_info(state, key)
            share = 1 - sum(self._needed_cache.values()) / sum(info.goods.values())
            place = state.topo.place_index[info.place]
            if share >= 0.5 and place != here:  # walk there while the last goods come (none there)
                best = (10 + 20 * share, place, None)
        for key in [o.order for o in state.public_orders] + (
            [player.personal_order] if player.personal_order else []
        ):
            place = state.topo.place_index[order_info(state, key).place]
            pack = state.pack_index(data["manager"])
            payable = self._payable.get((key, place, pack))
            if payable is None:  # the plan key holds the packs and the warehouse: kept with the plan
                payable = self._payable[key, place, pack] = (
                    payment(state, seat, key, place, [pack]) is not None
                )
            if payable:
                value = 100 + order_info(state, key).points - dist[place]
                best = (value, place, None) if value > best[0] else best  # ties keep the first, like max()
        sites, roads = self._near(state, here, dist)
        for place, near in sites:
            if near + steps > rules.build_max_moved:
                continue
            site = state.topo.site[place]
            cost = build_cost(state, seat, place)
            short = 0
            if cost is None and self.persona.loans_for_builds:
                short = self._loan_short(state, place)
            if cost is not None or short:
                value = (
                    self.persona.build + state.topo.goods[site.good].base_value - 0.2 * site.cost - 3 * short
                )
                value += 25 * (self._needed_cache[site.good] > 0)
                best = (value, place, A.BuildIndustry(place)) if value > best[0] else best
        if roads and player.supply > 0 and not forbidden(state, seat, "road"):  # as ``road_costs``
            cut = modifier_total(state, seat, "discount", action="road")
            info, yidao = state.topo.roads, state.yidao
            for road, near, place in roads:
                if near + steps > rules.road_max_moved or road in yidao:
                    continue
                if max(0, info[road].yidao_cost - cut) > player.workers:
                    continue
                value = self.persona.road + self._road_worth(state, road)
                best = (value, place, A.BuildRoad(road)) if value > best[0] else best
        if best[0] <= 0 and steps == 0:
            far = self._far_target(state, dist)
            if far is not None:
                best = (FAR_GOAL, far, None)
        return best

    def _far_target(self, state: MingchuState, dist: list[float]) -> int | None:
        """With nothing to do within this turn's reach: the nearest place where the seat could build
        an industry or a 驿道 now, to be walked towards (for its next turn) on uncounted roads and
        counted steps only."""
        seat = self.seat
        costs = road_costs(state, seat)
        places = [
            p for p, site in enumerate(state.topo.site) if site and build_cost(state, seat, p) is not None
        ]
        places += [end for r, cost in enumerate(costs) if cost is not None for end in state.topo.road_ends[r]]
        return min(places, key=lambda p: (dist[p], p), default=None)

    def _near(self, state: MingchuState, here: int, dist: list[float]) -> tuple[list, list]:
        """Building sites and non-water roads within reach of ``here`` for a build or a 驿道 (by the
        rules' move limits), with their distances; kept with the distances (``_distances``)."""
        key = (self._board_key(state), "near", here)
        near = self._boards.get(key)
        if near is None:
            rules = state.params.rules
            topo = state.topo
            sites = [
                (p, int(dist[p]))
                for p, site in enumerate(topo.site)
                if site is not None and int(dist[p]) <= rules.build_max_moved
            ]
            roads = []
            for road, (a, b) in enumerate(topo.road_ends):
                d = int(min(dist[a], dist[b]))
                if d <= rules.road_max_moved and topo.roads[road].kind != "water":
                    roads.append((road, d, a if dist[a] <= dist[b] else b))
            near = self._boards[key] = (sites, roads)
        return near

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
        return loans if 0 < loans <= 1 else 0

    def _road_worth(self, state: MingchuState, road: int) -> float:
        """More for 驿道 next to other players' industries and busy junctions."""
        worth = 0.0
        for end in state.topo.road_ends[road]:
            ind = state.industries.get(end)
            if ind is not None:
                worth += 6 if ind.owner not in (self.seat, OFFICIAL) else 3
            worth += len(state.topo.adjacent[end])
        if state.topo.roads[road].kind == "dashed":
            worth += 4
        return worth - state.topo.roads[road].yidao_cost


def _factory(persona: str):
    def make(seat: int) -> HeuristicBot:
        return HeuristicBot(seat, persona)

    return make


BOTS = {name: _factory(name) for name in PERSONAS}
