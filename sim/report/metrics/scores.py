"""Scores and game length: final score, winning margin, rounds and tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.sections import Section, display_name, panel_chart, per_variant, select, table

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def score_section(a: Analysis, lang: Lang) -> Section:
    """Final score, winning margin and game length distributions."""
    section = Section("scores", t("sec_scores", lang))
    scores, margins, length = (
        a.tables["score_distribution"],
        a.tables["winning_margin"],
        a.tables["game_length"],
    )
    rounds = length[length["metric"] == "rounds"]
    for game, variant, part in per_variant(a, scores):
        name = display_name(a, lang, game, variant)
        game_margins, game_rounds = select(margins, game, [variant]), select(rounds, game, [variant])
        draws = [
            lambda ax, d=part: plots.plot_distribution_summary(
                d, ax, lang, t("score_title", lang, name="").rstrip(":： "), t("score_axis", lang)
            ),
            lambda ax, d=game_margins: plots.plot_distribution_summary(
                d, ax, lang, t("margin_title", lang, name="").rstrip(":： "), t("margin_axis", lang)
            ),
            lambda ax, d=game_rounds: plots.plot_distribution_summary(
                d, ax, lang, t("length_title", lang, name="").rstrip(":： "), t("rounds_axis", lang)
            ),
        ]
        section.figures.append(panel_chart(draws, t("score_title", lang, name=name), name))
    section.tables.append(
        table(a, lang, a.tables["tie_breaks"], t("tie_axis", lang), "tie_breaks", pct=("lo", "hi"))
    )
    return section


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Distributions of score, margin and length, and the tie-break share."""
    players, games = a.run.players, a.run.games
    return {
        "score_distribution": stats.score_distribution(players),
        "winning_margin": stats.margin_summary(stats.winning_margin(players)),
        "game_length": stats.game_length(games),
        "tie_breaks": stats.tie_break_share(games),
    }


METRIC = Metric(
    key="scores",
    tables=("score_distribution", "winning_margin", "game_length", "tie_breaks"),
    compute=compute,
    section=score_section,
)
