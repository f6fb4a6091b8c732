"""Main actions as a ``LazyList`` of ``LegalMoves``: counted up front, each move made when asked for, the same as the full list.

At every main decision of a few games the length, every index (from the front and from the back)
and a slice, and each kind's own ``legal`` in turn, equal the plain recomputation (``game.main_actions_plain``); the moves still
read the same after the state has moved on; the scout count equals the distinct card sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import pytest

from sim.core.lazy_list import LazyList
from sim.core.play import bot_rng, setup_rng
from sim.games.brass import SPEC
from sim.games.brass.rules.cards import distinct_picks
from sim.games.brass.rules.game import MAIN, main_actions_plain
from sim.games.brass.rules.kinds import LegalMoves

from .helpers import GAME, PARAMS


@pytest.mark.parametrize("n_players", [2, 4])
def test_each_move_made_alone_equals_the_full_list(n_players: int) -> None:
    for seed in range(2):
        state = GAME.initial_state(PARAMS, n_players, setup_rng(seed))
        rng = bot_rng(seed, 0)
        heuristic = [SPEC.bots.bots[SPEC.lineup[0]](s) for s in range(n_players)] if seed else None
        while not GAME.is_terminal(state):
            seat = GAME.current_player(state)
            legal = GAME.legal_actions(state)
            if not state.pending:
                assert isinstance(legal, LazyList) and isinstance(legal.maker, LegalMoves)
                assert isinstance(legal, Sequence)
                expected = main_actions_plain(state, seat)
                fresh = GAME.legal_actions(state)  # nothing made yet: each index made on its own
                assert len(fresh) == len(expected) and bool(fresh)
                assert [fresh[i] for i in range(len(fresh))] == expected
                assert [fresh[-i] for i in range(1, len(fresh) + 1)] == expected[::-1]
                assert fresh[::3] == expected[::3]
                assert fresh == expected and expected == fresh and list(fresh) == expected
                with pytest.raises(IndexError):
                    fresh[len(expected)]
                assert [a for kind in MAIN.kinds for a in kind.legal(state, seat)] == expected  # kind by kind
            pick = (
                legal[int(rng.integers(len(legal)))]
                if heuristic is None
                else heuristic[seat].choose(state, legal, rng)
            )
            untouched = GAME.legal_actions(state) if not state.pending else None
            GAME.apply(state, pick)
            if untouched is not None:  # counted before the move: still the moves of that position
                assert list(untouched) == expected


def test_scout_count_is_the_number_of_distinct_card_sets() -> None:
    hands = [
        ("a", "a", "a", "b"),
        ("a", "b", "c", "d", "e"),
        ("a", "a", "b", "b", "c", "c", "c", "d"),
        ("a",) * 8,
    ]
    for hand in hands:
        for n in range(1, 4):
            assert distinct_picks(hand, n) == len(set(combinations(hand, n)))
