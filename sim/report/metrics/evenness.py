"""Which rule set plays most evenly: when the runs of a game differ in a categorical config value (e.g.
``rules: base | standard``), the widest seat gap per value and player count, the value that
plays most evenly and the most even player count of each value."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim.report import plots
from sim.report.labels import Lang, fmt_points, t
from sim.report.metric import Answers, Metric, answer_row
from sim.report.names import Names
from sim.report.sections import Section, panel_chart, table
from sim.stats.evenness import categorical_factors, gap_by_value

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """The widest seat gap per value of each categorical parameter that differs between variants."""
    return {"evenness": gap_by_value(a.run.players, categorical_factors(a.run.meta))}


def evenness_section(a: Analysis, lang: Lang) -> Section | None:
    """The widest seat gap against player count, one line per value of each parameter."""
    gaps = a.tables["evenness"]
    if gaps.empty:
        return None
    names = a.names(lang)
    section = Section("evenness", t("sec_evenness", lang), notes=[t("evenness_note", lang)])
    for (game, param), part in gaps.groupby(["game", "parameter"], sort=True):
        shown = part.assign(variant=[names.term(game, v) for v in part["value"]])
        title = t("evenness_title", lang, param=names.term(game, param), game=names.title(game))
        draw = lambda ax, d=shown: plots.plot_metric_by_players(  # noqa: E731
            d, "max_gap", "max_gap_lo", "max_gap_hi", ax, lang, t("gap_axis", lang), scale=100
        )
        section.figures.append(panel_chart([draw], title, title, width=6.5))
    section.tables.append(table(a, lang, gaps, t("sec_evenness", lang), "evenness"))
    return section


def _gap(lang: Lang, r: dict) -> str:
    return t(
        "ans_even_gap",
        lang,
        gap=fmt_points(r["max_gap"], lang),
        lo=fmt_points(r["max_gap_lo"], lang),
        hi=fmt_points(r["max_gap_hi"], lang),
    )


def evenness_answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """Per parameter: the value with the smallest widest seat gap over the player counts every value
    was run at, the comparison at each count, and each value's most even player count."""
    sentences, codes = [], []
    sep = t("list_sep", lang)
    for (game, param), part in a.tables["evenness"].groupby(["game", "parameter"], sort=True):
        term = lambda v, g=game: names.term(g, v)  # noqa: E731
        counts = part.groupby("n_players")["value"].nunique()
        shared = counts[counts == part["value"].nunique()].index
        common = part[part["n_players"].isin(shared)]
        per_count = [
            t("ans_even_count", lang, n=int(n),
              values=sep.join(f"{term(r['value'])} {_gap(lang, r)}" for r in by_n.to_dict("records")))
            for n, by_n in common.groupby("n_players", sort=True)
        ]  # fmt: skip
        per_value = []
        for value, by_value in part.groupby("value", sort=True):
            best = by_value.loc[by_value["max_gap"].idxmin()]
            per_value.append(t("ans_even_value_best", lang, value=term(value), n=int(best["n_players"]),
                               gap=_gap(lang, best.to_dict())))  # fmt: skip
        values = {"game": names.title(game), "param": term(param), "counts": sep.join(per_count),
                  "values": sep.join(per_value)}  # fmt: skip
        if common.empty:
            sentences.append(t("ans_even_apart", lang, **values))
            codes.append(
                answer_row("evenness", game, param, "", "no_shared_counts", np.nan, np.nan, np.nan, "low")
            )
            continue
        mean_gap = common.groupby("value")["max_gap"].mean().sort_values()
        winner = mean_gap.index[0]
        wins = common[common["value"] == winner]
        separated = int(wins["separated"].sum())
        majority = wins["best"].sum() > len(shared) / 2
        sure = "high" if separated == len(shared) else "medium" if separated and majority else "low"
        others = sep.join(f"{term(v)} {fmt_points(g, lang)}" for v, g in mean_gap.iloc[1:].items())
        sentences.append(
            t("ans_even", lang, **values, value=term(winner), gap=fmt_points(mean_gap.iloc[0], lang), others=others,
              best=int(wins["best"].sum()), shared=len(shared), separated=separated,
              sure=t(f"sure_{sure}", lang))
        )  # fmt: skip
        codes.append(
            answer_row("evenness", game, param, ",".join(str(int(n)) for n in shared), f"most_even:{winner}",
                       mean_gap.iloc[0], np.nan, np.nan, sure)
        )  # fmt: skip
    return sentences, codes


METRIC = Metric(
    key="evenness",
    tables=("evenness",),
    compute=compute,
    section=evenness_section,
    topic="ans_topic_evenness",
    answers=evenness_answers,
    answer_rank=25,
    codes=("most_even:<value>", "no_shared_counts"),
)
