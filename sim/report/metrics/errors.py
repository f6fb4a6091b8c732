"""Errors and stalls: grouped by message, each with its replay command."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from sim import stats
from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.sections import Section, table
from sim.report.verdicts import pct

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def error_section(a: Analysis, lang: Lang) -> Section:
    """Errors by message and each failed game's replay command."""
    section = Section("errors", t("sec_errors", lang))
    errors = a.tables["errors"]
    if errors.empty:
        section.notes.append(t("no_errors", lang))
        return section
    section.tables.append(table(a, lang, a.tables["error_summary"], t("sec_errors", lang), "error_summary"))
    section.tables.append(
        table(
            a,
            lang,
            errors[["variant", "n_players", "seed", "error", "replay"]],
            t("replay_caption", lang),
            "errors",
            max_rows=30,
        )
    )
    return section


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Every failed game with its replay command, and the failures grouped by message."""
    errors = stats.error_list(a.run.games, a.run.variant_info())
    return {"errors": errors, "error_summary": stats.error_summary(errors)}


def findings(a: Analysis, lang: Lang) -> list[str]:
    """How many games failed."""
    n_errors = len(a.tables["errors"])
    if not n_errors:
        return []
    return [t("errors_found", lang, count=n_errors, share=pct(n_errors / len(a.run.games), 1))]


METRIC = Metric(
    key="errors",
    tables=("errors", "error_summary"),
    compute=compute,
    section=error_section,
    findings=findings,
)
