"""The cached legal moves (``memo``) equal a plain recomputation from the rules, in the same order.

The reference functions below are the straightforward versions: every card crossed with every
target, slots by ``candidate_slots``, prices by a fresh ``BuildCosts``, beer for a double by
``beer_available`` (a search from the link's ends with the link in place).
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.play import bot_rng, setup_rng
from sim.games.brass import SPEC
from sim.games.brass.build import BuildIndustry, candidate_slots, card_targets, legal_builds
from sim.games.brass.links import link_options
from sim.games.brass.params import INDUSTRIES
from sim.games.brass.resources import BuildCosts, beer_available
from sim.games.brass.state import CANAL, BrassState

from .helpers import GAME, PARAMS


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


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_cached_moves_equal_reference(n_players: int) -> None:
    rng = np.random.default_rng(n_players)
    for seed in range(4):
        state = GAME.initial_state(PARAMS, n_players, setup_rng(seed))
        bot = bot_rng(seed, 0)
        greedy = (
            [SPEC.bots[SPEC.lineup[s % len(SPEC.lineup)]](s) for s in range(n_players)] if seed >= 2 else None
        )
        while not GAME.is_terminal(state):
            seat = GAME.current_player(state)
            if not state.pending:
                assert legal_builds(state, seat) == reference_builds(state, seat)
                for second in (False, True):
                    assert link_options(state, seat, second) == reference_links(state, seat, second)
                if rng.random() < 0.1:  # a clone shares the memo and must answer the same
                    twin = state.clone()
                    twin.money[seat] += 20
                    assert legal_builds(twin, seat) == reference_builds(twin, seat)
            legal = GAME.legal_actions(state)
            if greedy is None:
                GAME.apply(state, legal[int(bot.integers(len(legal)))])
            else:
                GAME.apply(state, greedy[seat].choose(state, legal, bot))
