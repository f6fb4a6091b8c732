"""明初商途's interaction goal (互动性强): the share of a player's value that passes through the other
players. Its measure is pure pandas (``sim.stats.goals_interact``), read from the flow columns the
engine counts (``state.FLOWS``). A 恩义 marker bought back (``buyback``) settles the marker's passing,
already counted at the buy-back price: one exchange, counted once. Also the game's default band of
the generic ``waiting`` goal (no measure of its own: the generic one)."""

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
        columns=(("settles", "buyback"),),
        limits=(0.0, None),  # exchanges (received plus paid) may exceed what a player gains
    ),
    Goal(
        "waiting",
        "decisions",
        max=30.0,
        about="Decisions the other players take while a player waits for its next turn (the generic "
        "measure); 明初商途's default band: a turn takes about 5 decisions, so at 5 players 30 are "
        "about one and a half turns of each of the four others.",
    ),
)
PLAYS: tuple[Play, ...] = ()
"""Measured on the lineup's own games: no extra play."""
