"""What the card vocabulary counts and tests (effects_schema.py): measures, conditions, score rules."""

from __future__ import annotations

from sim.games.mingchu import effects_schema as es
from sim.games.mingchu.state import MingchuState


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
