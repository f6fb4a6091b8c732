"""The rollout bot's search filter for 明初商途: card decisions from the start, main choices from round 4
(playouts through 2 round ends), micro-steps from round 7 (to the round's end)."""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from sim.config import load_config
from sim.core.play import setup_rng
from sim.games.mingchu import MICRO_FROM_ROUND, SEARCH_FROM_ROUND, SPEC, search_horizon, worth_searching
from sim.games.mingchu.rules.actions import UseRetainer
from sim.games.mingchu.rules.turn import TURN

RULES = SPEC.game
PARAMS = load_config(SPEC.default_config).params


def decisions_of_a_game(seed: int = 2) -> dict[tuple[str, int], list[tuple]]:
    """(state copy, legal actions) of decisions with a choice, by (decision kind, round), in one game."""
    state = RULES.initial_state(PARAMS, 5, setup_rng(seed))
    bots = [SPEC.bots.bots["industrialist"](seat) for seat in range(5)]
    rng = np.random.default_rng(seed)
    seen: dict[tuple[str, int], list[tuple]] = defaultdict(list)
    while not RULES.is_terminal(state):
        legal = RULES.legal_actions(state)
        seat = RULES.current_player(state)
        key = (state.pending.next.kind, state.round)
        if len(legal) > 1 and len(seen[key]) < 8:
            seen[key].append((state.clone(), list(legal)))
        RULES.apply(state, bots[seat].choose(RULES.view(state, seat), legal, rng))
    return seen


def test_main_choices_are_searched_from_round_4_micro_steps_from_round_7():
    assert SPEC.bots.search_worthy is worth_searching and SPEC.bots.search_horizon is search_horizon
    seen = decisions_of_a_game()
    rounds = {r for _, r in seen}
    assert max(rounds) >= MICRO_FROM_ROUND > SEARCH_FROM_ROUND > min(rounds)
    checked = defaultdict(int)
    for (kind, round_number), cases in seen.items():
        for state, legal in cases:
            main = [a for a in legal if type(a) in TURN.by_type] if kind == "turn" else []
            micro = [a for a in legal if type(a) not in TURN.by_type] if kind == "turn" else legal
            if len(main) > 1 or kind == "draft":  # the draft takes a card: searched from the start
                expected = round_number >= SEARCH_FROM_ROUND or kind == "draft"
                assert worth_searching(state, main or legal) == expected, (kind, round_number)
                assert search_horizon(state, main or legal) == 2
                checked["main", expected] += 1
            if len(micro) > 1 and kind in ("turn", "produce", "good_dest"):
                card_use = kind == "turn" and any(type(a) is UseRetainer for a in micro)
                expected = round_number >= MICRO_FROM_ROUND or card_use  # using a 门客: from the start
                assert worth_searching(state, micro) == expected, (kind, round_number)
                assert search_horizon(state, micro) == 1
                checked["micro", expected] += 1
    assert all(checked[side, when] for side in ("main", "micro") for when in (True, False)), checked
