"""The toy race's rules, one module per role: ``state.py`` (data only), ``actions.py`` (each action
with its legality, effect and description), ``setup.py``, ``scoring.py``, ``view.py`` (what a bot
sees) and ``game.py`` (the ``Game`` verbs, dispatching to the others)."""

from __future__ import annotations

from .game import DECISIONS, MAIN, ToyGame
from .scoring import BREAKDOWN_COLUMNS, EVENT_TABLES

__all__ = ["BREAKDOWN_COLUMNS", "DECISIONS", "EVENT_TABLES", "MAIN", "ToyGame"]
