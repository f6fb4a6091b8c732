"""Seat fairness explained and fixed: the goals and plays a game declares for it (docs/goals.md).

A game names each phase whose seat order can give a seat an edge (a draft, a placement round, the
turn order of play) and the config value that rotates that phase's order alone (default 0: the
rules). ``sim goals`` then plays, on the lineup's seeds, one counterfactual per phase (the play
``seats_<phase>``, that order rotated by ``SHIFT``); the ``seat_source`` goal says which phase's order
the seat advantage follows, and ``seat_compensation`` proposes points per seat that even the seats
(the measures: ``sim.stats.goals_seats``).
"""

from __future__ import annotations

from collections.abc import Mapping

from sim.core.goals import LINEUP, Goal, Play

PHASE_PREFIX = "seats_"
"""A counterfactual play's key: ``seats_<phase>``."""
SHIFT = 1
"""How far a counterfactual rotates its phase's seat order: seat ``s`` acts where seat ``s - SHIFT``
(modulo the player count) acted by the rules."""
MEASURES = "sim.stats.goals_seats"


def phase_play(phase: str) -> str:
    """The key of the play that rotates ``phase``'s seat order."""
    return f"{PHASE_PREFIX}{phase}"


def seat_goals(
    phases: Mapping[str, str], share: float = 0.25, band: float | None = None
) -> tuple[tuple[Goal, ...], tuple[Play, ...]]:
    """The ``seat_source`` and ``seat_compensation`` goals and the counterfactual plays for
    ``phases`` (phase name -> the config path of its seat-order rotation, e.g. ``"draft_shift"``),
    each play ``share`` of the lineup's games. ``band``: the widest seat gap (points of win share) the
    compensated seats should stay within (None: no band by default)."""
    plays = tuple(
        Play(
            phase_play(phase),
            lambda lineup: tuple(lineup),
            f"the lineup with the {phase} seat order rotated by {SHIFT}",
            share=share,
            sets=(f"{path}={SHIFT}",),
        )
        for phase, path in phases.items()
    )
    goals = (
        Goal(
            "seat_source",
            "share",
            about="Share of the seat advantage that follows the seat order of the phase carrying most "
            "of it (1: all of it; 0: it stays with the seats), from counterfactual seat orders.",
            play=LINEUP,
            measure=f"{MEASURES}:seat_source",
            reads=tuple(play.key for play in plays),
            limits=(None, None),  # a ratio of seat gaps: noise and opposed phases take it past 0 and 1
        ),
        Goal(
            "seat_compensation",
            "points",
            max=band,
            about="Widest seat gap (points of win share) once the proposed points per seat are added "
            "to the final scores (the proposal: the driver).",
            play=LINEUP,
            measure=f"{MEASURES}:seat_compensation",
        ),
    )
    return goals, plays
