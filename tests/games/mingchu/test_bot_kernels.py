"""The heuristic bots' choice kernel plays by the plain rule (``bots/choice.py``).

The rule: every legal action valued by its type's function in the value table (``plain_values``),
and the action with the highest value plus ``TIE`` times its keyed tie-break number played
(``plain_pick``). The kernel (``_values``: entries kept per type, the frequent functions called by
an integer code, bounded values worked out only while they may win; ``choose``: tie-break numbers
drawn only near the best) is checked against it at every decision of whole heuristic games at 4
and 5 players: the same values where it values an action, an unvalued action never within ``TIE``
of the best, the same best value, the same action played.
"""

from __future__ import annotations

import pytest

from sim.config import load_config
from sim.core.play import bot_rng, setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.base import NEVER
from sim.games.mingchu.bots.choice import TIE, _values, plain_pick, plain_values
from sim.games.mingchu.bots.heuristic import HeuristicBot

RULES = SPEC.game
PARAMS = load_config(SPEC.default_config).params
ANSWERED_ELSEWHERE = ("buyback", "trade_offer", "trade_answer")
"""Decisions ``choose`` answers from a plan (``buyback_plan``) or the trade bots, not by values."""


@pytest.mark.parametrize(
    ("seed", "personas"),
    [
        (3, ["runner", "industrialist", "roadbuilder", "runner"]),
        (8, ["industrialist", "roadbuilder", "runner", "industrialist", "roadbuilder"]),
    ],
)
def test_the_choice_kernel_plays_by_the_plain_rule(seed: int, personas: list[str]):
    n = len(personas)
    state = RULES.initial_state(PARAMS, n, setup_rng(seed))
    bots = [HeuristicBot(seat, name) for seat, name in enumerate(personas)]
    rngs = [bot_rng(seed, seat) for seat in range(n)]
    decisions = unvalued = ties = turns = 0
    while not RULES.is_terminal(state):
        seat = RULES.current_player(state)
        legal = RULES.legal_actions(state)
        bot = bots[seat]
        action = bot.choose(state, legal, rngs[seat])
        kind = state.decision().kind
        if len(legal) > 1 and kind not in ANSWERED_ELSEWHERE:
            turn = kind == "turn"
            context = bot._context(state, kind)
            plain = plain_values(bot, state, legal, context, turn)
            kept = _values(bot, state, legal, context, turn)
            best = max(plain)
            assert bot._best_value == best
            for a, value, got in zip(legal, plain, kept, strict=True):
                if got == NEVER and value != NEVER:
                    assert value < best - TIE, (kind, a, value, best)
                    unvalued += 1
                else:
                    assert got == value, (kind, a, got, value)
            assert action == plain_pick(bot, state, legal, plain, kind), kind
            decisions += 1
            turns += turn
            ties += sum(v >= best - TIE for v in plain) > 1
        RULES.apply(state, action)
    assert decisions > 500 and turns > 200 and unvalued > 100 and ties > 50, (
        decisions,
        turns,
        unvalued,
        ties,
    )
