"""Plain-language verdicts that never claim more than the interval supports.

The statistics (``sim.stats``) return numbers and codes; this module turns them into sentences
from the label catalogue (``sim.report.labels``, English and Chinese)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from sim.report.labels import Lang, fmt_points, shared_terms, t
from sim.report.names import Names, fmt_number, fmt_p, fmt_pct

WIDE_HALFWIDTH = 0.02
"""A seat interval wider than ±2 points is called too wide to rule out a real gap."""


def text(key: str, lang: Lang, **values: Any) -> str:
    """One verdict template filled in."""
    return t(key, lang, **values)


def pct(x: float, decimals: int = 0) -> str:
    """A proportion as a percentage string, e.g. 0.312 -> '31%' (decimals=0) or '31.2%'."""
    return fmt_pct(x, decimals)


def _d(lang: Lang, decimals: int = 0) -> int:
    """Decimals of a percentage: Chinese reports always show one."""
    return max(decimals, 1) if lang == "zh" else decimals


def points(x: float, decimals: int = 1, sign: bool = False) -> str:
    """A difference of proportions in percentage points, e.g. 0.021 -> '2.1' (or '+2.1')."""
    return f"{100 * x:{'+' if sign else ''}.{decimals}f}"


def _p(p: float) -> str:
    """'= 0.012' or '< 0.001' (never scientific notation)."""
    if p is None or (isinstance(p, float) and np.isnan(p)):
        return "–"
    shown = fmt_p(p)
    return shown if shown.startswith("<") else f"= {shown}"


def _decimals(half: float) -> int:
    return 0 if half >= 0.015 else 1


def _seat_head(row: Mapping[str, Any], lang: Lang) -> tuple[str, float]:
    below, above = row["win_rate"] - row["lo"], row["hi"] - row["win_rate"]
    half = max(below, above)
    d = _d(lang, _decimals(half))
    rate = pct(row["win_rate"], d)
    if abs(above - below) > 0.25 * half:  # small samples or rates near 0/1: show the lopsided interval
        estimate = text("range", lang, rate=rate, lo=pct(row["lo"], d), hi=pct(row["hi"], d))
    else:
        estimate = text("plus_minus", lang, rate=rate, half=fmt_points(half, lang, d))
    head = text(
        "seat_head",
        lang,
        seat=int(row["seat"]) + 1,
        estimate=estimate,
        n=int(row["n_players"]),
        fair=pct(row["fair_share"], d),
        games=f"{int(row['games']):,}",
    )
    return head, half


def seat_verdict(
    row: Mapping[str, Any], lang: Lang = "en", seats_in_group: int | None = None, names: Names | None = None
) -> str:
    """Verdict for one row of ``seat_win_rates`` (seats are shown 1-based; bots by ``names``)."""
    head, half = _seat_head(row, lang)
    if row.get("dominated", False):
        share = row.get("dominant_share", float("nan"))
        return text(
            "seat_dominated",
            lang,
            head=head,
            bot=_bot(row, row.get("dominant_bot", ""), names),
            share=pct(share, _d(lang)),
        )
    p = _p(row["p_holm"])
    if row["imbalanced"]:
        direction = text("more" if row["win_rate"] > row["fair_share"] else "less", lang)
        return text(
            "seat_imbalanced", lang, head=head, direction=direction, p=p, omnibus=_p(row.get("omnibus_p"))
        )
    if row["lo"] > row["fair_share"] or row["hi"] < row["fair_share"]:
        return text("seat_weak", lang, head=head, seats=seats_in_group or int(row["n_players"]), p=p)
    if half > WIDE_HALFWIDTH:
        gap = max(row["hi"] - row["fair_share"], row["fair_share"] - row["lo"])
        return text("seat_wide", lang, head=head, gap=points(gap))
    return text("seat_fair", lang, head=head)


def seat_verdicts(seats: pd.DataFrame, lang: Lang = "en", names: Names | None = None) -> pd.Series:
    """``seat_verdict`` for every row of ``seat_win_rates``."""
    return pd.Series(
        [seat_verdict(row, lang, names=names) for row in seats.to_dict("records")],
        index=seats.index,
        dtype=object,
    )


def _bot(row: Mapping[str, Any], bot: object, names: Names | None) -> str:
    """A bot by its display name in the row's game (as it is without ``names``)."""
    return names.term(str(row.get("game", "")), bot) if names is not None and bot else str(bot)


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
        "p": _p(row["p_holm"]),
    }
    return text("pair_changed" if row["significant"] else "pair_same", lang, **values)


def ladder_verdict(row: Mapping[str, Any], lang: Lang = "en") -> str | None:
    """Verdict for one row of ``ladder_consistency`` (None when no tier flags the seat)."""
    status = row["status"]
    if status == "none":
        return None
    effect = ""
    if not pd.isna(row.get("effect")):
        effect = text(
            "ladder_effect",
            lang,
            rate=pct(row["effect"], 1),
            lo=pct(row["effect_lo"], 1),
            hi=pct(row["effect_hi"], 1),
        )
    values = {
        "seat": int(row["seat"]) + 1,
        "n": int(row["n_players"]),
        "tiers": row["tiers"] or "-",
        "flagged": row["flagged_tiers"] or "-",
        "p": _p(row.get("pooled_p") if status == "pooled only" else row.get("interaction_p")),
        "effect": effect,
        "fair": pct(row["fair_share"], _d(lang)),
    }
    return text(f"ladder_{status.replace(' ', '_').replace('-', '_')}", lang, **values)


def short(value: object, width: int = 24) -> str:
    """A parameter value cut to ``width`` characters (lists of effects can be very long)."""
    text_value = str(value)
    return text_value if len(text_value) <= width else text_value[: width - 1] + "…"


def _metric_name(metric: str, lang: Lang, game: str = "", names: Names | None = None) -> str:
    if metric.startswith("bot_win_rate:"):
        bot = metric.removeprefix("bot_win_rate:")
        return text("m_bot_win_rate", lang, bot=_bot({"game": game}, bot, names))
    return text(f"m_{metric}", lang)


def _is_rate(metric: str) -> bool:
    return metric.startswith("bot_win_rate:") or metric.endswith(("share", "win_rate"))


def _value(x: float, rate: bool, sign: bool = False) -> str:
    if pd.isna(x):
        return "–"
    if rate:
        return points(x, sign=sign) if sign else pct(x, 1)
    shown = fmt_number(x)
    return ("+" + shown if x >= 0 else shown) if sign else shown


def sweep_verdicts(tests: pd.DataFrame, lang: Lang = "en", names: Names | None = None) -> pd.DataFrame:
    """One sentence per row of ``sweep_tests``: lowest against highest value, the paired difference
    with its interval, and the trend test after Holm's correction over the family."""
    rows = []
    for r in tests.to_dict("records"):
        rate = _is_rate(r["metric"])
        unit = "points" if rate else "units"
        sentence = text(
            "sweep_changed" if r["changed"] else "sweep_flat",
            lang,
            n=int(r["n_players"]),
            metric=_metric_name(r["metric"], lang, r["game"], names),
            param=names.term(r["game"], r["parameter"]) if names is not None else r["parameter"],
            a=_value(r["estimate_lo"], rate),
            b=_value(r["estimate_hi"], rate),
            va=short(names.value(r["game"], r["value_lo"]) if names is not None else r["value_lo"]),
            vb=short(names.value(r["game"], r["value_hi"]) if names is not None else r["value_hi"]),
            diff=_value(r["difference"], rate, sign=True),
            lo=_value(r["diff_lo"], rate, sign=True),
            hi=_value(r["diff_hi"], rate, sign=True),
            pairs=f"{int(r['pairs']):,}",
            values=int(r["values"]),
            p=_p(r["trend_p_holm"]),
            family=int(r["family"]),
            unit=text(f"unit_{unit}", lang),
        )
        rows.append(
            {k: r[k] for k in ("game", "parameter", "n_players", "metric", "changed")} | {"verdict": sentence}
        )
    return pd.DataFrame(rows, columns=["game", "parameter", "n_players", "metric", "changed", "verdict"])


def content_verdict(row: Mapping[str, Any], lang: Lang = "en") -> str:
    """Verdict for one notable row of ``event_win_rates``: the adjusted difference only."""
    direction = text("content_more" if row["difference"] > 0 else "content_less", lang)
    kind = text("kind_suffix", lang, kind=row["kind"]) if row.get("kind") else ""
    return text(
        "content_notable",
        lang,
        value=row["value"],
        column=f"{row['column']}{kind}",
        n=int(row["n_players"]),
        diff=points(row["difference"], sign=True),
        lo=points(row["diff_lo"], sign=True),
        hi=points(row["diff_hi"], sign=True),
        seats=f"{int(row['seats']):,}",
        q=_p(row["q_value"]),
        strata=shared_terms(lang).get(f"strata:{row.get('strata', '')}", row.get("strata", "")),
        direction=direction,
    )


def _or_dash(x: float, shown: str) -> str:
    return "–" if x is None or (isinstance(x, float) and np.isnan(x)) else shown


def holders_verdict(row: Mapping[str, Any], card: str, lang: Lang = "en") -> str:
    """The line for one row of ``holder_changes``: a changed card's holders, base → variant."""
    return text(
        "holders_line",
        lang,
        card=card,
        win_a=_or_dash(row["win_a"], pct(row["win_a"], 1)),
        win_b=_or_dash(row["win_b"], pct(row["win_b"], 1)),
        diff=_or_dash(row["win_diff"], points(row["win_diff"], sign=True)),
        lo=_or_dash(row["win_lo"], points(row["win_lo"], sign=True)),
        hi=_or_dash(row["win_hi"], points(row["win_hi"], sign=True)),
        score_a=_or_dash(row["score_a"], f"{row['score_a']:.1f}"),
        score_b=_or_dash(row["score_b"], f"{row['score_b']:.1f}"),
        sdiff=_or_dash(row["score_diff"], f"{row['score_diff']:+.1f}"),
        slo=_or_dash(row["score_lo"], f"{row['score_lo']:+.1f}"),
        shi=_or_dash(row["score_hi"], f"{row['score_hi']:+.1f}"),
        n=int(row["n_players"]),
        a=row["variant_a"],
        b=row["variant_b"],
        seats_a=f"{int(row['seats_a']):,}",
        seats_b=f"{int(row['seats_b']):,}",
    )


def _effect(est: float, lo: float, hi: float, scale: float = 100.0) -> str:
    """'+3.8 [+1.7, +6.2]' (``scale`` 100: win share in points; 1: score), or the estimate alone
    when the study has too few seeds for an interval."""
    if est is None or np.isnan(est):
        return "–"
    shown = f"{scale * est:+.1f}"
    if lo is None or np.isnan(lo) or np.isnan(hi):
        return shown
    return f"{shown} [{scale * lo:+.1f}, {scale * hi:+.1f}]"


def _interval_note(row: Mapping[str, Any], level: str, lang: Lang) -> str:
    """What the brackets are, or that the studies have too few seeds for any."""
    if any(not np.isnan(float(row[k])) for k in ("lo_a", "lo_b", "change_lo")):
        return text("card_change_level", lang, level=level)
    return text("card_change_no_interval", lang)


def _change_word(lo: float, hi: float, lang: Lang) -> str:
    """What the change did to the card for its holder: stronger, weaker, or not shown."""
    if np.isnan(lo) or np.isnan(hi) or lo <= 0 <= hi:
        return text("card_change_same", lang)
    return text("card_change_stronger" if lo > 0 else "card_change_weaker", lang)


def card_change_verdict(
    win: Mapping[str, Any], score: Mapping[str, Any], card: str, a: str, b: str, lang: Lang = "en"
) -> str:
    """The line for one changed card and player count (rows of ``sim.cards.change.change_table``,
    win share and score): its causal effect on the holder in A and in B and the change, or its
    effect in the one variant that has it."""
    level = f"{100 * float(win['level']):g}%"
    common = {"card": card, "a": a, "b": b, "n": int(win["n_players"]), "seeds": f"{int(win['seeds']):,}",
              "note": _interval_note(win, level, lang)}  # fmt: skip
    if not (bool(win["in_a"]) and bool(win["in_b"])):
        side = "a" if bool(win["in_a"]) else "b"
        return text(
            f"card_change_only_{side}",
            lang,
            **common,
            win=_effect(win[f"effect_{side}"], win[f"lo_{side}"], win[f"hi_{side}"]),
            score=_effect(score[f"effect_{side}"], score[f"lo_{side}"], score[f"hi_{side}"], 1.0),
        )
    return text(
        "card_change_line",
        lang,
        **common,
        win_a=_effect(win["effect_a"], win["lo_a"], win["hi_a"]),
        win_b=_effect(win["effect_b"], win["lo_b"], win["hi_b"]),
        change=_effect(win["change"], win["change_lo"], win["change_hi"]),
        score_a=_effect(score["effect_a"], score["lo_a"], score["hi_a"], 1.0),
        score_b=_effect(score["effect_b"], score["lo_b"], score["hi_b"], 1.0),
        score_change=_effect(score["change"], score["change_lo"], score["change_hi"], 1.0),
        verdict=_change_word(float(win["change_lo"]), float(win["change_hi"]), lang),
    )


def card_change_rows(table: pd.DataFrame) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(win-share row, score row) of each changed card and player count of a card-effects table."""
    keys = ["game", "variant_a", "variant_b", "n_players", "deck", "card"]
    pairs = []
    for _, part in table.groupby(keys, sort=False):
        by_metric = {r["metric"]: r for r in part.to_dict("records")}
        if {"win_share", "score"} <= set(by_metric):
            pairs.append((by_metric["win_share"], by_metric["score"]))
    return pairs


def card_change_lines(table: pd.DataFrame, lang: Lang = "en", names: Names | None = None) -> list[str]:
    """One line per changed card and player count (``card_change_verdict``), in the table's order;
    cards and variants by their display names when ``names`` is given."""

    def name(game: str, kind: str, value: str) -> str:
        if names is None:
            return value
        return names.term(game, value) if kind == "card" else names.variant(game, value)

    return [
        card_change_verdict(
            win,
            score,
            name(win["game"], "card", win["card"]),
            name(win["game"], "variant", win["variant_a"]),
            name(win["game"], "variant", win["variant_b"]),
            lang,
        )
        for win, score in card_change_rows(table)
    ]
