"""Test-wide setup, and synthetic run directories with planted effects for the stats and report tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sim.stats.synthetic import SyntheticVariant, write_synthetic_run

os.environ.setdefault("MPLBACKEND", "Agg")  # before any test imports pyplot

PLANTED_SEAT0_4P = 0.35
"""Seat 0 wins 35% at 4 players in the ``base`` variant; ``fix`` makes every seat fair."""
BASE_WEIGHTS = {
    4: [PLANTED_SEAT0_4P, (1 - PLANTED_SEAT0_4P) / 3, (1 - PLANTED_SEAT0_4P) / 3, (1 - PLANTED_SEAT0_4P) / 3]
}


def report_variants() -> list[SyntheticVariant]:
    """Two plain variants (paired A/B) and a two-point sweep of ``start_money``."""
    return [
        SyntheticVariant("base", BASE_WEIGHTS),
        SyntheticVariant("fix"),
        SyntheticVariant("base[start_money=5]", {4: [2, 1, 1, 1]}, params={"start_money": "5"}),
        SyntheticVariant("base[start_money=15]", params={"start_money": "15"}),
    ]


@pytest.fixture(scope="session")
def report_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Several player counts, two paired variants, a sweep, two bots, errors, tie-breaks and shared wins."""
    return write_synthetic_run(
        tmp_path_factory.mktemp("runs") / "report_run",
        variants=report_variants(),
        player_counts=(2, 3, 4),
        games_per_count=300,
        bots=("random", "greedy"),
        bot_strength={"greedy": 1.5},
        error_rate=0.02,
        tie_rate=0.05,
        shared_win_rate=0.01,
    )


@pytest.fixture(scope="session")
def planted_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One bot, many games: base has seat 0 at 35% at 4 players, fix is fair, same seeds."""
    return write_synthetic_run(
        tmp_path_factory.mktemp("runs") / "planted",
        variants=[SyntheticVariant("base", BASE_WEIGHTS), SyntheticVariant("fix")],
        player_counts=(2, 4),
        games_per_count=3000,
        tie_rate=0.0,
    )
