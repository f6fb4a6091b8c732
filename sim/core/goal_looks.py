"""The looks of a ``sim goals`` folder: each goal's anytime-valid interval as the command last judged it.

``sim goals`` plays in rounds and judges the goals after each (``sim.goal_study``), widening each
goal's fixed-sample interval into a confidence sequence (docs/goals.md, "Budgets and stopping").
It keeps the looks in its output folder, the parent of the plays' run folders (``LOOKS_FILE``), so
that the report of those folders (``sim.report.metrics.goals``) shows the intervals and verdicts the command stopped on: a row whose
games are those of the last look takes its recorded interval and the units still needed. Without
the file (a plain ``sim run``), the report's intervals are fixed-sample ones.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

LOOKS_FILE = "goal-looks.json"
"""The looks of a ``sim goals`` folder, beside its plays' run folders (their parent)."""


def row_key(game: str, variant: str, n_players: int, goal: str) -> str:
    """A goal row's key in the looks file: game, judged variant, player count and goal."""
    return f"{game}|{variant}|{int(n_players)}|{goal}"


def read_looks(folders: list[Path]) -> dict[str, Any] | None:
    """The looks file beside the first of the run ``folders`` that has one (in its parent; None:
    fixed-sample intervals)."""
    for folder in folders:
        path = Path(folder).parent / LOOKS_FILE
        if path.is_file():
            return json.loads(path.read_text(encoding="utf-8"))
    return None


def write_looks(folder: Path, looks: Mapping[str, Any]) -> None:
    """Write the looks file into ``folder`` (the parent of the plays' run folders)."""
    Path(folder).mkdir(parents=True, exist_ok=True)
    text = json.dumps(looks, ensure_ascii=False, indent=1, sort_keys=True)
    (Path(folder) / LOOKS_FILE).write_text(text, encoding="utf-8")


def recorded(row: Mapping[str, Any], looks: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """The last look's record of a goal row (``low``, ``high``, ``units``, ``units_needed``,
    ``replays``...) when it was judged on the same number of games; else None."""
    if not looks:
        return None
    record = looks.get("goals", {}).get(row_key(row["game"], row["variant"], row["n_players"], row["goal"]))
    if not record or record.get("games") != (int(row["games"]) if row["games"] == row["games"] else None):
        return None
    return record
