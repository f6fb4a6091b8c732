"""Connectivity, coal/iron/beer sources and prices, markets, flipping and income (shared by all actions)."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection

from ..params import INDUSTRIES, Market
from .state import BrassState

COAL, IRON, BREWERY = INDUSTRIES.index("coal"), INDUSTRIES.index("iron"), INDUSTRIES.index("brewery")


def distances(state: BrassState, origins: tuple[int, ...], extra_link: int = -1) -> dict[int, int]:
    """Links-count distance from the origins to every connected place (built links of any owner)."""
    board = state.board
    owner = state.link_owner
    dist = {o: 0 for o in origins}
    queue = deque(origins)
    while queue:
        loc = queue.popleft()
        d = dist[loc] + 1
        for j in board.loc_links[loc]:
            if owner[j] < 0 and j != extra_link:
                continue
            for end in board.link_ends[j]:
                if end not in dist:
                    dist[end] = d
                    queue.append(end)
    return dist


def components(state: BrassState) -> list[int]:
    """Connected-component label of every place."""
    board = state.board
    label = list(range(board.n_locs))

    def find(x: int) -> int:
        while label[x] != x:
            label[x] = label[label[x]]
            x = label[x]
        return x

    for j, owner in enumerate(state.link_owner):
        if owner >= 0:
            ends = board.link_ends[j]
            root = find(ends[0])
            for end in ends[1:]:
                other = find(end)
                if other != root:
                    label[other] = root
    return [find(x) for x in range(board.n_locs)]


def merchant_connected(state: BrassState, reach: dict[int, int] | set[int]) -> bool:
    """Whether a set of reachable places includes any merchant location."""
    return any(loc in reach for loc in state.board.merchant_locs)


def buy_cost(market: Market, cubes: int, n: int) -> int:
    """Price of buying n cubes, cheapest occupied space first, then the empty price."""
    prices = market.prices
    total = 0
    for _ in range(n):
        if cubes > 0:
            total += prices[len(prices) - cubes]
            cubes -= 1
        else:
            total += market.empty_price
    return total


def coal_mines(state: BrassState) -> list[int]:
    """Slots of coal mines holding coal."""
    res, ind = state.slot_res, state.slot_ind
    return [s for s, owner in enumerate(state.slot_owner) if owner >= 0 and ind[s] == COAL and res[s] > 0]


def connected_coal(state: BrassState, reach: dict[int, int]) -> list[tuple[int, int]]:
    """(distance, slot) of connected unflipped coal mines holding coal, nearest first."""
    slot_loc = state.board.slot_loc
    found = []
    for s in coal_mines(state):
        d = reach.get(slot_loc[s])
        if d is not None:
            found.append((d, s))
    found.sort()
    return found


def iron_on_board(state: BrassState) -> list[int]:
    """Slots of iron works holding iron."""
    return [
        s
        for s, owner in enumerate(state.slot_owner)
        if owner >= 0 and state.slot_ind[s] == IRON and state.slot_res[s] > 0
    ]


def iron_cost(state: BrassState, n: int) -> int:
    """Money needed for n iron: board iron is free, the rest comes from the market."""
    if n == 0:
        return 0
    free = sum(state.slot_res[s] for s in iron_on_board(state))
    short = n - free
    if short <= 0:
        return 0
    return buy_cost(state.board.params.iron_market, state.iron_cubes, short)


def beer_sources(
    state: BrassState, seat: int, origins: tuple[int, ...], merchant_slot: int, extra_link: int = -1
) -> list[tuple[int, bool]]:
    """Beer sources: own breweries anywhere, others' connected breweries, the merchant slot's beer."""
    board = state.board
    reach: dict[int, int] | None = None
    found: list[tuple[int, bool]] = []
    for s, owner in enumerate(state.slot_owner):
        if owner < 0 or state.slot_ind[s] != BREWERY or state.slot_res[s] == 0:
            continue
        if owner != seat:
            if reach is None:
                reach = distances(state, origins, extra_link)
            if board.slot_loc[s] not in reach:
                continue
        found.append((s, False))
    if merchant_slot >= 0 and state.mslot_beer[merchant_slot] > 0:
        found.append((merchant_slot, True))
    return found


def beer_available(
    state: BrassState, seat: int, origins: tuple[int, ...], merchant_slot: int, extra_link: int = -1
) -> int:
    """Total barrels the seat could use at the origins (counting the merchant slot's beer)."""
    total = 0
    for source, is_merchant in beer_sources(state, seat, origins, merchant_slot, extra_link):
        total += state.mslot_beer[source] if is_merchant else state.slot_res[source]
    return total


def price_key(comp: int, ind: int, lvl: int) -> int:
    """One int for (component, industry, level index): the key of ``BuildCosts.prices``."""
    return (comp * 8 + ind) * 64 + lvl


class BuildCosts:
    """Coal and iron prices in one position: coal by connected component, iron from the board total.

    A snapshot: it never reads the state again, so it may be kept for any state with the same board
    (``memo.BoardMemo``). Prices are cached by (component, amount) and by amount."""

    __slots__ = (
        "comp",
        "coal_in",
        "market_comps",
        "free_iron",
        "coal_market",
        "iron_market",
        "coal_cubes",
        "iron_cubes",
        "tiles",
        "_coal",
        "_iron",
        "prices",
    )

    def __init__(
        self, state: BrassState, comp: list[int] | None = None, ind_slots: list[list[int]] | None = None
    ) -> None:
        """``comp``: the state's ``components``, ``ind_slots``: the slots holding a tile of each
        industry (``memo.LayoutMemo.ind_slots``), when the caller has them."""
        params = state.board.params
        self.comp = components(state) if comp is None else comp
        slot_res, slot_loc = state.slot_res, state.board.slot_loc
        if ind_slots is None:
            mines, works = coal_mines(state), iron_on_board(state)
        else:
            mines, works = ind_slots[COAL], ind_slots[IRON]
        self.coal_in: dict[int, int] = {}
        for s in mines:
            if slot_res[s]:
                c = self.comp[slot_loc[s]]
                self.coal_in[c] = self.coal_in.get(c, 0) + slot_res[s]
        self.market_comps = {self.comp[m] for m in state.board.merchant_locs}
        self.free_iron = sum(slot_res[s] for s in works)
        self.coal_market = params.coal_market
        self.iron_market = params.iron_market
        self.coal_cubes = state.coal_cubes
        self.iron_cubes = state.iron_cubes
        self._coal: dict[tuple[int, int], int | None] = {}
        self._iron: dict[int, int] = {}
        self.tiles = state.board.tiles
        self.prices: dict[int, int | None] = {}
        """``price_key(component, industry, level index)`` -> ``build``."""

    def coal_for(self, comps: Collection[int], n: int) -> int | None:
        """Money for n coal delivered into the given (distinct) components (None: no mine and no market link)."""
        if n == 0:
            return 0
        coal_in = self.coal_in
        free = 0
        for c in comps:
            free += coal_in.get(c, 0)
        if n <= free:
            return 0
        if self.market_comps.isdisjoint(comps):
            return None
        return buy_cost(self.coal_market, self.coal_cubes, n - free)

    def coal(self, loc: int, n: int) -> int | None:
        key = (self.comp[loc], n)
        if key in self._coal:
            return self._coal[key]
        price = self._coal[key] = self.coal_for({key[0]}, n)
        return price

    def iron(self, n: int) -> int:
        if n <= self.free_iron:
            return 0
        price = self._iron.get(n)
        if price is None:
            price = self._iron[n] = buy_cost(self.iron_market, self.iron_cubes, n - self.free_iron)
        return price

    def build(self, seat: int, loc: int, ind: int, lvl: int) -> int | None:
        """Total money for the tile of ind at level index lvl at loc (cost + bought coal/iron), None if no coal.

        ``seat`` is unused (prices do not depend on who builds); kept so callers read naturally."""
        c = self.comp[loc]
        key = price_key(c, ind, lvl)
        if key in self.prices:
            return self.prices[key]
        tile = self.tiles[ind][lvl]
        n = tile.coal
        free = self.coal_in.get(c, 0)
        if n <= free:  # coal_for({c}, n), inlined
            coal: int | None = 0
        elif c not in self.market_comps:
            coal = None
        else:
            coal = buy_cost(self.coal_market, self.coal_cubes, n - free)
        price = None if coal is None else tile.cost + coal + self.iron(tile.iron)
        self.prices[key] = price
        return price


def gain_income(state: BrassState, seat: int, spaces: int) -> None:
    """Advance the income marker by spaces, capped at the top of the track."""
    state.income_space[seat] = min(state.board.top_space, state.income_space[seat] + spaces)


def flip(state: BrassState, slot: int) -> None:
    """Flip a tile and raise its owner's income by the tile's income spaces."""
    state.slot_flipped[slot] = True
    if state.slot_log[slot] >= 0:
        state.tile_log[state.slot_log[slot]]["flipped"] = True
    tile = state.board.tiles[state.slot_ind[slot]][state.slot_level[slot]]
    gain_income(state, state.slot_owner[slot], tile.income)


def take_from_tile(state: BrassState, slot: int) -> None:
    """Remove one cube/barrel from a tile; the last one flips it."""
    state.slot_res[slot] -= 1
    if state.slot_res[slot] == 0:
        flip(state, slot)


def pay(state: BrassState, seat: int, amount: int) -> None:
    """Pay the bank; the amount goes on the seat's spend pile for turn order."""
    state.money[seat] -= amount
    state.spent[seat] += amount


def buy_from_market(state: BrassState, seat: int, resource: int, n: int) -> None:
    """Buy n cubes from the coal or iron market, cheapest first."""
    params = state.board.params
    if resource == COAL:
        pay(state, seat, buy_cost(params.coal_market, state.coal_cubes, n))
        state.coal_cubes = max(0, state.coal_cubes - n)
    else:
        pay(state, seat, buy_cost(params.iron_market, state.iron_cubes, n))
        state.iron_cubes = max(0, state.iron_cubes - n)


def sell_to_market(state: BrassState, slot: int) -> None:
    """Move cubes from a newly built coal mine / iron works to its market, dearest empty space first."""
    params = state.board.params
    market = params.coal_market if state.slot_ind[slot] == COAL else params.iron_market
    owner = state.slot_owner[slot]
    spaces = len(market.prices)
    while state.slot_res[slot] > 0:
        cubes = state.coal_cubes if state.slot_ind[slot] == COAL else state.iron_cubes
        if cubes >= spaces:
            break
        state.money[owner] += market.prices[spaces - cubes - 1]
        if state.slot_ind[slot] == COAL:
            state.coal_cubes += 1
        else:
            state.iron_cubes += 1
        take_from_tile(state, slot)
