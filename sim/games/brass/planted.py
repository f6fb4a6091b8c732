"""Brass's planted variants for ``sim check --variants``: one price or VP each that the bots weigh."""

from __future__ import annotations

from sim.core.planted import PlantedVariant
from sim.texts import message

PLANTED_VARIANTS = (
    PlantedVariant(
        "links.canal_cost=1",
        "vp_links_canal",
        +1,
        message("planted_brass_canal"),
    ),
    PlantedVariant(
        "links.rail_cost=1",
        "actions_build_link",
        +1,
        message("planted_brass_rail"),
    ),
    PlantedVariant(
        "industries.cotton.tiles.L1.vp=20",
        "tiles_built_cotton",
        +1,
        message("planted_brass_cotton"),
    ),
)
