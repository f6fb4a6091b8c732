"""``sim check`` on the toy game with planted bugs: each kind is caught and named."""

from __future__ import annotations

import textwrap

import pytest
from click.testing import CliRunner

from sim.cli import cli

HEADER = """
import dataclasses, random
from sim.games.toy import SPEC as TOY
from sim.games.toy.rules import ToyGame
from sim.games.toy.rules.actions import Gamble, Step, move
"""

BUGS = {
    "shared_clone": (
        """
class Buggy(ToyGame):
    def initial_state(self, params, n, rng):
        state = super().initial_state(params, n, rng)
        state.clone = lambda: dataclasses.replace(state)  # shallow: lists are shared
        return state
""",
        "[clone]",
    ),
    "leaky_observation": (
        """
class Buggy(ToyGame):
    def observation(self, state, seat):
        obs = super().observation(state, seat)
        obs.public.hands = [list(h) for h in state.hands]  # shows every hand
        return obs
""",
        "[observation]",
    ),
    "listed_action_fails": (
        """
class Buggy(ToyGame):
    def legal_actions(self, state):
        return [*super().legal_actions(state), Step(99)]
    def apply(self, state, action):
        if action == Step(99):
            raise ValueError("step too long")
        super().apply(state, action)
""",
        "[legal_actions]",
    ),
    "card_lost": (
        """
class Buggy(ToyGame):
    def apply(self, state, action):
        super().apply(state, action)
        if state.discard:
            state.discard.pop()  # a played card vanishes
""",
        "[invariants] ",
    ),
    "global_random": (
        """
class Buggy(ToyGame):
    def apply(self, state, action):
        if isinstance(action, Gamble) and not state.pending:
            move(state, state.current, random.randint(0, 4))  # not the state's rng
            self._end_turn(state)
            return
        super().apply(state, action)
""",
        "[determinism]",
    ),
}


@pytest.fixture
def plant(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))

    def write(name: str, body: str) -> str:
        source = HEADER + textwrap.dedent(body) + "\nSPEC = dataclasses.replace(TOY, game=Buggy())\n"
        (tmp_path / f"{name}.py").write_text(source, encoding="utf-8")
        return name

    return write


def test_the_toy_passes():
    result = CliRunner().invoke(cli, ["check", "toy", "--playouts", "2"])
    assert result.exit_code == 0, result.output
    assert "passed" in result.output


@pytest.mark.parametrize("bug", sorted(BUGS))
def test_a_planted_bug_fails_with_its_check_named(plant, bug):
    body, expected = BUGS[bug]
    module = plant(f"planted_{bug}", body)
    result = CliRunner().invoke(cli, ["check", module, "--playouts", "2", "--probe-every", "1"])
    assert result.exit_code == 1, result.output
    assert expected in result.output, result.output
    assert "Traceback" not in result.output


def test_an_unknown_game_is_a_clear_error():
    result = CliRunner().invoke(cli, ["check", "no_such_game_module"])
    assert result.exit_code == 2
    assert "not a bundled game" in result.output
