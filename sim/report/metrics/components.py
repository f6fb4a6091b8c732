"""Score components: what winners score more of; money and counts apart."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.sections import Section, chart, display_name, per_variant, table

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def component_section(a: Analysis, lang: Lang) -> Section | None:
    """Sources of points (they add up to the score) on one axis; money and other counts apart."""
    components = a.tables["components"]
    if components.empty:
        return None
    names = a.names(lang)
    section = Section("components", t("sec_components", lang), notes=[t("component_note", lang)])
    scoring = np.array(
        [names.is_scoring(g, c) for g, c in zip(components["game"], components["component"], strict=True)],
        dtype=bool,
    )
    points, other = components[scoring], components[~scoring]
    for game, variant, part in per_variant(a, points):
        name = display_name(a, lang, game, variant)
        shown = part.assign(component=[names.term(game, c) for c in part["component"]])
        rows = shown.dropna(subset=["difference"])
        height = 1.6 + 0.18 * len(rows)  # one bar per component and player count
        section.figures.append(
            chart(
                lambda ax, p=shown, n=name: plots.plot_components(p, ax, lang, n),
                t("component_title", lang, name=name),
                (7.5, height),
            )
        )
    columns = ["game", "variant", "n_players", "component", "mean_winners", "mean_others", "difference",
               "lo", "hi", "share_of_score", "correlation"]  # fmt: skip
    if not points.empty:
        section.tables.append(table(a, lang, points[columns], t("sec_components", lang), "components"))
    if not other.empty:
        section.tables.append(
            table(
                a, lang, other[columns[:-2] + ["correlation"]], t("sec_components_other", lang), "components"
            )
        )
    return section


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Each breakdown column among winners and others."""
    return {"components": stats.component_contribution(a.run.players, a.run.breakdown_columns)}


METRIC = Metric(key="components", tables=("components",), compute=compute, section=component_section)
