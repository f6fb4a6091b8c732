"""The narrative play log of 明初商途 (``sim play``): what happened, in Chinese, fact by fact."""

from sim.games.mingchu.story.narrator import Fact, Narrator

__all__ = ["Fact", "Narrator"]
