"""明初商途's interaction goal (互动性强): the share of a player's value that passes through the other
players. Its measure is pure pandas (``sim.stats.goals_interact``), read from the flow columns the
engine counts (``state.FLOWS``)."""

from __future__ import annotations

from sim.core.goals import Goal, Play

GOALS: tuple[Goal, ...] = (
    Goal(
        "interaction",
        "share",
        min=0.10,
        about="Value a player exchanges with the other players (tolls and 恩义 for their 驿道, borrowed "
        "industries, trades, 恩义 bought back; received plus paid, in coins) per value it gains.",
        measure="sim.stats.goals_interact:interaction_goal",
    ),
)
PLAYS: tuple[Play, ...] = ()
"""Measured on the lineup's own games: no extra play."""
