"""Parameter sweeps: each metric against each swept parameter, paired and trend tests."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.sections import Section, panel_chart
from sim.report.verdicts import sweep_verdicts

if TYPE_CHECKING:
    from sim.report.metric import Analysis
from sim.stats.sweep import BOT_METRIC, METRICS


def sweep_section(a: Analysis, lang: Lang) -> Section | None:
    """Each metric against each swept parameter, with verdicts (None without a sweep)."""
    response = a.tables["sweep_response"]
    if response.empty:
        return None
    section = Section("sweep", t("sec_sweep", lang), notes=[t("sweep_note", lang)])
    for (game, param), part in response.groupby(["game", "parameter"], sort=True):
        present = set(part["metric"])
        metrics = [m for m in METRICS if m in present] + sorted(
            m for m in present if m.startswith(BOT_METRIC)
        )
        names = a.names(lang)
        part = part.assign(  # the axis by the parameter's display name, lists in words
            parameter=names.term(game, param), value=[names.value(game, v) for v in part["value"]]
        )
        bot = partial(names.term, game)
        draws = [lambda ax, m=m, p=part, b=bot: plots.plot_sweep_metric(p, m, ax, lang, b) for m in metrics]
        title = t("sweep_title", lang, param=names.term(game, param), game=names.title(game))
        figure = panel_chart(draws, title, title, width=3.6)
        tests = a.tables["sweep_tests"]
        verdicts = sweep_verdicts(tests[(tests["game"] == game) & (tests["parameter"] == param)], lang, names)
        figure.verdicts = list(verdicts.loc[verdicts["changed"], "verdict"])
        figure.more_verdicts = list(verdicts.loc[~verdicts["changed"], "verdict"])
        section.figures.append(figure)
    return section


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Response of each metric to each swept ``param:`` column, and the tests of a change."""
    games, players = a.run.games, a.run.players
    response = stats.sweep_response(games, players)  # the chart's figures, which the verdicts quote
    return {
        "sweep_response": response,
        "sweep_tests": stats.sweep_tests(games, players, response=response),
        "sweep_paired": stats.sweep_paired(games, players),
    }


def findings(a: Analysis, lang: Lang) -> list[str]:
    """The sweep verdicts that found a change."""
    names = a.names(lang)
    sweeps = sweep_verdicts(a.tables["sweep_tests"], lang, names)
    changed = sweeps[sweeps["changed"]] if not sweeps.empty else sweeps
    return [f"[{names.title(r.game)}] {r.verdict}" for r in changed.itertuples()]


METRIC = Metric(
    key="sweep",
    tables=("sweep_response", "sweep_tests", "sweep_paired"),
    compute=compute,
    section=sweep_section,
    findings=findings,
)
