"""Same seeds, same games: the cached engine and bots against a straightforward recomputation.

For fixed seeds at 2, 3 and 4 players, with random bots and with the heuristic lineup, every main
decision's legal actions equal ``game.main_actions_plain`` (no memo, the rules as written),
in the same order; every decision's legal actions and every heuristic choice are the same on a copy
whose caches start empty; each heuristic valuation equals the one-action-at-a-time ``value``; and
the game replayed from empty caches at every decision ends with the same scores, ranks and
breakdown.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from sim.core.play import bot_rng, setup_rng
from sim.games.brass import SPEC
from sim.games.brass.bots.evaluate import SECOND_PASS, Evaluator
from sim.games.brass.bots.heuristic import GreedyBot
from sim.games.brass.rules.game import main_actions_plain
from sim.games.brass.rules.state import BrassState

from .helpers import GAME, PARAMS


def cold(state: BrassState) -> BrassState:
    """A copy whose caches start empty: everything it answers is worked out afresh."""
    copy = state.clone()
    copy.memo = {}
    return copy


def copy_rng(rng: np.random.Generator) -> np.random.Generator:
    twin = np.random.Generator(type(rng.bit_generator)())
    twin.bit_generator.state = rng.bit_generator.state
    return twin


def play(n_players: int, seed: int, heuristic: bool, check: bool) -> Any:
    """One game; with ``check``, every decision is compared with its recomputation."""
    state = GAME.initial_state(PARAMS, n_players, setup_rng(seed))
    names = [SPEC.lineup[(seed + s) % len(SPEC.lineup)] if heuristic else "random" for s in range(n_players)]
    bots = [SPEC.bots.bots[name](seat) for seat, name in enumerate(names)]
    rngs = [bot_rng(seed, seat) for seat in range(n_players)]
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        seen = GAME.view(state, seat) if check else cold(GAME.view(state, seat))
        legal = GAME.legal_actions(state if check else cold(state))
        if check:
            assert GAME.legal_actions(cold(state)) == legal
            if not state.pending:
                assert main_actions_plain(cold(state), seat) == legal
            if isinstance(bots[seat], GreedyBot):
                twin = copy_rng(rngs[seat])
                assert bots[seat].choose(cold(seen), legal, twin) == bots[seat].choose(
                    seen, legal, copy_rng(rngs[seat])
                )
                if not state.pending and len(legal) > 1:
                    check_values(seen, seat, bots[seat], legal)
        GAME.apply(state, bots[seat].choose(seen, legal, rngs[seat]))
    return GAME.outcome(state)


def check_values(seen: BrassState, seat: int, bot: GreedyBot, legal: list[Any]) -> None:
    """The block valuation (targets and cards valued once) equals valuing each action alone."""
    fast = Evaluator(seen, seat, bot.p).values(legal)
    plain = Evaluator(seen, seat, bot.p)
    slow = [plain.value(a) for a in legal]
    for i, a in enumerate(legal):
        if type(a) in SECOND_PASS:  # valued after every build, by the bot itself
            fast[i] = slow[i] = 0.0
    assert fast == slow


@pytest.mark.parametrize("n_players", [2, 3, 4])
@pytest.mark.parametrize("heuristic", [False, True], ids=["random", "heuristic"])
def test_same_games_as_recomputation(n_players: int, heuristic: bool) -> None:
    for seed in (3, 11) if not heuristic else (5,):
        cached = play(n_players, seed, heuristic, check=True)
        fresh = play(n_players, seed, heuristic, check=False)
        assert cached.scores == fresh.scores
        assert cached.ranks == fresh.ranks
        assert cached.breakdown == fresh.breakdown
