"""Chinese display names of the breakdown columns and bots for the play log's final table: the
game's own names (``sim.games.mingchu.names``, the reports' too), so there is one list."""

from __future__ import annotations

from ..bots.heuristic import BOTS as HEURISTICS
from ..names import ZH_TERMS
from ..rules.scoring import BREAKDOWN_COLUMNS

COLUMNS = {column: ZH_TERMS[column] for column in BREAKDOWN_COLUMNS if column in ZH_TERMS}
"""Breakdown column -> display name."""

BOTS = {bot: ZH_TERMS[bot] for bot in (*HEURISTICS, "random") if bot in ZH_TERMS}
"""Bot name -> display name; a bot without one is shown by its own name."""
