"""A config's ``goals:`` block: the band each design goal should fall in (``sim.core.goals``).

    goals:
      seat_fairness: {max: 5}       # widest seat gap at most 5 points of win share
      length: {min: 8, max: 12}     # rounds per game
      drama: {min: 1.5}

A goal left out keeps its default band; ``{}`` (or ``null``) for a goal drops its default band,
leaving the goal reported but never judged. Every goal known to the game may be set: the generic
ones and those its package declares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sim.config.errors import ConfigError
from sim.config.merge import Origins
from sim.core.goals import BOUND_KEYS, GENERIC_GOALS, Goal

Bands = dict[str, dict[str, float | None]]
"""Goal key -> {"min": ..., "max": ...} (None: no bound on that side)."""


def known_goals(game_goals: Sequence[Goal] = ()) -> dict[str, Goal]:
    """The generic goals, then the game's own (a game's goal of the same key replaces the generic)."""
    return {goal.key: goal for goal in (*GENERIC_GOALS, *game_goals)}


def default_bands(game_goals: Sequence[Goal] = ()) -> Bands:
    return {key: {"min": goal.min, "max": goal.max} for key, goal in known_goals(game_goals).items()}


def check_goals(block: Any, origins: Origins, path: Path, game_goals: Sequence[Goal] = ()) -> Bands:
    """The bands of every known goal: defaults, replaced by the config's ``goals:`` block.

    Raises ConfigError naming the file, the goal and the value for an unknown goal, a bound that is
    not a number, an unknown bound name, or a band whose min is above its max."""
    bands = default_bands(game_goals)
    if block is None:
        return bands
    where = next((src for key, src in origins.items() if key[:1] == ("goals",)), str(path))
    if not isinstance(block, Mapping):
        raise ConfigError(
            f"{where}: 'goals' = {block!r}: give a mapping of goal names to bands, e.g. "
            "goals: {seat_fairness: {max: 5}}"
        )
    known = known_goals(game_goals)
    for key, band in block.items():
        source = origins.get(("goals", str(key)), where)
        if key not in known:
            raise ConfigError(
                f"{source}: 'goals.{key}': unknown goal; this game's goals are: {', '.join(known)}"
            )
        bands[key] = _band(band, f"{source}: 'goals.{key}'")
    return bands


def _band(band: Any, where: str) -> dict[str, float | None]:
    if band is None:
        return {"min": None, "max": None}
    if not isinstance(band, Mapping):
        raise ConfigError(
            f"{where} = {band!r}: give a band such as {{min: 1}}, {{max: 5}} or {{min: 8, max: 12}}"
        )
    out: dict[str, float | None] = {"min": None, "max": None}
    for bound, value in band.items():
        if bound not in BOUND_KEYS:
            raise ConfigError(f"{where}.{bound} = {value!r}: a band has only 'min' and 'max'")
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
            raise ConfigError(f"{where}.{bound} = {value!r}: must be a number")
        if abs(value) > 1e9:
            raise ConfigError(f"{where}.{bound} = {value!r}: too large for a goal's band")
        out[bound] = float(value)
    if out["min"] is not None and out["max"] is not None and out["min"] > out["max"]:
        raise ConfigError(f"{where} = {dict(band)!r}: min ({out['min']:g}) is above max ({out['max']:g})")
    return out
