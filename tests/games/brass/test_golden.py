"""Golden playthrough: one seeded heuristic 2-player game rendered as text.

A rules or bot change shows up as a readable diff. Regenerate with:
    BRASS_REGEN_GOLDEN=1 .venv/bin/pytest tests/games/brass/test_golden.py
"""

from __future__ import annotations

import os
from pathlib import Path

from sim.core.play import play_game
from sim.games.brass import SPEC
from tests.games.brass.helpers import PARAMS

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "brass-base-2p-seed1.txt"


def render() -> str:
    lines: list[str] = [f"# {SPEC.rules_version} base.yaml, 2 players, seed 1, bots merchant vs networker"]

    def on_step(state, seat, action, text):
        lines.append(f"r{state.round:02d} £{state.money[seat]:>3} vp{state.vp[seat]:>3} {text}")

    record = play_game(SPEC, PARAMS, 2, 1, ["merchant", "networker"], on_step=on_step, catch_errors=False)
    lines.append(f"scores {record.scores} ranks {record.ranks} end {record.end_reason}")
    for seat, row in enumerate(record.breakdown):
        lines.append(f"P{seat + 1} " + " ".join(f"{k}={v:g}" for k, v in row.items() if v))
    return "\n".join(lines) + "\n"


def test_golden_playthrough():
    text = render()
    if os.environ.get("BRASS_REGEN_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.read_text(encoding="utf-8") == text
