"""``sim cards rebalance``'s report: the changes (``rebalance.csv``), the deck before and after side
by side (``before-after.png``/``.svg``: one forest plot, two colours) and ``rebalance.md``, in
Chinese or English."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from sim import texts
from sim.cards.deck_report import FLAG_WORDS, PNG_DPI, VERDICT_WORDS
from sim.cards.deck_report import TEXT as DECK_TEXT
from sim.cards.rebalance import Change, Lever, Rebalance, readings
from sim.csv_files import write_frame
from sim.report.build import headless_charts
from sim.report.labels import Lang, t
from sim.report.markdown import markdown_table
from sim.report.names import Names
from sim.report.style import new_figure

BEFORE, AFTER = "#3b6ea8", "#dd8452"
COLUMNS = ("card", "number", "change", "effect", "predicted", "confirmed", "verdict", "checked")
HEADERS = texts.words("rebalance_header")
"""The table's column headers by language (the catalogue's ``rebalance_header.*``)."""
TEXT: dict[str, dict[str, Any]] = texts.table("rebalance")
"""The report's and the console's texts by key and language (the catalogue's ``rebalance.*``)."""


def points(x: float) -> str:
    """A win-share fraction in points, signed."""
    return "" if not math.isfinite(x) else f"{100 * x:+.1f}"


def interval(centre: float, lo: float, hi: float) -> str:
    """``+5.8 [+4.5, +7.0]`` (points), the interval left out when unknown."""
    if not math.isfinite(lo):
        return points(centre)
    return f"{points(centre)} [{points(lo)}, {points(hi)}]"


def value(x: float) -> str:
    return f"{x:g}"


def lever_kinds_words(kinds: Sequence[str], lang: Lang) -> str:
    """The kinds of number a rebalance may change, in ``lang`` (``数量、费用``)."""
    return t("enum_separator", lang).join(t("rebalance.lever_kind." + kind, lang) for kind in kinds)


def number_words(game: str, lever: Lever, lang: Lang) -> str:
    """A card's number as a designer reads it: its place in the card by the game's display names,
    and the effect that holds it (``被动1·数量（售价加成）``); the config path in English, where the
    path is the name the config file uses."""
    names = Names.from_meta([], lang)
    where = names.term(game, lever.path) if lang != "en" else lever.path
    if not lever.part:
        return where
    return TEXT["number_of"][lang].format(number=where, part=names.term(game, lever.part))


def changes_frame(result: Rebalance, lang: Lang, game: str) -> pd.DataFrame:
    """One row per changed number (its latest change, the first old value): the card, the number,
    old → new, the study's effect, the predicted one, the final study's effect and verdict."""
    final = readings(result.final)
    rows = []
    for card, made in result.changes.items():
        for c in made:
            after = final.get(card)
            rows.append(
                {
                    "card": card,
                    "number": number_words(game, c.lever, lang),
                    "change": f"{value(c.old)} → {value(c.new)}",
                    "effect": interval(c.effect, c.low, c.high),
                    "predicted": interval(c.predicted, c.predicted_low, c.predicted_high),
                    "confirmed": interval(after.effect, after.low, after.high) if after else "",
                    "verdict": VERDICT_WORDS[lang].get(after.verdict, after.verdict) if after else "",
                    "checked": TEXT["yes" if c.checked else "no"][lang],
                }
            )
    return pd.DataFrame(rows, columns=list(COLUMNS)).rename(columns=HEADERS[lang])


def before_after_plot(
    before: pd.DataFrame,
    after: pd.DataFrame,
    tolerance: float,
    changed: Sequence[str],
    lang: Lang,
    title: str,
) -> plt.Figure:
    """One forest plot, two colours: each card's effect and interval before (the original study) and
    after (the study of the variant), largest before on top; a changed card's name ends in ``*``, a
    flagged card's dots are hollow."""
    rows = before.sort_values("effect", kind="stable").reset_index(drop=True)
    later = after.set_index("card")
    fig, ax = new_figure(figsize=(7.5, 1.2 + 0.38 * len(rows)), layout="constrained")
    ax.axvspan(-100 * tolerance, 100 * tolerance, color="#4a9a5b", alpha=0.12, linewidth=0)
    ax.axvline(0, color="#222", linewidth=0.9)
    for i, row in rows.iterrows():
        _dot(ax, i + 0.17, row, BEFORE)
        if row["card"] in later.index:
            _dot(ax, i - 0.17, later.loc[row["card"]], AFTER)
    names = [f"{c} *" if c in changed else c for c in rows["card"]]
    ax.set_yticks(np.arange(len(rows)), names)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    level = float(rows["level"].iloc[0]) if "level" in rows.columns and len(rows) else 0.95
    ax.set_xlabel(DECK_TEXT["axis"][lang].format(level=f"{100 * level:.2f}%"))
    ax.set_title(title, fontsize=11)
    handles = [
        plt.Rectangle((0, 0), 1, 1, color="#4a9a5b", alpha=0.25,
                      label=DECK_TEXT["band"][lang].format(tol=f"{100 * tolerance:g}")),
        plt.Line2D([], [], marker="o", color=BEFORE, label=TEXT["before"][lang]),
        plt.Line2D([], [], marker="o", color=AFTER, label=TEXT["after"][lang]),
        plt.Line2D([], [], linestyle="none", label=TEXT["starred"][lang]),
    ]  # fmt: skip
    if any("flag" in t.columns and t["flag"].astype(bool).any() for t in (rows, after)):  # either study
        handles.append(
            plt.Line2D([], [], marker="o", color="#555", markerfacecolor="white", linestyle="none",
                       label=DECK_TEXT["flag_legend"][lang])
        )  # fmt: skip
    ax.legend(handles=handles, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def _dot(ax: Any, y: float, row: Any, colour: str) -> None:
    """One card's effect and interval at height ``y``; a flagged card's dot hollow."""
    if math.isfinite(float(row["low"])):
        ax.plot([100 * row["low"], 100 * row["high"]], [y, y], color=colour, linewidth=1.5)
    face = "white" if row.get("flag", "") else colour
    ax.plot(
        100 * row["effect"],
        y,
        marker="o",
        markersize=4.5,
        color=colour,
        markerfacecolor=face,
        linestyle="none",
    )


def summary_lines(result: Rebalance, lang: Lang) -> list[str]:
    """What the rounds found: nothing to change, the flagged cards left alone, cards left unchanged
    and why, cards moved out of the band, changed cards not confirmed (or all confirmed)."""
    sep = t("list_separator", lang)
    lines = []
    flagged = [
        r for r in readings(result.original).values() if r.flag and r.verdict in ("too_strong", "too_weak")
    ]
    if flagged:
        cards = sep.join(f"{r.card} ({FLAG_WORDS[lang][r.flag]})" for r in flagged)
        lines.append(TEXT["flagged"][lang].format(cards=cards))
    if not result.rounds:
        late = [TEXT["out_of_time"][lang].format(index=1)] if result.out_of_time else [TEXT["none"][lang]]
        return [*late, *lines]
    skipped = {card: why for r in result.rounds for card, why in r.skipped.items()}
    if skipped:
        words = TEXT["skipped"][lang]
        lines.append(
            TEXT["left"][lang].format(cards=sep.join(f"{c} ({words[w]})" for c, w in skipped.items()))
        )
    last = result.rounds[-1]
    moved = result.moved()
    if moved:
        lines.append(TEXT["moved"][lang].format(cards=sep.join(moved)))
    unconfirmed = last.unconfirmed(result.changed)
    key = "unconfirmed" if unconfirmed else "confirmed"
    lines.append(TEXT[key][lang].format(cards=sep.join(unconfirmed)))
    if result.out_of_time:
        lines.append(TEXT["out_of_time"][lang].format(index=len(result.rounds) + 1))
    return lines


def write_report(
    result: Rebalance,
    settings: Mapping[str, Any],
    variant: str | None,
    out: Path,
    lang: Lang,
) -> Path:
    """Write ``rebalance.csv``, ``before-after.png``/``.svg`` and ``rebalance.md`` into ``out``;
    ``settings``: game, config, deck, players, tolerance (fraction), levers (kinds), aim (fraction)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    title = TEXT["title"][lang].format(deck=settings["deck"])
    frame = changes_frame(result, lang, settings["game"])
    write_frame(frame, out / "rebalance.csv")
    with headless_charts():
        fig = before_after_plot(
            result.original, result.final, settings["tolerance"], result.changed, lang,
            TEXT["plot"][lang].format(deck=settings["deck"]),
        )  # fmt: skip
        fig.savefig(out / "before-after.png", dpi=PNG_DPI, bbox_inches="tight", pad_inches=0.12)
        fig.savefig(out / "before-after.svg", bbox_inches="tight", pad_inches=0.12)
        plt.close(fig)
    intro = TEXT["settings"][lang].format(
        config=settings["config"], deck=settings["deck"], players=settings["players"],
        tol=f"{100 * settings['tolerance']:g}", rounds=len(result.rounds), levers=lever_kinds_words(settings["levers"], lang),
        aim=f"{100 * settings['aim']:g}",
    )  # fmt: skip
    lines = [f"# {title}", "", intro, ""]
    if variant is not None:
        lines += [TEXT["variant"][lang].format(path=variant), ""]
    if len(frame):
        lines += [*markdown_table(frame), "", TEXT["reading"][lang], ""]
    lines += [
        *tried_lines(result, lang, settings["game"]),
        *summary_lines(result, lang),
        "",
        f"![{title}](before-after.png)",
        "",
    ]
    path = out / "rebalance.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def tried_lines(result: Rebalance, lang: Lang, game: str) -> list[str]:
    """Per change, the values the check tried with the card's paired score effect (VP) at each."""
    lines = []
    for made in result.changes.values():
        for c in made:
            shown = "; ".join(
                f"{value(p.value)}: {p.estimate:+.2f}"
                + (f" [{p.lo:+.2f}, {p.hi:+.2f}]" if math.isfinite(p.lo) else "")
                for p in sorted(c.points, key=lambda p: p.value)
            )
            number = number_words(game, c.lever, lang)
            lines += [TEXT["tried"][lang].format(card=c.card, number=number, points=shown), ""]
    return lines


def change_line(change: Change, lang: Lang, game: str) -> str:
    """One change as the console prints it while the rounds run."""
    checked = TEXT["yes" if change.checked else "no"][lang]
    return TEXT["change_line"][lang].format(
        card=change.card, path=number_words(game, change.lever, lang), old=value(change.old), new=value(change.new),
        predicted=interval(change.predicted, change.predicted_low, change.predicted_high), checked=checked,
        games=change.games,
    )  # fmt: skip
