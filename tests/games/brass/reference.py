"""A straightforward recomputation of a Brass main decision's legal moves, the reference the cached
engine (``kinds.LegalMoves``) is checked against.

The builds and links are their plain statements, beside their kernels (``build.legal_builds_plain``:
every card crossed with every target, slots by ``candidate_slots``, prices by a fresh ``BuildCosts``;
``links.link_options_plain``: beer for a double by ``beer_available``, a search from the link's ends
with the link in place); the other kinds from the rules as written, without any memo.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from sim.games.brass.params import INDUSTRIES
from sim.games.brass.rules.board import WILDS
from sim.games.brass.rules.build import legal_builds_plain
from sim.games.brass.rules.cards import Pass, Scout
from sim.games.brass.rules.develop import Develop, develop_options
from sim.games.brass.rules.income import TakeLoan
from sim.games.brass.rules.links import BuildLink, link_options_plain
from sim.games.brass.rules.resources import components
from sim.games.brass.rules.sell import Sell, sell_options
from sim.games.brass.rules.state import BrassState


def reference_main_actions(state: BrassState, seat: int) -> list[Any]:
    """Every main action of the seat, in the engine's order: build, link, develop, sell, loan, scout, pass."""
    board, params = state.board, state.board.params
    hand = state.hands[seat]
    cards = sorted(set(hand))
    out: list[Any] = legal_builds_plain(state, seat)
    out += [BuildLink(c, board.link_names[j]) for c in cards for j in link_options_plain(state, seat, False)]
    out += [Develop(c, INDUSTRIES[i]) for c in cards for i in develop_options(state, seat)]
    out += [Sell(c, s, m) for c in cards for s, m in sell_options(state, seat, components(state))]
    if state.income_level(seat) - params.loan.levels_down >= params.loan.min_level:
        out += [TakeLoan(c) for c in cards]
    wild_in_hand = any(c in WILDS for c in hand)
    if not wild_in_hand and state.wild_location and state.wild_industry and len(hand) >= params.scout_cards:
        out += [Scout(combo) for combo in sorted(set(combinations(sorted(hand), params.scout_cards)))]
    out += [Pass(c) for c in cards]
    return out
