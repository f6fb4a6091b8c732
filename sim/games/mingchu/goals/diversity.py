"""明初商途's diversity goal (重开性高): how different one game is from another, over the setup, the
cards seen and the winning route (``sim.stats.goals_diversity``), read from the lineup's own games
and their card table: no extra play."""

from __future__ import annotations

from sim.core.goals import Goal, Play

GOALS: tuple[Goal, ...] = (
    Goal(
        "diversity",
        "index",
        about="Mean distance between two games (0: alike; 1: nothing in common) over the cards dealt "
        "in the first round, every card drawn and the winners' main scoring source; no band by default "
        "(the rules name the aim, not a number).",
        measure="sim.stats.goals_diversity:game_diversity",
    ),
)
PLAYS: tuple[Play, ...] = ()
"""Measured on the lineup's own games."""
