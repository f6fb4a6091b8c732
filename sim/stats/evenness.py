"""Which value of a categorical parameter (e.g. ``rules: base | standard``) plays most evenly:
the widest seat gap per value and player count, pooling the variants that share the value."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from sim.config.paths import flatten
from sim.stats.seats import first_player_advantage, seat_win_rates

MAX_VALUES = 8
"""A parameter with more distinct values is not treated as categorical."""


def categorical_factors(meta: Sequence[Mapping[str, Any]]) -> pd.DataFrame:
    """One row per (game, parameter, run_id, variant, value) for every non-numeric config leaf whose
    value differs between the variants of a game (read from each run's resolved config in run.json).
    Leaves that split the variants alike (``map`` and ``board.name``) are one factor, named by the
    shortest path."""
    rows = []
    for m in meta:
        for v in m.get("variants", []):
            for path, value in flatten(v.get("resolved") or {}):
                if isinstance(value, str | bool):
                    rows.append(
                        (v.get("game", ""), path, m.get("run_id", ""), v.get("label", ""), str(value))
                    )
    columns = ["game", "parameter", "run_id", "variant", "value"]
    leaves = pd.DataFrame(rows, columns=columns).drop_duplicates()
    kept = []
    for _, part in leaves.groupby("game", sort=True):
        variants = part.drop_duplicates(["run_id", "variant"])[["run_id", "variant"]]
        seen = set()
        by_depth = sorted(part["parameter"].unique(), key=lambda p: (p.count("."), len(p), p))
        for param in by_depth:
            values = part[part["parameter"] == param]
            if not 1 < values["value"].nunique() <= MAX_VALUES or len(values) != len(variants):
                continue
            split = tuple(variants.merge(values, on=["run_id", "variant"])["value"].factorize()[0])
            if split not in seen:
                seen.add(split)
                kept.append(values)
    return pd.concat(kept, ignore_index=True) if kept else pd.DataFrame(columns=columns)


def gap_by_value(players: pd.DataFrame, factors: pd.DataFrame) -> pd.DataFrame:
    """The widest seat gap (with its bootstrap interval) per (game, parameter, value, n_players),
    pooling the variants that share the value; ``best`` marks the value with the smallest gap at
    each player count and ``separated`` whether its interval lies below every other value's."""
    columns = ["game", "parameter", "value", "n_players", "games", "max_gap", "max_gap_lo", "max_gap_hi",
               "best", "separated"]  # fmt: skip
    if factors.empty or players.empty:
        return pd.DataFrame(columns=columns)
    parts = []
    for (game, param), values in factors.groupby(["game", "parameter"], sort=True):
        pooled = players.merge(
            values[["game", "run_id", "variant", "value"]], on=["game", "run_id", "variant"]
        )
        pooled = pooled.assign(variant=pooled["value"]).drop(columns="value")
        gaps = first_player_advantage(seat_win_rates(pooled))
        if gaps.empty:
            continue
        parts.append(gaps.rename(columns={"variant": "value"}).assign(game=game, parameter=param))
    if not parts:
        return pd.DataFrame(columns=columns)
    out = pd.concat(parts, ignore_index=True)
    key = ["game", "parameter", "n_players"]
    smallest = out.groupby(key)["max_gap"].transform("min")
    shared = out.groupby(key)["value"].transform("nunique") > 1
    out["best"] = shared & (out["max_gap"] == smallest)
    others_lo = [
        out.loc[(out[key] == row[key]).all(axis=1) & (out["value"] != row["value"]), "max_gap_lo"].min()
        for _, row in out.iterrows()
    ]
    out["separated"] = out["best"] & (out["max_gap_hi"] < pd.Series(others_lo, index=out.index))
    return out[columns].sort_values(["game", "parameter", "n_players", "value"], ignore_index=True)
