"""明初商途's planted variants for ``sim check --variants``: scoring rates the bots should weigh."""

from __future__ import annotations

from sim.core.planted import PlantedVariant
from sim.texts import message

PLANTED_VARIANTS = (
    PlantedVariant(
        "scoring.coins_per_vp=2",
        "coins",
        +1,
        message("planted_mingchu_coins"),
    ),
)
