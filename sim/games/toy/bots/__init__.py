"""The toy race's own bots, by name (the shared ``random`` bot is added in the spec). A bot of
its own per module: add one by writing its module and listing it here."""

from __future__ import annotations

from .greedy import GreedyBot

BOTS = {"greedy": GreedyBot}
"""Bot name -> the class that makes one for a seat."""

__all__ = ["BOTS", "GreedyBot"]
