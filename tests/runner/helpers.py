"""Shared helpers for foundation tests."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from sim.config import load_config
from sim.runner import Study

ROOT = Path(__file__).resolve().parents[2]
TOY = ROOT / "configs/toy/base.yaml"
TABLES = ("games", "players", "rounds", "events_moves")


def toy_study(
    games: int = 40, counts=(2, 3), bots=("random", "greedy"), seed: int = 5, overrides=None, chunk=10
):
    return Study((load_config(TOY, overrides or {}),), tuple(counts), games, tuple(bots), seed, chunk)


def read_tables(out: Path) -> dict[str, pd.DataFrame]:
    """Every table sorted into a canonical row order, without the wall-clock column."""
    tables = {}
    for name in TABLES:
        frame = pd.read_parquet(out / name).drop(columns=["duration_s"], errors="ignore")
        tables[name] = frame.sort_values(list(frame.columns)).reset_index(drop=True)
    return tables


def assert_same_tables(a: Path, b: Path) -> None:
    left, right = read_tables(a), read_tables(b)
    for name in TABLES:
        pd.testing.assert_frame_equal(left[name], right[name], check_like=False)
