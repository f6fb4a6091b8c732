"""Keyed tie-breaks: fixed by the game's salt, the context and the action, not by the stream's history."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from sim.bots.tiebreak import KeyedTies
from sim.core.play import bot_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.heuristic import HeuristicBot
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


def _plain_mix(x: int) -> int:
    """fmix64 written plainly on 64-bit integers: the reference for the limb arithmetic."""
    m64 = (1 << 64) - 1
    x = ((x ^ (x >> 33)) * 0xFF51AFD7ED558CCD) & m64
    x = ((x ^ (x >> 33)) * 0xC4CEB9FE1A85EC53) & m64
    return x ^ (x >> 33)


def test_the_mixing_on_limbs_is_fmix64():
    """``_mix`` (on 16-bit limbs, so the compiled core multiplies unboxed integers) equals fmix64
    on random 64-bit numbers, numbers of every width and the edges, and a number from a key and a
    code (``_unit``) is the float of their mix over 2**64."""
    from sim.core import tiebreak

    rng = np.random.default_rng(7)
    numbers = [0, 1, (1 << 64) - 1, 1 << 63, (1 << 32) - 1, 1 << 32, 1 << 31, (1 << 33) - 1]
    numbers += [int(rng.integers(1 << 62)) << int(rng.integers(3)) for _ in range(3000)]
    numbers += [int(rng.integers(1 << 62)) >> int(rng.integers(62)) for _ in range(3000)]
    for x in numbers:
        assert tiebreak._mix(x) == _plain_mix(x), x
        code = x & 0xFFFFFFFF  # (a tie-break code is a crc32)
        key = _plain_mix(x)
        assert tiebreak._unit(tiebreak._limbs(key), code) == _plain_mix(key ^ code) / 2.0**64, x


def test_noise_and_chance_are_the_plain_formula():
    """Each number is fmix64(key ^ code) / 2**64, the key fmix64(salt ^ fmix64(code of the context))."""
    from sim.core.tiebreak import stable_code

    keyed = ties(11)
    actions = [("move", 3), "text", 7, ("a", ("b", 2))]
    key = _plain_mix(keyed.salt ^ _plain_mix(stable_code((4, "turn"))))
    expected = [_plain_mix(key ^ stable_code(action)) / 2.0**64 for action in actions]
    assert keyed.noise(actions, 4, "turn") == expected
    assert keyed.chance(4, "turn") == _plain_mix(key) / 2.0**64
