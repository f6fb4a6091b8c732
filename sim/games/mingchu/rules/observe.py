"""What one seat sees of a 明初商途 game, and full states consistent with it (for search bots).

Public (rules text and components): the board, every player's coins, 伙计, goods, 恩义 markers,
掌柜, industries, 驿道, 门客 and score cards, the personal orders ("visible to all", M34), the
reward cards taken (they lie face up with the public orders until taken), the face-up rows and
discard piles, the current and the next event, the war markers once revealed.
Hidden from the other seats: the 皇恩卡 in a hand (the deck is "暗置"; only their number shows)
and the side of this settlement's war commitments ("暗中决定"; how many markers shows in the
supplies and coins); a 皇恩卡 traded or offered between two other seats (the two parties show it to
each other only). Hidden from everyone: the order of every face-down deck (events, orders,
rewards, 门客, 皇恩) and which events the current period's deck holds, and the rng of later draws.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from .setup import expand
from .state import MingchuObservation, MingchuState
from .trade import mask_offers, seat_trades, shown_cards, unmask_offers

EVENTS, RETAINERS, GRACE = "事件", "门客", "皇恩"


def _event_pool(state: MingchuState) -> list[str]:
    """Normal events of the current period not yet seen in it: what the event deck may hold."""
    normal = [c for c in state.params.cards.事件 if c.shuffled_in(state.period, state.war_winner)]
    seen = Counter(
        e["card_id"]
        for e in state.log
        if e["deck"] == EVENTS and e["kind"] == "drawn" and e["period"] == state.period
    )
    return sorted((Counter(expand(normal)) - seen).elements())


def _grace_pool(state: MingchuState, seat: int) -> list[str]:
    """皇恩卡 that are neither face up in the discards nor in ``seat``'s hand: the deck, others' hands,
    and the ones banked under a 掌柜板."""
    known = Counter(state.grace_discard) + Counter(state.players[seat].grace_cards)
    return sorted((Counter(expand(state.params.cards.皇恩)) - known).elements())


def _decks(state: MingchuState) -> dict[str, list[str] | tuple[str, ...]]:
    """Every face-down deck by name (the lists themselves, to read or to clear)."""
    decks = {EVENTS: state.event_deck, RETAINERS: state.retainer_deck, GRACE: state.grace_deck}
    decks.update((f"订单:{name}", deck) for name, deck in state.order_decks.items())
    decks.update((f"奖励:{tier}", deck) for tier, deck in state.reward_decks.items())
    return decks


def observation(state: MingchuState, seat: int) -> MingchuObservation:
    public = state.clone()
    public.rng = None  # later draws are hidden too
    public.price_cache = public.route_cache = public.board_cache = (
        None  # derived; filled differently by different histories
    )
    decks = _decks(public)
    unseen = {name: sorted(deck) for name, deck in decks.items()}
    unseen[EVENTS] = _event_pool(state)
    unseen[GRACE] = _grace_pool(state, seat)
    sizes = tuple((name, len(deck)) for name, deck in decks.items())
    for deck in decks.values():
        deck.clear()
    for other, player in enumerate(public.players):
        if other != seat:
            player.grace_cards = []
            public.war_secret[other] = [0, 0]
    public.log = [
        e for e in public.log if not (e["deck"] == GRACE and e["kind"] == "drawn" and e["seat"] != seat)
    ]
    public.trades = seat_trades(public.trades, seat)
    mask_offers(public, seat)
    return MingchuObservation(
        seat=seat,
        public=public,
        hand_sizes=tuple(len(p.grace_cards) for p in state.players),
        war_committed=tuple(sum(w) for w in state.war_secret),
        deck_sizes=sizes,
        unseen=tuple((name, tuple(cards)) for name, cards in unseen.items()),
    )


def determinize(obs: MingchuObservation, rng: np.random.Generator) -> MingchuState:
    """Deal the unseen cards back at random: decks, others' 皇恩卡, the side of others' commitments."""
    state = obs.public.clone()
    unseen = dict(obs.unseen)
    sizes = dict(obs.deck_sizes)

    def shuffled(cards) -> list[str]:
        return [cards[i] for i in rng.permutation(len(cards))]

    decks = _decks(state)
    for name, deck in decks.items():
        if name in (EVENTS, GRACE):
            continue
        deck.extend(shuffled(unseen[name]))
    if sizes[EVENTS]:  # the period's final event lies at the bottom (M02/M58), known to all
        final = state.params.setup.hongwu_final_event
        if state.period == "后期":
            final = state.params.setup.later_final_event
        decks[EVENTS].extend([final, *shuffled(unseen[EVENTS])[: sizes[EVENTS] - 1]])
    grace = shuffled(unseen[GRACE])
    shown = shown_cards(state, obs.seat)  # a card offered to the seat is in the offerer's hand
    for cards in shown.values():
        for card in cards:
            grace.remove(card)
    for other, player in enumerate(state.players):
        if other != obs.seat:
            known = shown.get(other, [])
            player.grace_cards = [*known, *(grace.pop() for _ in range(obs.hand_sizes[other] - len(known)))]
            if obs.war_committed[other]:
                side = int(rng.integers(2))
                state.war_secret[other][side] = obs.war_committed[other]
    decks[GRACE].extend(grace[: sizes[GRACE]])  # the rest are the banked ones
    unmask_offers(state)
    state.rng = np.random.default_rng(rng.integers(2**63))
    return state
