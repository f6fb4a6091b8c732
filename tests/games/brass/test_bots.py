"""Heuristic bots play real games: they beat random, flip tiles, score links in both eras."""

from __future__ import annotations

import pytest

from sim.core.play import play_game
from sim.games.brass import SPEC
from tests.games.brass.helpers import PARAMS


@pytest.mark.parametrize("bot", ["industrialist", "merchant", "potter", "networker"])
def test_heuristic_beats_random(bot):
    wins = 0
    for seed in range(6):
        record = play_game(SPEC, PARAMS, 2, seed, [bot, "random"], catch_errors=False)
        wins += record.ranks[0] == 1 and record.ranks[1] == 2
    assert wins == 6


def test_heuristic_games_look_real():
    bots = ["industrialist", "merchant", "potter", "networker"]
    record = play_game(SPEC, PARAMS, 4, 21, bots, catch_errors=False)
    total = {key: sum(row[key] for row in record.breakdown) for key in SPEC.report.breakdown_columns}
    assert total["vp_links_canal"] > 0 and total["vp_links_rail"] > 0
    assert total["vp_industries_canal"] > 0 and total["vp_industries_rail"] > 0
    assert total["actions_sell"] >= 4 and total["loans"] <= 16
    assert sum(row["actions_pass"] for row in record.breakdown) <= 8
    assert max(record.scores) >= 80
