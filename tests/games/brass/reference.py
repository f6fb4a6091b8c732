"""Straightforward recomputations of Brass legal moves, the references the cached engine is checked against.

Every card crossed with every target, slots by ``candidate_slots``, prices by a fresh ``BuildCosts``,
beer for a double by ``beer_available`` (a search from the link's ends with the link in place); the
other kinds from the rules as written, without any memo.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from sim.games.brass.params import INDUSTRIES
from sim.games.brass.rules.board import WILDS
from sim.games.brass.rules.build import BuildIndustry, candidate_slots, card_targets
from sim.games.brass.rules.cards import Pass, Scout
from sim.games.brass.rules.develop import Develop, develop_options
from sim.games.brass.rules.income import TakeLoan
from sim.games.brass.rules.links import BuildLink
from sim.games.brass.rules.resources import BuildCosts, beer_available, components
from sim.games.brass.rules.sell import Sell, sell_options
from sim.games.brass.rules.state import CANAL, BrassState


def reference_builds(state: BrassState, seat: int) -> list[BuildIndustry]:
    costs = BuildCosts(state)
    board = state.board
    money = state.money[seat]
    out = []
    for card in sorted(set(state.hands[seat])):
        for loc, inds in card_targets(state, seat, card):
            for ind in inds:
                if ind not in board.loc_inds[loc]:
                    continue
                lvl = state.lowest_level(seat, ind)
                slots = candidate_slots(state, seat, loc, ind, lvl)
                if not slots:
                    continue
                cost = costs.build(seat, loc, ind, lvl)
                if cost is None or cost > money:
                    continue
                out += [BuildIndustry(card, s, INDUSTRIES[ind]) for s in slots]
    return out


def reference_links(state: BrassState, seat: int, second: bool) -> list[int]:
    board = state.board
    params = board.params.links
    if state.links_left[seat] <= 0:
        return []
    has = state.has_pieces(seat)
    net = state.network(seat) if has else set()
    money = state.money[seat]
    costs = BuildCosts(state)
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


def reference_main_actions(state: BrassState, seat: int) -> list[Any]:
    """Every main action of the seat, in the engine's order: build, link, develop, sell, loan, scout, pass."""
    board, params = state.board, state.board.params
    hand = state.hands[seat]
    cards = sorted(set(hand))
    out: list[Any] = reference_builds(state, seat)
    out += [BuildLink(c, board.link_names[j]) for c in cards for j in reference_links(state, seat, False)]
    out += [Develop(c, INDUSTRIES[i]) for c in cards for i in develop_options(state, seat)]
    out += [Sell(c, s, m) for c in cards for s, m in sell_options(state, seat, components(state))]
    if state.income_level(seat) - params.loan.levels_down >= params.loan.min_level:
        out += [TakeLoan(c) for c in cards]
    wild_in_hand = any(c in WILDS for c in hand)
    if not wild_in_hand and state.wild_location and state.wild_industry and len(hand) >= params.scout_cards:
        out += [Scout(combo) for combo in sorted(set(combinations(sorted(hand), params.scout_cards)))]
    out += [Pass(c) for c in cards]
    return out
