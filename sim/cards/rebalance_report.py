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

from sim.cards.deck_report import FLAG_WORDS, PNG_DPI, VERDICT_WORDS
from sim.cards.deck_report import TEXT as DECK_TEXT
from sim.cards.rebalance import Change, Rebalance, readings
from sim.csv_files import write_frame
from sim.report.build import headless_charts
from sim.report.labels import Lang
from sim.report.style import new_figure

BEFORE, AFTER = "#3b6ea8", "#dd8452"
COLUMNS = ("card", "number", "change", "effect", "predicted", "confirmed", "verdict", "checked")
HEADERS = {
    "en": dict(
        zip(
            COLUMNS,
            (
                "card",
                "number",
                "old → new",
                "effect before",
                "predicted effect",
                "effect after (fresh seeds)",
                "verdict after",
                "checked",
            ),
            strict=True,
        )
    ),  # fmt: skip
    "zh": dict(
        zip(
            COLUMNS,
            (
                "卡牌",
                "数值",
                "原值 → 新值",
                "调整前效应",
                "预测效应",
                "调整后效应（新种子）",
                "调整后结论",
                "已验证",
            ),
            strict=True,
        )
    ),  # fmt: skip
}
TEXT: dict[str, dict[str, Any]] = {
    "title": {"en": "Rebalance: {deck}", "zh": "重新平衡：{deck}"},
    "settings": {
        "en": "Config {config}, deck {deck}, {players} players, band ±{tol} points of win share, {rounds} "
        "round(s) played. Every card the study decided outside the band and no control flagged gets the "
        "smallest change of one of its numbers ({levers}) predicted to bring its effect to ±{aim} points on "
        "its own side, checked by a paired bisection of the card's score effect on that number; the "
        "variant is then studied again on fresh seeds.",
        "zh": "配置 {config}，牌堆 {deck}，{players} 名玩家，容差 ±{tol} 个胜率百分点，共进行 {rounds} 轮。"
        "研究判定在容差外、且未被对照标记的每张牌，只改动它的一个数值（{levers}），取预测能把效应带到同侧 ±{aim} "
        "个百分点的最小改动，并在该数值上用配对二分法检验此牌的得分效应；随后在新的随机种子上重新研究调整后的牌组。",
    },
    "reading": {
        "en": "Effects in points of win share with their intervals. predicted: the study's effect plus the "
        "deck's win share per VP times the change of score effect the bisection measured (its interval "
        "joins the study's and the check's, so it is wide). effect after: the whole-deck study of the "
        "variant on fresh seeds, which must decide every changed card within the band. checked: no means "
        "the bisection did not reach the VP the prediction asks for within twice the predicted change "
        "(the value tried that came nearest is proposed).",
        "zh": "效应以胜率百分点表示，附区间。预测效应：研究测得的效应，加上牌组“每分胜率”斜率乘以二分法测得的得分效应变化"
        "（其区间合并了研究与检验两者的不确定性，因此较宽）。调整后效应：在新种子上对调整后牌组的整副牌研究，"
        "每张改动过的牌都应被判定在容差内。已验证为“否”表示二分法在两倍预测改动的范围内没有达到所需的得分变化"
        "（给出的是最接近的取值）。",
    },
    "variant": {
        "en": "The variant: `{path}` (open it as any config: `sim validate {path}`).",
        "zh": "调整后的配置：`{path}`（可当作普通配置使用：`sim validate {path}`）。",
    },
    "none": {
        "en": "No card is decided outside the band without a flag: nothing to change.",
        "zh": "没有未带标记且被判定在容差外的牌：无需改动。",
    },
    "moved": {
        "en": "Moved out of the band because other cards changed: {cards}.",
        "zh": "因其他牌的改动而移出容差的牌：{cards}。",
    },
    "unconfirmed": {
        "en": "Changed but not decided within the band on fresh seeds: {cards}.",
        "zh": "已改动但在新种子上未被判定在容差内的牌：{cards}。",
    },
    "confirmed": {
        "en": "Every changed card is decided within the band on fresh seeds.",
        "zh": "每张改动过的牌在新种子上都被判定在容差内。",
    },
    "flagged": {
        "en": "Left to the designer, their verdict being the bots' (never changed): {cards}.",
        "zh": "留给设计者处理（其结论反映的是机器人，从不自动改动）：{cards}。",
    },
    "skipped": {
        "en": {
            "no_lever": "no number of the allowed kinds moves it",
            "no_room": "no valid value beyond the old one",
        },
        "zh": {"no_lever": "没有允许种类的数值能改变它", "no_room": "旧值之外没有有效取值"},
    },
    "left": {"en": "Left unchanged: {cards}.", "zh": "未改动：{cards}。"},
    "tried": {
        "en": "{card} {number}, the values the check tried (the card's paired score effect, VP, 95%): {points}.",
        "zh": "{card} {number}，检验所试的取值（此牌的配对得分效应，分，95%）：{points}。",
    },
    "plot": {"en": "{deck}: before and after", "zh": "{deck}：调整前后"},
    "start": {
        "en": "Rebalance of {deck} at {players} players, band ±{tol} points, up to {rounds} round(s); each "
        "whole-deck study's budget {budget}, {games} games per value the check tries -> {out}",
        "zh": "重新平衡 {deck}，{players} 名玩家，容差 ±{tol} 个百分点，最多 {rounds} 轮；每次整副牌研究预算 {budget}，"
        "检验每个取值 {games} 局 -> {out}",
    },
    "study": {
        "en": "Whole-deck study {which}: {games} games, {decided} of {cards} cards decided ({folder})",
        "zh": "整副牌研究（{which}）：{games} 局，{cards} 张牌中已判定 {decided} 张（{folder}）",
    },
    "original": {"en": "of the original", "zh": "原配置"},
    "round": {"en": "of round {index}'s variant, fresh seeds", "zh": "第 {index} 轮调整后，新种子"},
    "checking": {"en": "Round {index}: checking {cards}", "zh": "第 {index} 轮：检验 {cards}"},
    "report": {"en": "Report: {path}", "zh": "报告：{path}"},
    "before": {"en": "before", "zh": "调整前"},
    "after": {"en": "after (fresh seeds)", "zh": "调整后（新种子）"},
    "starred": {"en": "* changed", "zh": "* 已改动"},
    "yes": {"en": "yes", "zh": "是"},
    "no": {"en": "no", "zh": "否"},
}


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


def changes_frame(result: Rebalance, lang: Lang) -> pd.DataFrame:
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
                    "number": c.lever.path,
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
    if "flag" in rows.columns and rows["flag"].astype(bool).any():
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
    sep = "，" if lang == "zh" else ", "
    lines = []
    flagged = [
        r for r in readings(result.original).values() if r.flag and r.verdict in ("too_strong", "too_weak")
    ]
    if flagged:
        cards = sep.join(f"{r.card} ({FLAG_WORDS[lang][r.flag]})" for r in flagged)
        lines.append(TEXT["flagged"][lang].format(cards=cards))
    if not result.rounds:
        return [TEXT["none"][lang], *lines]
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
    return lines


def markdown_table(frame: pd.DataFrame) -> list[str]:
    head = "| " + " | ".join(frame.columns) + " |"
    rule = "|" + "|".join("---" for _ in frame.columns) + "|"
    return [
        head,
        rule,
        *("| " + " | ".join(str(v) for v in row) + " |" for row in frame.itertuples(index=False)),
    ]


def write_report(
    result: Rebalance,
    settings: Mapping[str, Any],
    variant: str | None,
    out: Path,
    lang: Lang,
) -> Path:
    """Write ``rebalance.csv``, ``before-after.png``/``.svg`` and ``rebalance.md`` into ``out``;
    ``settings``: config, deck, players, tolerance (fraction), levers, aim (fraction)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    title = TEXT["title"][lang].format(deck=settings["deck"])
    frame = changes_frame(result, lang)
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
        tol=f"{100 * settings['tolerance']:g}", rounds=len(result.rounds), levers=settings["levers"],
        aim=f"{100 * settings['aim']:g}",
    )  # fmt: skip
    lines = [f"# {title}", "", intro, ""]
    if variant is not None:
        lines += [TEXT["variant"][lang].format(path=variant), ""]
    if len(frame):
        lines += [*markdown_table(frame), "", TEXT["reading"][lang], ""]
    lines += [
        *tried_lines(result, lang),
        *summary_lines(result, lang),
        "",
        f"![{title}](before-after.png)",
        "",
    ]
    path = out / "rebalance.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def tried_lines(result: Rebalance, lang: Lang) -> list[str]:
    """Per change, the values the check tried with the card's paired score effect (VP) at each."""
    lines = []
    for made in result.changes.values():
        for c in made:
            shown = "; ".join(
                f"{value(p.value)}: {p.estimate:+.2f}"
                + (f" [{p.lo:+.2f}, {p.hi:+.2f}]" if math.isfinite(p.lo) else "")
                for p in sorted(c.points, key=lambda p: p.value)
            )
            lines += [TEXT["tried"][lang].format(card=c.card, number=c.lever.path, points=shown), ""]
    return lines


def change_line(change: Change, lang: Lang) -> str:
    """One change as the console prints it while the rounds run."""
    checked = TEXT["yes" if change.checked else "no"][lang]
    if lang == "zh":
        return (
            f"  {change.card} {change.lever.path}：{value(change.old)} → {value(change.new)}，"
            f"预测效应 {interval(change.predicted, change.predicted_low, change.predicted_high)}（已验证：{checked}，{change.games} 局）"
        )
    return (
        f"  {change.card} {change.lever.path}: {value(change.old)} → {value(change.new)}, predicted effect "
        f"{interval(change.predicted, change.predicted_low, change.predicted_high)} (checked: {checked}, {change.games} games)"
    )
