"""The ``param:<path>`` columns: every parameter whose resolved value differs from the game's base config.

However a change was made (a variant file, ``--set`` or a sweep's ``--param``), the resolved
configs are compared leaf by leaf with the base config of their game, so a report or a sweep
sees every number a study changed, typed as a number when it is one.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sim.config import ResolvedConfig, load_config
from sim.config.paths import flatten, leaf_text
from sim.games import get_game


@functools.cache
def _base_leaves(config: Path) -> dict[str, Any]:
    return dict(flatten(load_config(config).params.model_dump(mode="json")))


def _leaves(variant: ResolvedConfig) -> dict[str, Any]:
    return dict(flatten(variant.params.model_dump(mode="json")))


def _arrow_type(values: Sequence[Any]) -> str:
    present = [v for v in values if v is not None]
    if present and all(isinstance(v, bool) for v in present):
        return "bool"
    if present and all(isinstance(v, int) and not isinstance(v, bool) for v in present):
        return "int64"
    if present and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in present):
        return "float64"
    return "string"


def param_columns(variants: Sequence[ResolvedConfig]) -> tuple[dict[str, str], list[dict[str, Any]]]:
    """(Arrow type per changed path, each variant's value per path); None where a path is absent."""
    leaves = [_leaves(v) for v in variants]
    changed: dict[str, None] = {}
    for variant, mine in zip(variants, leaves, strict=True):
        base = _base_leaves(get_game(variant.game).default_config)
        changed.update(dict.fromkeys(p for p in [*mine, *base] if mine.get(p) != base.get(p)))
    types = {path: _arrow_type([mine.get(path) for mine in leaves]) for path in changed}
    values = []
    for mine in leaves:
        row = {}
        for path, kind in types.items():
            value = mine.get(path)
            if kind == "float64" and value is not None:
                value = float(value)
            elif kind == "string" and value is not None and not isinstance(value, str):
                value = leaf_text(value)
            row[path] = value
        values.append(row)
    return types, values
