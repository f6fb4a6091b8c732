"""The compiled core plays the same games as the .py files (docs/architecture.md, "Compiled core")."""

from __future__ import annotations

import json

import pytest

from sim.games.brass import SPEC, compiled
from tests.games import compiled_check
from tests.games.brass.helpers import PARAMS

GAMES = [(n, kind, seed) for n in (2, 3, 4) for kind in ("random", "heuristic") for seed in range(4)]
"""(players, bots, seed): all-random bots or the default heuristic lineup rotated over the seats."""


def transcript(n_players: int, kind: str, seed: int) -> list[str]:
    return compiled_check.transcript(SPEC, PARAMS, n_players, kind, seed)


def modules_in_use() -> dict[str, str]:
    return compiled_check.modules_in_use("sim.games.brass", compiled.MODULES)


def dump() -> None:
    """Print, as JSON, whether the compiled core is in use, its modules' files and every game's transcript."""
    games = [transcript(*game) for game in GAMES]
    print(json.dumps({"active": compiled.ACTIVE, "modules": modules_in_use(), "games": games}))


@pytest.fixture(scope="module")
def pure() -> dict:
    return compiled_check.run_pure("tests.games.brass.test_compiled")


def test_pure_python_path_runs_the_py_files(pure):
    assert pure["active"] is False
    assert all(name.endswith(".py") for name in pure["modules"].values()), pure["modules"]


@pytest.mark.skipif(not compiled.ACTIVE, reason="no current compiled build (make setup builds it)")
def test_compiled_core_plays_the_same_games(pure):
    in_use = modules_in_use()
    assert not any(name.endswith(".py") for name in in_use.values()), in_use
    for game, expected in zip(GAMES, pure["games"], strict=True):
        assert transcript(*game) == expected, f"{game}: the compiled core played another game"
