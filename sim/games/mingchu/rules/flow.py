"""The game driver: runs automatic steps stage by stage until someone must decide.

``state.stage`` names the current step of the round (M13); ``state.step`` counts seats or turns
within it. Player choices are ``Decision`` records on ``state.pending`` (a stack: effects that
need a choice push on top of the decision that caused them); ``kinds.py`` explains their kinds.
"""

from __future__ import annotations

from sim.core.decisions import Decision, DecisionKind

from . import periods, production, settlement, setup, turn
from .effects import fire, play_card
from .modifiers import EACH_ROUND, ON_EVENT
from .state import MingchuState


def _seat(state: MingchuState) -> int:
    return _seat_at(state, state.step)


def _seat_at(state: MingchuState, step: int) -> int:
    return (state.start_player + step) % state.n


def _draft(state: MingchuState) -> None:
    if state.step < state.n:
        state.pending.push(Decision("draft", setup.draft_seat(state)))
    else:
        setup.finish_draft(state)
        _next(state, "place")


def _placing_seat(state: MingchuState) -> int:
    """M11/M12: from the start player on; ``seats.placement_shift`` rotates it."""
    return (_seat(state) + state.params.seats.placement_shift) % state.n


def _place(state: MingchuState) -> None:
    if state.step < 2 * state.n:
        state.pending.push(Decision("place_manager", _placing_seat(state)))
    else:
        _next(state, "road")


def _road(state: MingchuState) -> None:
    if state.step < state.n:
        state.pending.push(Decision("setup_road", _placing_seat(state)))
    else:
        # the first round's start player: seat 1 by the rules, rotated by ``seats.play_shift``
        state.start_player = (state.start_player + state.params.seats.play_shift) % state.n
        _next(state, "round_start")


def _round_start(state: MingchuState) -> None:
    """Reset the round, apply the current event to the players it concerns (M01, M43) with their
    ``on_event`` passives, then everyone's ``each_round`` passives from the start player on."""
    for player in state.players:
        player.acted = [False] * len(player.managers)
        player.horse_used = [False] * len(player.managers)
        player.tapped = set()
        player.bonus_moves = 0
    state.round_mods = [[] for _ in range(state.n)]
    card = state.topo.events.get(state.current_event)
    if card is not None:
        for seat in reversed(settlement.affected_seats(state)):
            play_card(state, seat, "事件", card.id, card.effects, kind="applied")
            fire(state, ON_EVENT, seat, event=card.id)
    for step in reversed(range(state.n)):
        fire(state, EACH_ROUND, _seat_at(state, step))
    _next(state, "production" if state.round > 1 else "actions")


def _production(state: MingchuState) -> None:
    if state.step < state.n:
        production.start_production(state, _seat(state))
    else:
        _next(state, "income")


def _income(state: MingchuState) -> None:
    if state.step < state.n:
        seat = _seat(state)
        state.step += 1
        production.settle_income(state, seat)
    else:
        _next(state, "actions")


def _actions(state: MingchuState) -> None:
    if state.step < 2 * state.n:
        turn.start_turn(state, _seat(state))
    else:
        _next(state, "settle_event")


def _settle_event(state: MingchuState) -> None:
    if state.period == "靖难":
        state.war_progress += 1  # M44
        _next(state, "settle_war")
    else:
        settlement.rotate_event(state)
        _next(state, "settle_interest")


def _settle_war(state: MingchuState) -> None:
    if state.step < state.n:
        state.pending.push(Decision("war", _seat(state)))
    else:
        settlement.reveal_war(state)
        _next(state, "settle_interest")


def _settle_interest(state: MingchuState) -> None:
    settlement.pay_interest(state)
    _next(state, "settle_repay")


def _optional_per_seat(kind: DecisionKind, after: str):
    """A stage asking each seat in turn, skipping seats with nothing but ``Done``."""

    def stage(state: MingchuState) -> None:
        if state.step >= state.n:
            _next(state, after)
            return
        decision = Decision(kind.kind, _seat(state))
        state.pending.push(decision)
        if len(kind.legal(state, decision)) == 1:
            state.pending.pop()
            state.step += 1

    return stage


def _settle_rot(state: MingchuState) -> None:
    settlement.rot_goods(state)
    settlement.refresh_retainers(state)
    _next(state, "settle_buyback")


def _settle_end(state: MingchuState) -> None:
    """M51: pass the start player counter-clockwise, then check period change and game end."""
    state.start_player = (state.start_player - 1) % state.n
    if state.period == "洪武":
        reason = periods.hongwu_over(state)
        if reason:
            state.end_reason = reason
            periods.enter_war(state)
    elif state.period == "靖难":
        how = periods.war_over(state)
        if how:
            outcome = periods.resolve_war(state)
            state.end_reason = f"{state.end_reason}·{outcome}" + ("(速胜)" if how == "速胜" else "")
            _next(state, "later_setup")
            return
    else:
        reason = periods.game_over(state)
        if reason:
            periods.finish_game(state, reason)
            return
    _new_round(state)


def _later_setup(state: MingchuState) -> None:
    periods.enter_later(state)
    _new_round(state)


def _new_round(state: MingchuState) -> None:
    state.round += 1
    _next(state, "round_start")


def _next(state: MingchuState, stage: str) -> None:
    state.stage = stage
    state.step = 0


STAGES = {
    "draft": _draft,
    "place": _place,
    "road": _road,
    "round_start": _round_start,
    "production": _production,
    "income": _income,
    "actions": _actions,
    "settle_event": _settle_event,
    "settle_war": _settle_war,
    "settle_interest": _settle_interest,
    "settle_repay": _optional_per_seat(settlement.RepayKind(), "settle_rot"),
    "settle_rot": _settle_rot,
    "settle_buyback": _optional_per_seat(settlement.BuybackKind(), "settle_end"),
    "settle_end": _settle_end,
    "later_setup": _later_setup,
}


def advance(state: MingchuState) -> None:
    """Run automatic steps until a decision is pending or the game is over (``pending.next`` is None
    exactly when nothing is open: a plain attribute, where ``bool(pending)`` is an interpreted call)."""
    pending = state.pending
    while not state.terminal and pending.next is None:
        STAGES[state.stage](state)
