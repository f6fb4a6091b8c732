"""Steam's planted variants for ``sim check --variants``: end-game scoring rates the bots weigh."""

from __future__ import annotations

from sim.core.planted import PlantedVariant

PLANTED_VARIANTS = (
    PlantedVariant(
        "income_vp_divisor=1",
        "final_income",
        +1,
        "each income step scores 1 VP at the end instead of 1/2: delivery points go to income longer",
    ),
    PlantedVariant(
        "vp_per_link=0", "links_owned", -1, "a complete link scores nothing at the end: fewer links"
    ),
)
