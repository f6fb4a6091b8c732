"""Steam's planted variants for ``sim check --variants``: end-game scoring rates the bots weigh."""

from __future__ import annotations

from sim.core.planted import PlantedVariant
from sim.texts import message

PLANTED_VARIANTS = (
    PlantedVariant(
        "income_vp_divisor=1",
        "final_income",
        +1,
        message("planted_steam_income"),
    ),
    PlantedVariant("vp_per_link=0", "links_owned", -1, message("planted_steam_links")),
)
