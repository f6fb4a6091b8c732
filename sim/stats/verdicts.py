"""Plain-language verdicts (English and Chinese) that never claim more than the interval supports."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import pandas as pd

Lang = Literal["en", "zh"]

WIDE_HALFWIDTH = 0.02
"""A seat interval wider than ±2 points is called too wide to rule out a real gap."""

TEXT: dict[str, dict[str, str]] = {
    "seat_head": {
        "en": "Seat {seat} wins {estimate} at {n} players (fair share {fair}, {games} games)",
        "zh": "{n}人局 {seat}号位胜率 {estimate}（公平份额 {fair}，{games} 局）",
    },
    "plus_minus": {"en": "{rate} ± {half}", "zh": "{rate} ± {half}"},
    "range": {"en": "{rate} (95% CI {lo}–{hi})", "zh": "{rate}，95% 区间 {lo}–{hi}"},
    "seat_imbalanced": {
        "en": "{head}: likely imbalance, {direction} than the fair share (Holm-corrected p = {p}).",
        "zh": "{head}：很可能不平衡，{direction}（Holm 校正 p = {p}）。",
    },
    "more": {"en": "wins more often", "zh": "胜率高于公平份额"},
    "less": {"en": "wins less often", "zh": "胜率低于公平份额"},
    "seat_fair": {
        "en": "{head}: no evidence of imbalance, the interval covers the fair share.",
        "zh": "{head}：没有不平衡的证据，区间覆盖公平份额。",
    },
    "seat_wide": {
        "en": "{head}: no evidence of imbalance, but the interval is wide: a gap of up to {gap} points "
        "cannot be ruled out; run more games.",
        "zh": "{head}：没有不平衡的证据，但区间较宽，无法排除最多 {gap} 个百分点的差距；需要更多对局。",
    },
    "seat_weak": {
        "en": "{head}: the interval excludes the fair share, but not after correcting for {seats} seats "
        "(Holm p = {p}): weak evidence only; run more games.",
        "zh": "{head}：区间不含公平份额，但经 {seats} 个座位的多重比较校正后不显著（Holm p = {p}）：证据较弱，需要更多对局。",
    },
    "pair_head": {
        "en": "At {n} players, seat {seat} wins {rate_a} in {a} and {rate_b} in {b} ({pairs} paired games)",
        "zh": "{n}人局 {seat}号位胜率：{a} 为 {rate_a}，{b} 为 {rate_b}（{pairs} 对配对对局）",
    },
    "pair_changed": {
        "en": "{head}: {b} changes it by {diff} points (95% CI {lo} to {hi}, Holm p = {p}): likely a real change.",
        "zh": "{head}：{b} 使其变化 {diff} 个百分点（95% 区间 {lo} 至 {hi}，Holm p = {p}）：很可能是真实变化。",
    },
    "pair_same": {
        "en": "{head}: no detectable change (difference {diff} points, 95% CI {lo} to {hi}).",
        "zh": "{head}：未检测到变化（差值 {diff} 个百分点，95% 区间 {lo} 至 {hi}）。",
    },
    "sweep_changed": {
        "en": "At {n} players, {metric} goes from {a} at {param} = {va} to {b} at {param} = {vb}: "
        "the 95% intervals do not overlap, likely a real change.",
        "zh": "{n}人局 {metric}：{param} = {va} 时为 {a}，{param} = {vb} 时为 {b}：95% 区间不重叠，很可能是真实变化。",
    },
    "sweep_flat": {
        "en": "At {n} players, {metric} goes from {a} at {param} = {va} to {b} at {param} = {vb}: "
        "the intervals overlap, no clear change.",
        "zh": "{n}人局 {metric}：{param} = {va} 时为 {a}，{param} = {vb} 时为 {b}：区间重叠，没有明显变化。",
    },
    "m_first_seat_win_rate": {"en": "seat 1 win rate", "zh": "1号位胜率"},
    "m_mean_rounds": {"en": "mean rounds per game", "zh": "平均每局轮数"},
    "m_mean_score": {"en": "mean final score", "zh": "平均终局得分"},
    "m_tie_break_share": {"en": "tie-break share", "zh": "平局决胜比例"},
    "m_error_share": {"en": "error and stall share", "zh": "错误与卡死比例"},
    "m_bot_win_rate": {"en": "{bot}'s win rate", "zh": "{bot} 的胜率"},
    "content_notable": {
        "en": "{value} ({column}, {n} players): seats that had it win {rate} (95% CI {lo}–{hi}) against a fair "
        "share of {fair} ({seats} seats, BH q = {q}): {direction}.",
        "zh": "{value}（{column}，{n}人局）：拥有它的座位胜率 {rate}（95% 区间 {lo}–{hi}），公平份额 {fair}"
        "（{seats} 个座位，BH q = {q}）：{direction}。",
    },
    "content_more": {"en": "wins more often than average", "zh": "胜率高于平均"},
    "content_less": {"en": "wins less often than average", "zh": "胜率低于平均"},
    "ladder_holds": {
        "en": "Seat {seat} at {n} players: the imbalance holds at every bot tier ({flagged}).",
        "zh": "{n}人局 {seat}号位：不平衡在每个机器人强度层级下都成立（{flagged}）。",
    },
    "ladder_flips": {
        "en": "Seat {seat} at {n} players: flagged only at {flagged} among the tiers {tiers}: the finding "
        "depends on bot strength, so treat it as a question about the bots before the game.",
        "zh": "{n}人局 {seat}号位：在 {tiers} 中只有 {flagged} 标记为不平衡：结论取决于机器人强度，"
        "应先视为机器人的问题，而非游戏本身的问题。",
    },
}


def text(key: str, lang: Lang, **values: Any) -> str:
    """One verdict template filled in."""
    return TEXT[key][lang].format(**values)


def pct(x: float, decimals: int = 0) -> str:
    """A proportion as a percentage string, e.g. 0.312 -> '31%'."""
    return f"{100 * x:.{decimals}f}%"


def points(x: float, decimals: int = 1, sign: bool = False) -> str:
    """A difference of proportions in percentage points, e.g. 0.021 -> '2.1' (or '+2.1')."""
    return f"{100 * x:{'+' if sign else ''}.{decimals}f}"


def _decimals(half: float) -> int:
    return 0 if half >= 0.015 else 1


def seat_verdict(row: Mapping[str, Any], lang: Lang = "en", seats_in_group: int | None = None) -> str:
    """Verdict for one row of ``seat_win_rates`` (seats are shown 1-based)."""
    below, above = row["win_rate"] - row["lo"], row["hi"] - row["win_rate"]
    half = max(below, above)
    d = _decimals(half)
    rate = pct(row["win_rate"], d)
    if abs(above - below) > 0.25 * half:  # small samples or rates near 0/1: show the lopsided interval
        estimate = text("range", lang, rate=rate, lo=pct(row["lo"], d), hi=pct(row["hi"], d))
    else:
        estimate = text("plus_minus", lang, rate=rate, half=pct(half, d))
    head = text(
        "seat_head",
        lang,
        seat=int(row["seat"]) + 1,
        estimate=estimate,
        n=int(row["n_players"]),
        fair=pct(row["fair_share"], d),
        games=f"{int(row['games']):,}",
    )
    p = f"{row['p_holm']:.2g}"
    if row["imbalanced"]:
        direction = text("more" if row["win_rate"] > row["fair_share"] else "less", lang)
        return text("seat_imbalanced", lang, head=head, direction=direction, p=p)
    if row["lo"] > row["fair_share"] or row["hi"] < row["fair_share"]:
        return text("seat_weak", lang, head=head, seats=seats_in_group or int(row["n_players"]), p=p)
    if half > WIDE_HALFWIDTH:
        gap = max(row["hi"] - row["fair_share"], row["fair_share"] - row["lo"])
        return text("seat_wide", lang, head=head, gap=points(gap))
    return text("seat_fair", lang, head=head)


def seat_verdicts(seats: pd.DataFrame, lang: Lang = "en") -> pd.Series:
    """``seat_verdict`` for every row of ``seat_win_rates``."""
    return pd.Series(
        [seat_verdict(row, lang) for row in seats.to_dict("records")], index=seats.index, dtype=object
    )


def paired_verdict(row: Mapping[str, Any], variant_a: str, variant_b: str, lang: Lang = "en") -> str:
    """Verdict for one row of ``paired_seat_difference``."""
    head = text(
        "pair_head",
        lang,
        n=int(row["n_players"]),
        seat=int(row["seat"]) + 1,
        rate_a=pct(row["win_rate_a"], 1),
        rate_b=pct(row["win_rate_b"], 1),
        a=variant_a,
        b=variant_b,
        pairs=f"{int(row['pairs']):,}",
    )
    values = {
        "head": head,
        "b": variant_b,
        "diff": points(row["difference"], sign=True),
        "lo": points(row["lo"], sign=True),
        "hi": points(row["hi"], sign=True),
        "p": f"{row['p_holm']:.2g}",
    }
    return text("pair_changed" if row["significant"] else "pair_same", lang, **values)


def ladder_verdict(row: Mapping[str, Any], lang: Lang = "en") -> str | None:
    """Verdict for one row of ``ladder_consistency`` (None when no tier flags the seat)."""
    if row["status"] == "none":
        return None
    values = {"seat": int(row["seat"]) + 1, "n": int(row["n_players"]), "tiers": row["tiers"]}
    return text(f"ladder_{row['status']}", lang, flagged=row["flagged_tiers"], **values)


def _metric_name(metric: str, lang: Lang) -> str:
    if metric.startswith("bot_win_rate:"):
        return text("m_bot_win_rate", lang, bot=metric.removeprefix("bot_win_rate:"))
    return text(f"m_{metric}", lang)


def _estimate(row: Mapping[str, Any], rate: bool) -> str:
    if rate:
        return f"{pct(row['estimate'], 1)} [{100 * row['lo']:.1f}, {100 * row['hi']:.1f}]"
    return f"{row['estimate']:.3g} [{row['lo']:.3g}, {row['hi']:.3g}]"


def sweep_verdicts(response: pd.DataFrame, lang: Lang = "en") -> pd.DataFrame:
    """Per (game, parameter, n_players, metric) of ``sweep_response``: the lowest against the
    highest parameter value; ``changed`` only when their 95% intervals do not overlap."""
    rows = []
    for (game, param, n, metric), part in response.groupby(
        ["game", "parameter", "n_players", "metric"], sort=True
    ):
        if len(part) < 2:
            continue
        first, last = part.sort_values("order").iloc[[0, -1]].to_dict("records")
        changed = bool(first["hi"] < last["lo"] or last["hi"] < first["lo"])
        rate = metric.startswith("bot_win_rate:") or metric.endswith(("share", "win_rate"))
        sentence = text(
            "sweep_changed" if changed else "sweep_flat",
            lang,
            n=int(n),
            metric=_metric_name(metric, lang),
            param=param,
            a=_estimate(first, rate),
            b=_estimate(last, rate),
            va=first["value"],
            vb=last["value"],
        )
        rows.append(
            {
                "game": game,
                "parameter": param,
                "n_players": n,
                "metric": metric,
                "changed": changed,
                "verdict": sentence,
            }
        )
    return pd.DataFrame(rows, columns=["game", "parameter", "n_players", "metric", "changed", "verdict"])


def content_verdict(row: Mapping[str, Any], lang: Lang = "en") -> str:
    """Verdict for one notable row of ``event_win_rates`` (observational: see the report's caveat)."""
    direction = text("content_more" if row["win_rate"] > row["fair_share"] else "content_less", lang)
    return text(
        "content_notable",
        lang,
        value=row["value"],
        column=row["column"],
        n=int(row["n_players"]),
        rate=pct(row["win_rate"], 1),
        lo=pct(row["lo"], 1),
        hi=pct(row["hi"], 1),
        fair=pct(row["fair_share"], 1),
        seats=f"{int(row['seats']):,}",
        q=f"{row['q_value']:.2g}",
        direction=direction,
    )
