"""Card effects, event tasks and scoring rules as short text (for the narrative log), in the game's
own language unless told (``lang``).

Each text is its kind's class's: an effect's in ``effect_kinds.py``, a condition's and a scoring
rule's in ``conditions.py`` (beside their evaluation), each formatted from its template in the game's
texts (``texts/<lang>.py``)."""

from __future__ import annotations

from ..rules.conditions import condition_text, score_text
from ..rules.effect_kinds import effect_text, effects_text

__all__ = ["condition_text", "effect_text", "effects_text", "score_text"]
