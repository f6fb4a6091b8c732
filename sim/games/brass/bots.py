"""Heuristic Brass bots (placeholder until personalities are written)."""

BOTS: dict = {}
