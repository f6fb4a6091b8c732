"""Keyed tie-breaks (they live in ``sim.core.tiebreak``, where the games find them)."""

from sim.core.tiebreak import KeyedTies, stable_code

__all__ = ["KeyedTies", "stable_code"]
