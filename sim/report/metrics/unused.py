"""Unused content: breakdown columns that never score, config ids no event mentions."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from sim import stats
from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.sections import Section, table

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def unused_section(a: Analysis, lang: Lang) -> Section:
    """Breakdown columns that never score and config ids no event mentions."""
    section = Section("unused", t("sec_unused", lang))
    zero, unseen = a.tables["zero_breakdown_columns"], a.tables["unseen_config_ids"]
    if zero.empty and unseen.empty:
        section.notes.append(t("no_unused", lang))
    if not zero.empty:
        section.tables.append(table(a, lang, zero, t("zero_columns", lang), "zero_breakdown_columns"))
    if not unseen.empty:
        section.tables.append(table(a, lang, unseen, t("unseen_ids", lang), "unseen_config_ids"))
    return section


def _unused_items(a: Analysis, lang: Lang = "en") -> list[str]:
    zero, unseen = a.tables["zero_breakdown_columns"], a.tables["unseen_config_ids"]
    prefix = a.run.games["game"].nunique() > 1  # name the game when a report combines several
    names = a.names(lang)

    def of_game(game: str, item: str) -> str:
        return t("game_item", lang, game=names.title(game), item=item) if prefix else item

    items = [of_game(r.game, names.term(r.game, r.column)) for r in zero.itertuples()]
    for r in unseen.itertuples():
        shown = names.term(r.game, r.list)  # a named list reads <list name>·<item name>, else <list>.<id>
        item = f"{shown}·{names.term(r.game, r.id)}" if shown != r.list else f"{r.list}.{r.id}"
        items.append(of_game(r.game, item))
    return list(dict.fromkeys(items))


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Zero breakdown columns and unseen config ids."""
    run = a.run
    return {
        "zero_breakdown_columns": stats.zero_breakdown_columns(run.players, run.breakdown_columns),
        "unseen_config_ids": stats.unseen_config_ids(run),
    }


def findings(a: Analysis, lang: Lang) -> list[str]:
    """One line naming the unused items (the first 12)."""
    unused = _unused_items(a, lang)
    if not unused:
        return []
    shown = t("list_separator", lang).join(unused[:12]) + (" …" if len(unused) > 12 else "")
    return [t("unused_found", lang, items=shown)]


METRIC = Metric(
    key="unused",
    tables=("zero_breakdown_columns", "unseen_config_ids"),
    compute=compute,
    section=unused_section,
    findings=findings,
)
