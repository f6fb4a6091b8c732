"""The compiled core plays the same games as the .py files (docs/architecture.md, "Compiled core")."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC, compiled
from sim.runner import seat_bots

ROOT = Path(__file__).resolve().parents[3]
PARAMS = load_config(SPEC.default_config).params
GAMES = [(n, kind, seed) for n in (4, 5) for kind in ("random", "heuristic") for seed in range(3)]
"""(players, bots, seed): all-random bots or the default heuristic lineup rotated over the seats."""


def transcript(n_players: int, kind: str, seed: int) -> list[str]:
    """Every action (seat, record, description) and everything the game's record keeps, as text."""
    bots = ["random"] * n_players if kind == "random" else list(seat_bots(SPEC.lineup, n_players, seed))
    lines: list[str] = []
    record = play_game(
        SPEC,
        PARAMS,
        n_players,
        seed,
        bots,
        on_step=lambda state, seat, action, text: lines.append(f"{seat} {action!r} {text}"),
    )
    record.duration_s = 0.0
    return [*lines, repr(record)]


def modules_in_use() -> dict[str, str]:
    """Each compiled-core module's file name (``.py`` or the compiled library)."""
    return {
        name: os.path.basename(sys.modules[f"sim.games.mingchu.{name}"].__file__) for name in compiled.MODULES
    }


def dump() -> None:
    """Print, as JSON, whether the compiled core is in use, its modules' files and every game's transcript."""
    games = [transcript(*game) for game in GAMES]
    print(json.dumps({"active": compiled.ACTIVE, "modules": modules_in_use(), "games": games}))


def run_pure() -> dict:
    """``dump`` in a fresh interpreter with ``SIM_PURE_PYTHON=1``."""
    env = {**os.environ, "SIM_PURE_PYTHON": "1"}
    code = "from tests.games.mingchu.test_compiled import dump; dump()"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def pure() -> dict:
    return run_pure()


def test_pure_python_path_runs_the_py_files(pure):
    assert pure["active"] is False
    assert all(name.endswith(".py") for name in pure["modules"].values()), pure["modules"]


@pytest.mark.skipif(not compiled.ACTIVE, reason="no current compiled build (make setup builds it)")
def test_compiled_core_plays_the_same_games(pure):
    in_use = modules_in_use()
    assert not any(name.endswith(".py") for name in in_use.values()), in_use
    for game, expected in zip(GAMES, pure["games"], strict=True):
        assert transcript(*game) == expected, f"{game}: the compiled core played another game"
