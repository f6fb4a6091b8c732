"""Steam dispatches every choice through tables: the rules by decision kind, then by action type;
the bots by decision kind."""

from __future__ import annotations

import numpy as np

from sim.config import load_config
from sim.config.resources import config_root
from sim.core.decisions import ActionChoice
from sim.games.steam import SPEC
from sim.games.steam.bots.heuristic import CHOOSERS
from sim.games.steam.rules.game import DECISIONS


def seen_kinds(config: str, n: int, games: int = 3) -> dict[str, set[type]]:
    """The action types listed under each open decision's kind in seeded random games."""
    params = load_config(config_root() / "steam" / config).params
    seen: dict[str, set[type]] = {}
    for seed in range(games):
        state = SPEC.game.initial_state(params, n, np.random.default_rng(seed))
        rng = np.random.default_rng(seed)
        while not SPEC.game.is_terminal(state):
            decision = state.decision()
            assert decision.seat == SPEC.game.current_player(state)
            legal = SPEC.game.legal_actions(state)
            seen.setdefault(decision.kind, set()).update(type(a) for a in legal)
            SPEC.game.apply(state, legal[rng.integers(len(legal))])
    return seen


def test_every_phase_and_the_points_are_decision_kinds_with_a_bot_chooser():
    seen = seen_kinds("base.yaml", 3)
    seen.update((k, seen.get(k, set()) | v) for k, v in seen_kinds("standard.yaml", 4).items())
    assert set(seen) == set(DECISIONS.by_kind) == set(CHOOSERS)
    for kind, types in seen.items():
        table = DECISIONS.by_kind[kind]
        if isinstance(table, ActionChoice):
            assert types <= set(table.actions.by_type), kind
