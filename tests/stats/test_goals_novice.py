"""The newcomer, learning and depth measures (``sim.stats.goals_novice``) on synthetic runs with
planted answers: the estimate recovers the planted value and its interval covers it."""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from sim.stats import goals_novice as m


def _run(bots: list[str], means: dict[str, float], games: int, seed: int = 0, sd: float = 6.0):
    """Games of ``bots`` (one per seat); each bot's score is normal around ``means[bot]``."""
    rng = np.random.default_rng(seed)
    rows = []
    for gid in range(games):
        scores = np.array([rng.normal(means[b], sd) for b in bots])
        ranks = 1 + np.argsort(np.argsort(-scores, kind="stable"), kind="stable")
        for seat, bot in enumerate(bots):
            rows.append(
                {"game": "g", "variant": "v+p", "n_players": len(bots), "gid": gid, "seat": seat,
                 "bot": bot, "score": float(scores[seat]), "rank": int(ranks[seat])}
            )  # fmt: skip
    return SimpleNamespace(players=pd.DataFrame(rows))


def test_newcomer_recovers_a_planted_ratio():
    bots = ["novice", "runner", "industrialist", "roadbuilder", "runner"]
    means = {"novice": 20.0, "runner": 30.0, "industrialist": 40.0, "roadbuilder": 30.0}
    row = m.newcomer(_run(bots, means, 400)).iloc[0]
    planted = 20.0 / np.mean([means[b] for b in bots])  # 20 / 30
    assert row["value"] == pytest.approx(planted, abs=0.03)
    assert row["low"] < planted < row["high"]
    assert row["high"] - row["low"] < 0.1 and row["games"] == 400
    # a run without the waiting columns (another game's) reports no waiting
    assert row["driver"] == "novice" and np.isnan(row["driver_value"]) and row["driver_other"] == ""


def test_newcomer_reports_the_novices_idle_share_and_failed_orders():
    bots = ["novice", "a", "b"]
    run = _run(bots, {"novice": 10.0, "a": 20.0, "b": 30.0}, 40)
    players = run.players
    novice = players["bot"] == "novice"
    gid = players["gid"]
    # the novice idles 5 of 20 turns in even games and 15 of 20 in odd ones, and fails an order in
    # one game in four; the other seats idle every turn and fail 3 a game (never read)
    run.players = players.assign(
        turns=20.0,
        idle_turns=np.where(novice, np.where(gid % 2 == 0, 5.0, 15.0), 20.0),
        orders_failed=np.where(novice, (gid % 4 == 0).astype(float), 3.0),
    )
    columns = {"idle": "idle_turns", "turns": "turns", "failed": "orders_failed"}  # as the goal names them
    row = m.newcomer(run, **columns).iloc[0]
    assert row["driver_value"] == pytest.approx(0.5)
    assert row["driver_other"] == "0.25"
    subset = SimpleNamespace(players=run.players[run.players["gid"] % 2 == 0])
    assert m.newcomer(subset, **columns).iloc[0]["driver_value"] == pytest.approx(0.25)
    assert np.isnan(m.newcomer(run).iloc[0]["driver_value"])  # no columns named: nothing read


def test_learning_recovers_the_planted_share_of_the_experienced_score():
    bots = ["random", "novice", "industrialist", "rollout:2", "runner"]
    means = {"random": -40.0, "novice": 20.0, "industrialist": 40.0, "rollout:2": 50.0, "runner": 40.0}
    row = m.learning(_run(bots, means, 300)).iloc[0]
    planted = 20.0 / np.mean([40.0, 50.0, 40.0])  # random play is not experienced
    assert row["value"] == pytest.approx(planted, abs=0.03)
    assert row["low"] < planted < row["high"]
    assert row["driver_other"] == "heuristics" and row["driver_value"] < 0.1  # 20 vs 40, sd 6


def test_learning_needs_the_novice_and_an_experienced_bot_in_the_same_game():
    run = _run(
        ["random", "runner", "industrialist"], {"random": 1.0, "runner": 2.0, "industrialist": 3.0}, 20
    )
    assert m.learning(run).empty
    assert not m.learning(_run(["novice", "mcts:50"], {"novice": 1.0, "mcts:50": 2.0}, 20)).empty


def test_depth_is_the_weakest_step_and_names_it():
    bots = ["random", "novice", "industrialist", "rollout:2", "runner"]
    # novice barely above random, the other steps wide: the weakest step is novice over random
    means = {"random": 0.0, "novice": 1.0, "industrialist": 30.0, "rollout:2": 45.0, "runner": 30.0}
    run = _run(bots, means, 400, sd=8.0)
    steps = m.ladder_steps(run.players, "novice").set_index("step")
    assert set(steps.index) == {"novice>random", "heuristics>novice", "search>heuristics"}
    planted = 0.5 * (1 + math.erf(1.0 / (8.0 * np.sqrt(2)) / np.sqrt(2)))  # P(N(1, 2·8²) > 0)
    weak = steps.loc["novice>random"]
    assert weak["low"] < planted < weak["high"]
    row = m.depth(run).iloc[0]
    assert (row["driver"], row["driver_other"]) == ("novice", "random")
    assert row["value"] == pytest.approx(weak["share"])
    assert row["low"] == pytest.approx(steps["low"].min()) and row["high"] == pytest.approx(
        steps["high"].min()
    )


def test_depth_not_met_when_a_rung_is_below_the_one_under_it():
    bots = ["random", "novice", "industrialist", "rollout:2"]
    means = {"random": 0.0, "novice": 20.0, "industrialist": 40.0, "rollout:2": 30.0}  # search < heuristics
    row = m.depth(_run(bots, means, 300)).iloc[0]
    assert (row["driver"], row["driver_other"]) == ("search", "heuristics")
    assert row["high"] < 0.5


def test_depth_needs_every_step():
    run = _run(["random", "novice", "runner"], {"random": 0.0, "novice": 1.0, "runner": 2.0}, 20)
    assert m.depth(run).empty
