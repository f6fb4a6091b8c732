"""Keyed tie-breaks: fixed by the game's salt, the context and the action, not by the stream's history."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from sim.bots.tiebreak import KeyedTies
from sim.core.play import bot_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots import HeuristicBot
from tests.games.mingchu.helpers import new_state


def ties(seed: int) -> KeyedTies:
    keyed = KeyedTies()
    keyed.start(np.random.default_rng(seed))
    return keyed


def test_the_same_action_in_the_same_context_gets_the_same_number():
    a, b = ties(1), ties(1)
    actions = [("move", 3), ("build", 7), ("pass",)]
    assert a.noise(actions, 2, "turn") == b.noise(list(reversed(actions)), 2, "turn")[::-1]
    assert a.noise(actions, 2, "turn") != a.noise(actions, 3, "turn")  # another round
    assert a.noise(actions, 2, "turn") != ties(2).noise(actions, 2, "turn")  # another game


def test_the_numbers_are_the_same_in_another_process():
    code = "import numpy as np; from sim.bots.tiebreak import KeyedTies as K; k = K(); "
    code += "k.start(np.random.default_rng(4)); print(k.noise(['甲', ('乙', 2)], 1, 'turn'))"
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout for _ in range(2)
    }
    assert len(outputs) == 1 and str(ties(4).noise(["甲", ("乙", 2)], 1, "turn")) == outputs.pop().strip()


def test_over_games_each_of_several_tied_actions_is_picked_about_as_often():
    picks = [int(np.argmax(ties(seed).noise(["a", "b", "c", "d"], 1))) for seed in range(4000)]
    counts = np.bincount(picks, minlength=4)
    assert counts.min() > 900 and counts.max() < 1100, counts


def test_a_mingchu_bot_choice_does_not_depend_on_what_it_was_asked_before():
    """An extra decision at the start (a variant's extra card, say) leaves later tie-breaks alone:
    a bot drawing its tie-breaks from the stream would pick differently among tied moves."""
    game = SPEC.game
    state = new_state(5, seed=3)
    fresh_choices, used_choices = [], []
    fresh, used = HeuristicBot(0, "runner"), HeuristicBot(0, "runner")
    fresh_rng, used_rng = bot_rng(7, 0), bot_rng(7, 0)
    seen_seat_0 = 0
    while not game.is_terminal(state) and seen_seat_0 < 120:
        legal = game.legal_actions(state)
        seat = game.current_player(state)
        if seat == 0 and len(legal) > 1:
            if seen_seat_0 == 0:
                fresh.choose(game.view(state, 0), legal, fresh_rng)  # draws the salt only
                used.choose(game.view(state, 0), legal, used_rng)
                for _ in range(5):  # extra questions the fresh bot is not asked
                    used.choose(game.view(state, 0), list(reversed(legal)), used_rng)
            fresh_choices.append(fresh.choose(game.view(state, 0), legal, fresh_rng))
            used_choices.append(used.choose(game.view(state, 0), legal, used_rng))
            seen_seat_0 += 1
        action = (
            fresh_choices[-1]
            if seat == 0 and len(legal) > 1
            else HeuristicBot(seat, "runner").choose(game.view(state, seat), legal, bot_rng(7, seat))
        )
        game.apply(state, action)
    assert seen_seat_0 >= 50
    assert fresh_choices == used_choices
