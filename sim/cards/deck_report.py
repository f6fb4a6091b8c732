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

from sim.cards.controls import CONTROL_COLUMNS, MISPLAYED, UNUSED, UNUSED_SHARE
from sim.cards.sequential import TOO_STRONG, TOO_WEAK, UNDECIDED, WITHIN
from sim.csv_files import write_frame
from sim.report.build import headless_charts
from sim.report.labels import Lang
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
HEADERS = {
    "en": dict(zip(COLUMNS, COLUMNS, strict=True)),
    "zh": dict(
        zip(
            COLUMNS,
            (
                "卡牌",
                "结论",
                "效应",
                "下限",
                "上限",
                "对局数",
                "还需对局数",
                "得分效应",
                "得分下限",
                "得分上限",
                "比空白牌",
                "比空白牌下限",
                "比空白牌上限",
                "每局使用次数",
                "使用局占比",
                "标记",
            ),
            strict=True,
        )
    ),
}
VERDICT_WORDS = {
    "en": {TOO_STRONG: TOO_STRONG, TOO_WEAK: TOO_WEAK, WITHIN: WITHIN, UNDECIDED: UNDECIDED},
    "zh": {TOO_STRONG: "过强", TOO_WEAK: "过弱", WITHIN: "在容差内", UNDECIDED: "未定"},
}
"""The verdicts as ``card-study.csv`` holds them: the codes in English (what scripts read), words in
Chinese."""
LEGEND_WORDS = {
    "en": {TOO_STRONG: "too strong", TOO_WEAK: "too weak", WITHIN: "within the band", UNDECIDED: "undecided"},
    "zh": VERDICT_WORDS["zh"],
}
"""The verdicts as the forest plot's legend names them: words in both languages."""
FLAG_WORDS = {
    "en": {MISPLAYED: MISPLAYED, UNUSED: UNUSED, "": ""},
    "zh": {MISPLAYED: "打法不当", UNUSED: "几乎未用", "": ""},
}
"""The flags as ``card-study.csv`` holds them (codes in English, words in Chinese)."""
TEXT = {
    "title": {"en": "Deck study: {deck}", "zh": "整副牌研究：{deck}"},
    "settings": {
        "en": "Config {config}, deck {deck}, {players} players, bots {bots}, seed {seed}. {games} games "
        "in the folder ({seeds} seeds, {batches} batches); the last run took {minutes} min and stopped: {stop}. Every seat of "
        "every game held a forced card of the deck; effect = the holder's win share minus 1/{players} "
        "against a table of random other cards, in points. Intervals: confidence sequences valid at every "
        "look at once, simultaneous over the {cards} cards at {level} (Bonferroni). Band ±{tol} points.",
        "zh": "配置 {config}，牌堆 {deck}，{players} 名玩家，机器人 {bots}，随机种子 {seed}。文件夹中共 {games} 局"
        "（{seeds} 个种子，{batches} 批）；最近一次运行用时 {minutes} 分钟，停止原因：{stop}。每局每个座位都被强制发给"
        "牌堆中的一张牌；效应 = 持有者的胜率份额减去 1/{players}（同桌其他牌随机），单位为百分点。区间为"
        "任意时刻查看都成立的置信序列，对 {cards} 张牌同时成立，置信水平 {level}（Bonferroni 校正）。"
        "容差 ±{tol} 个百分点。",
    },
    "reading": {
        "en": "too_strong: the whole interval lies above +{tol}; too_weak: below -{tol}; within: inside "
        "±{tol}; undecided: it still crosses an edge, and games_needed says about how many more games "
        "with the card at the table would decide it if its estimate stays where it is. A verdict, once "
        "reached, stays (the intervals are intersected over the looks).",
        "zh": "过强：整个区间高于 +{tol}；过弱：整个区间低于 -{tol}；在容差内：区间完全落在 ±{tol} 之内；"
        "未定：区间仍跨过容差边界，“还需对局数”是在估计值不变时，大约还需多少局有此牌在场才能判定。"
        "结论一经得出便保持不变（各次查看的区间取交集）。",
    },
    "controls": {
        "en": "vs_blank: the card's effect minus that of {blank}, a card with no ability or passive that "
        "the study adds to the deck and plays in every batch without judging it (points of win share, with "
        "the same kind of interval). uses_per_game: how often the card did something (its ability used, "
        "a passive that took effect) per game its holder had it; used_pct: the share of those games in "
        "which it did something at least once. flag: misplayed when a card whose every effect is its "
        "holder's choice to use is decided below the blank (vs_blank_high < 0: used sensibly, it could "
        "not do worse than no card); unused when it did something in under {unused}% of its holder's "
        "games. A flagged card's verdict measures the bots, not the card.",
        "zh": "比空白牌：此牌的效应减去{blank}的效应（{blank}是研究自行加入牌堆的一张无能力、无被动的牌，每批都打，"
        "但不下结论；单位为胜率份额百分点，区间同样是置信序列）。每局使用次数：持有者每局中此牌实际起作用（使用能力、"
        "被动生效）的次数；使用局占比：其中至少起作用一次的对局所占百分比。标记：打法不当——此牌的效果都由持有者"
        "选择是否使用，却被判定低于空白牌（比空白牌上限 < 0：合理使用时它不可能比没有牌更差）；几乎未用——只在持有者"
        "不到 {unused}% 的对局中起过作用。带标记的牌，其结论衡量的是机器人，而不是这张牌。",
    },
    "no_blank": {
        "en": "This study has no blank control (its folder was made before the control existed, or the game "
        "makes no blank card of this deck): vs_blank is empty and no card can be flagged misplayed.",
        "zh": "本研究没有空白对照（文件夹早于空白对照，或游戏无法为此牌堆制作空白牌）：“比空白牌”一栏为空，"
        "也无法标记“打法不当”。",
    },
    "bots_heading": {"en": "## The bots, not the card", "zh": "## 由机器人造成的结论"},
    MISPLAYED: {
        "en": "{card}: the bots misplay it. Its holder's win share is {drop:.1f} points below a holder of "
        "{blank} ({drop_low:.1f} to {drop_high:.1f}), yet every effect it has is the holder's choice to "
        "use; the bots used it {uses:.1f} times a game. Its verdict ({verdict}) is the bots' doing, not "
        "the card's: fix how the bots use it, then study it again.",
        "zh": "{card}：机器人的打法不当。持有者的胜率份额比持有{blank}低 {drop:.1f} 个百分点（{drop_low:.1f} 至 "
        "{drop_high:.1f}），而这张牌的效果都可以选择不用；机器人每局使用 {uses:.1f} 次。它的结论（{verdict}）"
        "是机器人造成的，不是这张牌的问题：先改正机器人对它的用法，再重新研究。",
    },
    UNUSED: {
        "en": "{card}: the bots hardly use it. It did something in {pct:.1f}% of its holder's games "
        "({uses:.2f} times a game), so its verdict ({verdict}) is a blank card's: make the bots use it, "
        "or check that what it needs can happen in play, then study it again.",
        "zh": "{card}：机器人几乎不用它。在持有者的对局中，它起过作用的只占 {pct:.1f}%（每局 {uses:.2f} 次），所以它的"
        "结论（{verdict}）只是一张空白牌的结论：先让机器人用上它，或检查它需要的条件在对局中能否出现，再重新研究。",
    },
    "findings": {
        "en": "Balance findings: {parts}.",
        "zh": "平衡结论：{parts}。",
    },
    "no_findings": {
        "en": "Balance findings: no card is decided outside the band.",
        "zh": "平衡结论：没有牌被判定在容差之外。",
    },
    "left_out": {
        "en": "Not among them, their verdicts being the bots': the flagged cards ({cards}).",
        "zh": "未计入：{count} 张带标记的牌（{cards}），它们的结论由机器人的打法解释。",
    },
    "flag_mark": {
        "en": {MISPLAYED: "misplayed by the bots", UNUSED: "hardly used by the bots"},
        "zh": {MISPLAYED: "机器人打法不当", UNUSED: "机器人几乎不用"},
    },
    "flag_legend": {"en": "flagged: the bots explain it", "zh": "带标记：由机器人解释"},
    "blank_legend": {"en": "blank card ({blank})", "zh": "空白牌（{blank}）"},
    "stop": {
        "en": {"decided": "every card decided", "budget": "budget spent"},
        "zh": {"decided": "所有卡牌均已判定", "budget": "预算用完"},
    },
    "axis": {
        "en": "Effect on the holder's win share (points; confidence sequence, {level})",
        "zh": "对持有者胜率份额的效应（百分点；置信序列，{level}）",
    },
    "band": {"en": "tolerance ±{tol} points", "zh": "容差 ±{tol} 个百分点"},
    "remaining": {
        "en": "{open} cards undecided: about {games} more games of the study would decide them at the spread "
        "seen so far (the last: {card}, {effect:+.1f} points).",
        "zh": "{open} 张牌未定：按目前的离散程度，整个研究大约还需 {games} 局才能判定它们（最后一张：{card}，"
        "{effect:+.1f} 个百分点）。",
    },
    "open_cards": {
        "en": "Open, each with its distance to the nearest edge of the band and the games it needs: {cards}.",
        "zh": "未定的牌，及各自离容差边界的距离和还需的对局数：{cards}。",
    },
    "open_card": {
        "en": "{card} {effect:+.1f} ({distance:.1f} from {edge:+g}; {games} games with it so far, about {needed} more)",
        "zh": "{card} {effect:+.1f}（离 {edge:+g} 差 {distance:.1f}；已有 {games} 局有它在场，约还需 {needed} 局）",
    },
    "on_edge": {
        "en": "{cards} would need more than {factor} times the games they have had, if their estimates "
        "stayed where they are (an estimate that moves away from the edge decides sooner).",
        "zh": "{cards} 在估计值不变时所需对局数超过已有对局的 {factor} 倍（估计值若离开边界，会更早判定）。",
    },
    "start": {
        "en": "Deck study of {cards} {deck} cards at {players} players, deciding {family} at ±{tol} points; "
        "batches of {seeds} seeds x {cards}+ games, budget {budget} -> {out}",
        "zh": "整副牌研究：{deck} 共 {cards} 张，{players} 名玩家，判定其中 {family} 张，容差 ±{tol} 个百分点；"
        "每批 {seeds} 个种子 × {cards}+ 局，预算 {budget} -> {out}",
    },
    "look": {
        "en": "  batch {batch}: {games} games, {open} cards undecided",
        "zh": "  第 {batch} 批：共 {games} 局，{open} 张牌未定",
    },
    "family_fixed": {
        "en": "{out} decides {count} cards ({cards}); --cards asks for {asked}. A study's cards are fixed: they "
        "set the level of every look, so other cards would judge its past looks again. Run it again {again} "
        "to resume it, or give another --out folder for these cards.",
        "zh": "{out} 判定的是 {count} 张牌（{cards}）；--cards 要求的是 {asked}。一项研究的牌一经确定便不能更改："
        "它们决定每次查看的置信水平，换一组牌会把已有的各次查看重新判定。要继续这项研究，请{again} 再运行一次；"
        "要研究这些牌，请换一个 --out 文件夹。",
    },
    "family_again": {
        "en": {"all": "without --cards", "some": "with --cards {cards}"},
        "zh": {"all": "不加 --cards", "some": "加上 --cards {cards}"},
    },
    "report": {"en": "Report: {path}", "zh": "报告：{path}"},
    "run": {
        "en": "{games} games in the folder; this run: {minutes} min, stopped: {stop}.",
        "zh": "文件夹中共 {games} 局；本次运行 {minutes} 分钟，停止原因：{stop}。",
    },
}
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
    separator = "，" if lang == "zh" else ", "
    cards = [open_card(row, lang, tolerance) for row in open_.itertuples(index=False)]
    lines.append(TEXT["open_cards"][lang].format(cards=separator.join(cards)))
    on_edge = open_.loc[open_["games_needed"] > ON_EDGE_FACTOR * open_["games"], "card"].tolist()
    if on_edge:
        lines.append(TEXT["on_edge"][lang].format(cards=separator.join(on_edge), factor=ON_EDGE_FACTOR))
    return " ".join(lines) if lang == "en" else "".join(lines)


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
        bots=("、" if lang == "zh" else ", ").join(names.term(meta["game"], b) for b in meta["bots"]),
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
    head = "| " + " | ".join(shown.columns) + " |"
    rule = "|" + "|".join("---" for _ in shown.columns) + "|"
    body = ["| " + " | ".join(str(v) for v in row) + " |" for row in shown.itertuples(index=False)]
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
        head,
        rule,
        *body,
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
    separator = "、" if lang == "zh" else ", "
    parts = []
    for verdict in (TOO_STRONG, TOO_WEAK):
        cards = plain.loc[plain["verdict"] == verdict, "card"].tolist()
        if cards:
            word = VERDICT_WORDS[lang][verdict] if lang == "zh" else LEGEND_WORDS[lang][verdict]
            parts.append(f"{word}{'：' if lang == 'zh' else ': '}{separator.join(cards)}")
    line = (
        TEXT["findings"][lang].format(parts=("；" if lang == "zh" else "; ").join(parts))
        if parts
        else TEXT["no_findings"][lang]
    )
    flagged = rows.loc[rows["flag"].astype(bool), "card"].tolist()
    if flagged:
        left = TEXT["left_out"][lang].format(count=len(flagged), cards=separator.join(flagged))
        line += ("" if lang == "zh" else " ") + left
    return line


def closing_lines(table: pd.DataFrame, meta: Mapping[str, Any], lang: Lang) -> list[str]:
    """What the console prints after the table: each flagged card's line, then the findings."""
    lines = [flagged_line(row, meta.get("blank"), lang) for row in _flagged(table).itertuples(index=False)]
    if not meta.get("blank"):
        lines.append(TEXT["no_blank"][lang])
    return [*lines, findings_line(table, lang)]
