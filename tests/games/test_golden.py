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
from sim.games import game_names, get_game
from sim.runner import seat_bots

GOLDEN = Path(__file__).parents[1] / "golden"
UPDATE = os.environ.get("SIM_UPDATE_GOLDEN") == "1"


def render(game: str, config: Path, n_players: int, seed: int = 1, bots: tuple[str, ...] = ()) -> str:
    spec = get_game(game)
    lineup = list(bots) or seat_bots(spec.lineup, n_players, 0)
    lines = [f"{spec.title} | {config.name} | {n_players} players | seed {seed} | bots {', '.join(lineup)}"]
    params = load_config(config).params
    record = play_game(
        spec, params, n_players, seed, lineup, on_step=make_step_hook(spec, lineup, lines.append, None)
    )
    lines += final_lines(spec, record)
    return "\n".join(lines) + "\n"


EXTRA = [("brass", 2, 1, ("merchant", "networker"))]
"""More golden games beyond each game's largest player count: (game, players, seed, bots)."""


def cases():
    for name in game_names():
        spec = get_game(name)
        if spec.example:
            continue
        n = spec.player_counts_for(load_config(spec.default_config).params)[-1]
        yield pytest.param(name, spec.default_config, n, 1, (), id=f"{name}-{n}p")
    for name, n, seed, bots in EXTRA:
        yield pytest.param(name, get_game(name).default_config, n, seed, bots, id=f"{name}-{n}p-seed{seed}")


@pytest.mark.parametrize(("game", "config", "n_players", "seed", "bots"), list(cases()))
def test_golden_playthrough(game, config, n_players, seed, bots):
    suffix = f"-seed{seed}" if bots else ""
    path = GOLDEN / f"{game}-{config.stem}-{n_players}p{suffix}.txt"
    text = render(game, config, n_players, seed, bots)
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
