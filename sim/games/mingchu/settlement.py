"""Settlement phase (M42-M51) and the card pickers it and the income track share (M55, M69)."""

from __future__ import annotations

from itertools import combinations

from sim.games.mingchu import actions as A
from sim.games.mingchu.economy import add_goods, draw_retainer, pay_coins, remove_good, return_marker
from sim.games.mingchu.effects import condition_met
from sim.games.mingchu.modifiers import modifier_total
from sim.games.mingchu.setup import reveal_next_event
from sim.games.mingchu.state import SIDES, MingchuState

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


def legal_war(state: MingchuState, seat: int) -> list:
    player = state.players[seat]
    legal: list = []
    coins_per = state.params.rules.war_coins_per_marker
    secret = state.war_secret[seat]
    backed = [side for i, side in enumerate(SIDES) if secret[i] > 0]
    for side in backed or SIDES:  # "将其中一个官府标记...拿在一起": one side per reveal
        if player.hand > 0:
            legal.append(A.WarCommit(side, "favor", seat))
        if player.supply > 0:
            legal.extend(
                A.WarCommit(side, "favor", q) for q in range(state.n) if q != seat and player.held[q] > 0
            )
        if player.supply > 0 and player.coins >= coins_per:
            legal.append(A.WarCommit(side, "coins"))
    return [*legal, A.Done()]


def apply_war(state: MingchuState, seat: int, action) -> None:
    """Commit secretly: own markers in hand go on the card; others' go home and own supply replaces them."""
    if isinstance(action, A.Done):
        state.pending.pop()
        state.step += 1
        return
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
            0, state.params.loans.interest - modifier_total(state, seat, "discount", action="loan_interest")
        )
        if player.loans and rate:
            pay_coins(state, seat, rate * player.loans)


def legal_repay(state: MingchuState, seat: int) -> list:
    player = state.players[seat]
    legal = [A.RepayLoan()] if player.loans and player.coins >= state.params.loans.repay else []
    return [*legal, A.Done()]


def apply_repay(state: MingchuState, seat: int, action) -> None:
    if isinstance(action, A.Done):
        state.pending.pop()
        state.step += 1
        return
    player = state.players[seat]
    player.coins -= state.params.loans.repay
    player.loans -= 1


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


def legal_buyback(state: MingchuState, seat: int) -> list:
    if state.players[seat].coins < 1:
        return [A.Done()]
    holders = [q for q in range(state.n) if q != seat and state.players[q].held[seat] > 0]
    return [*(A.BuyBack(q) for q in holders), A.Done()]


def apply_buyback(state: MingchuState, seat: int, action) -> None:
    """M50: 1 coin to the holder per own marker bought back (it returns to supply)."""
    if isinstance(action, A.Done):
        state.pending.pop()
        state.step += 1
        return
    state.players[seat].coins -= 1
    state.players[action.holder].coins += 1
    return_marker(state, action.holder, seat)


# --- card pickers -------------------------------------------------------------------------------


def legal_pick_retainer(state: MingchuState, seat: int) -> list:
    """M69: a face-up 门客, a blind draw, or pay to refresh the row once."""
    legal: list = [A.PickRetainer(c) for c in sorted(set(state.retainer_row))]
    if state.retainer_deck or state.retainer_discard:
        legal.append(A.PickRetainer(""))
        refreshed = state.decision().data.get("refreshed", False)
        if not refreshed and state.players[seat].coins >= state.params.rules.retainer_refresh_cost:
            row = range(len(state.retainer_row))
            legal.extend(A.RefreshRetainers(slots) for k in row for slots in combinations(row, k + 1))
    return legal or [A.Done()]


def apply_pick_retainer(state: MingchuState, seat: int, action) -> None:
    if isinstance(action, A.RefreshRetainers):
        state.players[seat].coins -= state.params.rules.retainer_refresh_cost
        state.decision().data["refreshed"] = True
        for slot in action.slots:
            state.retainer_discard.append(state.retainer_row[slot])
            state.retainer_row[slot] = draw_retainer(state)
        state.retainer_row = [c for c in state.retainer_row if c is not None]
        return
    state.pending.pop()
    if isinstance(action, A.Done):
        return
    if action.card:
        state.retainer_row.remove(action.card)
        card = action.card
        new = draw_retainer(state)
        if new is not None:
            state.retainer_row.append(new)
    else:
        card = draw_retainer(state)
    if card is not None:
        state.players[seat].retainers.append(card)
        state.record(card, "门客", seat, "taken")


def legal_card_goods(state: MingchuState, seat: int) -> list:
    """A card's goods: which 掌柜 takes each one (or drop it when the board is full)."""
    good = state.decision().data["good"]
    managers = range(len(state.players[seat].packs))  # both 掌柜, placed or not yet (family goods)
    legal = [A.GoodTo("backpack", m) for m in managers] if state.backpack_room(seat, good) else []
    return [*legal, A.GoodTo("discard")]


def apply_card_goods(state: MingchuState, seat: int, action) -> None:
    data = state.decision().data
    if action.dest == "backpack":
        add_goods(state, seat, data["good"], 1, manager=action.manager)
    data["left"] -= 1
    if data["left"] <= 0:
        state.pending.pop()


def legal_pick_card(state: MingchuState, seat: int, row: list[str]) -> list:
    return [A.PickCard(c) for c in sorted(set(row))] or [A.Done()]


def apply_pick_card(state: MingchuState, seat: int, action, row: list[str], deck: str) -> None:
    state.pending.pop()
    if isinstance(action, A.PickCard):
        row.remove(action.card)
        target = state.players[seat].score_cards if deck == "皇恩计分" else state.players[seat].tianwei
        target.append(action.card)
        state.record(action.card, deck, seat, "taken")
