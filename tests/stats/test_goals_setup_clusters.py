"""Setup luck is clustered by setup: the replays of one deal are not independent games. Planted setup
effects (``test_goals_setup.replays``) show that the setups set the interval's width, that the measure
reads the setup grouping (shuffled setups lose the planted effect), and that the interval still
covers the planted share when a few setups are replayed many times (40 units, not 320 games; the
rounds of ``sim goals`` count its setups alike: ``tests/cli/test_goal_study.py``)."""

from __future__ import annotations

import numpy as np

from sim.stats.goals_setup import setup_share
from tests.stats.test_goals_setup import planted, replays

SPREAD = 0.4
"""A strong planted setup effect: most of the interval's width is the setups' spread."""


def widths(setups: int, per_setup: int, seeds: range) -> float:
    rows = [setup_share(replays(setups, per_setup, 4, SPREAD, seed), draws=300).iloc[0] for seed in seeds]
    return float(np.mean([r["high"] - r["low"] for r in rows]))


def test_the_setups_not_the_games_set_the_width():
    base = widths(40, 4, range(8))
    more_setups = widths(80, 4, range(8))  # twice the setups: about 1/sqrt(2) as wide
    assert 0.55 * base < more_setups < 0.85 * base


def test_the_measure_reads_the_setup_grouping():
    # the same games with their setups shuffled among the replays: the planted effect is gone
    run = replays(40, 8, 4, SPREAD, 1)
    kept = setup_share(run, draws=200).iloc[0]
    seeds = run.games["seed"].to_numpy().copy()
    np.random.default_rng(0).shuffle(seeds)
    shuffled = setup_share(
        type(run)(games=run.games.assign(seed=seeds), players=run.players), draws=200
    ).iloc[0]
    assert kept["value"] > 0.1 and shuffled["value"] < 0.5 * kept["value"]
    assert shuffled["games"] == kept["games"] == 320


def test_a_few_setups_replayed_many_times_still_cover_the_planted_share():
    truth = planted(SPREAD, 4)
    rows = [setup_share(replays(40, 8, 4, SPREAD, seed), draws=300).iloc[0] for seed in range(30)]
    assert all(r["driver_other"] == "40" and r["games"] == 320 for r in rows)  # 40 units, not 320
    assert sum(r["low"] <= truth <= r["high"] for r in rows) >= 24
