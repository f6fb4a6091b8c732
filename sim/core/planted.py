"""A planted variant: one ``--set`` change of a scoring rate or price, and the play it should move.

A game declares a few on its spec (``GameSpec.report.planted_variants``); ``sim check --variants``
(``sim.check_variants``) plays them against the base config with the default bots, to show that
the bots read the number from the config and answer it in the expected direction.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlantedVariant:
    """One override, the breakdown column it should move, and which way."""

    override: str
    """A ``--set`` override, ``dotted.path=value`` (e.g. ``scoring.coins_per_vp=2``)."""
    measure: str
    """A breakdown column (averaged over the players of a game, then over the games)."""
    direction: int
    """+1: the measure should rise in the variant; -1: it should fall."""
    why: str = ""
    """In plain words, what the override does and why the bots should answer it."""

    def __post_init__(self) -> None:
        if self.direction not in (1, -1):
            raise ValueError(f"direction must be +1 or -1, got {self.direction!r}")
        if "=" not in self.override:
            raise ValueError(f"override {self.override!r} must look like dotted.path=value")
