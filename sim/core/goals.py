"""Design goals: what a designer wants the game to be, as a measure and the band it should fall in.

A goal names a measure of a run (the widest seat gap, lead changes per game...) and the band a
designer accepts (``min`` and/or ``max``, in the measure's unit). The generic goals below apply to
every game; a game declares its own in ``GameSpec.goals``. A config's ``goals:`` block sets the
bands (``sim.config.goals`` checks it); the report's "Design goals" section judges each goal:
met when the measure's whole interval lies in the band, not met when it lies wholly outside,
undecided otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Unit = Literal["points", "share", "count", "rounds", "index"]


@dataclass(frozen=True)
class Goal:
    """One goal: its key (the name used in a config), its unit and its default band."""

    key: str
    unit: Unit
    min: float | None = None
    max: float | None = None
    about: str = ""
    """What the measure is, in one English sentence (the report's texts are in its catalogue)."""


GENERIC_GOALS: tuple[Goal, ...] = (
    Goal(
        "seat_fairness",
        "points",
        max=10.0,
        about="Largest distance of a seat's win rate from the fair share, in points (fair: small).",
    ),
    Goal(
        "decisiveness",
        "share",
        max=0.10,
        about="Share of games decided by a tie-break or ending in a shared win (a decisive game: few).",
    ),
    Goal(
        "drama",
        "count",
        min=1.0,
        about="Lead changes per game (a game whose leader changes keeps every player in it).",
    ),
    Goal("length", "rounds", about="Rounds per game (a band the designer sets; none by default)."),
    Goal(
        "skill_gap",
        "share",
        min=0.75,
        about="How often the game's bots finish ahead of random play in the same game (depth).",
    ),
    Goal(
        "variety",
        "index",
        min=0.5,
        about="How evenly winners draw their points from different sources (0: one route always "
        "wins; 1: every route equally often).",
    ),
)
"""The goals every game has. Their measures come from the report's tables, computed once."""

GENERIC_KEYS = tuple(goal.key for goal in GENERIC_GOALS)
BOUND_KEYS = ("min", "max")


def verdict(low: float, high: float, band_min: float | None, band_max: float | None) -> str:
    """``met`` when [low, high] lies in the band, ``not_met`` when wholly outside it, else ``undecided``
    (also when the interval is unknown)."""
    if low != low or high != high:  # NaN: not measured
        return "undecided"
    below = band_min is not None and high < band_min
    above = band_max is not None and low > band_max
    if below or above:
        return "not_met"
    inside_low = band_min is None or low >= band_min
    inside_high = band_max is None or high <= band_max
    return "met" if inside_low and inside_high else "undecided"
