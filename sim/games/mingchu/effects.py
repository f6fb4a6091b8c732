"""Interpreter of the card vocabulary (effects_schema.py): measures, conditions, scores, effects."""

from __future__ import annotations

from typing import Any

from sim.core.decisions import Decision
from sim.games.mingchu import effects_schema as es
from sim.games.mingchu.card_log import changes, fill, holdings
from sim.games.mingchu.draws import roll
from sim.games.mingchu.economy import add_goods, draw_grace, give_favor, pay_coins, remove_good
from sim.games.mingchu.modifiers import lasting_sources, modifier_total, note_used
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


def _income_track_steps(state: MingchuState, seat: int, steps: int) -> None:
    """Move the 皇恩轨 ``steps`` spaces (no rewards); a persistent marker moves with it (M22)."""
    player = state.players[seat]
    ats = [space.at for space in state.params.income_track]
    fields = {"income_best" if state.params.rules.income_level == "best" else "income_marker"}
    if state.params.rules.income_track == "persistent":
        fields.add("income_marker")
    for field in sorted(fields):
        index = sum(1 for at in ats if at <= getattr(player, field)) - 1
        index = max(-1, min(len(ats) - 1, index + steps))
        setattr(player, field, ats[index] if index >= 0 else 0)


def _lose_goods(state: MingchuState, seat: int, eff: es.LoseGoods) -> None:
    player = state.players[seat]
    for store in (*player.packs, player.warehouse):
        for good in sorted(store):
            if (eff.good is not None and good != eff.good) or good in eff.keep:
                continue
            remove_good(store, good, store[good] if eff.amount is None else min(eff.amount, store[good]))


def _reclaim(state: MingchuState, seat: int, amount: int) -> None:
    player = state.players[seat]
    for _ in range(amount):
        holder = max((q for q in range(state.n) if q != seat), key=lambda q: state.players[q].held[seat])
        if state.players[holder].held[seat] == 0:
            return
        state.players[holder].held[seat] -= 1
        player.hand += 1


def apply_effect(state: MingchuState, seat: int, eff) -> None:
    """Carry out one effect for ``seat``; choices become pending decisions on the stack."""
    player = state.players[seat]
    kind = eff.effect
    if isinstance(eff, es.MODIFIER_TYPES):
        state.round_mods[seat].append(eff)
    elif kind == "if":
        for sub in eff.then if condition_met(state, seat, eff.condition) else eff.otherwise:
            apply_effect(state, seat, sub)
    elif kind == "others":
        for step in range(1, state.n):
            for sub in eff.effects:
                apply_effect(state, (seat + step) % state.n, sub)
    elif kind == "gain_coins":
        player.coins += eff.amount
    elif kind == "lose_coins":
        pay_coins(state, seat, eff.amount)
    elif kind == "gain_workers":
        player.workers += eff.amount
    elif kind == "lose_workers":
        player.workers = max(0, player.workers - eff.amount)
    elif kind == "gain_favor":
        moved = min(eff.amount, player.supply)
        player.supply -= moved
        player.hand += moved
    elif kind == "reclaim_favor":
        _reclaim(state, seat, eff.amount)
    elif kind == "worker_track":
        last = len(state.params.worker_track) - 1
        player.worker_pos = max(0, min(last, player.worker_pos + eff.steps))
    elif kind == "income_track":
        _income_track_steps(state, seat, eff.steps)
    elif kind == "gain_goods":
        if eff.to == "backpack" and state.params.rules.backpack == "per_manager":
            state.pending.push(Decision("card_goods", seat, {"good": eff.good, "left": eff.amount}))
        else:
            add_goods(state, seat, eff.good, eff.amount, to=eff.to)
    elif kind == "lose_goods":
        _lose_goods(state, seat, eff)
    elif kind == "draw_grace":
        draw_grace(state, seat, eff.amount)
    elif kind == "gain_vp":
        player.vp_bonus += eff.amount
    elif kind == "bank":
        moved = min(eff.coins, player.coins)
        player.coins -= moved
        player.banked_coins += moved
        for _ in range(min(eff.grace_cards, len(player.grace_cards))):
            player.grace_cards.pop()
            player.banked_cards += 1
    elif kind == "free_build":
        state.pending.push(
            Decision("bonus_build", seat, {"discount": eff.discount, "ignore_monopoly": eff.ignore_monopoly})
        )
    elif kind == "free_road":
        state.pending.push(Decision("bonus_road", seat, {"discount": eff.discount}))
    elif kind == "bonus_moves":
        player.bonus_moves += eff.amount
    elif kind == "move_to_capital":
        player.managers = [state.capital for _ in player.managers]
    elif kind == "monopoly_permit":
        player.permits += eff.amount
    elif kind == "hire_retainer":
        if len(player.retainers) < state.params.rules.max_retainers:
            state.pending.push(Decision("pick_retainer", seat))
    elif kind == "take_score_card":
        if state.score_row:
            state.pending.push(Decision("pick_score", seat))
    elif kind == "random_coins":
        player.coins += int(eff.faces[roll(state, seat, len(eff.faces))])
    else:  # pragma: no cover - the schema's union is closed
        raise ValueError(f"unknown effect {kind!r}")


def apply_effects(state: MingchuState, seat: int, effects) -> None:
    """Apply effects in card order; decisions they push are resolved first card-effect first."""
    before = len(state.pending)
    for eff in effects:
        apply_effect(state, seat, eff)
    # decisions were pushed in card order, so the last would come first: push them again reversed
    opened = [state.pending.pop() for _ in range(len(state.pending) - before)]  # last pushed first
    for decision in opened:
        state.pending.push(decision)


def play_card(
    state: MingchuState,
    seat: int,
    deck: str,
    card: str,
    effects,
    *,
    target: int | None = None,
    kind: str = "played",
) -> dict[str, Any]:
    """Record the card's row, apply its effects to ``target`` (default ``seat``), then fill in what
    changed for the target; every other seat it changed gets a ``hit`` row. Returns the row."""
    target = seat if target is None else target
    row = state.record(card, deck, seat, kind)
    row["target"] = target
    before, opened = holdings(state), len(state.pending)
    apply_effects(state, target, effects)
    diffs = changes(before, holdings(state))
    for decision in list(state.pending)[: len(state.pending) - opened]:  # goods still to be placed
        if decision.kind == "card_goods":
            coins, goods, favor, vp = diffs[decision.seat]
            diffs[decision.seat] = (coins, goods + decision.data["left"], favor, vp)
    fill(row, diffs[target])
    for other, diff in enumerate(diffs):
        if other != target and any(diff):
            hit = state.record(card, deck, seat, "hit")
            hit["target"] = other
            fill(hit, diff)
    return row


def fire(state: MingchuState, trigger: str, seat: int, **facts: str | None) -> None:
    """Carry out the ``trigger`` passives (each_round, on_event, on_delivery) ``seat`` has: its
    门客 and 家族 cards' (a ``used`` row each) and the round's (from an event or a played card).
    ``facts`` (``event``, ``deck``, ``place``) must match the trigger's filters of the same name."""
    for deck, card, lasting in lasting_sources(state, seat):
        for eff in lasting:
            if eff.effect == trigger and _matches(eff, facts):
                if card is None:
                    apply_effects(state, seat, eff.effects)
                else:
                    play_card(state, seat, deck, card, eff.effects, kind="used")


def _matches(trigger, facts: dict[str, str | None]) -> bool:
    return all(getattr(trigger, name) in (None, value) for name, value in facts.items())


def pay_favor(state: MingchuState, payer: int, owners) -> None:
    """Pay one marker to each owner in ``owners`` (another player's 驿道 or industry), the first
    ones waived by ``discount: favor`` (one toll payment); a passive that waives one is ``used``."""
    waived = min(len(owners), max(0, modifier_total(state, payer, "discount", action="favor")))
    if waived:
        note_used(state, payer, "discount", action="favor")
    for owner in list(owners)[waived:]:
        give_favor(state, payer, owner)
