"""The search bot on 明初商途's card decisions: using a 门客, the draft and hiring are searched from the
first round (what ``--confirm rollout:N`` needs), an ordinary move in round 1 is not."""

from __future__ import annotations

import numpy as np

from sim.config import load_config
from sim.core.play import setup_rng
from sim.games.mingchu import SEARCH_FROM_ROUND, SPEC, worth_searching
from sim.games.mingchu.rules.actions import UseRetainer
from sim.games.mingchu.rules.turn import TURN

RULES = SPEC.game
PARAMS = load_config(SPEC.default_config).params


def first_decisions(seed: int = 3) -> dict[str, tuple]:
    """(state copy, legal actions) of the first draft decision and the first round-1 turn with a
    choice of main action, in one 5-player game of heuristics."""
    state = RULES.initial_state(PARAMS, 5, setup_rng(seed))
    bots = [SPEC.bots.bots["industrialist"](seat) for seat in range(5)]
    rng = np.random.default_rng(seed)
    found: dict[str, tuple] = {}
    while not RULES.is_terminal(state) and state.round <= 1 and len(found) < 2:
        legal = RULES.legal_actions(state)
        kind = state.pending.next.kind
        main = [a for a in legal if type(a) in TURN.by_type]
        if kind == "draft" and len(legal) > 1:
            found.setdefault("draft", (state.clone(), list(legal)))
        if kind == "turn" and state.round == 1 and len(main) > 1:
            found.setdefault("turn", (state.clone(), main))
        RULES.apply(
            state,
            bots[RULES.current_player(state)].choose(
                RULES.view(state, RULES.current_player(state)), legal, rng
            ),
        )
    return found


def test_card_decisions_are_searched_from_round_1_and_ordinary_moves_are_not():
    found = first_decisions()
    state, main = found["turn"]
    assert state.round == 1 < SEARCH_FROM_ROUND
    assert not worth_searching(state, main[:2])  # two ordinary moves in round 1: the heuristic's pick
    card = next(iter(PARAMS.cards.门客)).id
    assert worth_searching(state, [main[0], UseRetainer(card)])  # one candidate uses a 门客
    assert worth_searching(state, [UseRetainer(card), main[1]])
    draft_state, legal = found["draft"]
    assert draft_state.round < SEARCH_FROM_ROUND and worth_searching(draft_state, legal[:2])
