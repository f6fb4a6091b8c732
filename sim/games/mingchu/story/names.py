"""Chinese display names of the breakdown columns and bots for the play log's final table: the
reports' own names (``sim.report.names``, which loads no charting), so there is one list."""

from __future__ import annotations

from sim.games.mingchu.bots import BOTS as HEURISTICS
from sim.games.mingchu.scoring import BREAKDOWN_COLUMNS
from sim.report.catalogue.zh import TERMS
from sim.report.names import GAME_NAMES

_ZH = {**TERMS, **GAME_NAMES["mingchu"]["zh"]}

COLUMNS = {column: _ZH[column] for column in BREAKDOWN_COLUMNS if column in _ZH}
"""Breakdown column -> display name."""

BOTS = {bot: _ZH[bot] for bot in (*HEURISTICS, "random") if bot in _ZH}
"""Bot name -> display name; a bot without one is shown by its own name."""
