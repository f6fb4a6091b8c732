"""A game's play does not depend on the games a process played before it: the bots' kept values
(per parameters, per state) never carry one game's state into another (same seed, same results
whatever the chunking or the number of workers)."""

from __future__ import annotations

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC

BOTS = ["industrialist", "runner", "roadbuilder", "runner", "industrialist"]


def _game(params, seed: int):
    record = play_game(SPEC, params, 5, seed, BOTS)
    assert not record.error
    return record.scores, record.breakdown, record.actions


def test_a_game_plays_the_same_after_other_games():
    params = load_config("configs/mingchu/base.yaml").params
    first = _game(params, 7)
    for seed in (3, 11, 19):
        _game(params, seed)
    assert _game(params, 7) == first
