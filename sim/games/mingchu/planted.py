"""明初商途's planted variants for ``sim check --variants``: scoring rates the bots should weigh."""

from __future__ import annotations

from sim.core.planted import PlantedVariant

PLANTED_VARIANTS = (
    PlantedVariant(
        "scoring.coins_per_vp=2",
        "coins",
        +1,
        "coins score 1 VP per 2 instead of per 10 at the end: players keep more coins",
    ),
)
