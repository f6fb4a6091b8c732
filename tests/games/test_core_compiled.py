"""sim.core's compiled loop and random pick play the same games as their .py files, in every game
(docs/architecture.md, "Compiled core")."""

from __future__ import annotations

import json

import pytest

from sim.config import load_config
from sim.core import compiled
from sim.core.registry import game_names, get_game
from tests.games import compiled_check

GAMES = [(name, kind, seed) for name in game_names() for kind in ("random", "heuristic") for seed in range(2)]
"""(game, bots, seed) at the game's fewest players."""


def transcript(name: str, kind: str, seed: int) -> list[str]:
    spec = get_game(name)
    params = load_config(spec.default_config).params
    return compiled_check.transcript(spec, params, min(spec.player_counts), kind, seed)


def modules_in_use() -> dict[str, str]:
    return compiled_check.modules_in_use("sim.core", compiled.CORE.modules)


def dump() -> None:
    """Print, as JSON, whether sim.core's compiled core is in use, its modules' files and every transcript."""
    games = [transcript(*game) for game in GAMES]
    print(json.dumps({"active": compiled.CORE.active, "modules": modules_in_use(), "games": games}))


@pytest.fixture(scope="module")
def pure() -> dict:
    return compiled_check.run_pure("tests.games.test_core_compiled")


def test_pure_python_path_runs_the_py_files(pure):
    assert pure["active"] is False
    assert all(name.endswith(".py") for name in pure["modules"].values()), pure["modules"]


@pytest.mark.skipif(not compiled.CORE.active, reason="no current compiled build (make setup builds it)")
def test_compiled_loop_plays_the_same_games(pure):
    in_use = modules_in_use()
    assert not any(name.endswith(".py") for name in in_use.values()), in_use
    for game, expected in zip(GAMES, pure["games"], strict=True):
        assert transcript(*game) == expected, f"{game}: the compiled loop played another game"
