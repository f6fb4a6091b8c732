"""明初商途 declares the newcomer, learning and depth goals and the plays they read; the novice's play
seats it once per 5-player game, every seat equally often, with the runner's own rotation."""

from __future__ import annotations

import importlib
from collections import Counter

from sim.core.seating import seat_bots
from sim.games.mingchu import SPEC
from sim.games.mingchu.goals.newcomer import ladder_table, novice_table

LINEUP = ("runner", "industrialist", "roadbuilder")


def test_goals_and_plays_are_declared_with_importable_measures():
    goals = {goal.key: goal for goal in SPEC.report.goals}
    plays = {play.key: play for play in SPEC.report.goal_plays}
    assert {"newcomer", "learning", "depth"} <= set(goals)
    for key in ("newcomer", "learning", "depth"):
        goal = goals[key]
        assert goal.play in plays and goal.min is not None
        module, _, function = goal.measure.partition(":")
        assert callable(getattr(importlib.import_module(module), function))
    assert goals["newcomer"].min == 0.7 and plays["ladder"].share < plays["novice"].share


def test_novice_sits_once_per_five_player_game_in_every_seat_equally():
    table = novice_table(LINEUP)
    games = [seat_bots(table, 5, g) for g in range(20)]
    assert all(bots.count("novice") == 1 for bots in games)
    seats = Counter(bots.index("novice") for bots in games)
    assert seats == {seat: 4 for seat in range(5)}
    four = [seat_bots(table, 4, g) for g in range(20)]
    assert all(bots.count("novice") <= 1 for bots in four)
    assert sum("novice" in bots for bots in four) == 16  # sits out one game in five
    assert "random" not in novice_table(("random", *LINEUP))


def test_ladder_seats_every_rung():
    table = ladder_table(LINEUP)
    assert table[:4] == ("random", "novice", "industrialist", "rollout:2") and table[4] == "runner"
    assert all(bot in SPEC.bots.bots or bot.startswith("rollout") for bot in table)
    assert sorted(seat_bots(table, 5, 3)) == sorted(table)
