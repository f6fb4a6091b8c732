"""Card effects, event tasks and scoring rules as short Chinese text (for the narrative log)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

ACTIONS = {
    "build": "建造产业",
    "road": "修建驿道",
    "hire": "雇伙计",
    "water": "水路费",
    "foreign_production": "借用产业",
    "loan_interest": "贷款利息",
    "sell": "卖货",
    "reserve": "预约订单",
    "loan": "借贷",
}
"""What a ``discount`` or ``forbid`` modifier applies to."""

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


def _signed(amount: int, up: str, down: str) -> str:
    return f"{up}{amount}" if amount >= 0 else f"{down}{-amount}"


def _measure(name: str, good: str | None) -> str:
    return f"{good}{MEASURES[name]}" if good else MEASURES[name]


def effect_text(eff: Any) -> str:
    """One effect of the card vocabulary (``effects_schema``) in a few Chinese words."""
    kind = eff.effect
    simple = {
        "gain_coins": "得{amount}铜币",
        "lose_coins": "失{amount}铜币",
        "gain_workers": "得{amount}伙计",
        "lose_workers": "失{amount}伙计",
        "gain_favor": "取{amount}个恩义标记入手",
        "reclaim_favor": "收回他人持有的{amount}个恩义",
        "draw_grace": "抽{amount}张皇恩卡",
        "bonus_moves": "奖励移动{amount}步",
        "monopoly_permit": "专营上限+{amount}",
        "move_to_capital": "两名掌柜移至京城",
        "hire_retainer": "雇佣一名门客",
        "take_score_card": "选一张皇恩计分卡",
    }
    if kind in simple:
        return simple[kind].format(amount=getattr(eff, "amount", 0))
    if kind == "worker_track":
        return "伙计人数轨" + _signed(eff.steps, "前进", "后退") + "格"
    if kind == "income_track":
        return "皇恩轨" + _signed(eff.steps, "前进", "后退") + "格"
    if kind == "gain_goods":
        where = "（入京城仓库）" if eff.to == "warehouse" else ""
        return f"得{eff.amount}{eff.good}{where}"
    if kind == "lose_goods":
        what = eff.good or "所有货物"
        amount = "全部" if eff.amount is None else f"{eff.amount}个"
        keep = f"（保留{'、'.join(eff.keep)}）" if eff.keep else ""
        return f"失去{what}{amount}{keep}"
    if kind == "gain_vp":
        return _signed(eff.amount, "得", "扣") + "分"
    if kind == "bank":
        parts = [f"{eff.coins}铜币"] * bool(eff.coins) + [f"{eff.grace_cards}张皇恩卡"] * bool(
            eff.grace_cards
        )
        return f"将{'和'.join(parts)}压在掌柜板下"
    if kind == "free_build":
        text = "免费建造产业" if eff.discount is None else f"建造产业少付{eff.discount}铜币"
        return text + ("（不受专营限制）" if eff.ignore_monopoly else "")
    if kind == "free_road":
        return "免费修建驿道" if eff.discount is None else f"修建驿道少付{eff.discount}伙计"
    if kind == "random_coins":
        return f"掷骰得{'/'.join(str(f) for f in eff.faces)}铜币之一"
    if kind == "discount":
        unit = "伙计" if eff.action == "road" else "铜币"
        return ACTIONS[eff.action] + _signed(eff.amount, "少付", "多付") + unit
    if kind == "sell_bonus":
        return f"卖{eff.good or '货物'}每个" + _signed(eff.amount, "多得", "少得") + "铜币"
    if kind == "produce_bonus":
        return f"{eff.good or '每个'}产业" + _signed(eff.amount, "多产", "少产") + "个"
    if kind == "extra_moves":
        return "每回合移动" + _signed(eff.amount, "多", "少") + "步"
    if kind == "forbid":
        return f"不得{ACTIONS[eff.action]}"
    if kind == "income_bonus":
        return "本轮收入" + _signed(eff.amount, "加", "减") + "铜币"
    return kind  # pragma: no cover - the schema's union is closed


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
