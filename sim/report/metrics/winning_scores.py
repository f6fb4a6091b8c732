"""Winning scores: the bots' winning score per game and player count (median, 10th-90th percentiles),
compared with a human reference figure when the config gives one
(``reference: {human_winning_score: {4: 120}}``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Answers, Metric, answer_groups, answer_name, answer_row
from sim.report.names import Names, fmt_number
from sim.report.sections import Section, chart, display_name, per_variant, table

if TYPE_CHECKING:
    from sim.report.metric import Analysis

REFERENCE_KEY = "human_winning_score"


def human_references(meta: Sequence[Mapping[str, Any]]) -> dict[tuple[str, str, int], float]:
    """(game, variant, n_players) -> the human winning score the variant's config gives
    (``reference.human_winning_score.<n>``, read from run.json's resolved config)."""
    out = {}
    for m in meta:
        for v in m.get("variants", []):
            reference = v.get("reference") or (v.get("resolved") or {}).get("reference") or {}
            for n, score in (reference.get(REFERENCE_KEY) or {}).items():
                if score is not None:
                    out[(v.get("game", ""), v.get("label", ""), int(n))] = float(score)
    return out


def _score(x: float) -> str:
    """A score with one decimal at most (no trailing .0)."""
    return f"{x:,.1f}".removesuffix(".0")


def position(reference: float, q10: float, q90: float) -> str:
    """Where a reference lies against the bots' 10th-90th percentile range: above, below or within."""
    return "above" if reference > q90 else "below" if reference < q10 else "within"


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """The winning-score summary per group, with the human reference and where it lies."""
    summary = stats.winning_score_summary(a.run.players)
    references = human_references(a.run.meta)
    keys = zip(summary["game"], summary["variant"], summary["n_players"], strict=True)
    summary["human_reference"] = [references.get((g, v, int(n)), np.nan) for g, v, n in keys]
    summary["reference_position"] = [
        position(r, lo, hi) if pd.notna(r) else ""
        for r, lo, hi in zip(summary["human_reference"], summary["q10"], summary["q90"], strict=True)
    ]
    return {"winning_scores": summary}


def winning_section(a: Analysis, lang: Lang) -> Section | None:
    """A histogram of the winning score per player count, medians and references marked."""
    summary = a.tables["winning_scores"]
    if summary.empty:
        return None
    section = Section("winning", t("sec_winning", lang), notes=[t("winning_note", lang)])
    per_game = stats.winning_scores(a.run.players)
    for game, variant, part in per_variant(a, summary):
        name = display_name(a, lang, game, variant)
        scores = per_game[(per_game["game"] == game) & (per_game["variant"] == variant)]
        section.figures.append(
            chart(
                lambda ax, s=scores, p=part, n=name: plots.plot_winning_scores(s, p, ax, lang, n),
                t("winning_title", lang, name=name),
            )
        )
    section.tables.append(table(a, lang, summary, t("sec_winning", lang), "winning_scores"))
    return section


def winning_answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """The median winning score and its 10th-90th percentile range per player count; where a human
    reference lies against that range."""
    sentences, codes = [], []
    for game, variant, part in answer_groups(a, a.tables["winning_scores"]):
        rows = part.sort_values("n_players").to_dict("records")
        parts = [
            t("ans_winning_part", lang, n=int(r["n_players"]), median=_score(r["q50"]),
              q10=_score(r["q10"]), q90=_score(r["q90"]), games=f"{int(r['n']):,}")
            for r in rows
        ]  # fmt: skip
        name = answer_name(a, names, game, variant)
        sentences.append(t("ans_winning", lang, name=name, parts=t("list_sep", lang).join(parts)))
        for r in rows:
            code = r["reference_position"] or "no_reference"
            sure = "medium" if r["n"] >= 100 else "low"
            if code != "no_reference":
                sentences.append(
                    t(f"ans_winning_ref_{code}", lang, name=name, n=int(r["n_players"]),
                      reference=fmt_number(r["human_reference"]), median=_score(r["q50"]),
                      q10=_score(r["q10"]), q90=_score(r["q90"]),
                      sure=t(f"sure_{sure}", lang))
                )  # fmt: skip
            codes.append(
                answer_row("winning_score", game, variant, int(r["n_players"]), code, r["q50"], r["q10"],
                           r["q90"], sure)
                | {"human_reference": r["human_reference"]}
            )  # fmt: skip
    return sentences, codes


METRIC = Metric(
    key="winning",
    tables=("winning_scores",),
    compute=compute,
    section=winning_section,
    topic="ans_topic_winning",
    answers=winning_answers,
    answer_rank=45,
    codes=("no_reference", "within", "above", "below"),
)
