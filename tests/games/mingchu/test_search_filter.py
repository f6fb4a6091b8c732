"""The rollout bot's search filter for 明初商途: main choices are searched, micro-steps are not."""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from sim.games.mingchu import SPEC, worth_searching
from sim.games.mingchu.turn import TURN
from tests.games.mingchu.helpers import RULES, new_state


def decisions_of_a_game(seed: int = 2) -> dict[str, list[tuple]]:
    """(state copy, legal actions) of every decision with a choice, by decision kind, in one game."""
    state = new_state(5, seed)
    bots = [SPEC.bots["industrialist"](seat) for seat in range(5)]
    rng = np.random.default_rng(seed)
    seen: dict[str, list[tuple]] = defaultdict(list)
    while not RULES.is_terminal(state):
        legal = RULES.legal_actions(state)
        seat = RULES.current_player(state)
        if len(legal) > 1 and len(seen[state.pending.next.kind]) < 30:
            seen[state.pending.next.kind].append((state.clone(), list(legal)))
        RULES.apply(state, bots[seat].choose(RULES.view(state, seat), legal, rng))
    return seen


def test_main_choices_are_searched_micro_steps_are_not():
    assert SPEC.search_worthy is worth_searching and SPEC.search_horizon > 0
    seen = decisions_of_a_game()
    for kind in ("produce", "good_dest"):
        assert seen[kind], kind
        assert not any(worth_searching(state, legal) for state, legal in seen[kind]), kind
    assert seen["draft"] and all(worth_searching(state, legal) for state, legal in seen["draft"])
    turns = seen["turn"]
    main = [(state, legal) for state, legal in turns if any(type(a) in TURN.by_type for a in legal)]
    assert main and all(worth_searching(state, legal) for state, legal in main)
    quick = [(s, [a for a in legal if type(a) not in TURN.by_type]) for s, legal in turns]
    quick = [(s, q) for s, q in quick if len(q) > 1]
    assert quick and not any(worth_searching(state, q) for state, q in quick)  # quick actions only: no search
