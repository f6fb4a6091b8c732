"""Golden playthroughs: one seeded game per game and variant, rendered as text under tests/golden/.

A rules change shows up as a readable diff. Regenerate after an intended change with ``make golden``.
"""

from __future__ import annotations

import difflib
import os
from pathlib import Path

import pytest

from sim.config import load_config
from sim.core.play import play_game
from sim.core.playlog import final_lines, make_step_hook
from sim.games import GAME_MODULES, game_names, get_game
from sim.runner import seat_bots

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("SIM_UPDATE_GOLDEN") == "1"


def render(game: str, config: Path, n_players: int, seed: int = 1) -> str:
    spec = get_game(game)
    lineup = seat_bots(spec.lineup, n_players, 0)
    lines = [f"{spec.title} | {config.name} | {n_players} players | seed {seed} | bots {', '.join(lineup)}"]
    params = load_config(config).params
    record = play_game(
        spec, params, n_players, seed, lineup, on_step=make_step_hook(spec, lineup, lines.append, None)
    )
    lines += final_lines(spec, record)
    return "\n".join(lines) + "\n"


def cases():
    for name in game_names():
        if name not in GAME_MODULES:
            continue
        spec = get_game(name)
        yield pytest.param(
            name, spec.default_config, spec.player_counts[-1], id=f"{name}-{spec.player_counts[-1]}p"
        )


@pytest.mark.parametrize(("game", "config", "n_players"), list(cases()))
def test_golden_playthrough(game, config, n_players):
    path = GOLDEN / f"{game}-{config.stem}-{n_players}p.txt"
    text = render(game, config, n_players)
    if UPDATE or not path.exists():
        path.write_text(text, encoding="utf-8")
        if not UPDATE:
            pytest.skip(f"wrote new golden file {path.name}; commit it")
        return
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        diff = "".join(
            difflib.unified_diff(expected.splitlines(True), text.splitlines(True), "golden", "now", n=2)
        )
        pytest.fail(f"{path.name} changed (run `make golden` if intended):\n{diff[:4000]}")
