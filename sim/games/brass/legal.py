"""Legal action generation: main actions and the choices of an open follow-up step."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from sim.games.brass.actions import (
    BuildIndustry,
    BuildLink,
    BuildSecondLink,
    ChooseBeer,
    ChooseCoal,
    ChooseIron,
    Develop,
    DevelopAnother,
    FreeDevelop,
    Pass,
    RemoveTile,
    Scout,
    Sell,
    SellAnother,
    Stop,
    TakeLoan,
)
from sim.games.brass.board import WILD_INDUSTRY, WILD_LOCATION
from sim.games.brass.params import INDUSTRIES
from sim.games.brass.resources import (
    COAL,
    IRON,
    beer_available,
    beer_sources,
    buy_cost,
    coal_mines,
    components,
    connected_coal,
    distances,
    iron_cost,
    iron_on_board,
)
from sim.games.brass.state import CANAL, BrassState


def card_targets(
    state: BrassState, seat: int, card: str, network: set[int] | None = None
) -> list[tuple[int, tuple[int, ...]]]:
    """(place, industries) a card lets the seat build, before slot and cost checks."""
    board = state.board
    all_inds = tuple(range(len(INDUSTRIES)))
    if card in board.card_location:
        return [(board.card_location[card], all_inds)]
    if card == WILD_LOCATION:
        return [(loc, all_inds) for loc in board.town_locs]
    inds = board.card_industries[card]
    if state.has_pieces(seat):
        if network is None:
            network = state.network(seat)
        places = sorted(loc for loc in network if not board.is_merchant[loc])
    else:
        places = board.build_locs
    return [(loc, inds) for loc in places]


def _resource_gone(state: BrassState, ind: int) -> bool:
    """No cube of this resource on any tile nor in its market (opponent overbuild condition)."""
    market = state.coal_cubes if ind == COAL else state.iron_cubes
    if market:
        return False
    return not any(
        o >= 0 and state.slot_ind[s] == ind and state.slot_res[s] for s, o in enumerate(state.slot_owner)
    )


def candidate_slots(state: BrassState, seat: int, loc: int, ind: int, lvl: int | None = None) -> list[int]:
    """Slots where the seat's lowest tile of ind may go (slot preference, canal limit, overbuild)."""
    board = state.board
    if lvl is None:
        lvl = state.lowest_level(seat, ind)
    if lvl < 0:
        return []
    tile = board.tiles[ind][lvl]
    if not (tile.canal if state.era == CANAL else tile.rail):
        return []
    owner = state.slot_owner
    slots = board.loc_slots[loc]
    own_here = state.era == CANAL and any(owner[s] == seat for s in slots)
    found: list[int] = []
    if not own_here:
        free = [s for s in slots if owner[s] < 0 and ind in board.slot_inds[s]]
        singles = [s for s in free if len(board.slot_inds[s]) == 1]
        if singles:
            found.append(singles[0])
        else:
            seen: set[tuple[int, ...]] = set()
            for s in free:
                if board.slot_inds[s] not in seen:
                    seen.add(board.slot_inds[s])
                    found.append(s)
    for s in slots:
        if owner[s] < 0 or state.slot_ind[s] != ind or state.slot_level[s] >= lvl:
            continue
        if owner[s] == seat:
            found.append(s)
        elif not own_here and ind in (COAL, IRON) and _resource_gone(state, ind):
            found.append(s)
    return found


class BuildCosts:
    """Coal and iron prices in one position: coal by connected component, iron from the board total."""

    def __init__(self, state: BrassState) -> None:
        self.state = state
        self.comp = components(state)
        self.coal_in: dict[int, int] = {}
        for s in coal_mines(state):
            c = self.comp[state.board.slot_loc[s]]
            self.coal_in[c] = self.coal_in.get(c, 0) + state.slot_res[s]
        self.market_comps = {self.comp[m] for m in state.board.merchant_locs}
        self.free_iron = sum(state.slot_res[s] for s in iron_on_board(state))

    def coal_for(self, comps: set[int], n: int) -> int | None:
        """Money for n coal delivered into the given components (None: no mine and no market link)."""
        if n == 0:
            return 0
        free = sum(self.coal_in.get(c, 0) for c in comps)
        if n <= free:
            return 0
        if not comps & self.market_comps:
            return None
        return buy_cost(self.state.board.params.coal_market, self.state.coal_cubes, n - free)

    def coal(self, loc: int, n: int) -> int | None:
        return self.coal_for({self.comp[loc]}, n)

    def iron(self, n: int) -> int:
        if n <= self.free_iron:
            return 0
        return buy_cost(self.state.board.params.iron_market, self.state.iron_cubes, n - self.free_iron)

    def build(self, seat: int, loc: int, ind: int) -> int | None:
        """Total money for the seat's lowest tile of ind at loc (cost + bought coal/iron), None if no coal."""
        tile = self.state.board.tiles[ind][self.state.lowest_level(seat, ind)]
        coal = self.coal(loc, tile.coal)
        if coal is None:
            return None
        return tile.cost + coal + self.iron(tile.iron)


def legal_builds(state: BrassState, seat: int, costs: BuildCosts | None = None) -> list[BuildIndustry]:
    """Every legal BuildIndustry of the seat (card x slot x industry), costs and coal checked."""
    out: list[BuildIndustry] = []
    checked: dict[tuple[int, int], list[int]] = {}
    money = state.money[seat]
    network = state.network(seat)
    costs = costs or BuildCosts(state)
    board = state.board
    lowest = [state.lowest_level(seat, ind) for ind in range(len(INDUSTRIES))]
    buildable = {
        ind
        for ind, lvl in enumerate(lowest)
        if lvl >= 0 and (board.tiles[ind][lvl].canal if state.era == CANAL else board.tiles[ind][lvl].rail)
    }
    for card in sorted(set(state.hands[seat])):
        for loc, inds in card_targets(state, seat, card, network):
            for ind in inds:
                if ind not in buildable or ind not in board.loc_inds[loc]:
                    continue
                key = (loc, ind)
                if key not in checked:
                    slots = candidate_slots(state, seat, loc, ind, lowest[ind])
                    if slots:
                        cost = costs.build(seat, loc, ind)
                        if cost is None or cost > money:
                            slots = []
                    checked[key] = slots
                for s in checked[key]:
                    out.append(BuildIndustry(card, s, INDUSTRIES[ind]))
    return out


def link_options(
    state: BrassState, seat: int, second: bool = False, costs: BuildCosts | None = None
) -> list[int]:
    """Link indices the seat may build now (second=True: the second rail of a double)."""
    board = state.board
    params = board.params.links
    if state.links_left[seat] <= 0:
        return []
    has = state.has_pieces(seat)
    net = state.network(seat) if has else set()
    money = state.money[seat]
    costs = costs or BuildCosts(state)
    out = []
    for j, owner in enumerate(state.link_owner):
        if owner >= 0 or not board.link_ok[j][state.era]:
            continue
        ends = board.link_ends[j]
        if has and not any(e in net for e in ends):
            continue
        if state.era == CANAL:
            if money >= params.canal_cost:
                out.append(j)
            continue
        price = params.double_rail_cost - params.rail_cost if second else params.rail_cost
        coal = costs.coal_for({costs.comp[e] for e in ends}, params.rail_coal)
        if coal is None or money < price + coal:
            continue
        if second and beer_available(state, seat, ends, -1, extra_link=j) < params.double_rail_beer:
            continue
        out.append(j)
    return out


def develop_options(state: BrassState, seat: int, free: bool = False) -> list[int]:
    """Industries whose lowest tile the seat may develop (no lightbulbs; iron affordable unless free)."""
    board = state.board
    out = []
    affordable = free or iron_cost(state, board.params.develop.iron_per_tile) <= state.money[seat]
    for ind in range(len(INDUSTRIES)):
        lvl = state.lowest_level(seat, ind)
        if lvl >= 0 and not board.tiles[ind][lvl].lightbulb and affordable:
            out.append(ind)
    return out


def sell_options(state: BrassState, seat: int, comp: list[int] | None = None) -> list[tuple[int, int]]:
    """(tile slot, merchant slot) pairs the seat can sell now (connection, goods, beer)."""
    board = state.board
    out = []
    for s, owner in enumerate(state.slot_owner):
        if owner != seat or state.slot_flipped[s] or not board.sold[state.slot_ind[s]]:
            continue
        if comp is None:
            comp = components(state)
        ind = state.slot_ind[s]
        loc = board.slot_loc[s]
        need = board.tiles[ind][state.slot_level[s]].beer
        seen = set()
        for m, mloc in enumerate(state.mslot_loc):
            if ind not in state.mslot_buys[m] or comp[mloc] != comp[loc]:
                continue
            key = (mloc, state.mslot_buys[m], state.mslot_beer[m] > 0)
            if key in seen:
                continue
            if need and beer_available(state, seat, (loc,), m) < need:
                continue
            seen.add(key)
            out.append((s, m))
    return out


def refund(state: BrassState, slot: int) -> int:
    """Money a tile raises when removed for an income shortfall (half its cost, rounded down)."""
    tile = state.board.tiles[state.slot_ind[slot]][state.slot_level[slot]]
    return tile.cost // state.board.params.shortfall.tile_refund_divisor


def refund_tiles(state: BrassState, seat: int) -> list[int]:
    """Own tiles that raise money toward a shortfall; a tile refunding £0 makes up nothing (B34)."""
    return [s for s, o in enumerate(state.slot_owner) if o == seat and refund(state, s) > 0]


def main_actions(state: BrassState, seat: int) -> list[Any]:
    """Every legal main action of the seat (each discards a card)."""
    params = state.board.params
    hand = state.hands[seat]
    cards = sorted(set(hand))
    costs = BuildCosts(state)
    out: list[Any] = list(legal_builds(state, seat, costs))
    links = link_options(state, seat, costs=costs)
    names = state.board.link_names
    out += [BuildLink(c, names[j]) for c in cards for j in links]
    devs = develop_options(state, seat)
    out += [Develop(c, INDUSTRIES[i]) for c in cards for i in devs]
    sells = sell_options(state, seat, costs.comp)
    out += [Sell(c, s, m) for c in cards for s, m in sells]
    if state.income_level(seat) - params.loan.levels_down >= params.loan.min_level:
        out += [TakeLoan(c) for c in cards]
    holds_wild = WILD_LOCATION in hand or WILD_INDUSTRY in hand
    if not holds_wild and state.wild_location and state.wild_industry and len(hand) >= params.scout_cards:
        out += [Scout(combo) for combo in sorted(set(combinations(sorted(hand), params.scout_cards)))]
    out += [Pass(c) for c in cards]
    return out


def decision_actions(state: BrassState, task: tuple[Any, ...]) -> list[Any]:
    """The choices of an open follow-up step."""
    kind, seat = task[0], task[1]
    if kind == "coal":
        mines = connected_coal(state, distances(state, task[3]))
        if not mines:
            return []
        nearest = mines[0][0]
        return [ChooseCoal(s) for d, s in mines if d == nearest]
    if kind == "iron":
        return [ChooseIron(s) for s in iron_on_board(state)]
    if kind == "beer":
        return [ChooseBeer(src, is_m) for src, is_m in beer_sources(state, seat, task[3], task[4])]
    if kind == "more_sell":
        return [SellAnother(s, m) for s, m in sell_options(state, seat)] + [Stop()]
    if kind == "more_develop":
        return [DevelopAnother(INDUSTRIES[i]) for i in develop_options(state, seat)] + [Stop()]
    if kind == "second_link":
        names = state.board.link_names
        return [BuildSecondLink(names[j]) for j in link_options(state, seat, second=True)] + [Stop()]
    if kind == "gloucester":
        return [FreeDevelop(INDUSTRIES[i]) for i in develop_options(state, seat, free=True)] + [Stop()]
    if kind == "income":
        return [RemoveTile(s) for s in refund_tiles(state, seat)]
    raise ValueError(f"unknown pending step {kind!r}")
