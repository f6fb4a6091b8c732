"""The runner's garbage-collector settings: set by every chunk, and the games do not depend on them."""

from __future__ import annotations

import gc

import pytest

from sim.config import load_config
from sim.core.gc_policy import YOUNG_THRESHOLD, tune_for_many_games
from sim.core.play import play_game
from sim.games import get_game
from sim.runner import run_study
from tests.runner.helpers import toy_study


@pytest.fixture
def default_gc():
    saved = gc.get_threshold()
    gc.set_threshold(700, 10, 10)
    yield
    gc.set_threshold(*saved)


def _transcripts(game: str, n_players: int) -> list[tuple]:
    spec = get_game(game)
    params = load_config(spec.default_config).params
    records = [play_game(spec, params, n_players, seed, ["random"] * n_players) for seed in range(3)]
    return [(r.error, r.actions, r.scores, r.running_scores) for r in records]


def test_a_chunk_tunes_the_collector(tmp_path, default_gc):
    run_study(toy_study(), tmp_path / "run", jobs=1, progress=False)
    assert gc.get_threshold()[0] == YOUNG_THRESHOLD


@pytest.mark.parametrize(("game", "n_players"), [("brass", 4), ("mingchu", 5)])
def test_games_do_not_depend_on_the_collector(game, n_players, default_gc):
    before = _transcripts(game, n_players)
    tune_for_many_games()
    assert _transcripts(game, n_players) == before
