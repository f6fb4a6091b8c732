"""Period changes (M52-M59): into the 靖难之役, the war's outcome, the 建文/永乐 period, the end."""

from __future__ import annotations

from sim.core.decisions import Decision

from .economy import draw_grace
from .orders import order_info, orders_exhausted, refill_public, specials_done
from .settlement import check_task, return_event_markers
from .setup import build_event_deck, deal_public_order, reveal_next_event
from .state import SIDES, MingchuState


def hongwu_over(state: MingchuState) -> str | None:
    """M52: 洪武驾崩 revealed, or a player has no order to complete (both named when both happen)."""
    reasons = []
    if state.next_event == state.params.setup.hongwu_final_event:
        reasons.append("洪武驾崩")
    if orders_exhausted(state):
        reasons.append("洪武订单耗尽")
    return "+".join(reasons) or None


def enter_war(state: MingchuState) -> None:
    """M52: drop the 洪武 events, put up the 靖难之役 card and 3 + 3 special orders with 下赏."""
    return_event_markers(state)
    state.period = "靖难"
    state.current_event = state.params.setup.war_event
    state.record(state.current_event, "事件", -1, "drawn")
    state.next_event = None
    state.event_deck = []
    state.war_progress = 0
    for deck in ("建文特别", "燕王特别"):
        for _ in range(state.params.setup.special_orders_per_side):
            deal_public_order(state, deck, "下赏")


def war_over(state: MingchuState) -> str | None:
    """M53: the progress track is full, or one side's special orders are all completed."""
    if state.war_progress >= state.params.setup.war_track:  # a full track is not a quick win
        return "进度"
    if specials_done(state) is not None:
        return "速胜"
    return None


def side_markers(state: MingchuState, seat: int, side: int) -> int:
    """Markers on one side, a completed special order counting as 2 of its completer's (M54)."""
    player = state.players[seat]
    return player.war[side] + state.params.rules.special_order_war_markers * player.war_orders[side]


def _order_key(state: MingchuState, side: int):
    """Most markers first; ties: lower 皇恩轨 (best income) first, then fewer coins (M55)."""
    return lambda seat: (
        -side_markers(state, seat, side),
        state.income_level(seat),
        state.players[seat].coins,
    )


def war_supporters(state: MingchuState, side: int) -> list[int]:
    """The seats that support ``side``, the most markers first (M55, M56)."""
    return sorted(
        (s for s in range(state.n) if side_markers(state, s, side) > 0), key=_order_key(state, side)
    )


def resolve_war(state: MingchuState) -> str:
    """M54-M56: decide the winner; losers pick 天威 cards, the top winners are rewarded."""
    totals = [sum(side_markers(state, s, side) for s in range(state.n)) for side in range(2)]
    if totals[0] == totals[1]:
        winner = state.params.rules.war_tie_winner
    else:
        winner = SIDES[0] if totals[0] > totals[1] else SIDES[1]
    win, lose = SIDES.index(winner), 1 - SIDES.index(winner)
    state.war_winner = winner
    supporters = war_supporters(state, win)
    last = len(state.params.worker_track) - 1
    if supporters:
        top = state.players[supporters[0]]
        top.worker_pos = min(last, top.worker_pos + 1)
    if len(supporters) > 1:
        draw_grace(state, supporters[1])
    for seat in war_supporters(state, lose):  # each after the ones before: the first picker first
        state.pending.queue(Decision("pick_tianwei", seat))
    return f"{winner}胜"


def enter_later(state: MingchuState) -> None:
    """M57/M58: clear the war, fail reserved 洪武 orders, deal the new period (两京制 on 燕王)."""
    for player in state.players:
        player.supply += sum(player.war)
        key = player.personal_order
        if key is not None and order_info(state, key).deck == "洪武":
            player.failed_orders += 1
            player.personal_order = None
            state.remove("订单", key)  # under the board
    for public in state.public_orders:
        state.remove("订单", public.order)
        if public.reward is not None:
            state.remove("奖励", public.reward)
    state.public_orders = []
    state.period = "后期"
    if state.war_winner == "燕王":
        state.capital = state.topo.capitals[1]
    setup = state.params.setup
    build_event_deck(state, "后期", setup.later_final_event, -setup.later_events_minus_players)
    state.current_event = state.event_deck.pop()
    state.record(state.current_event, "事件", -1, "drawn")
    check_task(state)
    reveal_next_event(state)
    refill_public(state)


def game_over(state: MingchuState) -> str | None:
    """M59: 天数将至 revealed or a player has no order (both named when both happen); None goes on."""
    if state.final_round:
        return "天数将至"
    reasons = []
    if state.next_event == state.params.setup.later_final_event:
        if state.params.rules.final_event_ends == "this_round":
            reasons.append("天数将至")
        else:
            state.final_round = True
    if orders_exhausted(state):
        reasons.append("订单耗尽")
    return "+".join(reasons) or None


def finish_game(state: MingchuState, reason: str) -> None:
    """Unfinished personal orders go under the board (-5 each) and the game ends."""
    for player in state.players:
        if player.personal_order is not None:
            player.failed_orders += 1
            state.remove("订单", player.personal_order)
            player.personal_order = None
    state.end_reason = f"{state.end_reason}·{reason}" if state.end_reason else reason
    state.terminal = True
