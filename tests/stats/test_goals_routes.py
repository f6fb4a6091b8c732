"""The routes goal's measure (``sim.stats.goals_routes``) on synthetic tournaments with planted strengths."""

from __future__ import annotations

from itertools import combinations
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from sim.stats.goals_routes import route_of, route_spread

# three routes, each with its archetype and the search bot on its route; the weights plant strength
WEIGHTS = {"a": 3.0, "rollout:2@a": 2.0, "b": 1.0, "rollout:2@b": 2.0, "c": 1.0, "rollout:2@c": 1.0}


def planted_shares(seated: int) -> dict[str, float]:
    """Each player's expected win share per seat when ``seated`` of the six sit, every subset alike,
    and the winner is drawn in proportion to the weights."""
    names = list(WEIGHTS)
    subsets = list(combinations(names, seated))
    return {
        b: float(np.mean([WEIGHTS[b] / sum(WEIGHTS[x] for x in s) for s in subsets if b in s])) for b in names
    }


def tournament(games: int, seated: int, seed: int) -> pd.DataFrame:
    """Players table of ``games`` games seating ``seated`` of the six players (a random subset)."""
    rng = np.random.default_rng(seed)
    names = list(WEIGHTS)
    rows = []
    for gid in range(games):
        seats = list(rng.permutation(names)[:seated])
        weights = np.array([WEIGHTS[b] for b in seats])
        winner = rng.choice(seated, p=weights / weights.sum())
        rows += [
            {"game": "g", "variant": "v", "n_players": seated, "gid": gid, "seat": s, "bot": b,
             "rank": 1 if s == winner else 2, "won": s == winner}
            for s, b in enumerate(seats)
        ]  # fmt: skip
    return pd.DataFrame(rows)


def test_route_of_reads_the_route_after_the_mark():
    assert route_of("rollout:2@roadbuilder") == "roadbuilder" and route_of("runner") == "runner"


def test_the_spread_recovers_a_planted_one_and_names_the_weakest_route():
    shares = planted_shares(5)
    best = {r: max(shares[b] for b in WEIGHTS if route_of(b) == r) for r in "abc"}
    planted = 100 * (max(best.values()) - min(best.values()))
    row = route_spread(SimpleNamespace(players=tournament(3000, 5, 1))).iloc[0]
    assert row["low"] <= planted <= row["high"]
    assert row["value"] == pytest.approx(planted, abs=2.5)
    assert row["high"] - row["low"] < 8  # 3000 games pin it down
    # route c is weakest; its players are equal, so either may be its better one by chance
    assert row["driver"] == "c" and route_of(row["driver_other"]) == "c"
    assert row["driver_value"] == pytest.approx(best["c"], abs=0.03)


def test_a_route_is_judged_by_its_better_player():
    # b's archetype is weak (1) but its search bot (2) is not: b is judged by the search bot
    players = tournament(3000, 5, 2)
    a_and_b = players[players["bot"].map(route_of).isin(["a", "b"])]
    both = route_spread(SimpleNamespace(players=a_and_b)).iloc[0]
    assert (both["driver"], both["driver_other"]) == ("b", "rollout:2@b")
    archetypes = route_spread(SimpleNamespace(players=a_and_b[~a_and_b["bot"].str.contains("@")])).iloc[0]
    assert (archetypes["driver"], archetypes["driver_other"]) == ("b", "b")
    assert archetypes["value"] > both["value"] + 5  # judged by its archetype alone, b looks weaker


def test_the_interval_covers_the_planted_spread_in_most_replications():
    shares = planted_shares(4)
    best = {r: max(shares[b] for b in WEIGHTS if route_of(b) == r) for r in "abc"}
    planted = 100 * (max(best.values()) - min(best.values()))
    rows = [
        route_spread(SimpleNamespace(players=tournament(800, 4, seed)), draws=400).iloc[0]
        for seed in range(40)
    ]
    covered = sum(r["low"] <= planted <= r["high"] for r in rows)
    assert covered >= 34  # a 95% interval (the max of noisy shares is biased: somewhat less here)


def test_one_route_has_no_row():
    players = tournament(50, 5, 3)
    players = players.assign(bot="a")
    assert route_spread(SimpleNamespace(players=players)).empty


def test_too_few_games_give_no_interval():
    row = route_spread(SimpleNamespace(players=tournament(5, 5, 4))).iloc[0]
    assert row["games"] == 5 and (row["low"], row["high"]) == (0.0, 100.0) and row["value"] >= 0


def test_the_report_measures_the_goal_on_its_plays_games_only():
    from sim.dataset.read import Run
    from sim.report.metrics.goals import _game_measure

    players = tournament(40, 5, 5)
    lineup = players.assign(gid=players["gid"] + 1000, bot="a")  # the lineup's games: one route
    players = pd.concat([players.assign(variant="base+routes"), lineup.assign(variant="base")])
    players["game"] = "mingchu"
    games = players.drop_duplicates("gid")[["gid", "game", "variant", "n_players"]]
    run = Run(games=games, players=players, rounds=pd.DataFrame(), events={}, meta=[])
    goal = {
        "key": "routes",
        "play": "routes",
        "measure": "sim.stats.goals_routes:route_spread",
        "game": "mingchu",
    }
    rows = _game_measure(SimpleNamespace(run=run, goal_run=None), goal, ["routes", "skill"])
    assert list(rows["variant"]) == ["base+routes"] and rows["games"].iloc[0] == 40
    assert (rows["goal"] == "routes").all()


def test_the_check_measures_the_spread_with_the_search_players_alone():
    shares = planted_shares(5)
    searched = {r: shares[f"rollout:2@{r}"] for r in "abc"}
    planted = 100 * (max(searched.values()) - min(searched.values()))
    row = route_spread(SimpleNamespace(players=tournament(3000, 5, 1))).iloc[0]
    assert row["check_low"] <= planted <= row["check_high"]
    assert row["check_value"] == pytest.approx(planted, abs=2.5)
    # a route without a search player cannot be checked
    players = tournament(400, 5, 4)
    alone = route_spread(SimpleNamespace(players=players[players["bot"] != "rollout:2@c"])).iloc[0]
    assert np.isnan(alone["check_value"]) and np.isnan(alone["check_low"])
