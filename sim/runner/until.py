"""Grow a study until a precision target is met: double the games per count up to a cap.

The measure of precision is passed in (the CLI gives the widest seat interval from the
statistics), so the runner stays ignorant of statistics.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from sim.runner.execute import RunResult, run_study
from sim.runner.plan import Study

Precision = Callable[[Path], float]
"""Reads a run folder and returns the figure to bring under the target (e.g. a half-width)."""


def first_step(study: Study) -> int:
    """Games per count of the first round: four chunks, capped by the study's games."""
    return min(study.games_per_count, 4 * study.chunk_size)


def run_until(
    study: Study,
    out_for: Callable[[Study], Path],
    precision: Precision,
    target: float,
    on_step: Callable[[int, float], None] | None = None,
    **run_options: Any,
) -> tuple[RunResult, int, bool]:
    """Run ``study`` in doubling steps until ``precision(out) <= target`` or its games are all played.

    Returns the last run's result, the games per count played, and whether the target was met.
    ``out_for`` names the folder of a study (the same for every step, since the run id does not
    depend on the number of games); ``on_step(games, figure)`` is called after each step.
    """
    games = first_step(study)
    while True:
        step = replace(study, games_per_count=games)
        result = run_study(step, out_for(step), **run_options)
        figure = precision(result.out)
        if on_step is not None:
            on_step(games, figure)
        if figure <= target or games >= study.games_per_count:
            return result, games, figure <= target
        games = min(study.games_per_count, games * 2)
