"""Bot results: win share ÷ fair share per bot, head-to-head matrix, Bradley–Terry strengths."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.sections import MAX_SEAT_CHARTS, Section, chart, display_name, table

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def bot_section(a: Analysis, lang: Lang) -> Section:
    """Bot win rates against the fair share and the head-to-head matrix."""
    section = Section("bots", t("sec_bots", lang), notes=[t("caveat_text", lang)])
    bots, matrix = a.tables["bot_results"], a.tables["bot_matrix"]
    for (game, variant), part in bots.groupby(["game", "variant"], sort=True):
        if variant not in a.variants(game)[:MAX_SEAT_CHARTS]:
            continue
        name = display_name(a, lang, game, variant)
        names = a.names(lang)
        part = part.assign(bot=[names.term(game, b) for b in part["bot"]])
        section.figures.append(
            chart(
                lambda ax, p=part, n=name: plots.plot_bot_results(p, ax, lang, n),
                t("bot_title", lang, name=name),
            )
        )
        m = matrix[(matrix["game"] == game) & (matrix["variant"] == variant)]
        m = m.assign(
            bot_a=[names.term(game, b) for b in m["bot_a"]], bot_b=[names.term(game, b) for b in m["bot_b"]]
        )
        if m["bot_a"].nunique() > 1:
            size = (max(6.5, 1.6 + 1.1 * m["bot_a"].nunique()), 1.6 + 0.9 * m["bot_a"].nunique())
            section.figures.append(
                chart(
                    lambda ax, p=m, n=name: plots.plot_bot_matrix(p, ax, lang, n),
                    t("matrix_title", lang, name=name),
                    size,
                )
            )
    section.tables.append(table(a, lang, bots, t("sec_bots", lang), "bot_results", pct=("lo", "hi")))
    strength = a.tables.get("bot_strength")
    if strength is not None and not strength.empty:
        bound = [t(f"bound_{b}", lang) if b else "" for b in strength["bound"]]
        shown = strength.assign(bound=bound)
        section.tables.append(table(a, lang, shown, t("strength_caption", lang), "bot_strength"))
    return section


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Each bot's results, the head-to-head pairings and the strengths fitted to them."""
    players = a.run.players
    return {
        "bot_results": stats.bot_results(players),
        "bot_matrix": stats.bot_matrix(players),
        "bot_strength": stats.bradley_terry(players, by=["game"]),
    }


METRIC = Metric(
    key="bots",
    tables=("bot_results", "bot_matrix", "bot_strength"),
    compute=compute,
    section=bot_section,
)
