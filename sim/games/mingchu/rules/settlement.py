"""Settlement phase (M42-M51): events, war commitments, interest, repayment, rot, 门客 row, buy back.

Three decision kinds, each asked of every seat in turn until it says ``Done``: ``war``
(commitments), ``repay`` (loans) and ``buyback`` (own 恩义 from other players).
"""

from __future__ import annotations

from sim.core.decisions import Decision

from ..texts import said
from . import actions as A
from .economy import draw_retainer, note_flow, pay_coins, remove_good, return_marker
from .effects import condition_met
from .kinds import PerSeat, decision_kind, who
from .modifiers import DISCOUNT, modifier_total, note_used
from .setup import reveal_next_event
from .state import BUYBACK_COINS, SIDES, MingchuState

# --- events (M42/M43) ---------------------------------------------------------------------------


def return_event_markers(state: MingchuState) -> None:
    to_hand = state.params.rules.event_markers_return_to == "hand"
    for seat in state.event_markers:
        if to_hand:
            state.players[seat].hand += 1
        else:
            state.players[seat].supply += 1
    state.event_markers = []


def check_task(state: MingchuState) -> None:
    """Players meeting the new current event's task put a marker on it (from supply)."""
    card = state.topo.events.get(state.current_event)
    if card is None or card.task is None:
        return
    for seat in range(state.n):
        player = state.players[seat]
        if player.supply > 0 and condition_met(state, seat, card.task):
            player.supply -= 1
            state.event_markers.append(seat)


def rotate_event(state: MingchuState) -> None:
    """M42: the revealed event becomes current, the next one is revealed, tasks are checked."""
    return_event_markers(state)
    state.current_event = state.next_event
    reveal_next_event(state)
    check_task(state)


def affected_seats(state: MingchuState) -> list[int]:
    """Who the current event applies to: its task-meeters, or everyone (M43)."""
    return list(state.event_markers) or list(range(state.n))


# --- war commitments (M45) ----------------------------------------------------------------------


@decision_kind
class WarKind(PerSeat):
    """M45: commit markers one by one, secretly, to one side per settlement; ``Done`` ends them."""

    kind = "war"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        seat = decision.seat
        player = state.players[seat]
        legal: list = []
        coins_per = state.params.rules.war_coins_per_marker
        secret = state.war_secret[seat]
        backed = [side for i, side in enumerate(SIDES) if secret[i] > 0]
        for side in backed or SIDES:  # "将其中一个官府标记...拿在一起": one side per reveal
            if player.hand > 0:
                legal.append(A.made(A.WarCommit, side, "favor", seat))
            if player.supply > 0:
                legal.extend(
                    A.made(A.WarCommit, side, "favor", q)
                    for q in range(state.n)
                    if q != seat and player.held[q] > 0
                )
            if player.supply > 0 and player.coins >= coins_per:
                legal.append(A.made(A.WarCommit, side, "coins"))
        return [*legal, A.made(A.Done)]

    def take(self, state: MingchuState, seat: int, action: A.WarCommit) -> None:
        """Own markers in hand go on the card; others' go home and own supply replaces them."""
        player = state.players[seat]
        if action.source == "coins":
            player.coins -= state.params.rules.war_coins_per_marker
            player.supply -= 1
        elif action.owner == seat:
            player.hand -= 1
        else:
            return_marker(state, seat, action.owner)
            player.supply -= 1
        state.war_secret[seat][SIDES.index(action.side)] += 1

    def describe(self, state: MingchuState, decision: Decision, action) -> str:
        if isinstance(action, A.Done):
            return said("act.war.done")
        if action.source == "coins":
            return said("act.war.coins", coins=state.params.rules.war_coins_per_marker, side=action.side)
        if action.owner == decision.seat:
            return said("act.war.own", side=action.side)
        return said("act.war.held", owner=who(action.owner), side=action.side)


def reveal_war(state: MingchuState) -> None:
    for seat, secret in enumerate(state.war_secret):
        for side in range(2):
            state.players[seat].war[side] += secret[side]
        state.war_secret[seat] = [0, 0]


# --- interest, repayment, rot, 门客 row, buy back ----------------------------------------------


def pay_interest(state: MingchuState) -> None:
    """M46: 1 coin per loan to the 官府; short means a loan at once."""
    for seat, player in enumerate(state.players):
        rate = max(
            0, state.params.loans.interest - modifier_total(state, seat, DISCOUNT, action="loan_interest")
        )
        if player.loans:
            note_used(state, seat, DISCOUNT, action="loan_interest")
        if player.loans and rate:
            pay_coins(state, seat, rate * player.loans)


@decision_kind
class RepayKind(PerSeat):
    """M47: repay loans, ``loans.repay`` coins each."""

    kind = "repay"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        player = state.players[decision.seat]
        legal = [A.made(A.RepayLoan)] if player.loans and player.coins >= state.params.loans.repay else []
        return [*legal, A.made(A.Done)]

    def take(self, state: MingchuState, seat: int, action: A.RepayLoan) -> None:
        player = state.players[seat]
        player.coins -= state.params.loans.repay
        player.loans -= 1

    def describe(self, state: MingchuState, decision: Decision, action) -> str:
        if isinstance(action, A.RepayLoan):
            return said("act.repay", coins=state.params.loans.repay)
        return said("act.repay.done")


def rot_goods(state: MingchuState) -> None:
    """M48: every rotting good (荔枝) returns to the supply."""
    rotting = {g for g, info in state.topo.goods.items() if info.rots}
    for player in state.players:
        for store in (*player.packs, player.warehouse):
            for good in rotting & set(store):
                remove_good(store, good, store[good])
    for ind in state.industries.values():
        if ind.stored in rotting:
            ind.stored = None


def refresh_retainers(state: MingchuState) -> None:
    """M49: discard the face-up 门客 farthest from the deck (the oldest), turn up a new one."""
    if state.retainer_row:
        state.retainer_discard.append(state.retainer_row.pop(0))
    card = draw_retainer(state)
    if card is not None:
        state.retainer_row.append(card)


@decision_kind
class BuybackKind(PerSeat):
    """M50: buy back own 恩义 markers, 1 coin to the holder each (the marker returns to supply).

    Batched: one choice per holder of how many to buy back from them (``decision.data`` lists the
    holders already settled), instead of one marker per step; the outcomes reachable are the same
    (the order of the purchases does not matter). Once only ``Done`` is left the step closes itself.
    """

    kind = "buyback"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        seat = decision.seat
        coins = state.players[seat].coins
        legal: list = []
        if coins >= 1:
            settled = decision.data or ()
            for q in range(state.n):
                held = state.players[q].held[seat] if q != seat and q not in settled else 0
                legal.extend(A.made(A.BuyBack, q, k) for k in range(1, min(held, coins) + 1))
        return [*legal, A.made(A.Done)]

    def take(self, state: MingchuState, seat: int, action: A.BuyBack) -> None:
        state.players[seat].coins -= action.count
        state.players[action.holder].coins += action.count
        note_flow(state, seat, action.holder, BUYBACK_COINS, action.count)
        for _ in range(action.count):
            return_marker(state, action.holder, seat)
        decision = state.pending.next
        decision.data = (*(decision.data or ()), action.holder)
        if len(self.legal(state, decision)) == 1:  # only ``Done`` left: nothing to ask
            state.pending.pop()
            state.step += 1

    def describe(self, state: MingchuState, decision: Decision, action) -> str:
        if isinstance(action, A.BuyBack):
            return said("act.buyback", count=action.count, holder=who(action.holder))
        return said("act.buyback.done")
