"""Every bundled game, variant and player count through the public ``sim check``."""

from __future__ import annotations

import pytest

from sim.check import check_game, iter_lines
from sim.config import load_config
from sim.core.play import play_game
from sim.games import game_names, get_game


def cases():
    for name in game_names():
        spec = get_game(name)
        for config in sorted(spec.config_dir.glob("*.yaml")):
            yield pytest.param(name, config, id=f"{name}-{config.stem}")


@pytest.mark.parametrize(("game", "config"), list(cases()))
def test_game_passes_the_check(game, config):
    spec = get_game(game)
    params = load_config(config).params
    report = check_game(spec, params, playouts=1, probe_every=25)
    assert report.ok, "\n".join(iter_lines(report))
    assert report.playouts == len(spec.player_counts_for(params)) and report.probes > 0


@pytest.mark.parametrize("game", game_names())
def test_every_bot_finishes_a_game(game):
    spec = get_game(game)
    params = load_config(spec.default_config).params
    n = spec.player_counts_for(params)[-1]
    for name in spec.bots.bots:
        record = play_game(spec, params, n, 3, [name] * n, catch_errors=False)
        assert record.rounds > 0 and len(record.scores) == n
