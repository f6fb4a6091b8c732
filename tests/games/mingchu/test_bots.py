"""Heuristic bots play legal, complete games and actually pursue their plans."""

from __future__ import annotations

from sim.core.play import play_game
from sim.games.mingchu import SPEC

from .helpers import PARAMS


def test_heuristic_lineups_finish_and_complete_orders():
    lineups = [
        ["runner", "industrialist", "roadbuilder", "random"],
        ["roadbuilder", "runner", "industrialist", "runner", "industrialist"],
    ]
    for seed, bots in enumerate(lineups):
        record = play_game(SPEC, PARAMS, len(bots), seed, bots, catch_errors=False)
        assert record.end_reason.count("·") == 2
        rows = record.breakdown
        orders = [row["orders_hongwu"] + row["orders_jingnan"] + row["orders_later"] for row in rows]
        runners = [orders[s] for s, bot in enumerate(bots) if bot == "runner"]
        assert max(runners) >= 1
        industrialists = [rows[s]["industries"] for s, bot in enumerate(bots) if bot == "industrialist"]
        assert max(industrialists) >= 2


def test_bots_are_registered_with_a_default_lineup():
    assert {"random", "runner", "industrialist", "roadbuilder"} <= set(SPEC.bots.bots)
    assert set(SPEC.lineup) <= set(SPEC.bots.bots)
