"""The deck study's report: ``card-study.csv`` (one row per card), ``card-study.md`` and a forest plot,
in English or Chinese. A card flagged by the controls (``controls``: misplayed, unused) keeps its
verdict, but the report says the bots explain it and leaves it out of the balance findings."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from sim import texts
from sim.cards.controls import CONTROL_COLUMNS, MISPLAYED, UNUSED, UNUSED_SHARE
from sim.cards.sequential import TOO_STRONG, TOO_WEAK, UNDECIDED, WITHIN
from sim.csv_files import write_frame
from sim.report.build import headless_charts
from sim.report.labels import Lang, t
from sim.report.markdown import markdown_table
from sim.report.names import Names
from sim.report.style import new_figure

PNG_DPI = 220
COLOURS = {TOO_STRONG: "#c44e52", TOO_WEAK: "#3b6ea8", WITHIN: "#4a9a5b", UNDECIDED: "#8c8c8c"}
COLUMNS = (
    "card",
    "verdict",
    "effect",
    "low",
    "high",
    "games",
    "games_needed",
    "score_effect",
    "score_low",
    "score_high",
    "vs_blank",
    "vs_blank_low",
    "vs_blank_high",
    "uses_per_game",
    "used_pct",
    "flag",
)
HEADERS = texts.words("deck_study_header")
"""``card-study.csv``'s column headers by language (the catalogue's ``deck_study_header.*``)."""
VERDICT_WORDS = texts.words("deck_study_verdict")
"""The verdicts as ``card-study.csv`` holds them: the codes in English (what scripts read), words in
Chinese."""
LEGEND_WORDS = texts.words("deck_study_legend")
"""The verdicts as the forest plot's legend names them: words in both languages."""
FLAG_WORDS = {lang: {**flags, "": ""} for lang, flags in texts.words("deck_study_flag").items()}
"""The flags as ``card-study.csv`` holds them (codes in English, words in Chinese)."""
TEXT = texts.table("deck_study")
"""The report's and the console's texts by key and language (the catalogue's ``deck_study.*``)."""
ON_EDGE_FACTOR = 10
"""An undecided card needing more than this many times the games it has had (if its estimate stayed
where it is) is named apart in the closing advice; its estimate may still move and decide it."""


def remaining_line(table: pd.DataFrame, lang: Lang, tolerance: float) -> str:
    """What deciding the undecided cards would cost in games of the whole study, each open card with
    its distance to the nearest band edge and the games it needs (``open_card``), and the ones that
    would need more than ``ON_EDGE_FACTOR`` times their games, by name ('' when none is open)."""
    open_ = table[table["verdict"] == UNDECIDED].sort_values("effect", ascending=False, kind="stable")
    if open_.empty:
        return ""
    last = open_.loc[open_["study_games_needed"].idxmax()]
    lines = [
        TEXT["remaining"][lang].format(
            open=len(open_),
            games=f"{int(last['study_games_needed']):,}",
            card=last["card"],
            effect=100 * last["effect"],
        )
    ]
    separator = t("list_separator", lang)
    cards = [open_card(row, lang, tolerance) for row in open_.itertuples(index=False)]
    lines.append(TEXT["open_cards"][lang].format(cards=separator.join(cards)))
    on_edge = open_.loc[open_["games_needed"] > ON_EDGE_FACTOR * open_["games"], "card"].tolist()
    if on_edge:
        lines.append(TEXT["on_edge"][lang].format(cards=separator.join(on_edge), factor=ON_EDGE_FACTOR))
    return t("sentence_separator", lang).join(lines)


def open_card(row: Any, lang: Lang, tolerance: float) -> str:
    """One undecided card of the closing advice: its effect, its distance to the nearest band edge
    (points), the games it has had at the table and about how many more would decide it."""
    edge = math.copysign(100 * tolerance, row.effect)
    needed = row.games_needed
    return TEXT["open_card"][lang].format(
        card=row.card,
        effect=100 * row.effect,
        distance=abs(100 * row.effect - edge),
        edge=edge,
        games=f"{int(row.games):,}",
        needed=f"{int(needed):,}" if needed == needed else "–",
    )


def run_line(summary: Mapping[str, Any], lang: Lang) -> str:
    """The console's line on the folder and the last run: games, minutes, why it stopped."""
    stop = TEXT["stop"][lang].get(summary["stop"], summary["stop"])
    return TEXT["run"][lang].format(
        games=f"{summary['games']:,}", minutes=f"{summary['seconds'] / 60:.1f}", stop=stop
    )


def with_control_columns(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` with the control columns it lacks (a table made without them) empty: NaN, no flag."""
    missing = [c for c in CONTROL_COLUMNS if c not in table.columns]
    if not missing:
        return table
    return table.assign(**{c: "" if c == "flag" else np.nan for c in missing})


def _blank_cell(x: float, digits: int = 2) -> str | float:
    return "" if math.isnan(x) else round(x, digits)


def csv_table(table: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """The verdicts as the CSV holds them: points of win share, sorted by effect (largest first),
    ``games_needed`` empty once decided, the controls (empty where unknown); headers, verdicts and
    flags in ``lang``."""
    rows = with_control_columns(table).sort_values("effect", ascending=False, kind="stable")
    out = pd.DataFrame({"card": rows["card"], "verdict": rows["verdict"].map(VERDICT_WORDS[lang])})
    for column in ("effect", "low", "high"):
        out[column] = (100 * rows[column]).round(2)
    out["games"] = rows["games"].astype(int)
    out["games_needed"] = rows["games_needed"].map(lambda x: "" if math.isnan(x) else str(int(x)))
    for column in ("score_effect", "score_low", "score_high"):
        out[column] = rows[column].round(2)
    for column in ("vs_blank", "vs_blank_low", "vs_blank_high"):
        out[column] = (100 * rows[column].astype(float)).map(_blank_cell)
    out["uses_per_game"] = rows["uses_per_game"].astype(float).map(_blank_cell)
    out["used_pct"] = (100 * rows["used_share"].astype(float)).map(lambda x: _blank_cell(x, 1))
    out["flag"] = rows["flag"].map(FLAG_WORDS[lang])
    return out.rename(columns=HEADERS[lang]).reset_index(drop=True)


def console_table(table: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """``csv_table`` for the console: empty cells where a figure is unknown, and no effect shown
    without its interval (a card before its first interval, at fewer than 20 seeds)."""
    shown = csv_table(table, lang)
    names = HEADERS[lang]
    for effect, low in (("effect", "low"), ("score_effect", "score_low")):
        missing = shown[names.get(low, low)].isna()
        shown[names.get(effect, effect)] = shown[names.get(effect, effect)].mask(missing)
    return shown.astype(object).where(shown.notna(), "")


def blank_effect(table: pd.DataFrame) -> float | None:
    """The blank card's effect (a card's effect minus its ``vs_blank``; the same for every card, the
    means being over the same seeds), or None without a blank."""
    known = table.dropna(subset=["vs_blank"]) if "vs_blank" in table.columns else table.iloc[:0]
    if known.empty:
        return None
    return float(known["effect"].iloc[0] - known["vs_blank"].iloc[0])


def forest_plot(
    table: pd.DataFrame, tolerance: float, lang: Lang, title: str, blank_name: str | None = None
) -> plt.Figure:
    """Effects with their intervals, one row per card, largest on top, coloured by verdict; a
    flagged card's dot hollow with a note, the blank card's effect (``blank_name``) a dotted line."""
    rows = with_control_columns(table).sort_values("effect", kind="stable").reset_index(drop=True)
    level = float(rows["level"].iloc[0]) if len(rows) else 0.95
    fig, ax = new_figure(figsize=(7.5, 1.2 + 0.32 * len(rows)), layout="constrained")
    ax.axvspan(-100 * tolerance, 100 * tolerance, color="#4a9a5b", alpha=0.12, linewidth=0)
    ax.axvline(0, color="#222", linewidth=0.9)
    blank = blank_effect(rows)
    if blank is not None:
        ax.axvline(100 * blank, color="#555", linewidth=0.9, linestyle=":")
    for i, row in rows.iterrows():
        colour = COLOURS[row["verdict"]]
        if not math.isnan(row["low"]):
            ax.plot([100 * row["low"], 100 * row["high"]], [i, i], color=colour, linewidth=1.6)
        face = "white" if row["flag"] else colour  # a flagged card: a hollow dot and a note
        ax.plot(
            100 * row["effect"],
            i,
            marker="o",
            markersize=5,
            color=colour,
            markerfacecolor=face,
            linestyle="none",
        )
        if row["flag"]:
            right = row["high"] if not math.isnan(row["high"]) else row["effect"]
            ax.annotate(
                TEXT["flag_mark"][lang][row["flag"]],
                (100 * right, i),
                xytext=(4, 0),
                textcoords="offset points",
                va="center",
                fontsize=7,
                color="#555",
            )
    ax.set_yticks(np.arange(len(rows)), rows["card"])
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.set_xlabel(TEXT["axis"][lang].format(level=f"{100 * level:.2f}%"))
    ax.set_title(title, fontsize=11)
    handles = [
        plt.Rectangle(
            (0, 0),
            1,
            1,
            color="#4a9a5b",
            alpha=0.25,
            label=TEXT["band"][lang].format(tol=f"{100 * tolerance:g}"),
        )
    ]
    handles += [
        plt.Line2D([], [], marker="o", color=c, linestyle="none", label=LEGEND_WORDS[lang][v])
        for v, c in COLOURS.items()
    ]
    if rows["flag"].astype(bool).any():
        handles.append(
            plt.Line2D(
                [], [], marker="o", color="#555", markerfacecolor="white", linestyle="none",
                label=TEXT["flag_legend"][lang],
            )
        )  # fmt: skip
    if blank is not None and blank_name:
        label = TEXT["blank_legend"][lang].format(blank=blank_name)
        handles.append(plt.Line2D([], [], color="#555", linewidth=0.9, linestyle=":", label=label))
    ax.legend(handles=handles, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def write_deck_report(
    table: pd.DataFrame, meta: Mapping[str, Any], summary: Mapping[str, Any], out: Path, lang: Lang
) -> Path:
    """Write ``card-study.csv``, ``card-study.md``, ``forest.png`` and ``forest.svg`` into ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    tolerance = meta["tolerance"]
    title = TEXT["title"][lang].format(deck=meta["deck"])
    with headless_charts():
        fig = forest_plot(table, tolerance, lang, title, meta.get("blank"))
        fig.savefig(out / "forest.png", dpi=PNG_DPI, bbox_inches="tight", pad_inches=0.12)
        fig.savefig(out / "forest.svg", bbox_inches="tight", pad_inches=0.12)
        plt.close(fig)
    shown = csv_table(table, lang)
    write_frame(shown, out / "card-study.csv")
    tol = f"{100 * tolerance:g}"
    remaining = remaining_line(table, lang, tolerance)
    level = float(table["level"].iloc[0]) if len(table) else 0.95
    names = Names.from_meta([], lang)
    settings = TEXT["settings"][lang].format(
        config=meta["config"],
        deck=meta["deck"],
        players=meta["n_players"],
        bots=t("enum_separator", lang).join(names.term(meta["game"], b) for b in meta["bots"]),
        seed=meta["seed"],
        games=f"{summary['games']:,}",
        seeds=summary["seeds"],
        batches=summary["batches"],
        minutes=f"{summary['seconds'] / 60:.1f}",
        stop=TEXT["stop"][lang][summary["stop"]],
        cards=len(table),
        level=f"{100 * level:.2f}%",
        tol=tol,
    )
    lines = [
        f"# {title}",
        "",
        settings,
        "",
        *([remaining, ""] if remaining else []),
        TEXT["reading"][lang].format(tol=tol),
        "",
        controls_line(meta, lang),
        "",
        f"![{title}](forest.png)",
        "",
        *markdown_table(shown),
        "",
        *bots_section(table, meta, lang),
        findings_line(table, lang),
        "",
    ]
    report = out / "card-study.md"
    report.write_text("\n".join(lines), encoding="utf-8")
    return report


def controls_line(meta: Mapping[str, Any], lang: Lang) -> str:
    """What the control columns mean (with the blank's id), or that the study has no blank."""
    if not meta.get("blank"):
        return TEXT["no_blank"][lang]
    return TEXT["controls"][lang].format(blank=meta["blank"], unused=f"{100 * UNUSED_SHARE:g}")


def flagged_line(row: Any, blank: str | None, lang: Lang) -> str:
    """One flagged card, in the designer's words: why its verdict is the bots', with the figures."""
    verdict = VERDICT_WORDS[lang][row.verdict]
    if row.flag == MISPLAYED:
        return TEXT[MISPLAYED][lang].format(
            card=row.card,
            blank=blank,
            drop=-100 * row.vs_blank,
            drop_low=-100 * row.vs_blank_high,
            drop_high=-100 * row.vs_blank_low,
            uses=row.uses_per_game,
            verdict=verdict,
        )
    return TEXT[UNUSED][lang].format(
        card=row.card, pct=100 * row.used_share, uses=row.uses_per_game, verdict=verdict
    )


def _flagged(table: pd.DataFrame) -> pd.DataFrame:
    """The flagged rows, weakest first."""
    rows = with_control_columns(table)
    return rows[rows["flag"].astype(bool)].sort_values("effect", kind="stable")


def bots_section(table: pd.DataFrame, meta: Mapping[str, Any], lang: Lang) -> list[str]:
    """The md's section on the flagged cards (none: no lines)."""
    flagged = _flagged(table)
    if flagged.empty:
        return []
    lines = [TEXT["bots_heading"][lang], ""]
    for row in flagged.itertuples(index=False):
        lines += [f"- {flagged_line(row, meta.get('blank'), lang)}"]
    return [*lines, ""]


def findings_line(table: pd.DataFrame, lang: Lang) -> str:
    """The closing advice: the cards decided outside the band that are balance findings (not
    flagged), and the flagged ones left out."""
    rows = with_control_columns(table).sort_values("effect", ascending=False, kind="stable")
    plain = rows[~rows["flag"].astype(bool)]
    separator = t("enum_separator", lang)
    parts = []
    for verdict in (TOO_STRONG, TOO_WEAK):
        cards = plain.loc[plain["verdict"] == verdict, "card"].tolist()
        if cards:
            parts.append(t("labelled", lang, label=LEGEND_WORDS[lang][verdict], text=separator.join(cards)))
    line = (
        TEXT["findings"][lang].format(parts=t("clause_separator", lang).join(parts))
        if parts
        else TEXT["no_findings"][lang]
    )
    flagged = rows.loc[rows["flag"].astype(bool), "card"].tolist()
    if flagged:
        left = TEXT["left_out"][lang].format(count=len(flagged), cards=separator.join(flagged))
        line += t("sentence_separator", lang) + left
    return line


def closing_lines(table: pd.DataFrame, meta: Mapping[str, Any], lang: Lang) -> list[str]:
    """What the console prints after the table: each flagged card's line, then the findings."""
    lines = [flagged_line(row, meta.get("blank"), lang) for row in _flagged(table).itertuples(index=False)]
    if not meta.get("blank"):
        lines.append(TEXT["no_blank"][lang])
    return [*lines, findings_line(table, lang)]
