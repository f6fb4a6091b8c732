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
one costing least now. Loans are repaid with 3 coins to spare while the points and interest they
cost are worth more than the repayment; own 恩义 is bought back whenever 3 coins are left.

Cards, 门客 and spending are valued in coins now from the variant's numbers and the seat's state
(``effect_kinds``: rounds left, what a point is worth in coins, a loan's cost, what a good fetches
here): 管家 banks only coins the seat will not need, 相士 and 铁匠 are not used into a loan, a 门客 is
drafted or hired by what it yields over the rounds left, and a build, a loan for a build or a
伙计 step only while it yields more than it costs (docs/rules/mingchu.md, Bots).

This module holds the personas and the plan (goods needed, the turn's goal, order and road worths);
``bots/values.py`` values each action type from it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

import numpy as np

from sim.core.tiebreak import KeyedTies

from ..rules import actions as A
from ..rules.building import build_cost, build_costs, monopoly_allowed, road_costs
from ..rules.effect_kinds import BELIEF_FIELDS, DEFAULT_BELIEFS, Beliefs, believe, loan_cost
from ..rules.modifiers import forbidden, modifier_total
from ..rules.orders import order_info, payable
from ..rules.paths import sale_prices
from ..rules.state import OFFICIAL, MingchuState
from ..rules.trade import ProposeTrade
from .trade import DECISIONS as TRADE_DECISIONS
from .trade import choose as choose_trade
from .trade import propose_value
from .values import (
    CAPS,
    FAR_GOAL,
    IN_TURN_OTHERWISE,
    OTHERWISE,
    PER_ACTION,
    TURN_CAPS,
    TURN_VALUES,
    VALUES,
    ActionValues,
    Context,
    build_worth,
    in_turn_otherwise,
    otherwise,
)


@dataclass(frozen=True)
class Persona:
    build: float
    road: float
    hire: float
    chase_orders: float  # 0..1: how much the bot plans goods for orders (1 = runner)
    sell_all: bool
    loans_for_builds: bool
    war_all_favor: bool
    beliefs: Beliefs = DEFAULT_BELIEFS  # what it believes of play (``effect_kinds.Beliefs``)


PERSONAS = {
    "runner": Persona(25, 5, 20, 1.0, False, False, False),
    "industrialist": Persona(70, 8, 25, 0.5, True, True, False),
    "roadbuilder": Persona(20, 60, 30, 0.5, False, False, True),
}


def persona_for(params: Any, name: str) -> Persona:
    """The persona ``name`` plays under ``params``: its own weights, with those the config's ``bots:``
    block sets for it (``params.BotWeights``; ``sim bots tune`` writes them)."""
    persona = PERSONAS[name]
    weights = getattr(params.bots, name, None)
    if weights is None:
        return persona
    given = {key: value for key, value in weights.model_dump().items() if value is not None}
    if not given:
        return persona
    believed = {key: given.pop(key) for key in BELIEF_FIELDS if key in given}
    if believed:
        given["beliefs"] = replace(persona.beliefs, **believed)
    return replace(persona, **given)


def road_weights(state: MingchuState, seat: int) -> list[float]:
    """Per road: what walking it adds in ``free_distances`` (0.01 on an own or 官府 驿道 off the
    water, 1.0 otherwise), or -1.0 where it cannot be walked (a dashed road without a 驿道, M28)."""
    kinds, dashed, yidao = state.topo.road_kind, state.topo.road_dashed, state.yidao  # (plain lists)
    weights: list[float] = []
    for road in range(len(kinds)):
        owner = yidao.get(road)
        if owner is None:  # no 驿道: a dashed road cannot be walked (``road_usable``)
            weights.append(-1.0 if dashed[road] else 1.0)
        elif (owner == seat or owner == OFFICIAL) and kinds[road] != "water":
            weights.append(0.01)
        else:
            weights.append(1.0)
    return weights


def free_distances(
    state: MingchuState, seat: int, source: int, weights: list[float] | None = None
) -> list[float]:
    """Roads to every place from ``source``, an own or 官府 驿道 counting 0.01 (99.0: unreachable).
    ``weights``: ``road_weights`` for the seat, when the caller keeps them.

    A queue of the places whose distance went down, each relaxing its roads again (Bellman-Ford's
    search with a queue): every weight is above 0, so the distances are the one solution of
    ``dist[p] = min(dist[q] + weight)`` over p's roads, the same floats as any shortest-path search
    that adds weights to settled distances (Dijkstra's, in the tests), whatever the order."""
    if weights is None:
        weights = road_weights(state, seat)
    size = len(state.topo.adjacent_roads)
    dist = [99.0] * size
    dist[source] = 0.0
    queued = [False] * size
    queued[source] = True
    _relax(state, weights, dist, [source], queued)
    return dist


def lowered_distances(
    state: MingchuState, weights: list[float], before: list[float], dist_before: list[float]
) -> list[float] | None:
    """``free_distances`` over the road weights ``weights`` from those searched over ``before``
    (``dist_before``, from the same place), when no road got dearer (-1.0, a road that cannot be
    walked, counting as dearest): a 驿道 built only lowers weights. The ends of the roads that got
    cheaper are relaxed again from the old distances, an upper bound. Each road adds at least 0.01,
    and a float sum never goes down as the distance it adds to grows, so ``dist[p] = min(dist[q] +
    weight)`` has one solution: the same floats as a search anew. None when a road got dearer."""
    ends = state.topo.road_ends
    if len(before) != len(weights) or len(dist_before) != len(state.topo.adjacent_roads):
        return None  # (another map)
    dist = list(dist_before)
    queued = [False] * len(dist)
    queue: list[int] = []
    for road in range(len(weights)):
        w, old = weights[road], before[road]
        if w == old:
            continue
        if w < 0 or (0 <= old < w):
            return None
        a, b = ends[road]
        if not queued[a]:
            queued[a] = True
            queue.append(a)
        if not queued[b]:
            queued[b] = True
            queue.append(b)
    _relax(state, weights, dist, queue, queued)
    return dist


def _relax(
    state: MingchuState, weights: list[float], dist: list[float], queue: list[int], queued: list[bool]
) -> None:
    """Bellman-Ford's search with a queue: each place taken from ``queue`` relaxes its roads, a place
    whose distance went down joining the queue again (``queued``: in it now), until none does."""
    topo = state.topo
    roads_at, places_at = topo.adjacent_roads, topo.adjacent_places
    i = 0
    while i < len(queue):
        place = queue[i]
        i += 1
        queued[place] = False
        d = dist[place]
        roads, others = roads_at[place], places_at[place]
        for j in range(len(roads)):
            w = weights[roads[j]]
            if w < 0:
                continue
            other = others[j]
            nd = d + w
            if nd < dist[other]:
                dist[other] = nd
                if not queued[other]:
                    queued[other] = True
                    queue.append(other)


class Board:
    """What a bot keeps for one set of 驿道 (``HeuristicBot._board_key``): the seat's road weights,
    the free distances from each place searched so far, and ``_within``'s places by (place, reach)."""

    def __init__(self, places: int) -> None:
        self.weights: list[float] | None = None
        self.dist: list[list[float] | None] = [None] * places
        self.within: dict[tuple[int, float], list[int]] = {}


def same_counts(goods: dict[str, int], kept: dict[str, int]) -> bool:
    """``goods == kept`` for a ``Counter`` of goods and its plain ``dict`` copy, as ``dict``
    compares them (the same goods listed, each with the same count; a good listed with 0 differs
    from one not listed). A ``Counter`` compared with a ``dict`` declines in interpreted code before
    ``dict``'s comparison answers: a plain copy of the ``Counter`` (made in C) is compared instead,
    which costs less than a compiled loop over the goods."""
    return dict(goods) == kept


_VALUES = {**VALUES, ProposeTrade: propose_value}
_TURN_VALUES = {**TURN_VALUES, ProposeTrade: propose_value}
"""The value tables with trading (``trade_bots``): an offer is opened when a good one is ready."""

UNVALUED: Final = float("inf")
"""A build or 驿道 goal value not worked out yet (``_build_values``): no value is ever +inf."""

NEVER: Final = float("-inf")
"""A goal value no goal is ever chosen for (a build or 驿道 not possible now): below every ``best``."""

TIE: Final = 1e-3
"""The scale of the keyed tie-break added to each value: it decides between equal values only."""

_PAYABLE_KEPT: Final = 1024
"""Goods at hand the bot's payment tables (goods at hand -> order and place -> can pay) are kept for."""


class HeuristicBot(ActionValues):
    """Greedy one-step scorer parametrised by a ``Persona``."""

    def __init__(self, seat: int, persona: str) -> None:
        self.seat = seat
        self.name = persona
        self.persona = PERSONAS[persona]
        self._war_contrarian = {}
        self._income_weights = {}
        self._income_params = None
        self._ties = KeyedTies()  # tie-breaks fixed by the situation, not by the stream's history
        self._needed_cache: dict[str, int] = {}  # per plan: goods still to get (positive counts)
        self._avail: dict[str, float] = {}  # good -> availability, for the industries below
        self._avail_layout: Any = None  # the plan's industries (``_layout``) ``_avail`` is for
        self._worth_cache: dict[str, float] = {}  # per choose(): the state does not change inside it
        self._best_cache: str | None = None
        self._have: dict[str, int] | None = None
        self._required_cache: dict[str, int] | None = None
        # what the plan was worked out from (``_plan_same``): copies, compared by content
        self._planned = False
        self._plan_order: str | None = None
        self._plan_public: list[str] = []
        self._plan_period = ""
        self._plan_packs: list[dict[str, int]] = []
        self._plan_store: dict[str, int] = {}
        self._layout: dict[int, Any] = {}  # the industries (places -> records, whose owners never change)
        self._layout_of: Any = None  # the state's table last found equal to ``_layout``, and its size
        self._layout_size = 0
        self._plan_capital = -1
        # (pack's goods, warehouse's, 京城) -> (order, place) -> can pay; per plan, by pack, the table
        self._payable: dict[tuple, dict[tuple[str, int], bool]] = {}
        self._pack_payable: list[dict[tuple[str, int], bool]] = []
        self._units: list[int] = []  # per plan, by pack: goods carried, then goods stored (``_goal``)
        self._needed_total = 0  # the goods still to get (``_needed_cache``'s sum)
        self._personal_at: tuple[int, int] | None = None  # per plan: ``_personal_target``
        self._buyback: dict[int, int] = {}  # holder -> markers to buy back in this settlement
        self._best_prices: dict[str, float] = {}  # good -> ``_best_price``, with the prices
        self._best_at: list[int] = []  # the 掌柜' places when ``_best_prices`` were started
        self._tops: dict[str, list[int]] = {}  # good -> by place, the best price within reach (-1: not yet)
        self._prices: dict[str, list[int]] = {}  # good -> ``sale_prices`` by place (``_sale_prices``)
        self._goals: dict[tuple, tuple] = {}  # goal key (``_goal_key``) -> the turn's goal, per plan
        self._yidao_seen: dict[int, int] | None = None  # the 驿道 when ``_roads`` was last worked out
        self._yidao_read: dict[int, int] | None = None  # the state's 驿道 table last compared, and its size
        self._yidao_size = 0
        self._roads: frozenset = frozenset()
        self._searched: dict[int, tuple[list[float], list[float]]] = {}  # place -> (road weights,
        # ``free_distances`` from it) of its last search, the start of the next (``lowered_distances``)
        self._boards: dict[frozenset, Board] = {}  # ``_roads`` -> what is kept for those 驿道
        self._board: Board | None = None  # the one for ``_board_for``, the ``_roads`` last read
        self._board_for: frozenset = frozenset()
        self._trade_plan: tuple = ()  # (turn key, the offer to make or None), ``trade_bots``
        self._map_of: Any = None  # the topology ``_sites``, ``_land_roads``, ``_site_goods`` were read from
        self._sites: list[int] = []
        self._land_roads: list[tuple[int, int, int]] = []
        self._site_goods: list[str] = []  # by place: the good its site makes ("" without a site)
        self._cheapest = 0  # the fewest 伙计 a 驿道 on a land road costs (before discounts)
        # what ``_prices`` were worked out with (``_sale_prices``): industries, 驿道, modifiers
        self._prices_layout: Any = None
        self._prices_board: frozenset = frozenset()
        self._prices_mods: list = []
        self._prices_retainers: list[str] = []
        self._prices_families: list[str] = []
        self._targets: list[tuple[str, int, int, int]] | None = None  # ``_order_targets``, per orders
        self._order_rows: dict[str, tuple[int, int, int]] = {}  # order card -> ``_order_target``
        self._order_rows_of: Any = None  # the topology ``_order_rows`` were read from
        self._specials: list[str] | None = None  # the special public orders (``_required``), the same
        self._build_key: tuple = ()  # ``_player_key`` when the build values below were started
        self._site_values: list[float] = []  # by place: ``_site_value`` or UNVALUED, per plan and key
        self._road_values: list[float] | None = None  # by road: ``_road_base`` or UNVALUED (below)
        self._road_cut = 0  # the 驿道 discount ``_goal`` prices a 驿道 with, kept with ``_roads_at``
        self._roads_open = False  # whether a 驿道 may be built at all (markers left, no ban), the same
        self._bases_layout: Any = None  # the industries and the count of 驿道 the road values are for
        self._bases_built = -1
        self._roads_at: tuple = ()  # ``_road_key`` when the road values were started
        self._road_worths: dict[int, float] = {}  # road -> ``_road_worth``, for the industries below
        self._worths_layout: Any = None  # the plan's industries (``_layout``) of the worths
        self._far_places: list[int] | None = None  # ``_build_places``, with the build values
        self._carriers: dict[tuple, int] = {}  # (掌柜 places, ``_roads``) -> ``_carrier``, per plan
        self._params_of: Any = None  # the parameters the settings below were read from (``_read_params``)
        self._later_final: Any = None
        self._ends_this_round = False
        self._build_moves = 0  # the rules' move limits before a build and a 驿道 (``_goal``)
        self._road_moves = 0
        self._reach = 0.0  # a turn's moves and a half (``_best_price``)
        self._best_value = NEVER  # the best of the last ``_values``
        self._sell_caps = {}  # (``_read_params``)
        self._hire_cap = 0.0
        self._open_sites: list[int] = []  # ``_open_map``: the sites without an industry, for ``_layout``
        self._open_layout: Any = None
        self._open_roads: list[tuple[int, int, int]] = []  # the land roads without a 驿道, for the table
        self._open_yidao: dict[int, int] | None = None  # and the size below
        self._open_built = -1

    def _board_key(self, state: MingchuState) -> frozenset:
        """The 驿道 the seat's free distances depend on: (road, free to walk) for its own and 官府
        ones and those opening a dashed road (M28); another player's 驿道 on a solid road changes
        nothing for them. Read again only when the 驿道 on the board differ from the last call: a 驿道
        once built stays with its owner (the table only grows), so the same table (a view shares the
        state's) of the same size is unchanged."""
        yidao = state.yidao
        if yidao is self._yidao_read and len(yidao) == self._yidao_size:
            return self._roads
        if yidao != self._yidao_seen:
            self._yidao_seen = dict(yidao)
            dashed, mine = state.topo.road_dashed, (self.seat, OFFICIAL)
            self._roads = frozenset(
                (road, owner in mine) for road, owner in yidao.items() if owner in mine or dashed[road]
            )
        self._yidao_read, self._yidao_size = yidao, len(yidao)
        return self._roads

    def _distances(self, state: MingchuState, source: int) -> list[float]:
        """``free_distances``, kept by the bot while the 驿道 it depends on stay the same."""
        board = self._board_now(state)
        dist = board.dist[source]
        if dist is None:
            weights = board.weights
            if weights is None:
                weights = board.weights = road_weights(state, self.seat)
            last = self._searched.get(source)
            if last is not None:
                dist = lowered_distances(state, weights, last[0], last[1])
            if dist is None:
                dist = free_distances(state, self.seat, source, weights)
            board.dist[source] = dist
            self._searched[source] = (weights, dist)
        return dist

    def _board_now(self, state: MingchuState) -> Board:
        """What is kept for the 驿道 the seat's distances depend on now (``_board_key``): the last
        one while ``_board_key`` gives the same set, else the one kept for an equal set, else a new one."""
        key = self._board_key(state)
        board = self._board
        if board is None or key is not self._board_for:
            board = self._boards.get(key)
            if board is None:
                board = self._boards[key] = Board(len(state.topo.adjacent_roads))
            self._board, self._board_for = board, key
        return board

    # --- entry point ----------------------------------------------------------------------------

    def choose(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        if self._ties.salt is None:
            self._ties.start(rng)  # the game's salt, drawn once (a call less per decision after)
        if state.params is not self._params_of:
            self._read_params(state.params)
        believe(self.persona.beliefs)
        decision = state.decision()
        kind = decision.kind
        if kind == "buyback":
            return self._buy_back(state, legal, rng)
        if kind in TRADE_DECISIONS:
            return choose_trade(self, state, legal)  # (an offer list answers `in` without being made)
        # the distances live in the state's board cache; the plan (goods held and needed, order worths)
        # is kept while what it reads is the same (compared by content, see ``_plan_same``)
        if not self._plan_same(state):
            self._keep_plan(state)
        context = self._context(state, kind, decision.data)
        values = _values(self, state, legal, context, kind == "turn")
        # the best of value + a keyed number below TIE (the first best wins); only moves within TIE
        # of the best can win, so only theirs are drawn (loops, not ``max``: no call per decision)
        top = self._best_value - TIE
        close = [i for i, v in enumerate(values) if v >= top]
        if len(close) == 1:
            return legal[close[0]]
        noise = self._ties.noise([legal[i] for i in close], state.round, kind)
        if len(noise) != len(close):
            raise ValueError("one tie-break number per close action")
        pick = 0
        best = values[close[0]] + noise[0] * TIE
        for j in range(1, len(close)):
            total = values[close[j]] + noise[j] * TIE
            if total > best:
                pick, best = j, total
        return legal[close[pick]]

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
                if coins < 3:
                    break  # ``Done`` (0) beats buying (-1)
                if len(holders) == 1:
                    q = holders[0]  # (no tie to break: the numbers depend on nothing else)
                else:
                    noise = self._ties.noise(holders, state.round, "buyback", coins)
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

    def _plan_same(self, state: MingchuState) -> bool:
        """Whether everything the plan reads is as when it was worked out (``_keep_plan``): orders,
        period, the seat's goods, the industries (their places and records: an industry's owner never
        changes, so the same record, or an equal copy, has the same owner; the stored good and upgrade
        a record also holds only make plans differ more often), the 京城. Compared in place, without
        building a key: the micro-steps of a turn or a production step mostly leave it alone, so the
        plan is computed once for them."""
        if not self._planned:
            return False
        player = state.players[self.seat]
        if player.personal_order != self._plan_order or state.period != self._plan_period:
            return False
        if state.capital != self._plan_capital:
            return False
        public, kept = state.public_orders, self._plan_public
        if len(public) != len(kept):
            return False
        for i in range(len(kept)):
            if public[i].order != kept[i]:
                return False
        packs, kept_packs = player.packs, self._plan_packs
        if len(packs) != len(kept_packs):
            return False
        for i in range(len(kept_packs)):
            if not same_counts(packs[i], kept_packs[i]):
                return False
        if not same_counts(player.warehouse, self._plan_store):
            return False
        return self._same_layout(state)

    def _same_layout(self, state: MingchuState) -> bool:
        """``state.industries == self._layout``, answered without comparing while the state's table is
        the one last found equal and has the same size: the engine only adds industries (a build goes
        to a free site) and edits a record in place, never replaces or removes one, so such a table
        holds the same records (a state's copy, with copied records, is another table: compared)."""
        industries = state.industries
        if industries is self._layout_of and len(industries) == self._layout_size:
            return True
        if industries != self._layout:
            return False
        self._layout_of, self._layout_size = industries, len(industries)
        return True

    def _keep_plan(self, state: MingchuState) -> None:
        """Start a plan: copy what ``_plan_same`` compares and drop what was kept per plan. The
        industries' copy (``_layout``) is kept while equal, so the values kept for the industries
        (availability, road worths, prices) compare it by identity."""
        player = state.players[self.seat]
        public = [o.order for o in state.public_orders]
        if not self._planned or player.personal_order != self._plan_order or public != self._plan_public:
            self._targets = None  # ``_order_targets`` reads the orders alone
            self._specials = None
        self._planned = True
        self._plan_order = player.personal_order
        self._plan_public = public
        self._plan_period = state.period
        self._plan_packs = [dict(pack) for pack in player.packs]
        self._plan_store = dict(player.warehouse)
        if not self._same_layout(state):
            self._layout = dict(state.industries)
            self._layout_of, self._layout_size = state.industries, len(state.industries)
        self._plan_capital = state.capital
        self._worth_cache = {}
        self._best_cache = None
        self._have = None
        self._required_cache = None
        self._goals = {}
        self._carriers = {}
        self._build_key = ()
        self._units = []
        self._pack_payable = []
        self._personal_at = None

    def _required(self, state: MingchuState) -> dict[str, int]:
        """All goods of the orders being planned: the personal one (runners: best public, special)."""
        player = state.players[self.seat]
        keys = [player.personal_order] if player.personal_order else []
        if self.persona.chase_orders >= 1 and not keys and state.public_orders:
            keys.append(self._best_public(state))
        if self.persona.chase_orders > 0 and state.period == "靖难":
            specials = self._specials
            if specials is None:  # kept while the orders stay the same, like ``_order_targets``
                specials = self._specials = [
                    o.order for o in state.public_orders if order_info(state, o.order).deck.endswith("特别")
                ]
            if specials:
                keys.append(self._most_worth(state, specials))
        need: dict[str, int] = {}
        for key in keys:
            goods: dict[str, int] = order_info(state, key).goods
            for good, count in goods.items():
                need[good] = need.get(good, 0) + count
        return need

    def _carrier(self, state: MingchuState) -> int:
        """The 掌柜 collecting order goods: the one already carrying most of them, else the nearer one."""
        player = state.players[self.seat]
        if player.personal_order is None:
            return 0
        # kept per plan (the order, the packs) for the 掌柜' places and the 驿道 the distances read
        key = (tuple(player.managers), self._board_key(state))
        carrier = self._carriers.get(key)
        if carrier is None:
            carrier = self._carriers[key] = self._nearest_carrier(state)
        return carrier

    def _nearest_carrier(self, state: MingchuState) -> int:
        player = state.players[self.seat]
        info = order_info(state, player.personal_order)
        dist = self._distances(state, state.topo.place_index[info.place])

        goods: dict[str, int] = info.goods
        best, best_held, best_dist = (
            0,
            -1,
            0.0,
        )  # most held, then nearest, then the first (a loop: no key tuples)
        for m in range(len(player.managers)):
            pack = player.packs[state.pack_index(m)]
            held = 0
            for g, k in goods.items():
                held += min(pack.get(g, 0), k)
            d = dist[player.managers[m]]
            if held > best_held or (held == best_held and d < best_dist):
                best, best_held, best_dist = m, held, d
        return best

    def _availability(self, state: MingchuState, good: str) -> float:
        """How hard a good is to get: own industry 1, any industry 2, a free site 4, else 6. Kept while
        the industries (their places and owners, the plan's ``_layout``) stay the same."""
        return self._availabilities(state).get(good, 6.0)

    def _availabilities(self, state: MingchuState) -> dict[str, float]:
        """``_availability`` by good, for the goods with a site (the others: 6)."""
        layout = self._layout
        if layout is not self._avail_layout:
            if layout != self._avail_layout:
                site_good = state.topo.site_good  # ("" without a site)
                avail = {good: 4.0 for good in site_good if good}
                for place, ind in state.industries.items():
                    kind = site_good[place]
                    avail[kind] = 1.0 if ind.owner == self.seat or avail[kind] == 1.0 else 2.0
                self._avail = avail
            self._avail_layout = layout
        return self._avail

    def _holdings(self, state: MingchuState) -> dict[str, int]:
        """Goods in both packs and the warehouse (kept with the plan; read with ``get``: a good may
        be listed with 0)."""
        have = self._have
        if have is None:
            player = state.players[self.seat]
            have = {}
            for pack in player.packs:
                for good, count in pack.items():
                    have[good] = have.get(good, 0) + count
            for good, count in player.warehouse.items():
                have[good] = have.get(good, 0) + count
            self._have = have
        return have

    def _best_price(self, state: MingchuState, good: str) -> float:
        """The best price ``good`` fetches where a 掌柜 can sell it by its next turn (a free distance
        within one turn's moves); 0 in the last round, when unsold goods are worth nothing. Kept with
        the prices (``_sale_prices``, whose key holds the 驿道 the distances read) while the 掌柜
        stand where they stood; the best price within reach of each place (``_tops``) is kept with
        the prices alone, so a 掌柜 that moves looks up its new place's."""
        if self._last_round(state):
            return 0.0
        prices = self._sale_prices(state, good)
        managers = state.players[self.seat].managers
        if managers != self._best_at:
            self._best_at = list(managers)
            self._best_prices = {}
        best = self._best_prices.get(good)
        if best is None:
            tops = self._tops.get(good)
            if tops is None:
                tops = self._tops[good] = [-1] * len(prices)
            best = 0.0
            for at in set(managers):
                top = tops[at]
                if top < 0:
                    top = tops[at] = self._top_price(state, prices, at)
                best = max(best, top)
            self._best_prices[good] = best
        return best

    def _top_price(self, state: MingchuState, prices: list[int], at: int) -> int:
        """The best of ``prices`` within a turn's moves and a half of ``at`` (``at`` itself is: no
        price is below 0)."""
        if state.params is not self._params_of:
            self._read_params(state.params)
        top = -1
        for place in self._within(state, at, self._reach):
            if prices[place] > top:
                top = prices[place]
        return top

    def _within(self, state: MingchuState, at: int, reach: float) -> list[int]:
        """The places at a free distance of at most ``reach`` from ``at``, in map order; kept with the
        distances (by the 驿道 they depend on)."""
        kept = self._board_now(state).within
        key = (at, reach)
        places = kept.get(key)
        if places is None:
            dist = self._distances(state, at)
            places = kept[key] = [place for place in range(len(dist)) if dist[place] <= reach]
        return places

    def _sale_prices(self, state: MingchuState, good: str) -> list[int]:
        """``sale_prices`` of ``good`` outside production. Kept while the industries (the price
        sources, the plan's ``_layout``), the dashed roads opened (in ``_board_key``) and
        the seat's modifiers (this round's, by content, its 门客 and 家族) stay the same."""
        player = state.players[self.seat]
        layout, board, mods = self._layout, self._board_key(state), state.round_mods[self.seat]
        if (
            (layout is not self._prices_layout and layout != self._prices_layout)
            or (board is not self._prices_board and board != self._prices_board)
            or mods != self._prices_mods
            or player.retainers != self._prices_retainers
            or player.families != self._prices_families
        ):
            self._prices_board = board
            self._prices_mods = list(mods)
            self._prices_retainers = list(player.retainers)
            self._prices_families = list(player.families)
            self._prices = {}
            self._best_prices = {}
            self._tops = {}
        self._prices_layout = layout  # the same industries: the next look-up compares identities
        prices = self._prices.get(good)
        if prices is None:
            prices = self._prices[good] = sale_prices(state, self.seat, good, in_production=False)
        return prices

    def _last_round(self, state: MingchuState) -> bool:
        """The game ends after this round's actions (M59: 天数将至 revealed, ``final_event_ends``)."""
        if state.final_round:
            return True
        params = state.params
        if params is not self._params_of:
            self._read_params(params)
        return self._ends_this_round and state.next_event == self._later_final

    def _read_params(self, params: Any) -> None:
        """The settings the bot reads at many decisions, copied once per game's parameters (a read
        of the parameters' models costs several times a compiled class's)."""
        rules = params.rules
        self._params_of = params
        self.persona = persona_for(params, self.name)  # the config's ``bots:`` weights, if any
        self._later_final = params.setup.later_final_event
        self._ends_this_round = rules.final_event_ends == "this_round"
        self._build_moves = rules.build_max_moved
        self._road_moves = rules.road_max_moved
        self._reach = rules.moves_per_turn + 0.5
        self._sell_caps = {good.id: 2.0 + 4.0 * (good.base_value + 1) for good in params.goods}
        self._hire_cap = float(self.persona.hire)

    def _order_worth(self, state: MingchuState, key: str) -> float:
        worth = self._worth_cache.get(key)
        if worth is None:
            info = order_info(state, key)
            goods: dict[str, int] = info.goods
            points: int = info.points
            have = self._holdings(state)
            avail = self._availabilities(state)
            cost = 0.0  # each missing good at its availability (a loop: no generator)
            for g, k in goods.items():
                missing = k - have.get(g, 0)
                if missing > 0:
                    cost += avail.get(g, 6.0) * missing
            worth = points - cost
            self._worth_cache[key] = worth
        return worth

    def _most_worth(self, state: MingchuState, keys: list[str]) -> str:
        """The order of ``keys`` worth most (``_order_worth``; the first of equals, like ``max``)."""
        best = keys[0]
        most = self._order_worth(state, best)
        for i in range(1, len(keys)):
            worth = self._order_worth(state, keys[i])
            if worth > most:
                best, most = keys[i], worth
        return best

    def _reserve_bar(self, state: MingchuState, key: str) -> float:
        """Worth needed to reserve: an order that will be lost at the period's end needs its goods now."""
        goods: dict[str, int] = order_info(state, key).goods
        have = self._holdings(state)
        missing = 0
        for g, k in goods.items():
            missing += max(0, k - have.get(g, 0))
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
        """The public order worth most, among the reservable ones if any (kept with the plan, which
        holds the orders)."""
        if self._best_cache is None:
            reservable = [
                o.order
                for o in state.public_orders
                if order_info(state, o.order).deck in ("洪武", "建文", "永乐")
            ]
            pool = reservable or [o.order for o in state.public_orders]
            self._best_cache = self._most_worth(state, pool)
        return self._best_cache

    def _context(self, state: MingchuState, kind: str, data: dict | None = None) -> Context:
        """What the value functions read besides the state: the goods needed and required, the
        decision's ``data`` (given by ``choose``, else read from the state), and per kind the 掌柜
        collecting goods, the good placed, the turn's goal."""
        if self._required_cache is None:
            self._required_cache = self._required(state)
            have = self._holdings(state)
            needed: dict[str, int] = {}
            for good, count in self._required_cache.items():
                if count - have.get(good, 0) > 0:
                    needed[good] = count - have.get(good, 0)
            self._needed_cache = needed
            total = 0
            for count in needed.values():
                total += count
            self._needed_total = total
        required = self._required_cache
        if data is None:
            data = state.decision().data
        context = Context(kind, self._needed_cache, required, data)
        if kind in ("good_dest", "produce", "card_goods"):
            context.carrier = self._carrier(state)
        if kind in ("good_dest", "card_goods"):
            context.good = data["good"]
        if kind == "turn":
            if data["manager"] is not None:
                context.here = state.players[self.seat].managers[data["manager"]]
                key = self._goal_key(state, data)
                goal = self._goals.get(key)
                if goal is None:
                    goal = self._goals[key] = self._goal(state, data, key[3])
                context.goal = goal
                context.goal_dist = self._distances(state, context.goal[1])
                context.moves_wanted = self._moves_wanted(state, data, context)
        if kind == "war" and state.round not in self._war_contrarian:
            self._war_contrarian[state.round] = self._ties.chance(state.round, "war") < 0.3
        return context

    def _moves_wanted(self, state: MingchuState, data: dict, context: Context) -> int:
        """Roads to the goal the active 掌柜 would pay for (a counted step, 伙计 or 恩义), less its 马."""
        player = state.players[self.seat]
        here, manager = context.here, data["manager"]
        wanted = int(context.goal_dist[here] + 0.5)
        pack = player.packs[state.pack_index(manager)]
        if wanted and not player.horse_used[manager]:
            free_move_goods = state.topo.free_move_goods  # the goods with ``free_moves``
            for good in pack:
                if good in free_move_goods:
                    return wanted - 1
        return wanted

    # --- turn goals ----------------------------------------------------------------------------

    def _goal_key(self, state: MingchuState, data: dict) -> tuple:
        """What ``_goal`` reads besides the plan: the 掌柜 and its steps, and what ``_player_key``
        holds."""
        manager = data["manager"]
        return (manager, state.players[self.seat].managers[manager], data["steps"], self._player_key(state))

    def _player_key(self, state: MingchuState) -> tuple:
        """The seat's coins, 伙计, markers, loans, 专营 level and permits, 门客 and this round's
        modifiers, and the 驿道 built (they only grow); the plan holds orders, goods and industries."""
        player = state.players[self.seat]
        return (
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

    def _goal(
        self, state: MingchuState, data: dict, player_key: tuple | None = None
    ) -> tuple[float, int, Any]:
        """(value, place, main action or None) the active 掌柜 works towards this turn (``player_key``:
        ``_player_key`` of the state, when the caller has it)."""
        seat = self.seat
        player = state.players[seat]
        here = player.managers[data["manager"]]
        dist = self._distances(state, here)
        steps: int = data["steps"]
        best: tuple[float, int, Any] = (0.0, here, None)
        key = player.personal_order
        if key is not None and self.persona.chase_orders > 0:
            place, size = self._personal_target(state, key)
            share = 1 - self._needed_total / size
            if share >= 0.5 and place != here:  # walk there while the last goods come (none there)
                best = (10 + 20 * share, place, None)
        pack = state.pack_index(data["manager"])
        units = self._units
        if not units:  # per plan: goods carried in each pack, then goods stored
            units = self._units = [sum(goods.values()) for goods in player.packs]
            units.append(sum(player.warehouse.values()))
        carried, stored = units[pack], units[-1]
        capitals = state.capitals_with_warehouse()
        for key, place, points, size in self._order_targets(state):
            if carried + (stored if place in capitals else 0) < size:
                continue  # each good asked for takes a good carried (or stored, at the 京城): ``payment``
            value = points - dist[place]
            if value <= best[0]:
                continue  # cannot be the goal, payable or not (ties keep the first, like max())
            if self._payable_now(state, key, place, pack):
                best = (value, place, None)
        # building sites and non-water roads within reach of ``here`` for a build or a 驿道, by the
        # rules' move limits (a road's nearer end, the first on equal distances)
        sites, land_roads = self._open_map(state)
        site_values, road_values = self._build_values(state, player_key)
        if state.params is not self._params_of:
            self._read_params(state.params)
        build_room: int = self._build_moves - steps
        road_room: int = self._road_moves - steps
        main = 0  # the goal's main action, made once at the end: 1 a build at ``main_at``, 2 a 驿道
        main_at = 0
        if build_room >= 0:  # (no site is nearer than 0 roads)
            beyond = float(build_room + 1)  # ``int(d) > build_room`` for a distance d >= 0, in floats
            for place in sites:
                if dist[place] >= beyond:
                    continue
                build = site_values[place]
                if build == UNVALUED:
                    build = site_values[place] = self._site_value(state, place)
                if build > best[0]:
                    best, main, main_at = (build, place, None), 1, place
        costs, cut, workers = state.topo.road_yidao_cost, self._road_cut, player.workers
        if road_values is not None and road_room >= 0 and self._cheapest - cut <= workers:
            beyond = float(road_room + 1)
            for road, a, b in land_roads:
                if costs[road] - cut > workers:
                    continue  # too dear in 伙计 (``road_cost``'s test): asked first, it costs least
                da, db = dist[a], dist[b]
                near, place = (da, a) if da <= db else (db, b)
                if near >= beyond:
                    continue
                worth = road_values[road]
                if worth == UNVALUED:
                    worth = road_values[road] = self._road_base(state, road)
                if worth > best[0]:
                    best, main, main_at = (worth, place, None), 2, road
        if main == 1:  # (the shared records: making a frozen record runs its interpreted ``__init__``)
            return (best[0], best[1], A.made1(A.BuildIndustry, main_at))
        if main == 2:
            return (best[0], best[1], A.made1(A.BuildRoad, main_at))
        if best[0] <= 0 and steps == 0:  # (a main action's goal value is above 0)
            far = self._far_target(state, dist)
            if far is not None:
                best = (FAR_GOAL, far, None)
        return best

    def _personal_target(self, state: MingchuState, key: str) -> tuple[int, int]:
        """(place, goods asked for) of the personal order ``key``, kept with the plan (which holds it)."""
        target = self._personal_at
        if target is None:
            info = order_info(state, key)
            target = self._personal_at = (state.topo.place_index[info.place], sum(info.goods.values()))
        return target

    def _payable_now(self, state: MingchuState, key: str, place: int, pack: int) -> bool:
        """Whether the goods of ``pack`` (and the warehouse's, at the 京城) pay order ``key`` at
        ``place`` (``payment``). Kept across plans by what ``payment`` reads: the goods at hand (the
        pack's, the warehouse's, the 京城), then (order, place); the plan holds the goods at hand, so
        it looks up each pack's table once."""
        tables = self._pack_payable
        if not tables:
            kept = self._payable
            if len(kept) > _PAYABLE_KEPT:
                kept.clear()
            player = state.players[self.seat]
            store = tuple(player.warehouse.items())
            for goods in player.packs:
                at_hand = (tuple(goods.items()), store, state.capital)
                table = kept.get(at_hand)
                if table is None:
                    table = kept[at_hand] = {}
                tables.append(table)
        table = tables[pack]
        can_pay = table.get((key, place))
        if can_pay is None:
            can_pay = table[key, place] = payable(state, self.seat, key, place, [pack])
        return can_pay

    def _order_targets(self, state: MingchuState) -> list[tuple[str, int, int, int]]:
        """(order, its place, 100 + its points, goods it asks for) for the public orders then the
        personal one, in the order ``_goal`` weighs them; kept while the orders stay the same (across
        plans: the goods at hand do not change them)."""
        targets = self._targets
        if targets is None:
            keys = [o.order for o in state.public_orders]
            personal = state.players[self.seat].personal_order
            if personal:
                keys.append(personal)
            targets = []
            for key in keys:
                place, points, size = self._order_target(state, key)
                targets.append((key, place, points, size))
            self._targets = targets
        return targets

    def _order_target(self, state: MingchuState, key: str) -> tuple[int, int, int]:
        """(place, 100 + points, goods asked for) of the order ``key``'s card, read from its model
        once per card and topology (an order's card never changes: ``state.order_card``)."""
        if self._order_rows_of is not state.topo:
            self._order_rows_of, self._order_rows = state.topo, {}
        card = state.order_card[key]
        row = self._order_rows.get(card)
        if row is None:
            info = order_info(state, key)
            row = self._order_rows[card] = (
                state.topo.place_index[info.place],
                100 + info.points,
                sum(info.goods.values()),
            )
        return row

    def _build_values(
        self, state: MingchuState, player_key: tuple | None = None
    ) -> tuple[list[float], list[float] | None]:
        """The goal values of building at each site and a 驿道 on each road (``NEVER``: not possible),
        filled as ``_goal`` asks (``UNVALUED`` until then; lists by place and by road, read faster
        than a table), the roads' list None while no 驿道 may be built at all. Kept
        while the plan and everything ``_goal_key`` holds but the 掌柜 and its steps stay the same:
        a build's cost and worth do not depend on where the 掌柜 stands. The roads' table is kept
        while the part of that a 驿道 reads stays the same (``_road_key``: not the coins).
        ``player_key``: ``_player_key`` of the state, when the caller has it."""
        key = self._player_key(state) if player_key is None else player_key
        if key != self._build_key:
            self._build_key = key
            self._site_values = [UNVALUED] * len(state.topo.site)
            self._far_places = None
            road_key = self._road_key(state)
            if road_key != self._roads_at:
                self._roads_at = road_key
                seat = self.seat
                self._roads_open = state.players[seat].supply > 0 and not forbidden(state, seat, "road")
                if self._roads_open:  # (as ``road_costs``)
                    self._road_cut = modifier_total(state, seat, "discount", action="road")
        if not self._roads_open:
            return self._site_values, None
        if self._layout is not self._bases_layout or len(state.yidao) != self._bases_built:
            self._bases_layout, self._bases_built = self._layout, len(state.yidao)
            self._road_values = [UNVALUED] * len(state.topo.roads)
        return self._site_values, self._road_values

    def _road_key(self, state: MingchuState) -> tuple:
        """What a 驿道's goal value (its price in 伙计, ``_road_base``) reads: the industries (``_road_worth``), the
        seat's 伙计 and markers, its 门客 and this round's modifiers (discounts, bans), the 驿道 built."""
        player = state.players[self.seat]
        return (
            self._layout,
            player.workers,
            player.supply,
            tuple(player.retainers),
            state.round,
            len(state.round_mods[self.seat]),
            len(state.yidao),
        )

    def _site_value(self, state: MingchuState, place: int) -> float:
        """The goal value of building an industry at ``place`` now (``NEVER``: not possible)."""
        if place in state.industries:
            return NEVER  # built already: no build cost, and no loan helps (``_loan_short``)
        seat = self.seat
        site = state.topo.site[place]
        cost = build_cost(state, seat, place)
        short = 0
        if cost is None and self.persona.loans_for_builds:
            short = self._loan_short(state, place)
        if cost is None and not short:
            return NEVER
        if build_worth(state, place) <= (cost if cost is not None else site.cost):
            return NEVER  # late: the coins score more held than the industry yields
        value = self.persona.build + state.topo.goods[site.good].base_value - 0.2 * site.cost - 3 * short
        value += 25 * (self._needed_cache.get(site.good, 0) > 0)
        return value

    def _road_base(self, state: MingchuState, road: int) -> float:
        """The goal value of a 驿道 on ``road`` before its price in 伙计, which ``_goal`` checks first
        (``NEVER``: built already): it reads only the industries and the 驿道 built, so it is kept
        while they stay the same (the 伙计 change often)."""
        if road in state.yidao:
            return NEVER
        return self.persona.road + self._road_worth(state, road)

    def _far_target(self, state: MingchuState, dist: list[float]) -> int | None:
        """With nothing to do within this turn's reach: the nearest place where the seat could build
        an industry or a 驿道 now, to be walked towards (for its next turn) on uncounted roads and
        counted steps only."""
        self._build_values(state)  # the places are kept with the build values
        places = self._far_places
        if places is None:
            places = self._far_places = self._far_candidates(state)
        best: int | None = None  # the nearest, the lowest place of equals (a loop: no key tuples)
        best_dist = 0.0
        for place in places:
            d = dist[place]
            if best is None or d < best_dist or (d == best_dist and place < best):
                best, best_dist = place, d
        return best

    def _build_places(self, state: MingchuState) -> list[int]:
        """The places where the seat could build an industry now, then the ends of the roads where it
        could build a 驿道 now, read straight from the rules (``build_cost``, ``road_costs``): what
        ``_far_candidates`` finds with kept values, and the test compares them."""
        seat = self.seat
        costs = road_costs(state, seat)
        places = [
            p for p, site in enumerate(state.topo.site) if site and build_cost(state, seat, p) is not None
        ]
        places += [end for r, cost in enumerate(costs) if cost is not None for end in state.topo.road_ends[r]]
        return places

    def _far_candidates(self, state: MingchuState) -> list[int]:
        """``_build_places``, its sites read for all at once (``build_costs``) and its 驿道 part read
        as ``_goal`` reads it: with the markers, ban and discount kept with the build values
        (``_roads_open``, ``_road_cut``) rather than asked again for every road (``road_costs``)."""
        seat, topo = self.seat, state.topo
        costs_at = build_costs(state, seat)
        places = [p for p in range(len(costs_at)) if costs_at[p] is not None]
        if self._roads_open:
            kinds, costs, ends, yidao = topo.road_kind, topo.road_yidao_cost, topo.road_ends, state.yidao
            cut, workers = self._road_cut, state.players[seat].workers
            for road in range(len(costs)):
                if kinds[road] != "water" and road not in yidao and max(0, costs[road] - cut) <= workers:
                    a, b = ends[road]
                    places.append(a)
                    places.append(b)
        return places

    def _map(self, state: MingchuState) -> tuple[list[int], list[tuple[int, int, int]]]:
        """The building sites and the non-water roads (road, end, end) of the game's map, read once
        (and by place the good its site makes, "" without one: ``_good_at``)."""
        if self._map_of is not state.topo:
            topo = state.topo
            self._map_of = topo
            self._sites = [p for p, site in enumerate(topo.site) if site is not None]
            self._site_goods = [site.good if site is not None else "" for site in topo.site]
            self._land_roads = [
                (road, a, b) for road, (a, b) in enumerate(topo.road_ends) if topo.roads[road].kind != "water"
            ]
            self._cheapest = min([topo.road_yidao_cost[road] for road, _, _ in self._land_roads], default=0)
        return self._sites, self._land_roads

    def _open_map(self, state: MingchuState) -> tuple[list[int], list[tuple[int, int, int]]]:
        """``_map``'s sites without an industry and land roads without a 驿道: where ``_goal`` may
        find a build or a 驿道 (a built one's goal value is ``NEVER``). The sites are kept with the
        plan's industries (``_layout``); the roads while the state's 驿道 table is the one last read
        at the same size (a 驿道 once built stays: the table only grows)."""
        if self._map_of is not state.topo:
            self._map(state)
            self._open_layout = self._open_yidao = None  # (another map: both made anew)
        if self._layout is not self._open_layout:
            built = state.industries
            self._open_sites = [place for place in self._sites if place not in built]
            self._open_layout = self._layout
        yidao = state.yidao
        if yidao is not self._open_yidao or len(yidao) != self._open_built:
            self._open_roads = [entry for entry in self._land_roads if entry[0] not in yidao]
            self._open_yidao, self._open_built = yidao, len(yidao)
        return self._open_sites, self._open_roads

    def _good_at(self, state: MingchuState, place: int) -> str:
        """The good the building site at ``place`` makes (read once per map, ``_map``)."""
        if self._map_of is not state.topo:
            self._map(state)
        return self._site_goods[place]

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
        if loans <= 0 or loans > 1 or build_worth(state, place) <= loans * loan_cost(state):
            return 0  # (the loan costs more than the build yields: ``loan_cost``, ``build_worth``)
        return loans

    def _road_worth(self, state: MingchuState, road: int) -> float:
        """More for 驿道 next to other players' industries and busy junctions (kept while the
        industries, the plan's ``_layout``, stay the same)."""
        layout = self._layout
        if layout is not self._worths_layout:
            if layout != self._worths_layout:
                self._road_worths = {}
            self._worths_layout = layout
        worth = self._road_worths.get(road)
        if worth is None:
            worth = self._road_worths[road] = self._road_worth_now(state, road)
        return worth

    def _road_worth_now(self, state: MingchuState, road: int) -> float:
        worth = 0.0
        for end in state.topo.road_ends[road]:
            ind = state.industries.get(end)
            if ind is not None:
                worth += 6 if ind.owner not in (self.seat, OFFICIAL) else 3
            worth += len(state.topo.adjacent[end])
        if state.topo.road_dashed[road]:
            worth += 4
        return worth - state.topo.road_yidao_cost[road]


UNBOUNDED: Final = float("inf")
"""The bound of a value type that ``_values`` values first (no ``CAPS`` / ``TURN_CAPS`` entry)."""

_DIRECT: Final[dict[Any, int]] = {
    ActionValues._move: 1,
    ActionValues._sell: 2,
    ActionValues._good_to: 3,
    ActionValues._sell_produced: 4,
    ActionValues._produce_foreign: 5,
    ActionValues._build_in_turn: 6,
    ActionValues._road_in_turn: 7,
    ActionValues._hire: 8,
    ActionValues._reserve: 9,
    ActionValues._use_retainer: 10,
    ActionValues._play_grace: 11,
    ActionValues._play_reward: 12,
    ActionValues._deliver: 13,
    ActionValues._loan_in_turn: 14,
    ActionValues._place_manager: 15,
    ActionValues._discard_favor: 16,
    propose_value: 17,
}
"""The value functions ``_values`` calls directly (``_direct``), by a number: a compiled method
called as a method, not through the table's function object (which checks and converts each
argument and boxes the value)."""

_ENTRIES: Final[tuple[dict[type, tuple[Any, float, int]], dict[type, tuple[Any, float, int]]]] = ({}, {})
"""Outside a turn, in a turn: action type -> (its value function, its bound or ``UNBOUNDED``, its
``_DIRECT`` number or 0), from the tables below as ``_values`` meets the types."""


def _entry(kind: type, turn: bool) -> tuple[Any, float, int]:
    """(value function, bound, ``_DIRECT`` number) of an action type: the table's function
    (``otherwise`` / ``in_turn_otherwise`` for a type it does not list, bounded by its fixed value),
    the bound in ``CAPS`` / ``TURN_CAPS``, ``UNBOUNDED`` for a listed type without one."""
    if turn:
        table, caps, other, unlisted = _TURN_VALUES, TURN_CAPS, in_turn_otherwise, IN_TURN_OTHERWISE
    else:
        table, caps, other, unlisted = _VALUES, CAPS, otherwise, OTHERWISE
    if kind in caps:
        function, bound = table.get(kind, other), caps[kind]
    elif kind in table:
        function, bound = table[kind], UNBOUNDED
    else:
        function, bound = other, unlisted
    return function, bound, _DIRECT.get(function, 0)


def _direct(bot: HeuristicBot, code: int, state: MingchuState, action: Any, context: Context) -> float:
    """The value of ``action`` by the ``_DIRECT`` function numbered ``code``."""
    if code == 1:
        return bot._move(state, action, context)
    if code == 2:
        return bot._sell(state, action, context)
    if code == 3:
        return bot._good_to(state, action, context)
    if code == 4:
        return bot._sell_produced(state, action, context)
    if code == 5:
        return bot._produce_foreign(state, action, context)
    if code == 6:
        return bot._build_in_turn(state, action, context)
    if code == 7:
        return bot._road_in_turn(state, action, context)
    if code == 8:
        return bot._hire(state, action, context)
    if code == 9:
        return bot._reserve(state, action, context)
    if code == 10:
        return bot._use_retainer(state, action, context)
    if code == 11:
        return bot._play_grace(state, action, context)
    if code == 12:
        return bot._play_reward(state, action, context)
    if code == 13:
        return bot._deliver(state, action, context)
    if code == 14:
        return bot._loan_in_turn(state, action, context)
    if code == 15:
        return bot._place_manager(state, action, context)
    if code == 16:
        return bot._discard_favor(state, action, context)
    if code == 17:
        return propose_value(bot, state, action, context)
    raise ValueError(f"no value function numbered {code}")


def _values(
    bot: HeuristicBot, state: MingchuState, legal: Sequence[Any], context: Context, turn: bool
) -> list[float]:
    """Each legal action's value (``_VALUES`` / ``_TURN_VALUES``), or ``NEVER`` for one that cannot
    come within ``TIE`` of the best: an action of a type with a bound (``CAPS`` / ``TURN_CAPS``, or
    the fixed value of a type the table does not list) is valued after the others, and only while
    its bound reaches the best value so far less ``TIE`` (``PER_ACTION``: the action's own,
    ``_turn_cap``). The best value is left in ``bot._best_value`` for ``choose``."""
    entries = _ENTRIES[1 if turn else 0]
    actions: list[Any] = legal if isinstance(legal, list) else list(legal)
    size = len(actions)
    values = [NEVER] * size
    bounded: list[int] = []
    best = NEVER
    last: Any = None  # the type of the previous action: a list holds runs of one type
    function: Any = None  # the entry of ``last``: value function, bound, ``_DIRECT`` number
    bound = UNBOUNDED
    code = 0
    for i in range(size):
        action = actions[i]
        kind = type(action)
        if kind is not last:
            found = entries.get(kind)
            if found is None:
                found = entries[kind] = _entry(kind, turn)
            function, bound, code = found
            last = kind
        if bound != UNBOUNDED:
            bounded.append(i)
            continue
        if code:
            value = float(_direct(bot, code, state, action, context))
        else:
            value = float(function(bot, state, action, context))
        values[i] = value
        if value > best:
            best = value
    floor = best - TIE
    last = None
    for j in range(len(bounded)):
        i = bounded[j]
        action = actions[i]
        kind = type(action)
        if kind is not last:
            function, bound, code = entries[kind]
            last = kind
        if (bot._turn_cap(state, action) if bound == PER_ACTION else bound) >= floor:
            if code:
                value = float(_direct(bot, code, state, action, context))
            else:
                value = float(function(bot, state, action, context))
            values[i] = value
            if value > best:
                best = value
                floor = best - TIE
    bot._best_value = best
    return values


def _factory(persona: str):
    def make(seat: int) -> HeuristicBot:
        return HeuristicBot(seat, persona)

    return make


BOTS = {name: _factory(name) for name in PERSONAS}
