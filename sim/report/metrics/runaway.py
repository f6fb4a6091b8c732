"""Runaway leader: P(the leader after round k wins) and lead changes per game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Answers, Metric, answer_groups, answer_name, answer_row
from sim.report.names import Names, fmt_number, fmt_pct
from sim.report.sections import Section, display_name, panel_chart, per_variant, select, table

if TYPE_CHECKING:
    from sim.report.metric import Analysis


RUNAWAY = 0.70
"""The mid-game leader wins at least this often: a runaway leader."""


def runaway_section(a: Analysis, lang: Lang) -> Section | None:
    """Whether an early leader keeps the lead: P(leader after round k wins), lead changes."""
    leaders, changes = a.tables["leader_wins"], a.tables["lead_changes"]
    if changes.empty:
        return None
    section = Section("runaway", t("sec_runaway", lang))
    for game, variant, part in per_variant(a, changes):
        name = display_name(a, lang, game, variant)
        game_leaders = select(leaders, game, [variant]) if not leaders.empty else leaders
        draws = [lambda ax, d=part: plots.plot_lead_changes(d, ax, lang, "")]
        if not game_leaders.empty:
            draws.insert(0, lambda ax, d=game_leaders: plots.plot_leader_wins(d, ax, lang, ""))
        section.figures.append(panel_chart(draws, t("leader_title", lang, name=name), name, width=5.5))
    section.tables.append(
        table(a, lang, changes, t("lead_changes_title", lang, name="").rstrip(":： "), "lead_changes")
    )
    return section


def runaway_answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """Does the leader at mid-game win? One sentence per variant over its player counts."""
    sentences, codes = [], []
    leaders, length = a.tables["leader_wins"], a.tables["game_length"]
    if leaders.empty:
        for game, variant, part in answer_groups(a, a.tables["lead_changes"]):
            parts = [
                t("ans_changes_part", lang, n=int(r["n_players"]), mean=fmt_number(round(r["mean"], 2)),
                  lo=fmt_number(round(r["lo"], 2)), hi=fmt_number(round(r["hi"], 2)))
                for r in part.sort_values("n_players").to_dict("records")
            ]  # fmt: skip
            sentences.append(
                t("ans_runaway_changes", lang, name=answer_name(a, names, game, variant),
                  parts=t("list_sep", lang).join(parts), sure=t("sure_low", lang))
            )  # fmt: skip
            codes.append(answer_row("runaway", game, variant, "", "changes_only", part["mean"].min(),
                              np.nan, np.nan, "low"))  # fmt: skip
        return sentences, codes
    rounds = length[length["metric"] == "rounds"].set_index(["game", "variant", "n_players"])["q50"]
    for game, variant, part in answer_groups(a, leaders):
        parts, worst = [], None
        for n, by_n in part.groupby("n_players", sort=True):
            middle = max(1, int(round(rounds.get((game, variant, n), by_n["round"].max()) / 2)))
            row = by_n.iloc[(by_n["round"] - middle).abs().argmin()]
            parts.append(
                t(
                    "ans_runaway_part",
                    lang,
                    n=int(n),
                    k=int(row["round"]),
                    rate=fmt_pct(row["p_leader_wins"]),
                    lo=fmt_pct(row["lo"]),
                    hi=fmt_pct(row["hi"]),
                    fair=fmt_pct(row["fair_share"]),
                )
            )
            if worst is None or row["p_leader_wins"] > worst["p_leader_wins"]:
                worst = row
        if worst["lo"] >= RUNAWAY:
            code, sure = "strong", "high"
        elif worst["hi"] < RUNAWAY:
            code, sure = "normal", "high" if worst["hi"] - worst["lo"] < 0.2 else "medium"
        else:
            code, sure = "unclear", "low"
        sentences.append(
            t(
                f"ans_runaway_{code}",
                lang,
                name=answer_name(a, names, game, variant),
                parts=t("list_sep", lang).join(parts),
                threshold=fmt_pct(RUNAWAY, 0),
                sure=t(f"sure_{sure}", lang),
            )
        )
        codes.append(
            answer_row(
                "runaway", game, variant, int(worst["n_players"]), code,
                worst["p_leader_wins"], worst["lo"], worst["hi"], sure,
            )
        )  # fmt: skip
    return sentences, codes


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Lead changes per game and the round-k leader's win share."""
    leaders, games = stats.round_leaders(a.run.rounds), a.run.games
    return {
        "lead_changes": stats.lead_change_summary(stats.lead_changes(leaders, games)),
        "leader_wins": stats.leader_wins(leaders, games, a.run.players),
    }


METRIC = Metric(
    key="runaway",
    tables=("lead_changes", "leader_wins"),
    compute=compute,
    section=runaway_section,
    topic="ans_topic_runaway",
    answers=runaway_answers,
    answer_rank=30,
    codes=("strong", "normal", "unclear", "changes_only"),
)
