"""Brass dispatches every choice through tables: the rules by the open decision's kind (the turn's
main actions then by type), the turn's options kept lazily built."""

from __future__ import annotations

import numpy as np

from sim.core.decisions import ActionChoice
from sim.core.lazy_list import LazyList
from sim.games.brass.rules.game import DECISIONS, MAIN
from sim.games.brass.rules.state import TURN
from tests.games.brass.helpers import GAME, PARAMS


def test_every_choice_is_the_open_decision_dispatched_by_its_kind():
    seen: dict[str, set[type]] = {}
    for n, seed in ((2, 0), (3, 1), (4, 2)):
        state = GAME.initial_state(PARAMS, n, np.random.default_rng(seed))
        rng = np.random.default_rng(seed)
        while not GAME.is_terminal(state):
            decision = state.decision()
            assert decision.seat == GAME.current_player(state)
            assert (decision.kind == TURN) == (not state.pending)
            legal = GAME.legal_actions(state)
            assert isinstance(legal, LazyList) == (decision.kind == TURN)  # the turn's moves stay lazy
            assert list(legal) == list(DECISIONS.legal(state, decision))
            seen.setdefault(decision.kind, set()).update(type(a) for a in legal)
            GAME.apply(state, legal[int(rng.integers(len(legal)))])
    assert set(seen) <= set(DECISIONS.by_kind)
    turn = DECISIONS.by_kind[TURN]
    assert isinstance(turn, ActionChoice) and turn.actions is MAIN
    assert seen[TURN] == set(MAIN.by_type)  # every main action type was offered on a turn
    assert len(seen) >= 3  # steps that wait for a choice were met too (income, beer, ...)
