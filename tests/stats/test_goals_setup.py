"""The setup-luck measure (``sim.stats.goals_setup``) on synthetic replays with planted setup effects."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from sim.stats.goals_setup import cell_stats, intraclass, setup_share


def replays(setups: int, replays: int, seats: int, spread: float, seed: int) -> SimpleNamespace:
    """Games replaying each setup: seat j of setup s wins with probability p = p_j + a_(s, j), the
    setup effects a drawn from +-``spread`` (zero-sum over the seats) and the seats' own
    advantages p_j fixed; one winner per game."""
    rng = np.random.default_rng(seed)
    base = np.linspace(0.5, 1.5, seats)
    base = base / base.sum()  # unequal seats (not the setup's doing)
    games, players = [], []
    gid = 0
    for s in range(setups):
        effect = rng.uniform(-spread, spread, seats)
        p = np.clip(base + effect - effect.mean(), 0.001, None)
        p = p / p.sum()
        for _ in range(replays):
            winner = rng.choice(seats, p=p)
            games.append({"gid": gid, "seed": 1000 + s})
            players += [
                {"game": "g", "variant": "v", "n_players": seats, "gid": gid, "seat": j, "bot": "b",
                 "rank": 1 if j == winner else 2, "won": j == winner}
                for j in range(seats)
            ]  # fmt: skip
            gid += 1
    return SimpleNamespace(games=pd.DataFrame(games), players=pd.DataFrame(players))


def planted(spread: float, seats: int, draws: int = 200_000) -> float:
    """The setup's share of a seat's win variance under ``replays``' model (by simulation of p)."""
    rng = np.random.default_rng(0)
    base = np.linspace(0.5, 1.5, seats)
    base = base / base.sum()
    effect = rng.uniform(-spread, spread, (draws, seats))
    p = np.clip(base + effect - effect.mean(axis=1, keepdims=True), 0.001, None)
    p = p / p.sum(axis=1, keepdims=True)
    between = p.var(axis=0).mean()  # the setup's variance of a seat's win chance, seat means apart
    within = (p * (1 - p)).mean()  # a replay's (Bernoulli) variance around it
    return float(between / (between + within))


def test_a_continuous_planted_share_is_recovered():
    # y = seat + a + e with Var(a) = 1, Var(e) = 3: the setup explains a quarter
    rng = np.random.default_rng(5)
    setups, seats, k = 400, 4, 3
    a = rng.normal(0, 1, (setups, seats))
    setup = np.repeat(np.arange(setups), seats * k)
    seat = np.tile(np.arange(seats), setups * k)
    y = 10 * seat + a[setup, seat] + rng.normal(0, np.sqrt(3), len(setup))
    value = intraclass(*cell_stats(setup, seat, y))[0]
    assert value == pytest.approx(0.25, abs=0.04)


def test_no_setup_effect_gives_about_zero_and_the_seats_own_advantage_does_not_count():
    run = replays(300, 4, 4, 0.0, 1)
    row = setup_share(run, draws=300).iloc[0]
    assert row["value"] < 0.03 and row["low"] == 0.0
    # the interval's unit is the setup: 300 of them, each replayed 4 times
    assert row["games"] == 1200 and (row["driver"], row["driver_other"]) == ("setups", "300")


def test_the_interval_covers_a_planted_setup_effect():
    truth = planted(0.4, 4)
    assert 0.1 < truth < 0.4  # a strong planted effect
    rows = [setup_share(replays(200, 4, 4, 0.4, seed), draws=300).iloc[0] for seed in range(40)]
    # the percentile bootstrap over setups runs a little narrow with 4 replays (33 of these 40)
    assert sum(r["low"] <= truth <= r["high"] for r in rows) >= 30
    assert np.mean([r["value"] for r in rows]) == pytest.approx(truth, abs=0.01)


def test_games_played_once_have_no_row():
    run = replays(30, 1, 4, 0.2, 2)
    assert setup_share(run).empty


def test_too_few_setups_give_no_interval():
    row = setup_share(replays(6, 4, 4, 0.4, 3), draws=100).iloc[0]
    assert row["games"] == 24 and (row["low"], row["high"]) == (0.0, 1.0)
