"""Cards and content: win share of seats that had each item against comparable seats without it."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Answers, Metric, answer_name, answer_row
from sim.report.names import Names
from sim.report.sections import MAX_SEAT_CHARTS, Section, chart, display_name, table
from sim.report.verdicts import content_verdict
from sim.stats.content import MIN_SEATS

if TYPE_CHECKING:
    from sim.report.metric import Analysis


MIN_CARD_GAMES = 50
"""Card intervals are cluster-robust over games: they need this many games per group (docs/report.md)."""


MAX_CONTENT_BARS = 12
"""Items per content chart when there are more: every notable item (the strongest findings), then
the largest and smallest differences."""


def content_section(a: Analysis, lang: Lang) -> Section | None:
    """Win rate of the seats that had each card or tile (observational), per variant."""
    rates = a.tables["event_win_rates"]
    if rates.empty:
        return None
    section = Section("content", t("sec_content", lang), notes=[t("content_note", lang, min=MIN_SEATS)])
    for (game, variant, name, kind), part in rates.groupby(["game", "variant", "table", "kind"], sort=True):
        if variant not in a.variants(game)[:MAX_SEAT_CHARTS]:
            continue
        column = part.groupby("column")["value"].nunique().idxmax()  # the id column: most distinct values
        names = a.names(lang)
        compared = part["comparable"].astype(bool)
        too_few = part[(part["column"] == column) & ~compared]
        shown = part[(part["column"] == column) & compared]
        if shown.empty:
            section.notes.append(_too_few_line(a, lang, game, variant, name, kind, too_few))
            continue
        by_item = shown.groupby("value")["difference"].mean().sort_values(ascending=False)
        strongest = shown[shown["notable"].astype(bool)].sort_values("q_value", kind="stable")["value"]
        shown = shown[shown["value"].isin(chart_items(by_item, list(dict.fromkeys(strongest))))]
        shown = (
            shown.set_index("value").loc[[v for v in by_item.index if v in set(shown["value"])]].reset_index()
        )
        shown = shown.assign(value=[names.term(game, v) for v in shown["value"]])
        title = (
            display_name(a, lang, game, variant)
            + f" · {names.term(game, name)} · {names.term(game, column)}"
            + (t("kind_brackets", lang, kind=names.term(game, kind)) if kind else "")
        )
        figure = chart(
            lambda ax, d=shown, n=title: plots.plot_content_win_rates(d, ax, lang, n),
            t("content_title", lang, name=title),
            (7.5, max(3.4, 1.8 + 0.22 * len(shown))),
        )
        figure.caption = t("content_caption", lang)
        notable = part[part["notable"]]
        figure.verdicts = [
            content_verdict(
                r
                | {
                    "value": names.term(game, r["value"]),
                    "column": names.term(game, r["column"]),
                    "kind": names.term(game, r["kind"]) if r.get("kind") else "",
                },
                lang,
            )
            for r in notable.to_dict("records")
        ] or [t("content_none", lang)]
        if not too_few.empty:
            figure.more_verdicts.append(_too_few_line(a, lang, game, variant, name, kind, too_few))
        section.figures.append(figure)
    columns = ["game", "variant", "n_players", "table", "column", "kind", "value", "seats", "win_rate",
               "others_rate", "difference", "diff_lo", "diff_hi", "q_value"]  # fmt: skip
    notable = rates.loc[rates["notable"], columns]
    section.tables.append(
        table(
            a,
            lang,
            notable,
            t("sec_content", lang),
            "event_win_rates",
            pct=("difference", "diff_lo", "diff_hi"),
        )
    )
    return section


def chart_items(by_item: pd.Series, strongest: list[str], limit: int = MAX_CONTENT_BARS) -> list[str]:
    """The items a content chart draws when it cannot draw all: the strongest findings first (the
    notable items, smallest adjusted p-value first), then the largest and smallest differences in
    turn. ``by_item`` is the mean difference per item, largest first."""
    keep = list(strongest[:limit])
    ends = [item for pair in zip(by_item.index, by_item.index[::-1], strict=True) for item in pair]
    for item in ends:
        if len(keep) >= min(limit, len(by_item)):
            break
        if item not in keep:
            keep.append(item)
    return keep


def _too_few_line(
    a: Analysis, lang: Lang, game: str, variant: str, name: str, kind: str, rows: pd.DataFrame
) -> str:
    """The items of one chart with too few seats, with or without them, to be compared."""
    names = a.names(lang)
    items = sorted({names.term(game, v) for v in rows["value"]})
    where = f"{display_name(a, lang, game, variant)} · {names.term(game, name)}"
    if kind:
        where += t("kind_brackets", lang, kind=names.term(game, kind))
    joined = t("enum_separator", lang).join(items)
    return t("content_too_few", lang, where=where, items=joined, min=MIN_SEATS)


def card_answers(a: Analysis, names: Names, lang: Lang, top: int = 3) -> Answers:
    """Cards and content: how many items stand out after correction, and the strongest few."""
    rates = a.tables["event_win_rates"]
    if rates.empty:
        return [], []
    sizes = a.run.games.groupby(["game", "variant", "n_players"]).size()
    if sizes.max() < MIN_CARD_GAMES:
        sentence = t("ans_cards_few_games", lang, games=f"{int(sizes.max()):,}", needed=MIN_CARD_GAMES)
        return [sentence], [answer_row("cards", "", "", "", "too_few_games", np.nan, np.nan, np.nan, "low")]
    enough = [
        sizes.get(k, 0) >= MIN_CARD_GAMES
        for k in zip(rates["game"], rates["variant"], rates["n_players"], strict=True)
    ]
    rates = rates[np.array(enough, dtype=bool)]
    notable = (
        rates[rates["notable"]]
        .sort_values("q_value")
        .drop_duplicates(["game", "n_players", "table", "column", "kind", "value", "difference"])
    )
    tested = int(rates["comparable"].astype(bool).sum())
    if notable.empty:
        return [t("ans_cards_none", lang, tested=f"{tested:,}")], [
            answer_row("cards", "", "", "", "none", np.nan, np.nan, np.nan, "low")
        ]
    sentences = [t("ans_cards_some", lang, count=len(notable), tested=f"{tested:,}")]
    shown = shown_findings(notable, names, lang)[:top]
    for r in shown:
        sentences.append(f"[{answer_name(a, names, r['game'], r['variant'])}] " + content_verdict(r, lang))
    codes = [
        answer_row("cards", r["game"], r["variant"], r["n_players"], f"notable:{r['item']}", r["difference"],
             r["diff_lo"], r["diff_hi"], "medium")
        for r in shown
    ]  # fmt: skip
    return sentences, codes


_SAME_FINDING = (
    "game",
    "variant",
    "n_players",
    "table",
    "column",
    "value",
    "difference",
    "diff_lo",
    "diff_hi",
    "seats",
)
"""The columns that make two notable rows one finding (whatever their event kinds)."""


def shown_findings(notable: pd.DataFrame, names: Names, lang: Lang) -> list[dict]:
    """Notable rows as a reader sees them, item, column and kind by their display names (the item's
    id kept as ``item``). One item's rows whose numbers are the same under several event kinds (a
    card taken and played by the same seats) are one row naming every kind."""
    merged: dict[tuple, dict] = {}
    for r in notable.to_dict("records"):
        game = r["game"]
        kind = names.term(game, r["kind"]) if r.get("kind") else ""
        key = tuple(r[k] for k in _SAME_FINDING)
        if key in merged:
            if kind:
                merged[key]["kind"] += t("kind_separator", lang) + kind
            continue
        item = {"value": names.term(game, r["value"]), "column": names.term(game, r["column"]), "kind": kind}
        merged[key] = r | item | {"item": r["value"]}
    return list(merged.values())


MAX_CONTENT_FINDINGS = 5
"""Notable cards/tiles listed among the key findings (all are in the report and the CSV)."""


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Holders against non-holders of every id in the event tables."""
    return {"event_win_rates": stats.event_win_rates(a.run)}


def findings(a: Analysis, lang: Lang) -> list[str]:
    """The notable items (adjusted) of groups with at least MIN_CARD_GAMES games."""
    names = a.names(lang)
    content = a.tables["event_win_rates"]
    sizes = a.run.games.groupby(["game", "variant", "n_players"]).size()
    enough = [
        sizes.get(k, 0) >= MIN_CARD_GAMES
        for k in zip(content["game"], content["variant"], content["n_players"], strict=True)
    ]
    content = content[pd.Series(enough, index=content.index, dtype=bool)]
    notable = content[content["notable"]].sort_values("q_value")
    return [
        f"[{display_name(a, lang, r['game'], r['variant'])}] " + content_verdict(r, lang)
        for r in shown_findings(notable, names, lang)[:MAX_CONTENT_FINDINGS]
    ]


METRIC = Metric(
    key="content",
    tables=("event_win_rates",),
    compute=compute,
    section=content_section,
    topic="ans_topic_cards",
    answers=card_answers,
    answer_rank=60,
    codes=("too_few_games", "none", "notable:<item>"),
    findings=findings,
)
