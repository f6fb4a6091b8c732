"""The ``trade_offer`` options, made on demand (``trade.OfferList``), are the offers the rules allow.

The reference below lists every offer directly from the position (what each side holds, the rules'
limits, what each side's markers may go to); the lazy list must equal it item by item, in order, on
every offer decision of several random games, and ``in`` must agree with it for listed offers and
for near misses (one amount off, another partner, a card the offerer does not hold)."""

from __future__ import annotations

import numpy as np

from sim.core.lazy_list import LazyList
from sim.core.play import setup_rng
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.economy import can_give_favor
from sim.games.mingchu.rules.trade import Offer, OfferList

from .helpers import PARAMS, RULES


def _room(state, payer: int, receiver: int) -> int:
    most = state.params.rules.trade_max_favor
    return max((k for k in range(most + 1) if can_give_favor(state, payer, (receiver,) * k)), default=0)


def _reference(state, seat: int) -> list:
    """Every offer, partner by partner: card for coins, card for markers, markers for coins, coins for
    markers, then Done."""
    rules = state.params.rules
    me = state.players[seat]
    listed: list = []
    for to in range(state.n):
        if to == seat:
            continue
        their_coins = range(1, min(state.players[to].coins, rules.trade_max_coins) + 1)
        my_coins = range(1, min(me.coins, rules.trade_max_coins) + 1)
        mine, theirs = _room(state, seat, to), _room(state, to, seat)
        for card in sorted(set(me.grace_cards)):
            listed += [Offer(to, card=card, want_coins=c) for c in their_coins]
            listed += [Offer(to, card=card, want_favor=k) for k in range(1, theirs + 1)]
        listed += [Offer(to, favor=k, want_coins=c) for k in range(1, mine + 1) for c in their_coins]
        listed += [Offer(to, coins=c, want_favor=k) for c in my_coins for k in range(1, theirs + 1)]
    return [*listed, A.Done()]


def _near_misses(offer: Offer, n: int) -> list[Offer]:
    fields = ("to", "coins", "favor", "want_coins", "want_favor")
    misses = []
    for name in fields:
        for delta in (-1, 1):
            values = {f: getattr(offer, f) for f in fields} | {"card": offer.card}
            values[name] += delta
            if name != "to" or 0 <= values["to"] < n:
                misses.append(Offer(**values))
    misses.append(Offer(offer.to, card="not-a-card", want_coins=1))
    return misses


def test_the_offer_list_is_every_allowed_offer_in_order():
    decisions = 0
    for seed in range(4):
        state = RULES.initial_state(PARAMS, 4 + seed % 2, setup_rng(seed))
        rng = np.random.default_rng(seed)
        while not RULES.is_terminal(state):
            legal = RULES.legal_actions(state)
            if state.pending.next.kind == "trade_offer":
                decisions += 1
                assert isinstance(legal, LazyList) and isinstance(legal.maker, OfferList)
                expected = _reference(state, state.pending.next.seat)
                assert len(legal) == len(expected)
                fresh = RULES.legal_actions(state)
                assert [fresh[i] for i in range(len(fresh))] == expected  # indexed one by one
                assert list(legal) == expected and legal == expected
                assert fresh[-1] == A.Done() and A.Done() in fresh
                listed = set(expected)
                for offer in expected[:-1:7]:
                    assert offer in RULES.legal_actions(state)
                    for miss in _near_misses(offer, state.n):
                        assert (miss in RULES.legal_actions(state)) == (miss in listed), miss
            RULES.apply(state, legal[int(rng.integers(len(legal)))])
    assert decisions > 20
