"""The cached legal moves (``memo``) equal a plain recomputation from the rules, in the same order.

The plain statements beside the kernels (``build.legal_builds_plain``, ``links.link_options_plain``)
are the straightforward versions: every card crossed with every target, slots by
``candidate_slots``, prices by a fresh ``BuildCosts``, beer for a double by ``beer_available`` (a
search from the link's ends with the link in place).
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.core.play import bot_rng, setup_rng
from sim.games.brass import SPEC
from sim.games.brass.rules.build import legal_builds, legal_builds_plain
from sim.games.brass.rules.links import link_options, link_options_plain

from .helpers import GAME, PARAMS


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_cached_moves_equal_reference(n_players: int) -> None:
    rng = np.random.default_rng(n_players)
    for seed in range(4):
        state = GAME.initial_state(PARAMS, n_players, setup_rng(seed))
        bot = bot_rng(seed, 0)
        greedy = (
            [SPEC.bots.bots[SPEC.lineup[s % len(SPEC.lineup)]](s) for s in range(n_players)]
            if seed >= 2
            else None
        )
        while not GAME.is_terminal(state):
            seat = GAME.current_player(state)
            if not state.pending:
                assert legal_builds(state, seat) == legal_builds_plain(state, seat)
                for second in (False, True):
                    assert link_options(state, seat, second) == link_options_plain(state, seat, second)
                if rng.random() < 0.1:  # a clone shares the memo and must answer the same
                    twin = state.clone()
                    twin.money[seat] += 20
                    assert legal_builds(twin, seat) == legal_builds_plain(twin, seat)
            legal = GAME.legal_actions(state)
            if greedy is None:
                GAME.apply(state, legal[int(bot.integers(len(legal)))])
            else:
                GAME.apply(state, greedy[seat].choose(state, legal, bot))
