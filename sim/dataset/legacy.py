"""What a ``run.json`` written before a game declaration was recorded meant: the conventions the
shared layers assumed for every game until the game declared them on its face (``GameSpec``) and
the runner recorded them in ``run.json`` (docs/architecture.md, *The game's face*).

Read only for a run folder whose ``run.json`` lacks the declaration, so an older run reports as it
did. Frozen: a new declaration is recorded in ``run.json`` from its first run on and gets no entry
here. The one module of the shared layers allowed to hold these names
(``tests/architecture/test_no_game_names.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LEGACY_CONTEXT = ("period", "era", "end_reason", "reason")
"""Event columns taken for when or why something happened, in every event table."""


class _EveryTable(dict):
    """``LEGACY_CONTEXT`` for whichever event table is asked for."""

    def __missing__(self, table: str) -> tuple[str, ...]:
        return LEGACY_CONTEXT

    def get(self, table: str, default: Any = None) -> tuple[str, ...]:
        return LEGACY_CONTEXT


BEFORE_DECLARED: Mapping[str, Any] = {
    "context_columns": _EveryTable(),
    "flow_prefix": "flow_",
    "earned_prefix": "earned_",
    "trade_table": "trades",
    "trade_switch": "",
    "novice_bot": "novice",
}
"""The key of a game's ``run.json`` entry -> what a run.json without it meant."""
