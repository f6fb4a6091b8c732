"""What a bot plays for: the orders it plans (its personal one; for runners the best public one,
and the special ones in the war), the goods they need, what the orders are worth, and which 掌柜
collects their goods.

The plan is worked out once and kept while everything it reads is the same (``_plan_same``,
compared by content): the micro-steps of a turn or a production step mostly leave it alone. Each
class above drops what it keeps per plan when a new one starts (``_new_plan``). A kept value that
is stale is a wrong choice: ``tests/games/mingchu/test_bot_kept.py`` plays whole games and checks
every value against a fresh bot's.
"""

from __future__ import annotations

from typing import Any

from ..rules.orders import order_info
from ..rules.state import MingchuState
from .distances import Distances


def same_counts(goods: dict[str, int], kept: dict[str, int]) -> bool:
    """``goods == kept`` for a ``Counter`` of goods and its plain ``dict`` copy, as ``dict``
    compares them (the same goods listed, each with the same count; a good listed with 0 differs
    from one not listed). A ``Counter`` compared with a ``dict`` declines in interpreted code before
    ``dict``'s comparison answers: a plain copy of the ``Counter`` (made in C) is compared instead,
    which costs less than a compiled loop over the goods."""
    return dict(goods) == kept


class Plan(Distances):
    """The orders planned and the goods they need, kept while what they read stays the same."""

    def __init__(self, seat: int, persona: str) -> None:
        super().__init__(seat, persona)
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
        self._needed_total = 0  # the goods still to get (``_needed_cache``'s sum)
        self._specials: list[str] | None = None  # the special public orders (``_required``), the same
        self._carriers: dict[tuple, int] = {}  # (掌柜 places, ``_roads``) -> ``_carrier``, per plan

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
        """Start a plan: copy what ``_plan_same`` compares and drop what was kept per plan
        (``_new_plan``). The
        industries' copy (``_layout``) is kept while equal, so the values kept for the industries
        (availability, road worths, prices) compare it by identity."""
        player = state.players[self.seat]
        public = [o.order for o in state.public_orders]
        orders_changed = (
            not self._planned or player.personal_order != self._plan_order or public != self._plan_public
        )
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
        self._new_plan(orders_changed)

    def _new_plan(self, orders_changed: bool) -> None:
        """Drop what was kept for the last plan (``orders_changed``: its orders were others); each
        class above drops its own, then calls this."""
        if orders_changed:
            self._specials = None
        self._worth_cache = {}
        self._best_cache = None
        self._have = None
        self._required_cache = None
        self._carriers = {}

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

    def _work_out_needs(self, state: MingchuState) -> None:
        """The goods the plan's orders require (``_required``), those still to get and their count."""
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
