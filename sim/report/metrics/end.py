"""End reasons and stalls: how games end, one dimension per stage of the end reason."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim import stats
from sim.core.game import STAGE_SEPARATOR, TRIGGER_SEPARATOR
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Answers, Metric, answer_groups, answer_name, answer_row
from sim.report.names import Names, fmt_pct
from sim.report.sections import Section, display_name, panel_chart, per_variant, table
from sim.stats.intervals import wilson

if TYPE_CHECKING:
    from sim.report.metric import Analysis
from sim.dataset import GROUP
from sim.stats.outcomes import outcome_kind


def end_stages(games: pd.DataFrame) -> pd.DataFrame:
    """End reasons split into separate dimensions: an end reason like ``a+b·c·d`` has one stage per
    ``·`` part (e.g. the trigger of a period, a war outcome, the final trigger), and every ``+`` part of
    a stage is one trigger that fired. One row per (game, variant, n_players, stage, trigger): games in
    which it fired, their share (Wilson interval). Errors and stalls are triggers of stage 0."""
    columns = [*GROUP, "stage", "trigger", "count", "games", "share", "lo", "hi"]
    if games.empty:
        return pd.DataFrame(columns=columns)
    kinds = outcome_kind(games).fillna("")
    rows = []
    for key, reason in zip(games[GROUP].itertuples(index=False, name=None), kinds, strict=True):
        for stage, part in enumerate(str(reason).split(STAGE_SEPARATOR)):
            for trigger in dict.fromkeys(part.split(TRIGGER_SEPARATOR)):
                rows.append((*key, stage, trigger or "-"))
    fired = pd.DataFrame(rows, columns=[*GROUP, "stage", "trigger"])
    out = fired.groupby([*GROUP, "stage", "trigger"]).size().rename("count").reset_index()
    totals = games.groupby(GROUP).size().rename("games").reset_index()
    out = out.merge(totals, on=GROUP)
    out["share"] = out["count"] / out["games"]
    out["lo"], out["hi"] = wilson(out["count"], out["games"])
    return out[columns].sort_values(
        [*GROUP, "stage", "share"], ascending=[True] * 4 + [False], ignore_index=True
    )


MAX_CATEGORIES = 12
"""Category labels per chart axis; the rest are summed into 'other'."""


def _cap_triggers(part: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """At most MAX_CATEGORIES triggers: the most frequent ones, the rest summed into 'other'."""
    pooled = part.groupby("trigger")["count"].sum().sort_values(ascending=False)
    if len(pooled) <= MAX_CATEGORIES:
        return part
    keep = set(pooled.index[: MAX_CATEGORIES - 1])
    label = t("other_items", lang, count=len(pooled) - len(keep))
    rest = (
        part[~part["trigger"].isin(keep)]
        .groupby("n_players", as_index=False)
        .agg(count=("count", "sum"), games=("games", "first"))
    )
    rest["trigger"] = label
    rest["share"] = rest["count"] / rest["games"]
    rest["lo"], rest["hi"] = wilson(rest["count"], rest["games"])
    return pd.concat([part[part["trigger"].isin(keep)], rest], ignore_index=True)


def end_section(a: Analysis, lang: Lang) -> Section:
    """End reasons split into their stages (e.g. period trigger, war outcome, final trigger), stalls and errors."""
    section = Section("end", t("sec_end", lang))
    names = a.names(lang)
    stages = a.tables["end_stages"]
    for game, variant, part in per_variant(a, stages):
        name = display_name(a, lang, game, variant)
        draws = []
        for stage, by_stage in part.groupby("stage", sort=True):
            shown = _cap_triggers(by_stage, lang)
            shown = shown.assign(trigger=[names.term(game, x) for x in shown["trigger"]])
            order = shown.groupby("trigger")["count"].sum().sort_values(ascending=False).index
            shown = shown.set_index("trigger").loc[list(order)].reset_index()
            label = names.stage(game, int(stage))
            draws.append(lambda ax, d=shown, s=label: plots.plot_end_stage(d, ax, lang, s))
        title = t("end_title", lang, name=name)
        section.figures.append(panel_chart(draws, title, title, width=5.2, ncols=2 if len(draws) > 1 else 1))
    shown = stages.assign(
        stage=[names.stage(g, int(x)) for g, x in zip(stages["game"], stages["stage"], strict=True)]
    )
    section.tables.append(table(a, lang, shown, t("sec_end", lang), "end_stages", pct=("lo", "hi")))
    return section


def end_answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """End reasons per stage (e.g. trigger, war outcome), pooled over player counts."""
    sentences, codes = [], []
    stages = a.tables["end_stages"]
    for game, variant, part in answer_groups(a, stages):
        totals = part.drop_duplicates("n_players")["games"].sum()
        for stage, by_stage in part.groupby("stage", sort=True):
            pooled = by_stage.groupby("trigger")["count"].sum().sort_values(ascending=False)
            shown = [
                t("ans_end_part", lang, trigger=names.term(game, trig), share=fmt_pct(c / totals))
                for trig, c in pooled.head(4).items()
            ]
            sentences.append(
                t(
                    "ans_end",
                    lang,
                    name=answer_name(a, names, game, variant),
                    stage=names.stage(game, int(stage)),
                    parts=t("list_sep", lang).join(shown),
                    games=f"{int(totals):,}",
                    overlap=t("ans_end_overlap", lang) if pooled.sum() > totals else "",
                )
            )
            top = pooled.index[0]
            codes.append(answer_row("end", game, variant, "", f"stage{stage}:{top}", pooled.iloc[0] / totals,
                              np.nan, np.nan, "high" if totals >= 100 else "low"))  # fmt: skip
    return sentences, codes


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """End reasons as they are, and split into stages and triggers."""
    games = a.run.games
    return {"end_reasons": stats.end_reasons(games), "end_stages": end_stages(games)}


METRIC = Metric(
    key="end",
    tables=("end_reasons", "end_stages"),
    compute=compute,
    section=end_section,
    topic="ans_topic_end",
    answers=end_answers,
    answer_rank=50,
    codes=("stage<k>:<trigger>",),
)
