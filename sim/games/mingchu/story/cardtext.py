"""Card effects, event tasks and scoring rules as short Chinese text (for the narrative log).

An effect's text is its class's (``effect_kinds.py``); a condition's and a scoring rule's are worded
beside their evaluation (``conditions.py``)."""

from __future__ import annotations

from ..rules.conditions import condition_text, score_text
from ..rules.effect_kinds import effect_text, effects_text

__all__ = ["condition_text", "effect_text", "effects_text", "score_text"]
