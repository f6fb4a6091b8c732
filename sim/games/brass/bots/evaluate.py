"""The heuristic bots' evaluator: every main action and follow-up valued in "VP equivalents".

``Evaluator`` is built once per decision (it caches what several actions share); ``VALUES``
dispatches by action type, so a new action type only needs an entry here to be valued.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from typing import Any

from ..params import INDUSTRIES, IncomeTrack
from ..rules.board import WILD_INDUSTRY, WILD_LOCATION
from ..rules.build import BuildIndustry
from ..rules.cards import Pass, Scout
from ..rules.develop import Develop, DevelopAnother, FreeDevelop
from ..rules.income import TakeLoan
from ..rules.kinds import Stop
from ..rules.links import BuildLink, BuildSecondLink
from ..rules.memo import board_memo
from ..rules.resources import BREWERY, COAL, IRON
from ..rules.rounds import place_icons
from ..rules.sell import Sell, SellAnother
from ..rules.state import CANAL, BrassState


@dataclass(frozen=True)
class Personality:
    """Weights of the shared evaluator."""

    name: str
    industry: dict[str, float]
    sell: float = 1.0
    link: float = 1.0
    develop: float = 1.0
    money_vp: float = 0.2
    loan_below: int = 8
    skip_levels: dict[str, int] = field(default_factory=dict)
    """Industry -> levels at or below which the bot prefers to develop the tile away."""


COAL_GUESS = 2
"""Rough £ a coal cube costs a rail link (times the config's ``links.rail_coal``)."""
FAIR_LOAN = 10.0
"""£ of loan per income level of interest a bot finds fair: a loan that gives more (the config's
``loan.money`` over ``loan.levels_down``) is worth proportionally more and is taken from more money."""


def _remaining_actions(state: BrassState, seat: int) -> int:
    """Own actions left in this era (cards in hand plus the seat's share of the deck)."""
    return len(state.hands[seat]) + len(state.deck) // state.n_players


def _rounds_left_game(state: BrassState, seat: int) -> float:
    per_turn = state.board.params.actions_per_turn
    per_era = state.board.deck_size(state.n_players) / state.n_players / per_turn
    left = _remaining_actions(state, seat) / per_turn
    return left + (per_era if state.era == CANAL else 0.0)


def _levels_per_space(track: IncomeTrack) -> float:
    """Income levels per track space just above the start space, where the markers climb first:
    what the bots take an income space (a tile's ``income``) to be worth in levels."""
    space = track.start_space + 1
    band = next((b for b in track.bands if b.first_space <= space <= b.last_space), track.bands[-1])
    return 1 / band.per_level


def _links_needed(state: BrassState, sources: Sequence[int]) -> dict[int, int]:
    """0-1 BFS: links still to build (built links free, links of the current era cost 1)."""
    board = state.board
    owner = state.link_owner
    era = state.era
    link_ok = board.link_ok
    adjacent = board.loc_link_ends
    dist = {loc: 0 for loc in sources}
    queue = deque(sources)
    while queue:
        loc = queue.popleft()
        here = dist[loc]
        for j, ends in adjacent[loc]:
            built = owner[j] >= 0
            if built:
                step = here
            elif link_ok[j][era]:
                step = here + 1
            else:
                continue
            for end in ends:
                if step < dist.get(end, 99):
                    dist[end] = step
                    if built:
                        queue.appendleft(end)
                    else:
                        queue.append(end)
    return dist


def _sale_chance(links_needed: int) -> float:
    """Rough chance that a goods tile this many links from a buyer gets sold."""
    return (0.85, 0.5, 0.3, 0.15)[links_needed] if links_needed < 4 else 0.03


class Evaluator:
    """Per-decision cache of what the evaluator needs."""

    def __init__(self, state: BrassState, seat: int, p: Personality) -> None:
        self.state = state
        self.seat = seat
        self.p = p
        self.board = state.board
        memo = self.memo = board_memo(state)
        self.costs = memo.costs
        self.comp = self.costs.comp
        self.net = memo.network(state, seat)
        self.lowest = state.lowest_levels(seat)
        self.discard_costs: dict[str, float] = {}
        self.hand_costs: dict[str, float] | None = None
        """card in hand -> ``_discard_cost`` (``_hand_costs``)."""
        self.link_values: dict[tuple[str, bool], float] = {}
        self.build_values: dict[tuple[int, str], float] = {}
        self.best_build = -10.0
        self.develop_values: dict[tuple[str, bool], float] = {}
        self.build_costs: dict[tuple[int, int], int] = {}
        self.reserve = max(0, -state.income_level(seat)) + 2
        self.left = _remaining_actions(state, seat)
        self.rounds_left = _rounds_left_game(state, seat)
        self.levels_per_space = _levels_per_space(self.board.params.income_track)
        # money is worth less as the game runs out of actions to spend it on
        self.money_vp = p.money_vp * min(1.0, self.rounds_left / 3.0)
        self._own_goods: list[tuple[int, int, int, dict[int, int], int]] | None = None
        self._own_links: dict[int, int] = {}
        self.to_buyer: dict[int, dict[int, int]] = {}
        self.from_place: dict[int, dict[int, int]] = {}
        self.penalties: dict[float, float] = {}
        """cost -> ``spend_penalty``."""
        # one pass over the tiles (integer sums: the order does not matter)
        own_beer = any_beer = others_need = own_need = 0
        own_stocked = [0] * len(INDUSTRIES)
        tiles, sold = self.board.tiles, self.board.sold
        slot_ind, slot_res, slot_level, slot_flipped = (
            state.slot_ind,
            state.slot_res,
            state.slot_level,
            state.slot_flipped,
        )
        for s, o in enumerate(state.slot_owner):
            if o < 0:
                continue
            ind, res = slot_ind[s], slot_res[s]
            if ind == BREWERY:
                any_beer += res
                if o == seat:
                    own_beer += res
            if o == seat and res:
                own_stocked[ind] += 1
            if not slot_flipped[s] and sold[ind]:
                need = tiles[ind][slot_level[s]].beer
                if o == seat:
                    own_need += need
                else:
                    others_need += need
        self.own_beer = own_beer
        self.any_beer = sum(state.mslot_beer) + any_beer
        self.own_stocked = own_stocked
        self.others_beer_need = others_need
        self.own_unsold_beer_need = own_need

    # --- shared estimates ------------------------------------------------------------
    def income_value(self, spaces: int) -> float:
        return spaces * self.levels_per_space * max(0.0, self.rounds_left - 1) * self.p.money_vp

    def tile_worth(self, ind: int, lvl: int, loc: int, p_flip: float) -> float:
        tile = self.board.tiles[ind][lvl]
        eras = 2 if self.state.era == CANAL and tile.level > 1 else 1
        link_icons = tile.link * (0.5 + self._own_links_at(loc))
        return p_flip * (tile.vp * eras + self.income_value(tile.income) + link_icons)

    def _own_links_at(self, loc: int) -> int:
        found = self._own_links.get(loc)
        if found is None:
            owner, seat = self.state.link_owner, self.seat
            found = self._own_links[loc] = sum(1 for j in self.board.loc_links[loc] if owner[j] == seat)
        return found

    # --- action values -----------------------------------------------------------------
    def values(self, legal: Sequence[Any]) -> list[float]:
        """``[self.value(a) for a in legal]``, each target and each card valued once.

        Legal actions come in runs of one type. The frequent types are a target value minus a card
        cost (the same differences as their ``VALUES`` entries, so the same floats): each run values
        its distinct targets and cards first, then takes the differences."""
        out: list[float] = []
        for kind, run in groupby(legal, type):
            block = list(run)
            valuer = BLOCK_VALUES.get(kind)
            if valuer is None:
                out += [self.value(a) for a in block]
            else:
                out += valuer(self, block)
        return out

    def _hand_costs(self) -> dict[str, float]:
        """Discard cost of every card in hand (the cards of every action), worked out once per decision."""
        costs = self.hand_costs
        if costs is None:
            costs = self.hand_costs = {
                card: self._discard_cost(card) for card in set(self.state.hands[self.seat])
            }
        return costs

    def _build_block(self, block: list[BuildIndustry]) -> list[float]:
        builds = self.build_values
        for a in block:
            key = (a.slot, a.industry)
            if key not in builds:
                builds[key] = self.build_value(a)
        cards = {card: self._card_cost(card) for card in {a.card for a in block}}
        return [builds[a.slot, a.industry] - cards[a.card] for a in block]

    def _link_block(self, block: list[BuildLink]) -> list[float]:
        links = {link: self.link_value(link, False) for link in {a.link for a in block}}
        cards = self._hand_costs()
        return [links[a.link] - cards[a.card] for a in block]

    def _develop_block(self, block: list[Develop]) -> list[float]:
        develops = {ind: self._develop_cached(ind, False) for ind in {a.industry for a in block}}
        cards = self._hand_costs()
        return [develops[a.industry] - cards[a.card] for a in block]

    def _pass_block(self, block: list[Pass]) -> list[float]:
        cards = self._hand_costs()
        return [-0.5 - cards[a.card] for a in block]

    def _loan_block(self, block: list[TakeLoan]) -> list[float]:
        loan = self.loan_value()
        cards = self._hand_costs()
        return [loan - cards[a.card] for a in block]

    def value(self, a: Any) -> float:
        valuer = VALUES.get(type(a))
        return 0.0 if valuer is None else valuer(self, a)

    def _build_action(self, a: BuildIndustry) -> float:
        key = (a.slot, a.industry)
        if key not in self.build_values:
            self.build_values[key] = self.build_value(a)
        return self.build_values[key] - self._card_cost(a.card)

    def _sell_action(self, a: Sell) -> float:
        return self.sell_value(a.slot, a.merchant)

    def _sell_another(self, a: SellAnother) -> float:
        return self.sell_value(a.slot, a.merchant) + 5.0

    def _link_action(self, a: BuildLink) -> float:
        return self.link_value(a.link, False) - self._discard_cost(a.card)

    def _second_link(self, a: BuildSecondLink) -> float:
        return self.link_value(a.link, True)

    def _develop_cached(self, industry: str, free: bool) -> float:
        key = (industry, free)
        if key not in self.develop_values:
            self.develop_values[key] = self.develop_value(self.board.ind_index[industry], free)
        return self.develop_values[key]

    def _develop_action(self, a: Develop) -> float:
        return self._develop_cached(a.industry, False) - self._discard_cost(a.card)

    def _develop_another(self, a: DevelopAnother) -> float:
        return self._develop_cached(a.industry, False)

    def _free_develop(self, a: FreeDevelop) -> float:
        return self._develop_cached(a.industry, True)

    def _loan_action(self, a: TakeLoan) -> float:
        return self.loan_value() - self._discard_cost(a.card)

    def _stop(self, a: Stop) -> float:
        return 0.5

    def _pass(self, a: Pass) -> float:
        return -0.5 - self._discard_cost(a.card)

    def _card_cost(self, card: str) -> float:
        return 1.0 if card in (WILD_LOCATION, WILD_INDUSTRY) else 0.0

    def _discard_cost(self, card: str) -> float:
        """Prefer discarding cards that build nothing useful for this bot."""
        cost = self.discard_costs.get(card)
        if cost is None:
            if card in (WILD_LOCATION, WILD_INDUSTRY):
                cost = 3.0
            elif card in self.board.card_location:
                cost = 0.3 if self.board.card_location[card] in self.net else 0.1
            else:
                inds = self.board.card_industries[card]
                cost = 0.05 * max(self.p.industry.get(INDUSTRIES[i], 1.0) for i in inds)
            self.discard_costs[card] = cost
        return cost

    def build_value(self, a: BuildIndustry) -> float:
        state, board = self.state, self.board
        ind = board.ind_index[a.industry]
        lvl = self.lowest[ind]
        tile = board.tiles[ind][lvl]
        loc = board.slot_loc[a.slot]
        weight = self.p.industry.get(a.industry, 1.0)
        late = self.left <= 2
        extra = 0.0
        if board.sold[ind]:
            p_flip = _sale_chance(self.buyer_distance(ind).get(loc, 99))
            if p_flip > 0.8 and tile.beer and not self.any_beer:
                p_flip = 0.5
            if late:
                p_flip *= 0.2
        elif ind in (COAL, IRON):
            cubes = state.coal_cubes if ind == COAL else state.iron_cubes
            market = board.params.coal_market if ind == COAL else board.params.iron_market
            sellable = len(market.prices) - cubes
            if ind == COAL and self.comp[loc] not in self.costs.market_comps:
                sellable = 0
            sold = min(sellable, tile.produce)
            extra = (
                sum(market.prices[len(market.prices) - cubes - 1 - k] for k in range(sold)) * self.money_vp
            )
            rest = (0.3 if not late else 0.05) / (1 + self.own_stocked[ind])  # demand saturates
            p_flip = sold / tile.produce + (1 - sold / tile.produce) * rest
        else:
            wanting = self.own_unsold_beer_need - self.own_beer
            others = min(0.5, 0.1 + 0.1 * self.others_beer_need) / (1 + self.own_stocked[ind])
            p_flip = (others if wanting <= 0 else 0.7) if not late else 0.05
        overbuild = 0.0
        if state.slot_owner[a.slot] >= 0:
            old = board.tiles[state.slot_ind[a.slot]][state.slot_level[a.slot]]
            overbuild = -old.vp if state.slot_owner[a.slot] == self.seat else 0.0
        key = (loc, ind)
        if key not in self.build_costs:
            self.build_costs[key] = self.costs.build(self.seat, loc, ind, lvl) or 0
        cost = self.build_costs[key]
        if state.era == CANAL and tile.level == 1 and late:
            p_flip *= 0.5
        worth = self.tile_worth(ind, lvl, loc, p_flip)
        return weight * worth + extra + overbuild - self.spend_penalty(cost)

    def spend_penalty(self, cost: float) -> float:
        """Money's value, steeper when the spend leaves the bot nearly broke (kept per cost)."""
        found = self.penalties.get(cost)
        if found is None:
            after = self.state.money[self.seat] - cost
            soon = min(1.0, self.rounds_left / 3.0)
            broke = max(0.0, 6.0 - after) * 0.5 + max(0.0, self.reserve - after) * 1.5
            found = self.penalties[cost] = cost * self.money_vp + broke * soon
        return found

    def sell_value(self, slot: int, merchant: int) -> float:
        state = self.state
        ind = state.slot_ind[slot]
        tile = self.board.tiles[ind][state.slot_level[slot]]
        bonus = 0.0
        if state.mslot_beer[merchant] and tile.beer:
            kind, amount = self.board.merchant_bonus[state.mslot_loc[merchant]]
            bonus = {
                "vp": amount,
                "money": amount * self.money_vp,
                "income": self.income_value(amount),
            }.get(kind, 2.0)
        worth = self.tile_worth(ind, state.slot_level[slot], self.board.slot_loc[slot], 1.0)
        return self.p.sell * (4.0 + worth + bonus)

    def link_value(self, link: str, second: bool) -> float:
        key = (link, second)
        if key not in self.link_values:
            self.link_values[key] = self._link_value(link, second)
        return self.link_values[key]

    def _link_value(self, link: str, second: bool) -> float:
        raw = self._link_raw(link)
        board = self.board
        costs = board.params.links
        if self.state.era == CANAL:
            cost = costs.canal_cost
        else:
            coal = COAL_GUESS * costs.rail_coal
            cost = (costs.double_rail_cost - costs.rail_cost if second else costs.rail_cost) + coal
        return self.p.link * raw - self.spend_penalty(cost) - 0.5

    def _link_raw(self, link: str) -> float:
        """Icons at the link's ends, the link icons of unflipped tiles there, places it opens, and the
        better chance of selling the seat's goods."""
        state, board = self.state, self.board
        j = board.link_index[link]
        ends = board.link_ends[j]
        icons = sum(place_icons(state, e) for e in ends)
        potential = 0.0
        net = self.net
        for e in ends:
            for s in board.loc_slots[e]:
                owner = state.slot_owner[s]
                if owner >= 0 and not state.slot_flipped[s]:
                    potential += 0.7 * board.tiles[state.slot_ind[s]][state.slot_level[s]].link
            if e not in net and not board.is_merchant[e]:
                potential += 0.6 * (1 if self.left > 3 else 0)
        connects = 0.0
        if state.link_owner[j] < 0:
            for ind, lvl, loc, to_buyer, before in self.own_goods():
                from_tile = self.distance_from(loc)
                after = min(from_tile.get(u, 99) + to_buyer.get(v, 99) for u in ends for v in ends if u != v)
                if after < before:
                    gain = _sale_chance(after) - _sale_chance(before)
                    connects += gain * self.tile_worth(ind, lvl, loc, 1.0)
        return icons + potential + connects

    def own_goods(self) -> list[tuple[int, int, int, dict[int, int], int]]:
        """The seat's unflipped goods tiles not yet at a buyer, in slot order:
        (industry, level index, place, links to a buyer by place, links from the tile's place)."""
        if self._own_goods is None:
            state, board = self.state, self.board
            found = []
            for s, owner in enumerate(state.slot_owner):
                if owner != self.seat or state.slot_flipped[s] or not board.sold[state.slot_ind[s]]:
                    continue
                ind, loc = state.slot_ind[s], board.slot_loc[s]
                to_buyer = self.buyer_distance(ind)
                before = to_buyer.get(loc, 99)
                if before != 0:
                    found.append((ind, state.slot_level[s], loc, to_buyer, before))
            self._own_goods = found
        return self._own_goods

    def buyer_distance(self, ind: int) -> dict[int, int]:
        """Links still to build from each place to a merchant that buys this industry's goods."""
        found = self.to_buyer.get(ind)
        if found is None:
            mslot_buys = self.state.mslot_buys
            sources = tuple(loc for m, loc in enumerate(self.state.mslot_loc) if ind in mslot_buys[m])
            found = self.to_buyer[ind] = self._links_needed(sources)
        return found

    def _links_needed(self, sources: tuple[int, ...]) -> dict[int, int]:
        """``_links_needed`` from these places, shared by every decision on the same links (read-only)."""
        cache = self.memo.links_needed
        found = cache.get(sources)
        if found is None:
            found = cache[sources] = _links_needed(self.state, sources)
        return found

    def distance_from(self, loc: int) -> dict[int, int]:
        found = self.from_place.get(loc)
        if found is None:
            found = self.from_place[loc] = self._links_needed((loc,))
        return found

    def develop_value(self, ind: int, free: bool) -> float:
        state = self.state
        lvl = self.lowest[ind]
        tile = self.board.tiles[ind][lvl]
        bad = not (tile.canal if state.era == CANAL else tile.rail) or tile.level <= self.p.skip_levels.get(
            INDUSTRIES[ind], 0
        )
        if tile.level == 1 and state.era == CANAL:
            bad = bad or self.left < 6
        value = (3.0 if bad else -2.0) * self.p.develop * self.p.industry.get(INDUSTRIES[ind], 1.0)
        if not free:
            value -= self.spend_penalty(self.costs.iron(self.board.params.develop.iron_per_tile))
        if self.left <= 2 and state.era != CANAL:
            value -= 3.0
        return value

    def scout_value(self, a: Scout) -> float:
        """Swap two cards for two wilds when the hand builds nothing worthwhile and the era is long."""
        if self.best_build >= 1.0 or self.left <= 4:
            return -1.0
        costs = self._hand_costs()
        total = 0.0  # as ``sum``: the same float, added in the same order
        for card in a.cards:
            total += costs[card]
        return 1.2 - 0.5 * total

    def loan_value(self) -> float:
        state = self.state
        loan = self.board.params.loan
        money = state.money[self.seat]
        after = state.income_level(self.seat) - loan.levels_down
        floor = loan.min_level if money < 5 else -3
        terms = loan.money / (FAIR_LOAN * max(1, loan.levels_down))
        if self.rounds_left < 3 or money >= self.p.loan_below * terms or after < floor:
            return -5.0
        return (2.0 + (self.p.loan_below - money) * 0.3) * terms


VALUES: dict[type, Callable[[Evaluator, Any], float]] = {
    BuildIndustry: Evaluator._build_action,
    Sell: Evaluator._sell_action,
    SellAnother: Evaluator._sell_another,
    BuildLink: Evaluator._link_action,
    BuildSecondLink: Evaluator._second_link,
    Develop: Evaluator._develop_action,
    DevelopAnother: Evaluator._develop_another,
    FreeDevelop: Evaluator._free_develop,
    TakeLoan: Evaluator._loan_action,
    Stop: Evaluator._stop,
    Pass: Evaluator._pass,
}
"""The evaluator's estimate per action type (an action type not listed is worth 0)."""

BLOCK_VALUES: dict[type, Callable[[Evaluator, list[Any]], list[float]]] = {
    BuildIndustry: Evaluator._build_block,
    BuildLink: Evaluator._link_block,
    Develop: Evaluator._develop_block,
    Pass: Evaluator._pass_block,
    TakeLoan: Evaluator._loan_block,
}
"""Faster ``VALUES`` for runs of one action type: the same values, each target and card valued once."""

SECOND_PASS: dict[type, Callable[[Evaluator, Any], float]] = {Scout: Evaluator.scout_value}
"""Estimates that need every build valued first (``Evaluator.best_build``)."""
