"""``sim.bots.cost``: a bot's CPU per decision and per game, timed in games played here."""

from __future__ import annotations

from sim.bots import play_game
from sim.bots.cost import measure_cost
from sim.config import load_config
from sim.games import get_game
from sim.report.ladder_text import cost_line

TOY = get_game("toy")
PARAMS = load_config(TOY.default_config).params


def test_cost_counts_the_bots_own_decisions():
    cost = measure_cost(TOY, PARAMS, 2, "rollout:2", games=2, seed=7, opponent="greedy")
    own = []  # the same games replayed: every action of seat 1 is one decision of its bot

    def count(state, seat, action, text) -> None:
        own.append(seat)

    for seed in (7, 8):
        play_game(TOY, PARAMS, 2, seed, ["rollout:2", "greedy"], on_step=count, catch_errors=False)
    assert cost.games == 2 and cost.decisions == own.count(0) / 2
    assert cost.searched is not None and 0 <= cost.searched <= cost.decisions
    assert abs(cost.s_per_game - cost.ms_per_decision * cost.decisions / 1000) < 1e-9
    assert measure_cost(TOY, PARAMS, 2, "greedy", games=1).searched is None  # a heuristic counts no searches
    assert "ms per decision" in cost_line(cost, 4) and "searched" in cost_line(cost, 4)
    assert "每次决策" in cost_line(cost, 4, "zh") and "搜索" in cost_line(cost, 4, "zh")
