"""The laws a 明初商途 state keeps after every action (``MingchuGame.invariants``, run by ``sim check``).

Each check names what broke: stocks never negative, capacities kept, every card of a deck
somewhere (deck, rows, hands, discards, delivered, out of play), each player's 40 恩义 markers
all accounted for, two 掌柜 per player, industries and 驿道 where they may stand, open trade offers
payable by both sides (``trade.trade_laws``; a trade moves coins, cards and markers between two
seats, so the card and marker counts above hold across it).
"""

from __future__ import annotations

from collections import Counter

from .setup import expand
from .state import OFFICIAL, MingchuState
from .trade import trade_laws

MANAGERS = 2
"""掌柜 per player (the setup places two rounds of them, M11)."""


def _stocks(state: MingchuState) -> list[str]:
    problems = []
    rules = state.params.rules
    goods = state.topo.goods
    for seat, p in enumerate(state.players):
        for name in ("coins", "workers", "supply", "hand", "loans", "permits", "bonus_moves", "worker_pos"):
            if getattr(p, name) < 0:
                problems.append(f"seat {seat}: negative {name} {getattr(p, name)}")
        if min(p.held, default=0) < 0:
            problems.append(f"seat {seat}: negative held markers {p.held}")
        for where, store in (
            *((f"pack {i}", pack) for i, pack in enumerate(p.packs)),
            ("warehouse", p.warehouse),
        ):
            bad = {g: k for g, k in store.items() if k <= 0 or g not in goods}
            if bad:
                problems.append(f"seat {seat}: {where} holds {bad}")
        horses = sum(k for pack in p.packs for g, k in pack.items() if goods[g].horse_slot)
        plain = p.goods_total() - horses
        if plain + max(0, horses - rules.horse_slots) > rules.backpack_slots:
            problems.append(f"seat {seat}: {p.goods_total()} goods in a {rules.backpack_slots}-slot backpack")
        if sum(p.warehouse.values()) > rules.warehouse_capacity:
            problems.append(
                f"seat {seat}: warehouse over capacity {rules.warehouse_capacity}: {dict(p.warehouse)}"
            )
        if rules.backpack == "shared" and p.packs[1]:
            problems.append(f"seat {seat}: goods in a second pack with a shared backpack")
        if p.worker_pos >= len(state.params.worker_track):
            problems.append(f"seat {seat}: 伙计人数轨 beyond its end ({p.worker_pos})")
        if p.loans > p.loans_taken:
            problems.append(f"seat {seat}: {p.loans} loans but only {p.loans_taken} taken")
    return problems


def _markers(state: MingchuState) -> list[str]:
    """M66: supply + hand + held by others + on the board + on event / war cards = the start count."""
    problems = []
    war_on_card = state.period != "后期"  # enter_later returns them to supply (M57)
    for seat, p in enumerate(state.players):
        placed = (
            sum(1 for ind in state.industries.values() if ind.owner == seat)
            + sum(1 for ind in state.industries.values() if ind.upgraded_by == seat)
            + sum(1 for owner in state.yidao.values() if owner == seat)
            + state.event_markers.count(seat)
            + sum(state.war_secret[seat])
            + (sum(p.war) if war_on_card else 0)
        )
        held = sum(q.held[seat] for q in state.players)
        total = p.supply + p.hand + held + placed
        if total != state.params.start.favor_markers:
            problems.append(
                f"seat {seat}: 恩义 markers not conserved: {total} (supply {p.supply}, hand {p.hand}, "
                f"held by others {held}, placed {placed}), not {state.params.start.favor_markers}"
            )
    return problems


def _conserved(deck: str, found: list, built: list) -> list[str]:
    have, want = Counter(found), Counter(built)
    if have == want:
        return []
    return [f"{deck} cards not conserved: extra {dict(have - want)}, missing {dict(want - have)}"]


def _cards(state: MingchuState) -> list[str]:
    cards = state.params.cards
    players = state.players
    removed = state.removed
    problems: list[str] = []
    columns = [c for c in state.draft_columns if c is not None]
    problems += _conserved(
        "门客",
        state.retainer_deck
        + state.retainer_discard
        + state.retainer_row
        + [r for r, _ in columns if r]
        + [c for p in players for c in p.retainers],
        expand(cards.门客),
    )
    orders = [k for deck in state.order_decks.values() for k in deck]
    orders += [o.order for o in state.public_orders]
    orders += [p.personal_order for p in players if p.personal_order is not None]
    orders += [k for p in players for k in p.completed] + removed.get("订单", [])
    problems += _conserved("订单", orders, list(state.order_card))
    rewards = [c for deck in state.reward_decks.values() for c in deck]
    rewards += [o.reward for o in state.public_orders if o.reward is not None]
    rewards += [c for p in players for c in p.reward_cards] + removed.get("奖励", [])
    problems += _conserved("奖励", rewards, expand(cards.下赏) + expand(cards.上赏))
    grace = Counter(state.grace_deck + state.grace_discard + [c for p in players for c in p.grace_cards])
    full = Counter(expand(cards.皇恩))
    banked = sum(p.banked_cards for p in players)
    if grace - full or grace.total() + banked != full.total():
        problems.append(f"皇恩 cards not conserved: {grace.total()} + {banked} banked of {full.total()}")
    for deck, row, held, size in (
        ("皇恩计分", state.score_row, "score_cards", state.n + state.params.setup.score_cards_extra),
        ("天威", state.tianwei_row, "tianwei", state.n),
    ):
        found = Counter(row + [c for p in players for c in getattr(p, held)])
        built = Counter(expand(getattr(cards, deck)))
        if found - built or found.total() != min(size, built.total()):
            problems.append(f"{deck} cards not conserved: {sorted(found.elements())}")
    events = Counter(state.event_deck + [e for e in (state.current_event, state.next_event) if e])
    if events - Counter(expand(cards.事件)):
        problems.append(f"事件 cards beyond their copies: {dict(events - Counter(expand(cards.事件)))}")
    finals = (state.params.setup.hongwu_final_event, state.params.setup.later_final_event)
    if state.event_deck and state.event_deck[0] not in finals:
        problems.append(f"the event deck's bottom card {state.event_deck[0]} is not the period's final event")
    return problems


def _board(state: MingchuState) -> list[str]:
    problems = []
    topo = state.topo
    owners = range(state.n)
    for place, ind in state.industries.items():
        site = topo.site[place]
        if site is None:
            problems.append(f"an industry at {topo.places[place]}, which has no site")
            continue
        if ind.owner not in owners and ind.owner != OFFICIAL:
            problems.append(f"industry at {topo.places[place]} owned by {ind.owner}")
        if ind.stored not in (None, site.good):
            problems.append(f"{ind.stored} stored at the {site.good} industry of {topo.places[place]}")
    for road, owner in state.yidao.items():
        if topo.roads[road].kind == "water" or (owner not in owners and owner != OFFICIAL):
            problems.append(f"a 驿道 of {owner} on road {topo.roads[road].id}")
    placing = state.stage in ("draft", "place")
    for seat, p in enumerate(state.players):
        if len(p.managers) > MANAGERS or (not placing and len(p.managers) != MANAGERS):
            problems.append(f"seat {seat} has {len(p.managers)} 掌柜")
        if any(not 0 <= at < len(topo.places) for at in p.managers):
            problems.append(f"seat {seat}: a 掌柜 off the map {p.managers}")
        if len(p.packs) != MANAGERS:
            problems.append(f"seat {seat} has {len(p.packs)} packs")
    if not state.terminal and not state.pending:
        problems.append("the game waits with no open decision")
    if any(not 0 <= d.seat < state.n for d in state.pending):
        problems.append(f"a decision for a seat that does not exist: {state.pending}")
    return problems


def invariants(state: MingchuState) -> list[str]:
    return [*_stocks(state), *_markers(state), *_cards(state), *_board(state), *trade_laws(state)]
