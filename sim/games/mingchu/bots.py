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

War (all): support the side ahead, each settlement with 30% chance the other side; commit up to 2
held markers (roadbuilder: all of them) and, with more than 15 coins, up to 3 coin markers.
门客: the face-up card whose ability and passives suit the personality (build discounts for the
industrialist, road discounts for the roadbuilder). Cards (皇恩, 下赏/上赏, 门客 abilities) are played
as soon as their effects are worth something now (a free build only where one is possible; a
harmful 皇恩卡 on the player with most orders). 皇恩计分卡: the one worth most now; 天威卡: the
one costing least now. Loans are repaid with 3 coins to spare; own 恩义 is bought back whenever
3 coins are left.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sim.games.mingchu import actions as A
from sim.games.mingchu.effects import score_rule
from sim.games.mingchu.orders import order_info, payment
from sim.games.mingchu.paths import road_usable, sale_price
from sim.games.mingchu.periods import side_markers
from sim.games.mingchu.quick import ANYTIME
from sim.games.mingchu.state import OFFICIAL, SIDES, MingchuState
from sim.games.mingchu.turn import build_cost, monopoly_allowed, road_cost, road_costs


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

GOOD_EFFECT_VALUE = {
    "gain_coins": 1.0,
    "gain_workers": 2.0,
    "gain_favor": 1.0,
    "reclaim_favor": 1.5,
    "worker_track": 8.0,
    "income_track": 3.0,
    "draw_grace": 3.0,
    "gain_vp": 8.0,
    "free_build": 12.0,
    "free_road": 8.0,
    "bonus_moves": 2.0,
    "monopoly_permit": 6.0,
    "hire_retainer": 8.0,
    "take_score_card": 8.0,
    "random_coins": 2.0,
    "discount": 2.0,
    "sell_bonus": 2.0,
    "produce_bonus": 4.0,
    "extra_moves": 2.0,
    "income_bonus": 1.0,
    "gain_goods": 4.0,
    "bank": 1.5,
    "lose_coins": -1.0,
    "lose_workers": -2.0,
    "lose_goods": -6.0,
    "forbid": -4.0,
    "move_to_capital": -3.0,
}


def effects_value(effects) -> float:
    """A rough worth of a list of effects to the player who receives them."""
    total = 0.0
    for eff in effects:
        weight = GOOD_EFFECT_VALUE.get(eff.effect, 0.0)
        amount = getattr(eff, "amount", None) or getattr(eff, "steps", None) or 1
        total += weight * amount
    return total


def free_distances(state: MingchuState, seat: int, source: int) -> list[float]:
    dist = [99.0] * len(state.topo.places)
    dist[source] = 0.0
    heap = [(0.0, source)]
    while heap:
        d, place = heapq.heappop(heap)
        if d > dist[place]:
            continue
        for road, other in state.topo.adjacent[place]:
            if not road_usable(state, road):
                continue
            free = state.yidao.get(road) in (seat, OFFICIAL) and state.topo.roads[road].kind != "water"
            nd = d + (0.01 if free else 1.0)
            if nd < dist[other]:
                dist[other] = nd
                heapq.heappush(heap, (nd, other))
    return dist


_BEFORE_TURN = (A.Done, A.ChooseColumn, A.PlaceManager, A.PlaceOfficialRoad, A.ProduceOwn, A.ProduceForeign)
_BEFORE_TURN += (A.GoodTo, A.SellProduced, *(t for t in ANYTIME if t is not A.TakeLoan))
_TURN_VALUED = frozenset(
    t
    for t in vars(A).values()
    if isinstance(t, type) and t.__module__ == A.__name__ and t not in _BEFORE_TURN
)
"""Action types ``_value`` hands straight to ``_turn_value`` in a turn (the checks before it never match)."""


class HeuristicBot:
    """Greedy one-step scorer parametrised by a ``Persona``."""

    def __init__(self, seat: int, persona: str) -> None:
        self.seat = seat
        self.name = persona
        self.persona = PERSONAS[persona]
        self._war_contrarian: dict[int, bool] = {}
        self._needed_cache: Counter = Counter()
        self._dist_cache: dict = {}
        self._avail_cache: dict[str, float] = {}
        self._avail_key: tuple = ()  # (state, industries built): industries are only ever added
        self._worth_cache: dict[str, float] = {}  # per choose(): the state does not change inside it
        self._best_cache: str | None = None
        self._have: Counter | None = None

    def _distances(self, state: MingchuState, source: int) -> list[float]:
        """``free_distances`` cached until the next 驿道 is built (驿道 are never removed)."""
        key = (source, len(state.yidao))
        if key not in self._dist_cache:
            self._dist_cache[key] = free_distances(state, self.seat, source)
        return self._dist_cache[key]

    # --- entry point ----------------------------------------------------------------------------

    def choose(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        kind = state.decision().kind
        if self._avail_key != (id(state), len(state.industries)):
            self._avail_key = (id(state), len(state.industries))
            self._avail_cache = {}
        self._worth_cache = {}
        self._best_cache = None
        self._have = None
        context = self._context(state, kind, rng)
        noise = rng.random(len(legal)).tolist()  # tiny random tie-breaks; the first best wins
        values = [
            float(self._value(state, kind, a, context)) + e * 1e-3 for a, e in zip(legal, noise, strict=True)
        ]
        return legal[max(range(len(values)), key=values.__getitem__)]

    # --- shared context ------------------------------------------------------------------------

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
        if good in self._avail_cache:
            return self._avail_cache[good]
        self._avail_cache[good] = value = self._availability_now(state, good)
        return value

    def _availability_now(self, state: MingchuState, good: str) -> float:
        owners = [ind.owner for place, ind in state.industries.items() if state.topo.site[place].good == good]
        if self.seat in owners:
            return 1.0
        if owners:
            return 2.0
        if any(site is not None and site.good == good for site in state.topo.site):
            return 4.0
        return 6.0

    def _holdings(self, state: MingchuState) -> Counter:
        """Goods in both packs and the warehouse (cached for one ``choose``)."""
        if self._have is None:
            player = state.players[self.seat]
            self._have = player.backpack + player.warehouse
        return self._have

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

    def _context(self, state: MingchuState, kind: str, rng: np.random.Generator) -> dict:
        required = self._required(state)
        context: dict[str, Any] = {
            "needed": required - self._holdings(state),
            "required": required,
        }
        self._needed_cache = context["needed"]
        if kind in ("good_dest", "produce", "card_goods"):
            context["carrier"] = self._carrier(state)
        if kind == "turn":
            data = state.decision().data
            if data["manager"] is not None:
                context["goal"] = self._goal(state, data)
                context["goal_dist"] = self._distances(state, context["goal"][1])
        if kind == "war" and state.round not in self._war_contrarian:
            self._war_contrarian[state.round] = bool(rng.random() < 0.3)
        return context

    # --- turn goals ----------------------------------------------------------------------------

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
            if share >= 0.5:
                best = (10 + 20 * share, state.topo.place_index[info.place], None)
        for key in [o.order for o in state.public_orders] + (
            [player.personal_order] if player.personal_order else []
        ):
            place = state.topo.place_index[order_info(state, key).place]
            if payment(state, seat, key, place, [state.pack_index(data["manager"])]) is not None:
                value = 100 + order_info(state, key).points - dist[place]
                best = (value, place, None) if value > best[0] else best  # ties keep the first, like max()
        for place, site in enumerate(state.topo.site):
            if site is None or int(dist[place]) + steps > rules.build_max_moved:
                continue
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
        costs = road_costs(state, seat)
        for road in range(len(state.topo.roads)):
            a, b = state.topo.road_ends[road]
            near = int(min(dist[a], dist[b]))
            if near + steps > rules.road_max_moved or costs[road] is None:
                continue
            value = self.persona.road + self._road_worth(state, road)
            place = a if dist[a] <= dist[b] else b
            best = (value, place, A.BuildRoad(road)) if value > best[0] else best
        return best

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

    # --- action values -------------------------------------------------------------------------

    def _value(self, state: MingchuState, kind: str, action, context: dict) -> float:  # noqa: C901
        seat = self.seat
        player = state.players[seat]
        needed: Counter = context["needed"]
        kind_of = type(action)
        if kind == "turn" and kind_of in _TURN_VALUED:
            return self._turn_value(state, action, context)
        if isinstance(action, A.Done):
            return 0.0
        if isinstance(action, A.ChooseColumn):
            return self._column_value(state, action.column)
        if isinstance(action, A.PlaceManager):
            ind = state.industries[action.place]
            return 10.0 * (ind.owner == seat) - sum(m == action.place for m in player.managers)
        if isinstance(action, A.PlaceOfficialRoad):
            return self._road_worth(state, action.road)
        if isinstance(action, A.ProduceOwn):
            return 50.0
        if isinstance(action, A.ProduceForeign):
            good = state.topo.site[action.place].good
            rich = player.coins >= state.topo.goods[good].base_value + 6
            if needed[good] == 0 or not (self.persona.chase_orders > 0 or rich):
                return -1.0
            return 25.0 + (action.manager == context["carrier"])
        if isinstance(action, A.GoodTo):
            good = state.decision().data["good"]
            if action.dest == "backpack":
                carrier = 1.0 if action.manager == context["carrier"] else 0.0
                return carrier + (60.0 if needed[good] > 0 else 2.0 + (good in ("马", "铁")) * 20)
            return {"store": 1.0, "warehouse": 0.5, "discard": -50.0}[action.dest]
        if isinstance(action, A.SellProduced):
            good = state.decision().data["good"]
            price = sale_price(state, seat, good, action.place, in_production=True)
            keep = needed[good] > 0 and not self.persona.sell_all
            return price * (0.5 if keep else 1.0) + 3
        if isinstance(action, A.TakeLoan) and kind != "turn":
            return -20.0
        if isinstance(action, ANYTIME) and not isinstance(action, A.TakeLoan):
            return self._anytime_value(state, action)
        if kind == "turn":
            return self._turn_value(state, action, context)
        if isinstance(action, A.PickRetainer):
            return self._retainer_value(state, action.card) if action.card else 1.0
        if isinstance(action, A.RefreshRetainers):
            return -1.0
        if isinstance(action, A.PickCard):
            return self._card_now(state, action.card, kind)
        if isinstance(action, A.WarCommit):
            return self._war_value(state, action)
        if isinstance(action, A.RepayLoan):
            return 1.0 if player.coins >= state.params.loans.repay + 3 else -1.0
        if isinstance(action, A.BuyBack):
            return 1.0 if player.coins >= 3 else -1.0
        if isinstance(action, A.BuildIndustry):
            return 10.0
        if isinstance(action, A.BuildRoad):
            return 5.0 + self._road_worth(state, action.road)
        return 0.0

    def _turn_value(self, state: MingchuState, action, context: dict) -> float:  # noqa: C901
        seat = self.seat
        player = state.players[seat]
        needed: Counter = context["needed"]
        if isinstance(action, A.SelectManager):
            return float(-action.manager)
        goal_value, goal_place, goal_action = context["goal"]
        here = player.managers[state.decision().data["manager"]]
        if isinstance(action, A.Move):
            if goal_place == here:
                return -10.0
            after = state.topo.other_end(action.road, here)
            goal_dist = context["goal_dist"]
            gain = goal_dist[here] - goal_dist[after]
            if gain <= 0:
                return -10.0
            cost = {"yidao": 0, "horse": 0, "bonus": 0, "step": 1, "yidao_paid": 2, "workers": 3}[action.mode]
            return 40.0 - cost
        if goal_action is not None and action == goal_action:
            return 30.0 + goal_value
        if isinstance(action, A.BuildIndustry):
            return self.persona.build * 0.5
        if isinstance(action, A.BuildRoad):
            return self.persona.road * 0.3 + self._road_worth(state, action.road) * 0.1
        if isinstance(action, A.HireWorker):
            track = state.params.worker_track
            cost = track[player.worker_pos + 1].cost
            spare = player.coins - cost
            return self.persona.hire - 2 * player.worker_pos if spare >= 4 else -1.0
        if isinstance(action, A.EndTurn):
            return 1.0
        if isinstance(action, A.Sell):
            have = self._holdings(state)[action.good]
            if have <= context["required"][action.good]:
                return -5.0  # keep what the planned orders use
            base = state.topo.goods[action.good].base_value
            price = sale_price(state, seat, action.good, action.place, in_production=False)
            return 5.0 + price - 0.6 * base
        if isinstance(action, A.Reserve):
            order = state.public_orders[action.slot].order
            if order != self._best_public(state) or self._order_worth(state, order) < self._reserve_bar(
                state, order
            ):
                return -1.0
            return 30.0 + 30.0 * self.persona.chase_orders
        if isinstance(action, A.Upgrade):
            ind = state.industries[action.place]
            return 45.0 if ind.owner == seat else 25.0
        if isinstance(action, (A.TakeStored, A.BuyStored)):
            good = state.industries[action.place].stored
            if isinstance(action, A.TakeStored):
                return 30.0
            return 35.0 if needed[good] > 0 else -2.0
        if isinstance(action, A.UseRetainer):
            return 20.0 + self._usable_value(state, state.topo.retainers[action.card].ability)
        if isinstance(action, A.TakeLoan):
            if goal_action is not None and isinstance(goal_action, A.BuildIndustry) and here == goal_place:
                return 20.0 if build_cost(state, seat, here) is None else -5.0
            return -20.0
        if isinstance(action, A.DiscardGood):
            return -state.topo.goods[action.good].base_value
        return -5.0

    def _retainer_value(self, state: MingchuState, card: str) -> float:
        """A 门客's worth: its ability, plus passives weighted by what this personality does most."""
        info = state.topo.retainers[card]
        value = 2.0 + effects_value(info.ability)
        for eff in info.passive:
            weight = 1.0
            if getattr(eff, "action", None) == "build":
                weight = self.persona.build / 25
            elif getattr(eff, "action", None) == "road":
                weight = self.persona.road / 25
            elif eff.effect in ("sell_bonus", "produce_bonus") and self.persona.sell_all:
                weight = 2.0
            value += weight * effects_value([eff])
        return value

    def _usable_value(self, state: MingchuState, effects) -> float:
        """``effects_value``, but a bonus build/road/retainer/score card that cannot be used now is worth nothing."""
        player = state.players[self.seat]
        places = set(player.managers)
        usable = []
        for eff in effects:
            if eff.effect == "free_build":
                if not any(
                    build_cost(state, self.seat, p, eff.discount, eff.ignore_monopoly) is not None
                    for p in places
                ):
                    continue
            elif eff.effect == "free_road":
                roads = {r for p in places for r, _ in state.topo.adjacent[p]}
                if not any(road_cost(state, self.seat, r, eff.discount) is not None for r in roads):
                    continue
            elif eff.effect == "hire_retainer" and len(player.retainers) >= state.params.rules.max_retainers:
                continue
            elif eff.effect == "take_score_card" and not state.score_row:
                continue
            usable.append(eff)
        return effects_value(usable)

    def _anytime_value(self, state: MingchuState, action) -> float:
        """Deliveries, card plays and 恩义 discards, in a turn or in production."""
        seat = self.seat
        player = state.players[seat]
        if isinstance(action, A.Deliver):
            return 200.0 + order_info(state, action.order).points
        if isinstance(action, A.PlayGrace):
            value = self._usable_value(state, state.topo.grace[action.card].effects)
            if action.target == seat:
                return 15.0 + value if value > 0 else -5.0
            if value < 0:
                leader = max(
                    (q for q in range(state.n) if q != seat), key=lambda q: len(state.players[q].completed)
                )
                return 15.0 - value if action.target == leader else -5.0
            return -5.0
        if isinstance(action, A.PlayReward):
            option = state.topo.rewards[action.card].options[action.option]
            value = self._usable_value(state, option)
            return 15.0 + value if value > 0 else -5.0
        if isinstance(action, A.DiscardFavor):
            short = self.persona.road > 30 and player.workers < 2
            return 3.0 if short else -5.0
        return -5.0

    def _column_value(self, state: MingchuState, column: int) -> float:
        retainer, families = state.draft_columns[column]
        value = 5.0 if retainer else 0.0
        for fid in families:
            card = state.topo.families[fid]
            site = state.topo.site[state.topo.place_index[card.place]]
            value += card.coins + 2 * card.workers + sum(card.goods.values()) * 3
            if site is not None:
                value += site.cost * (1.0 + self.persona.build / 100)
        return value

    def _card_now(self, state: MingchuState, card: str, kind: str) -> float:
        cards = state.topo.score_cards if kind == "pick_score" else state.topo.tianwei
        return float(sum(score_rule(state, self.seat, rule) for rule in cards[card].scoring))

    def _war_value(self, state: MingchuState, action: A.WarCommit) -> float:
        player = state.players[self.seat]
        side = SIDES.index(action.side)
        totals = [sum(side_markers(state, s, k) for s in range(state.n)) for k in range(2)]
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


def _factory(persona: str):
    def make(seat: int) -> HeuristicBot:
        return HeuristicBot(seat, persona)

    return make


BOTS = {name: _factory(name) for name in PERSONAS}
