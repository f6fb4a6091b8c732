"""The data of one 明初商途 game (static topology, players, board, decks, pending decisions) and
what one seat sees of it (``MingchuObservation``)."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from sim.core.decisions import Decision, Pending

from ..params import MingchuParams
from .card_log import card_row

OFFICIAL = -1
"""Owner id of 官府 industries and 驿道."""

SIDES = ("建文", "燕王")


ModifierTerm = tuple[str | None, str | None, int]
"""A modifier as ``modifiers.modifier_total`` reads it: (its ``action``, its ``good``, its ``amount``)."""


def new_counter(counts: dict[str, int] | None = None) -> Counter:
    """``Counter(counts)`` for a mapping of counts (or empty), made without ``Counter.__init__``'s
    interpreted code: the legal lists make several per decision."""
    total: Counter = Counter.__new__(Counter)
    if counts:
        dict.update(total, counts)
    return total


def count_total(counts: dict[str, int]) -> int:
    """The sum of a count of goods. Compiled, the builtin ``sum`` is looked up and called generically
    and a ``Counter``'s ``values()`` or items are method calls; a plain ``dict`` copy (made in C) is
    read directly, which costs less for the few goods of a pack."""
    total = 0
    for k in dict(counts).values():
        total += k
    return total


def modifier_terms(mods: Sequence[Any]) -> tuple[ModifierTerm, ...]:
    """(action, good, amount) of each modifier (None for a field it lacks), read once per game."""
    return tuple(
        (getattr(m, "action", None), getattr(m, "good", None), getattr(m, "amount", 0)) for m in mods
    )


class Topology:
    """Immutable lookups derived from the params once per game (shared by clones)."""

    def __init__(self, params: MingchuParams) -> None:
        self.params = params
        self.places = [p.id for p in params.map.places]
        self.place_index = {name: i for i, name in enumerate(self.places)}
        self.site = [p.industry for p in params.map.places]
        self.site_good: list[str] = [site.good if site is not None else "" for site in self.site]
        """Per place, the good its building site makes ("" without a site): ``site[p].good`` as a
        plain string (a read of the site's model costs several times a list's)."""
        self.roads = list(params.map.roads)
        self.road_ends = [(self.place_index[r.a], self.place_index[r.b]) for r in self.roads]
        self.adjacent: list[list[tuple[int, int]]] = [[] for _ in self.places]
        for r, (a, b) in enumerate(self.road_ends):
            self.adjacent[a].append((r, b))
            self.adjacent[b].append((r, a))
        # the same per place as two lists of small ints (roads, places across them): the route search
        # reads these without unpacking a tuple per road
        self.adjacent_roads: list[list[int]] = [[r for r, _ in pairs] for pairs in self.adjacent]
        self.adjacent_places: list[list[int]] = [[q for _, q in pairs] for pairs in self.adjacent]
        self.roads_at: list[list[int]] = [sorted(set(roads)) for roads in self.adjacent_roads]
        """Per place, ``building.roads_near`` of that one place: its roads, each once, in order."""
        self.goods = {g.id: g for g in params.goods}
        self.monopoly_thresholds = sorted(
            g.monopoly_threshold for g in params.goods if g.monopoly_threshold is not None
        )
        self.monopoly_threshold: dict[str, int] = {
            g.id: g.monopoly_threshold for g in params.goods if g.monopoly_threshold is not None
        }
        """The 专营 goods (M30) and their thresholds: every build cost reads them."""
        plain = [g.id for g in params.goods if not g.horse_slot][:1]
        horse = [g.id for g in params.goods if g.horse_slot][:1]
        self.room_probes = (*plain, *horse)  # one good of each slot kind
        self.horse_goods = tuple(g.id for g in params.goods if g.horse_slot)
        self.capitals = (self.place_index[params.map.capital], self.place_index[params.map.second_capital])
        decks = params.cards
        self.events = {c.id: c for c in decks.事件}
        self.orders = {c.id: c for c in decks.订单}
        self.rewards = {c.id: c for c in (*decks.下赏, *decks.上赏)}
        self.retainers = {c.id: c for c in decks.门客}
        self.passives_by_kind: dict[str, dict[str, list]] = {}  # 门客 id -> effect kind -> passives
        for card in decks.门客:
            by_kind = self.passives_by_kind.setdefault(card.id, {})
            for mod in card.passive:
                by_kind.setdefault(mod.effect, []).append(mod)
        self.passive_terms: dict[str, dict[str, tuple[ModifierTerm, ...]]] = {
            card: {kind: modifier_terms(mods) for kind, mods in by_kind.items()}
            for card, by_kind in self.passives_by_kind.items()
        }
        """门客 id -> effect kind -> ``modifier_terms`` of its passives of that kind."""
        self.family_terms: dict[str, dict[str, tuple[ModifierTerm, ...]]] = {}
        """家族 id -> effect kind -> ``modifier_terms`` of its lasting effects (``modifiers.family_lasting``)."""
        self.grace = {c.id: c for c in decks.皇恩}
        self.families = {c.id: c for c in decks.家族}
        self.officials = {c.id: c for c in decks.官府产业}
        self.score_cards = {c.id: c for c in decks.皇恩计分}
        self.tianwei = {c.id: c for c in decks.天威}
        self.family_lasting: dict[str, tuple] = {}  # 家族 id -> its lasting effects (``modifiers``)
        # plain copies of what the hot paths read per road, good and rule (the params are frozen
        # pydantic models, whose attribute reads cost several times a compiled class's)
        self.road_kind: list[str] = [r.kind for r in self.roads]
        self.road_coins: list[int] = [r.coins for r in self.roads]
        self.road_dashed: list[bool] = [r.kind == "dashed" for r in self.roads]
        self.horse_slot_goods: frozenset[str] = frozenset(self.horse_goods)
        self.free_move_goods: frozenset[str] = frozenset(g.id for g in params.goods if g.free_moves)
        self.sellable: frozenset[str] = frozenset(g.id for g in params.goods if g.sellable)
        rules = params.rules
        self.per_manager: bool = rules.backpack == "per_manager"
        self.foreign_uses: int = rules.foreign_uses_per_round  # uses of one other industry per round
        self.road_yidao_cost: list[int] = [r.yidao_cost for r in self.roads]  # 伙计 to build a 驿道 (M31)
        self.backpack_slots: int = rules.backpack_slots
        self.horse_slots: int = rules.horse_slots
        # the turn's limits as plain ints: every turn's legal list reads them (``turn.py``, ``quick.py``)
        self.moves_per_turn: int = rules.moves_per_turn
        self.max_steps_per_turn: int = rules.max_steps_per_turn
        self.workers_per_free_step: int = rules.workers_per_free_step
        self.build_max_moved: int = rules.build_max_moved
        self.road_max_moved: int = rules.road_max_moved
        self.hire_max_moved: int = rules.hire_max_moved
        self.quick_actions_per_turn: int = rules.quick_actions_per_turn
        # trading's switch and cap (M40): every turn and production step's legal list reads them
        self.trading: bool = rules.trading
        self.trade_offers_per_turn: int = rules.trade_offers_per_turn
        # rule readings asked for at many decisions (the bots' build values, route and price look-ups)
        self.monopoly_needs_threshold: bool = rules.monopoly == "threshold"  # M30
        self.income_level_best: bool = rules.income_level == "best"  # M30/M55
        self.warehouse_in_both_capitals: bool = rules.warehouse_in_both_capitals  # M58
        self.prices_from_built: bool = rules.price_sources == "built"  # M18
        self.pay_favor_with_held_first: bool = (
            rules.pay_favor_with_held_first
        )  # the trade bots' marker prices
        self.warehouse_capacity: int = rules.warehouse_capacity
        self.max_loans: int = params.loans.max_per_player
        self.worker_costs: list[int] = [space.cost for space in params.worker_track]  # 伙计人数轨 (M32)
        self.upgrade_goods: frozenset[str] = frozenset(g.id for g in params.goods if g.upgrades)
        self.wild_goods: tuple[str, ...] = tuple(g.id for g in params.goods if g.wild)
        self.unsubstitutable_goods: frozenset[str] = frozenset(
            g.id for g in params.goods if g.wild or g.not_substitutable
        )
        """Goods a wild good may not stand in for in an order (the wild ones themselves included)."""
        self.order_place: dict[str, int] = {c.id: self.place_index[c.place] for c in decks.订单}

    def __eq__(self, other: object) -> bool:
        """Equal when derived from equal params (clones share one; a pickled copy has its own)."""
        return self is other or (isinstance(other, Topology) and self.params == other.params)

    __hash__ = None  # type: ignore[assignment]

    def other_end(self, road: int, place: int) -> int:
        a, b = self.road_ends[road]
        return b if place == a else a


@dataclass
class Industry:
    owner: int  # seat or OFFICIAL
    upgraded_by: int | None = None  # seat, OFFICIAL, or None
    stored: str | None = None  # a good stored under the marker (M16), max 1


FLOWS = (
    "toll_favor",
    "industry_coins",
    "industry_favor",
    "trade_coins",
    "trade_favor",
    "trade_card",
    "buyback_coins",
)
"""What passes between two players (statistics for the ``interaction`` goal, never read by the rules):
<kind>_<unit>. ``Player.flows[2 * i]`` is what the player paid to others of ``FLOWS[i]``,
``flows[2 * i + 1]`` what it received from others (``economy.note_flow``)."""
TOLL_FAVOR, INDUSTRY_COINS, INDUSTRY_FAVOR, TRADE_COINS, TRADE_FAVOR, TRADE_CARD, BUYBACK_COINS = range(7)


@dataclass
class Player:
    coins: int = 0
    workers: int = 0  # 伙计 tokens
    worker_pos: int = 0  # 伙计人数轨 space
    income_best: int = 0  # best 本轮收入总和轨 value reached
    income_marker: int = 0  # where the 本轮收入总和轨 marker stands (last income step)
    income_round: int = 0
    income_taken: set[str] = field(default_factory=set)  # `once` spaces already gained
    supply: int = 40  # own 恩义 markers in supply
    hand: int = 0  # own markers in hand
    held: list[int] = field(default_factory=list)  # held[q]: q's markers this player holds
    packs: list[Counter] = field(default_factory=lambda: [Counter(), Counter()])  # per 掌柜 (M08)
    warehouse: Counter = field(default_factory=Counter)
    managers: list[int] = field(default_factory=list)  # place per 掌柜
    acted: list[bool] = field(default_factory=lambda: [False, False])
    horse_used: list[bool] = field(default_factory=lambda: [False, False])
    personal_order: str | None = None  # order instance key
    completed: list[str] = field(default_factory=list)  # order instance keys
    orders_by_period: Counter = field(default_factory=Counter)
    failed_orders: int = 0
    reward_cards: list[str] = field(default_factory=list)
    grace_cards: list[str] | tuple[str, ...] = field(default_factory=list)  # a view masks others' cards
    retainers: list[str] = field(default_factory=list)
    families: list[str] = field(default_factory=list)  # 家族 cards drafted (their lasting effects hold)
    tapped: set[str] = field(default_factory=set)
    score_cards: list[str] = field(default_factory=list)
    tianwei: list[str] = field(default_factory=list)
    loans: int = 0
    loans_taken: int = 0
    banked_coins: int = 0
    banked_cards: int = 0  # 皇恩卡 under the 掌柜板
    vp_bonus: int = 0
    permits: int = 0
    bonus_moves: int = 0
    war: list[int] = field(default_factory=lambda: [0, 0])  # markers on 建文, 燕王
    war_orders: list[int] = field(default_factory=lambda: [0, 0])  # special orders completed per side
    favor_paid: int = 0  # statistic: markers handed to others
    flows: list[int] = field(default_factory=lambda: [0] * (2 * len(FLOWS)))  # statistic (FLOWS)
    coins_earned: int = 0  # statistic: coins gained from the bank in play (sales, effects; no loans)
    turns: int = 0  # statistic: turns taken (M23)
    idle_turns: int = 0  # statistic: turns ended with nothing done but lying the 掌柜 down

    def shallow_copy(self) -> Player:
        """A new Player sharing every field's value with this one (``copy.copy``, which costs about ten
        times more on the compiled class). A new field must be added here too: the copies test fails
        until it is."""
        new = Player.__new__(Player)
        new.coins = self.coins
        new.workers = self.workers
        new.worker_pos = self.worker_pos
        new.income_best = self.income_best
        new.income_marker = self.income_marker
        new.income_round = self.income_round
        new.income_taken = self.income_taken
        new.supply = self.supply
        new.hand = self.hand
        new.held = self.held
        new.packs = self.packs
        new.warehouse = self.warehouse
        new.managers = self.managers
        new.acted = self.acted
        new.horse_used = self.horse_used
        new.personal_order = self.personal_order
        new.completed = self.completed
        new.orders_by_period = self.orders_by_period
        new.failed_orders = self.failed_orders
        new.reward_cards = self.reward_cards
        new.grace_cards = self.grace_cards
        new.retainers = self.retainers
        new.families = self.families
        new.tapped = self.tapped
        new.score_cards = self.score_cards
        new.tianwei = self.tianwei
        new.loans = self.loans
        new.loans_taken = self.loans_taken
        new.banked_coins = self.banked_coins
        new.banked_cards = self.banked_cards
        new.vp_bonus = self.vp_bonus
        new.permits = self.permits
        new.bonus_moves = self.bonus_moves
        new.war = self.war
        new.war_orders = self.war_orders
        new.favor_paid = self.favor_paid
        new.flows = self.flows
        new.coins_earned = self.coins_earned
        new.turns = self.turns
        new.idle_turns = self.idle_turns
        return new

    def clone(self) -> Player:
        new = self.shallow_copy()
        new.income_taken = set(self.income_taken)
        new.held = list(self.held)
        new.packs = [Counter(pack) for pack in self.packs]
        new.warehouse = Counter(self.warehouse)
        new.managers = list(self.managers)
        new.acted = list(self.acted)
        new.horse_used = list(self.horse_used)
        new.completed = list(self.completed)
        new.orders_by_period = Counter(self.orders_by_period)
        new.reward_cards = list(self.reward_cards)
        new.grace_cards = list(self.grace_cards)
        new.retainers = list(self.retainers)
        new.families = list(self.families)
        new.tapped = set(self.tapped)
        new.score_cards = list(self.score_cards)
        new.tianwei = list(self.tianwei)
        new.war = list(self.war)
        new.war_orders = list(self.war_orders)
        new.flows = list(self.flows)
        return new

    @property
    def backpack(self) -> Counter:
        """Everything both 掌柜 carry (read only: change goods through the packs)."""
        total = new_counter()
        for pack in self.packs:
            for good, k in pack.items():  # ``Counter.update``'s sums, without its interpreted code
                total[good] = total.get(good, 0) + k
        return total

    def goods_total(self) -> int:
        """Goods both 掌柜 carry (a loop: a generator costs more than the sums on these small packs)."""
        total = 0
        for pack in self.packs:
            if pack:
                total += count_total(pack)
        return total


class DeckFaces:
    """The order and reward decks as a view shows them (``view.py``): the state's two deck tables,
    their decks (the lists, dealt once by the setup and then drawn from or refilled in place) with
    each one's size when they were masked, and the masked tables (each deck as that many hidden
    cards). Read only: the views share them while the decks keep their sizes."""

    def __init__(
        self,
        orders: dict[str, list[str]],
        rewards: dict[str, list[str]],
        decks: list[list[str]],
        sizes: list[int],
        masked_orders: dict,
        masked_rewards: dict,
    ) -> None:
        self.orders = orders
        self.rewards = rewards
        self.decks = decks
        self.sizes = sizes
        self.masked_orders = masked_orders
        self.masked_rewards = masked_rewards


@dataclass
class PublicOrder:
    order: str  # order instance key
    reward: str | None  # reward card id paired with it


@dataclass
class MingchuState:
    topo: Topology
    n: int
    rng: np.random.Generator | None  # None only in an observation's public copy
    players: list[Player]
    industries: dict[int, Industry] = field(default_factory=dict)
    yidao: dict[int, int] = field(default_factory=dict)  # road -> owner
    temp_roads: set[int] = field(default_factory=set)  # this transport's / production step's roads
    period: str = "洪武"
    war_winner: str | None = None
    war_progress: int = 0
    capital: int = 0
    round: int = 1
    start_player: int = 0
    stage: str = "setup"
    step: int = 0  # index within the stage (seat counter, turn counter)
    pending: Pending = field(default_factory=Pending)
    """Open decisions (a stack: an effect that needs a choice pushes it on top of its cause)."""
    # decks: lists of card ids / order instance keys, top = last
    event_deck: list[str] | tuple[str, ...] = field(default_factory=list)  # a view's decks: tuples
    current_event: str | None = None
    next_event: str | None = None
    event_markers: list[int] = field(default_factory=list)  # seats with a marker on the current event
    order_decks: dict[str, list[str]] = field(default_factory=dict)
    order_card: dict[str, str] = field(default_factory=dict)  # order instance key -> card id
    public_orders: list[PublicOrder] = field(default_factory=list)
    reward_decks: dict[str, list[str]] = field(default_factory=dict)
    retainer_deck: list[str] | tuple[str, ...] = field(default_factory=list)
    retainer_discard: list[str] = field(default_factory=list)
    retainer_row: list[str] = field(default_factory=list)
    grace_deck: list[str] | tuple[str, ...] = field(default_factory=list)
    grace_discard: list[str] = field(default_factory=list)
    score_row: list[str] = field(default_factory=list)
    tianwei_row: list[str] = field(default_factory=list)
    draft_columns: list[tuple[str, tuple[str, ...]] | None] = field(default_factory=list)  # None: taken
    round_mods: list[list[Any]] = field(default_factory=list)  # per seat: modifiers active this round
    foreign_used: dict[int, int] = field(default_factory=dict)  # place -> uses by the producing seat
    produced: set[int] = field(default_factory=set)  # own industries produced this step
    war_secret: list[list[int]] = field(default_factory=list)  # this settlement's hidden commitments
    end_reason: str = ""
    terminal: bool = False
    final_round: bool = False
    keyed_draws: dict[str, int] = field(default_factory=dict)  # stream -> keyed draws so far (draws.py)
    trades: list[dict[str, Any]] = field(default_factory=list)  # rows of the ``trades`` table (trade.py)
    trade_count: tuple[int, str, int, int] = (0, "", 0, 0)  # (round, stage, step, offers made in it)
    removed: dict[str, list[str]] = field(default_factory=dict)
    """Cards out of play (deck -> ids; orders by instance key): played reward cards, the public orders
    and rewards a period change clears, failed personal orders (under the board)."""
    log: list[dict[str, Any]] | Sequence[dict[str, Any]] = field(default_factory=list)  # a view's: a SeatLog
    price_cache: dict | None = None  # good -> distances; replaced (never edited) when roads change
    route_cache: dict | None = None  # (seat, source, ...) -> routes; replaced when a 驿道 is built
    board_cache: dict | None = None
    """Derived from the 驿道 on the board only (per-seat road costs, bots' distance tables); replaced
    when a 驿道 is built, like ``route_cache``, and kept through a production step's temporary roads."""
    faces: DeckFaces | None = None
    """The order and reward decks as a view shows them (``view.py``), kept while their sizes stay the
    same (replaced, never edited)."""

    @property
    def params(self) -> MingchuParams:
        return self.topo.params

    def __eq__(self, other: object) -> bool:
        """Equal by value: every field but the caches (derived), the rng by its bit generator's state."""
        if not isinstance(other, MingchuState):
            return NotImplemented
        if any(getattr(self, name) != getattr(other, name) for name in _COMPARED):
            return False
        return _rng_state(self.rng) == _rng_state(other.rng)

    __hash__ = None  # type: ignore[assignment]

    def shallow_copy(self) -> MingchuState:
        """A new MingchuState sharing every field's value with this one (``copy.copy``, which costs about ten
        times more on the compiled class). A new field must be added here too: the copies test fails
        until it is."""
        new = MingchuState.__new__(MingchuState)
        new.topo = self.topo
        new.n = self.n
        new.rng = self.rng
        new.players = self.players
        new.industries = self.industries
        new.yidao = self.yidao
        new.temp_roads = self.temp_roads
        new.period = self.period
        new.war_winner = self.war_winner
        new.war_progress = self.war_progress
        new.capital = self.capital
        new.round = self.round
        new.start_player = self.start_player
        new.stage = self.stage
        new.step = self.step
        new.pending = self.pending
        new.event_deck = self.event_deck
        new.current_event = self.current_event
        new.next_event = self.next_event
        new.event_markers = self.event_markers
        new.order_decks = self.order_decks
        new.order_card = self.order_card
        new.public_orders = self.public_orders
        new.reward_decks = self.reward_decks
        new.retainer_deck = self.retainer_deck
        new.retainer_discard = self.retainer_discard
        new.retainer_row = self.retainer_row
        new.grace_deck = self.grace_deck
        new.grace_discard = self.grace_discard
        new.score_row = self.score_row
        new.tianwei_row = self.tianwei_row
        new.draft_columns = self.draft_columns
        new.round_mods = self.round_mods
        new.foreign_used = self.foreign_used
        new.produced = self.produced
        new.war_secret = self.war_secret
        new.end_reason = self.end_reason
        new.terminal = self.terminal
        new.final_round = self.final_round
        new.keyed_draws = self.keyed_draws
        new.trades = self.trades
        new.trade_count = self.trade_count
        new.removed = self.removed
        new.log = self.log
        new.price_cache = self.price_cache
        new.route_cache = self.route_cache
        new.board_cache = self.board_cache
        new.faces = self.faces
        return new

    def clone(self) -> MingchuState:
        new = self.shallow_copy()
        new.rng = copy.deepcopy(self.rng)
        new.players = [p.clone() for p in self.players]
        new.industries = {k: copy.copy(v) for k, v in self.industries.items()}
        new.yidao = dict(self.yidao)
        new.temp_roads = set(self.temp_roads)
        new.pending = self.pending.clone()
        new.event_deck = list(self.event_deck)
        new.event_markers = list(self.event_markers)
        new.order_decks = {k: list(v) for k, v in self.order_decks.items()}
        new.order_card = self.order_card  # never mutated after setup
        new.public_orders = [copy.copy(o) for o in self.public_orders]
        new.reward_decks = {k: list(v) for k, v in self.reward_decks.items()}
        new.retainer_deck = list(self.retainer_deck)
        new.retainer_discard = list(self.retainer_discard)
        new.retainer_row = list(self.retainer_row)
        new.grace_deck = list(self.grace_deck)
        new.grace_discard = list(self.grace_discard)
        new.score_row = list(self.score_row)
        new.tianwei_row = list(self.tianwei_row)
        new.draft_columns = list(self.draft_columns)
        new.round_mods = [list(m) for m in self.round_mods]
        new.foreign_used = dict(self.foreign_used)
        new.produced = set(self.produced)
        new.war_secret = [list(w) for w in self.war_secret]
        new.keyed_draws = dict(self.keyed_draws)
        new.removed = {k: list(v) for k, v in self.removed.items()}
        new.trades = list(self.trades)  # rows are never changed once written
        new.log = list(self.log)
        # caches are filled lazily: each copy gets its own so a snapshot never changes
        new.price_cache = dict(self.price_cache) if self.price_cache is not None else None
        new.route_cache = dict(self.route_cache) if self.route_cache is not None else None
        new.board_cache = dict(self.board_cache) if self.board_cache is not None else None
        new.faces = None  # (its decks' tables are the copy's own)
        return new

    # --- cheap queries ------------------------------------------------------------------------

    def decision(self) -> Decision:
        """The open decision resolved next."""
        return self.pending.next

    def place_name(self, place: int) -> str:
        return self.topo.places[place]

    def capitals_with_warehouse(self) -> tuple[int, ...]:
        """Places where the 京城 warehouse can be reached (两京制 keeps 应天府's, M58)."""
        first = self.topo.capitals[0]
        if self.capital != first and self.topo.warehouse_in_both_capitals:
            return (self.capital, first)
        return (self.capital,)

    def backpack_room(self, seat: int, good: str) -> int:
        """Free slots for ``good`` in the board's shared slots (``horse_slot`` goods may use the 马匹格)."""
        plain, horse = self.backpack_rooms(seat)
        return horse if good in self.topo.horse_slot_goods else plain

    def backpack_rooms(self, seat: int) -> tuple[int, int]:
        """``backpack_room`` for a good without and with ``horse_slot``, counted in one pass (the
        legal lists ask for several goods' room at each decision)."""
        topo = self.topo
        total = horses = 0
        horse_goods = topo.horse_goods
        for pack in self.players[seat].packs:
            if pack:
                counts: dict[str, int] = dict(pack)  # read as in ``count_total``
                for k in counts.values():
                    total += k
                for name in horse_goods:
                    horses += counts.get(name, 0)
        horse_slots = topo.horse_slots
        room = topo.backpack_slots - (total - horses) - max(0, horses - horse_slots)
        return max(0, room), max(0, room + max(0, horse_slots - horses))

    def backpack_full(self, seat: int) -> bool:
        """No room left for any good."""
        plain, horse = self.backpack_rooms(seat)
        horse_goods = self.topo.horse_slot_goods
        for good in self.topo.room_probes:
            if (horse if good in horse_goods else plain) != 0:
                return False
        return True

    def manager_places(self, seat: int) -> list[int]:
        """The places of the seat's 掌柜, each once, in order (``sorted(set(managers))``, without the
        set and the sort for the usual two 掌柜)."""
        managers = self.players[seat].managers
        if len(managers) != 2:
            return sorted(set(managers))
        a, b = managers[0], managers[1]
        return [a] if a == b else [a, b] if a < b else [b, a]

    def pack_index(self, manager: int) -> int:
        """Which pack a 掌柜 carries: its own (``per_manager``) or the one shared pack (M08)."""
        return manager if self.topo.per_manager else 0

    def packs_at(self, seat: int, place: int) -> list[int]:
        """Packs usable at ``place``: those of the player's 掌柜 standing there."""
        managers = self.players[seat].managers
        if self.topo.per_manager:
            return [m for m, at in enumerate(managers) if at == place]
        return [0] if place in managers else []

    def goods_in(self, seat: int, packs: list[int]) -> Counter:
        """A new count of the goods in ``packs`` (the caller may change it)."""
        player_packs = self.players[seat].packs
        total = new_counter()
        for index in packs:
            pack = player_packs[index]
            if not total:
                dict.update(total, pack)
            else:  # tested first: a Counter's missing key would run its interpreted ``__missing__``
                for good in pack:
                    if good in total:
                        total[good] += pack[good]
                    else:
                        total[good] = pack[good]
        return total

    def take_good(self, seat: int, packs: list[int], good: str, amount: int = 1) -> None:
        """Remove ``amount`` of ``good`` from the first of ``packs`` that hold it."""
        for index in packs:
            pack = self.players[seat].packs[index]
            while amount and pack.get(good, 0) > 0:
                pack[good] -= 1
                amount -= 1
                if pack[good] == 0:
                    # ``dict.pop`` in C: a Counter's ``del`` runs an interpreted ``__delitem__``
                    pack.pop(good)
        if amount:
            raise ValueError(f"seat {seat} lacks {good}")

    def income_level(self, seat: int) -> int:
        """The 皇恩轨 value that 专营 thresholds and tie-breaks read (``rules.income_level``)."""
        player = self.players[seat]
        return player.income_best if self.topo.income_level_best else player.income_marker

    def warehouse_room(self, seat: int) -> int:
        return self.topo.warehouse_capacity - count_total(self.players[seat].warehouse)

    def remove(self, deck: str, card: str) -> None:
        """Put ``card`` of ``deck`` out of play."""
        self.removed.setdefault(deck, []).append(card)

    def record(self, card_id: str, deck: str, seat: int, kind: str) -> dict[str, Any]:
        """Append a row to the card table (``card_log``); returns it so effects can fill in changes."""
        row = card_row(self, card_id, deck, seat, kind)
        self.log.append(row)
        return row


_COMPARED = tuple(
    f.name
    for f in fields(MingchuState)
    if f.name not in ("rng", "price_cache", "route_cache", "board_cache", "faces")
)


def _rng_state(rng: np.random.Generator | None):
    return None if rng is None else rng.bit_generator.state


@dataclass(frozen=True)
class MingchuObservation:
    """What ``seat`` sees: the public state plus its own cards; hidden cards only as sorted pools."""

    seat: int
    public: MingchuState
    """The state without what ``seat`` may not see: other seats' 皇恩卡 and secret war commitments,
    every face-down deck, the draws of others' 皇恩卡 in the log, the rng and the caches."""
    hand_sizes: tuple[int, ...]
    """皇恩卡 in each seat's hand."""
    war_committed: tuple[int, ...]
    """Markers each seat has committed (secretly, to one side) in this war settlement."""
    deck_sizes: tuple[tuple[str, int], ...]
    """(deck, cards in it) for every face-down deck."""
    unseen: tuple[tuple[str, tuple[str, ...]], ...]
    """(deck, sorted cards ``seat`` cannot place) per face-down deck: the events that may still come,
    the orders, rewards and 门客 in their decks, the 皇恩卡 in the deck, others' hands or banked."""


def order_info(state: MingchuState, key: str) -> Any:
    """The order card of an order instance (``key``: its place in ``order_card``)."""
    return state.topo.orders[state.order_card[key]]
