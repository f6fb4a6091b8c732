"""Brass's planted variants for ``sim check --variants``: one price or VP each that the bots weigh."""

from __future__ import annotations

from sim.core.planted import PlantedVariant

PLANTED_VARIANTS = (
    PlantedVariant(
        "links.canal_cost=1",
        "vp_links_canal",
        +1,
        "a canal link costs £1 instead of £3: more canal links built, more VP from them",
    ),
    PlantedVariant(
        "links.rail_cost=1",
        "actions_build_link",
        +1,
        "a rail link costs £1 instead of £5: more links built",
    ),
    PlantedVariant(
        "industries.cotton.tiles.L1.vp=20",
        "tiles_built_cotton",
        +1,
        "the first cotton mills score 20 VP instead of 5: more cotton mills built",
    ),
)
