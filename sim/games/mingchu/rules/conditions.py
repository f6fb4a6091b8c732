"""What the card vocabulary counts and tests (effects_schema.py): measures, conditions, score rules,
each evaluated for a player and worded in Chinese for the play log."""

from __future__ import annotations

from typing import Any

from . import effects_schema as es
from .state import MingchuState


def measure(state: MingchuState, seat: int, name: str, good: str | None = None) -> int:
    """The value of one ``Measure`` for a player."""
    player = state.players[seat]
    topo = state.topo
    if name == "industries":
        return sum(
            1
            for place, ind in state.industries.items()
            if ind.owner == seat and (good is None or topo.site[place].good == good)
        )
    if name == "goods":
        if good is None:
            return player.goods_total() + sum(player.warehouse.values())
        return player.backpack.get(good, 0) + player.warehouse.get(good, 0)
    simple = {
        "coins": lambda: player.coins,
        "workers": lambda: player.workers,
        "worker_track": lambda: player.worker_pos,
        "income": lambda: state.income_level(seat),
        "round_income": lambda: player.income_round,
        "upgrades": lambda: sum(1 for ind in state.industries.values() if ind.upgraded_by == seat),
        "roads": lambda: sum(1 for owner in state.yidao.values() if owner == seat),
        "orders_completed": lambda: len(player.completed),
        "orders_reserved": lambda: int(player.personal_order is not None),
        "loans": lambda: player.loans,
        "retainers": lambda: len(player.retainers),
        "grace_cards": lambda: len(player.grace_cards),
        "favor_held": lambda: sum(k for q, k in enumerate(player.held) if q != seat),
        "favor_given": lambda: sum(state.players[q].held[seat] for q in range(state.n) if q != seat),
        "war_markers": lambda: sum(player.war),
    }
    return simple[name]()


def condition_met(state: MingchuState, seat: int, cond) -> bool:
    """Whether ``seat`` meets an event task, scoring condition or ``if`` effect's condition."""
    if isinstance(cond, es.AllOf):
        return all(condition_met(state, seat, sub) for sub in cond.conditions)
    if isinstance(cond, es.AnyOf):
        return any(condition_met(state, seat, sub) for sub in cond.conditions)
    if isinstance(cond, es.Not):
        return not condition_met(state, seat, cond.of)
    if isinstance(cond, es.AtPlace):
        place = state.capital if cond.place == es.CAPITAL else state.topo.place_index[cond.place]
        return state.players[seat].managers.count(place) >= cond.managers
    if isinstance(cond, es.WarWon):
        return state.war_winner == cond.side
    value = measure(state, seat, cond.measure, cond.good)
    if isinstance(cond, es.AtLeast):
        return value >= cond.value
    if isinstance(cond, es.AtMost):
        return value <= cond.value
    values = [measure(state, q, cond.measure, cond.good) for q in range(state.n)]
    if isinstance(cond, es.Most):
        return value > 0 and value == max(values)
    return value == min(values)


def score_rule(state: MingchuState, seat: int, rule) -> int:
    """Points one scoring rule of a 皇恩计分卡 / 天威卡 gives at the end."""
    if isinstance(rule, es.ScoreFlat):
        return rule.points
    if isinstance(rule, es.ScoreIf):
        return rule.points if condition_met(state, seat, rule.condition) else rule.otherwise
    points = measure(state, seat, rule.measure, rule.good) // rule.per * rule.points
    if rule.max is not None:
        points = max(-rule.max, min(rule.max, points))
    return points


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


def condition_text(cond: Any) -> str:
    """An event task or a scoring condition in a few Chinese words."""
    kind = cond.condition
    if kind == "all_of":
        return "且".join(condition_text(c) for c in cond.conditions)
    if kind == "any_of":
        return "或".join(condition_text(c) for c in cond.conditions)
    if kind == "not":
        return f"并非{condition_text(cond.of)}"
    if kind == "at_place":
        return f"{'两名掌柜都' if cond.managers > 1 else '有掌柜'}在{cond.place}"
    if kind == "war_won":
        return f"{cond.side}胜"
    what = _measure(cond.measure, cond.good)
    if kind == "at_least":
        return f"{what}至少{cond.value}"
    if kind == "at_most":
        return f"{what}至多{cond.value}"
    return f"{what}{'最多' if kind == 'most' else '最少'}"


def score_text(rule: Any) -> str:
    """A scoring rule of a 皇恩计分卡 or 天威卡 in a few Chinese words."""
    if rule.score == "flat":
        return f"{rule.points}分"
    if rule.score == "if":
        otherwise = f"，否则{rule.otherwise}分" if rule.otherwise else ""
        return f"若{condition_text(rule.condition)}得{rule.points}分{otherwise}"
    per = f"每{rule.per}个" if rule.per > 1 else "每个"
    cap = f"（至多{rule.max}分）" if rule.max is not None else ""
    return f"{per}{_measure(rule.measure, rule.good)}{rule.points}分{cap}"
