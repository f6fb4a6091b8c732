"""Cards in play: effects applied in card order, a played card's record, triggered passives, tolls.

Each effect's own application is its class in ``effect_kinds.py``; measures, conditions and score
rules are in ``conditions.py`` (both re-exported here for the modules that read them from here).
"""

from __future__ import annotations

from typing import Any

from .card_log import changes, fill
from .conditions import condition_met, measure, score_rule
from .economy import give_favor, note_flow
from .effect_kinds import apply_effect
from .modifiers import DISCOUNT, lasting_sources, modifier_total, note_used
from .state import TOLL_FAVOR, MingchuState, count_total

__all__ = [
    "apply_effect",
    "apply_effects",
    "condition_met",
    "fire",
    "measure",
    "pay_favor",
    "play_card",
    "score_rule",
]


def holdings(state: MingchuState) -> list[tuple[int, int, int, int]]:
    """Per seat: coins, goods (backpack + warehouse), usable 恩义 (own in hand + others' held), VP.

    Here, where the state's type is known (``card_log`` cannot import it), so that the compiled
    core reads the players' fields directly instead of looking each one up by name."""
    out = []
    seat = 0
    for player in state.players:
        favor = player.hand
        q = 0
        for held in player.held:
            if q != seat:
                favor += held
            q += 1
        out.append(
            (player.coins, player.goods_total() + count_total(player.warehouse), favor, player.vp_bonus)
        )
        seat += 1
    return out


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
    opened_now = len(state.pending) - opened
    if opened_now != 0:  # the slice below is empty at 0
        for decision in list(state.pending)[:opened_now]:  # goods still to be placed
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


def pay_favor(state: MingchuState, payer: int, owners, flow: int = TOLL_FAVOR) -> None:
    """Pay one marker to each owner in ``owners`` (another player's 驿道 or industry), the first
    ones waived by ``discount: favor`` (one toll payment); a passive that waives one is ``used``."""
    waived = min(len(owners), max(0, modifier_total(state, payer, DISCOUNT, action="favor")))
    if waived:
        note_used(state, payer, DISCOUNT, action="favor")
    for owner in list(owners)[waived:]:
        give_favor(state, payer, owner)
        note_flow(state, payer, owner, flow, 1)
