"""Small bookkeeping verbs shared by every phase: coins, loans, 恩义 markers, goods, card draws."""

from __future__ import annotations

from .draws import reshuffle
from .modifiers import DISCOUNT, modifier_total
from .state import MingchuState


def take_loan(state: MingchuState, seat: int) -> None:
    """Put an 官府 marker on the loan card and take the loan amount (M40)."""
    player = state.players[seat]
    player.loans += 1
    player.loans_taken += 1
    player.coins += state.params.loans.amount


def can_take_loan(state: MingchuState, seat: int) -> bool:
    return state.players[seat].loans < state.topo.max_loans


def pay_coins(state: MingchuState, seat: int, amount: int) -> None:
    """Pay ``amount``; a player who cannot pay takes loans at once (M71)."""
    player = state.players[seat]
    while player.coins < amount:
        take_loan(state, seat)
    player.coins -= amount


def give_favor(state: MingchuState, payer: int, receiver: int) -> None:
    """Hand one 恩义 marker to ``receiver``: their own markers go back first (M21)."""
    giver = state.players[payer]
    taker = state.players[receiver]
    giver.favor_paid += 1
    if giver.held[receiver] > 0:
        giver.held[receiver] -= 1
        taker.supply += 1
        return
    if state.params.rules.pay_favor_with_held_first:
        third = max(
            (q for q in range(state.n) if q not in (payer, receiver) and giver.held[q] > 0),
            key=lambda q: giver.held[q],
            default=None,
        )
        if third is not None:
            giver.held[third] -= 1
            taker.held[third] += 1
            return
    if giver.hand > 0:
        giver.hand -= 1
    elif giver.supply > 0:
        giver.supply -= 1
    else:
        return
    taker.held[payer] += 1


def note_flow(state: MingchuState, payer: int, receiver: int, flow: int, amount: int) -> None:
    """Count ``amount`` of ``FLOWS[flow]`` paid by ``payer`` to ``receiver`` (a statistic only)."""
    state.players[payer].flows[2 * flow] += amount
    state.players[receiver].flows[2 * flow + 1] += amount


def can_give_favor(state: MingchuState, payer: int, receivers) -> bool:
    """Whether ``payer`` has a marker for each of ``receivers``, paid as ``give_favor`` pays (M21)."""
    giver = state.players[payer]
    own = giver.hand + giver.supply
    if own >= len(receivers):
        return True
    held = list(giver.held)
    third_first = state.params.rules.pay_favor_with_held_first
    for receiver in receivers:
        third = [q for q in range(state.n) if q not in (payer, receiver) and held[q] > 0]
        if held[receiver] > 0:
            held[receiver] -= 1
        elif third_first and third:
            held[max(third, key=lambda q: held[q])] -= 1
        elif own > 0:
            own -= 1
        else:
            return False
    return True


def return_marker(state: MingchuState, holder: int, owner: int) -> None:
    """``holder`` gives back one of ``owner``'s markers to the owner's supply."""
    state.players[holder].held[owner] -= 1
    state.players[owner].supply += 1


def add_goods(
    state: MingchuState, seat: int, good: str, amount: int, *, to: str = "backpack", manager: int = 0
) -> int:
    """Add up to ``amount`` goods where there is room (a 掌柜's pack or the warehouse); returns how many fitted."""
    player = state.players[seat]
    if to == "warehouse":
        fit = min(amount, state.warehouse_room(seat))
        store = player.warehouse
    else:
        fit = min(amount, state.backpack_room(seat, good))
        store = player.packs[state.pack_index(manager)]
    if fit > 0:
        # ``get``: a Counter's missing key would run its interpreted ``__missing__``
        store[good] = store.get(good, 0) + fit
    return fit


def remove_good(counter, good: str, amount: int = 1) -> None:
    left = counter.get(good, 0) - amount
    if left <= 0:
        counter.pop(good, None)  # ``dict.pop`` in C: a Counter's ``del`` runs an interpreted ``__delitem__``
    else:
        counter[good] = left


def draw_grace(state: MingchuState, seat: int, amount: int = 1) -> None:
    """Draw 皇恩卡, reshuffling the discards when the deck runs out."""
    for _ in range(amount):
        if not state.grace_deck and state.grace_discard:
            state.grace_deck = list(state.grace_discard)
            state.grace_discard = []
            state.grace_deck = reshuffle(state, "皇恩", state.grace_deck)
        if not state.grace_deck:
            return
        card = state.grace_deck.pop()
        state.players[seat].grace_cards.append(card)
        state.record(card, "皇恩", seat, "drawn")


def draw_retainer(state: MingchuState) -> str | None:
    """Top card of the 门客 deck, reshuffling the discards when needed (M49)."""
    if not state.retainer_deck and state.retainer_discard:
        state.retainer_deck = list(state.retainer_discard)
        state.retainer_discard = []
        state.retainer_deck = reshuffle(state, "门客", state.retainer_deck)
    if not state.retainer_deck:
        return None
    card = state.retainer_deck.pop()
    state.record(card, "门客", -1, "drawn")
    return card


def worker_step_cost(state: MingchuState, seat: int) -> int | None:
    """Coins for the next 伙计人数轨 space, None at the end of the track."""
    costs = state.topo.worker_costs
    nxt = state.players[seat].worker_pos + 1
    if nxt >= len(costs):
        return None
    return max(0, costs[nxt] - modifier_total(state, seat, DISCOUNT, action="hire"))
