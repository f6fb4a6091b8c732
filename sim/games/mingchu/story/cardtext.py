"""Card effects, event tasks and scoring rules as short Chinese text (for the narrative log).

An effect's text is its class's (``effect_kinds.py``); conditions and scoring rules are worded here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sim.games.mingchu.effect_kinds import effect_text

__all__ = ["condition_text", "effect_text", "effects_text", "score_text"]

MEASURES = {
    "coins": "铜币",
    "workers": "伙计",
    "worker_track": "伙计人数轨位置",
    "income": "皇恩轨",
    "round_income": "本轮收入",
    "industries": "产业",
    "upgrades": "升级标记",
    "roads": "驿道",
    "orders_completed": "完成订单",
    "orders_reserved": "预约订单",
    "goods": "货物",
    "loans": "贷款",
    "retainers": "门客",
    "grace_cards": "皇恩卡",
    "favor_held": "持有他人恩义",
    "favor_given": "被他人持有的恩义",
    "war_markers": "战争投入",
}


def _measure(name: str, good: str | None) -> str:
    return f"{good}{MEASURES[name]}" if good else MEASURES[name]


def effects_text(effects: Iterable[Any]) -> str:
    """Several effects, joined; ``无`` when there are none."""
    return "，".join(effect_text(e) for e in effects) or "无"


def condition_text(cond: Any) -> str:
    """An event task or a scoring condition."""
    kind = cond.condition
    if kind == "all_of":
        return "且".join(condition_text(c) for c in cond.conditions)
    what = _measure(cond.measure, cond.good)
    if kind == "at_least":
        return f"{what}至少{cond.value}"
    if kind == "at_most":
        return f"{what}至多{cond.value}"
    return f"{what}{'最多' if kind == 'most' else '最少'}"


def score_text(rule: Any) -> str:
    """A scoring rule of a 皇恩计分卡 or 天威卡."""
    if rule.score == "flat":
        return f"{rule.points}分"
    if rule.score == "if":
        otherwise = f"，否则{rule.otherwise}分" if rule.otherwise else ""
        return f"若{condition_text(rule.condition)}得{rule.points}分{otherwise}"
    per = f"每{rule.per}个" if rule.per > 1 else "每个"
    cap = f"（至多{rule.max}分）" if rule.max is not None else ""
    return f"{per}{_measure(rule.measure, rule.good)}{rule.points}分{cap}"
