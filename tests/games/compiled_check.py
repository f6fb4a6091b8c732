"""What each game's ``test_compiled.py`` shares: a game's transcript, the files its compiled-core
modules run from, and the same seeds played in a fresh interpreter on the ``.py`` files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sim.core.game import GameSpec
from sim.core.play import play_game
from sim.runner import seat_bots

ROOT = Path(__file__).resolve().parents[2]


def transcript(spec: GameSpec, params: Any, n_players: int, kind: str, seed: int) -> list[str]:
    """Every action (seat, record, description) and everything the game's record keeps, as text;
    ``kind``: all-random bots or the default heuristic lineup rotated over the seats."""
    bots = ["random"] * n_players if kind == "random" else list(seat_bots(spec.lineup, n_players, seed))
    lines: list[str] = []
    record = play_game(
        spec,
        params,
        n_players,
        seed,
        bots,
        on_step=lambda state, seat, action, text: lines.append(f"{seat} {action!r} {text}"),
    )
    record.duration_s = 0.0
    return [*lines, repr(record)]


def modules_in_use(package: str, modules: Sequence[str]) -> dict[str, str]:
    """Each compiled-core module's file name (``.py`` or the compiled library)."""
    return {name: os.path.basename(sys.modules[f"{package}.{name}"].__file__) for name in modules}


def run_pure(test_module: str) -> dict:
    """``test_module``'s ``dump()`` in a fresh interpreter with ``SIM_PURE_PYTHON=1``, read back as JSON."""
    env = {**os.environ, "SIM_PURE_PYTHON": "1"}
    code = f"from {test_module} import dump; dump()"
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
