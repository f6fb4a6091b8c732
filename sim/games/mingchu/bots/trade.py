"""How the heuristic bots trade (M40): one valuation, shared by every personality.

A bot values what it gives and what it gets in coins, with the values the bots already play by
(``bot_values``): a coin is a coin; a 皇恩卡 is worth the most of what it does now
(``usable_value``), half of what it could do later (``CARD_KEEP`` x ``effects_value``), what it
costs a rival when played on them (target ``any``), and what discarding it gives (``DISCARD``); a
marker its owner gets back is worth the coin-and-a-quarter a marker handed over costs
(``_FAVOR_PRICE``), another player's marker ``HELD_MARKER``.

Offering: once per turn or production step (while ``ProposeTrade`` is offered) the bot looks at
every offer it may make and keeps the fairest one that gains both sides something by that same
valuation of the partner's position (public: the partner's coins, markers, 掌柜 and industries;
the card is the bot's own): the largest smaller gain, so the price splits the difference.
Answering: accept exactly when the bot's own valuation says it gains.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Final

from ..rules import actions as A
from ..rules.effect_kinds import KINDS, RIVAL_WEIGHT, effects_value, usable_value
from ..rules.state import MingchuState
from ..rules.trade import Accept, Offer, ProposeTrade, Refuse, favor_room, offers_made
from .reads import _FAVOR_PRICE, Context

CARD_KEEP: Final = 0.5
"""A 皇恩卡 that cannot be used now may be later: half the worth of its effects."""
DISCARD: Final = 0.5
"""A 皇恩卡 discarded gives a marker in hand, which buys a 伙计 (``_WORKER_PRICE``) (M29)."""
HELD_MARKER: Final = 1.0
"""Another player's marker: pays a use of their (or a third player's) 驿道 or industry in place of
an own marker, or counts in the war."""
OFFER_VALUE: Final = 55.0
"""``ProposeTrade``'s value when a good offer is ready: taken before the turn's moves and sales
change what the offer was worked out from."""
DECISIONS = ("trade_offer", "trade_answer")
"""The decision kinds ``choose`` answers."""


def card_worth(state: MingchuState, seat: int, card: str, coins: int = 0) -> float:
    """What the 皇恩卡 ``card`` is worth to ``seat`` in its hand, in coins, once its coins have
    changed by ``coins`` (a buyer who pays may no longer afford the build a card discounts)."""
    info = state.topo.grace[card]
    player = state.players[seat]
    player.coins += coins  # read as after the trade; put back below
    try:
        usable = usable_value(state, seat, info.effects)
        full = effects_value(info.effects, state, seat)
        worth = max(usable, CARD_KEEP * full)
        if info.target == "any":
            worth = max(worth, -RIVAL_WEIGHT * full)
    finally:
        player.coins -= coins
    return max(worth, DISCARD)


def reads_coins(effects) -> bool:
    """Whether ``card_worth`` of these effects depends on the holder's coins: only a free build or
    驿道 (affordable or not, ``usable_value``) and an ``if`` (its condition) read them."""
    return any(KINDS[eff.effect].reads_coins for eff in effects)


def _markers(state: MingchuState, giver: int, receiver: int, count: int) -> tuple[float, float]:
    """(cost to ``giver``, worth to ``receiver``) of ``count`` markers paid as every 恩义 payment is:
    the receiver's own back first, then (when the rules say so) third players' held ones, else own."""
    if not count:
        return 0.0, 0.0
    return _marker_prices(_marker_sources(state, giver, receiver), count)


def _marker_sources(state: MingchuState, giver: int, receiver: int) -> tuple[int, int]:
    """(the receiver's own markers the giver holds, third players' markers it pays with first)."""
    held = state.players[giver].held
    thirds = sum(held) - held[giver] - held[receiver]
    if not state.topo.pay_favor_with_held_first:
        thirds = 0
    return held[receiver], thirds


def _marker_prices(sources: tuple[int, int], count: int) -> tuple[float, float]:
    """``_markers`` of ``count`` markers from the giver's ``_marker_sources``."""
    held_back, thirds = sources
    back = min(count, held_back)
    third = min(count - back, thirds)
    own = count - back - third
    cost = HELD_MARKER * (back + third) + _FAVOR_PRICE * own
    return cost, _FAVOR_PRICE * back + HELD_MARKER * (third + own)


def gains(state: MingchuState, offerer: int, offer: Offer, worth: dict | None = None) -> tuple[float, float]:
    """(offerer's gain, partner's gain) of ``offer`` by the shared valuation; ``worth`` caches
    ``card_worth`` by (seat, card, change of coins)."""
    worth = {} if worth is None else worth
    to = offer.to

    def card(seat: int, coins: int) -> float:
        if coins and not reads_coins(state.topo.grace[offer.card].effects):
            coins = 0  # the same worth whatever the coins
        key = (seat, offer.card, coins)
        if key not in worth:
            worth[key] = card_worth(state, seat, offer.card, coins)
        return worth[key]

    give_cost, give_worth = _markers(state, offerer, to, offer.favor)
    want_cost, want_worth = _markers(state, to, offerer, offer.want_favor)
    mine = offer.want_coins + want_worth - offer.coins - give_cost
    theirs = offer.coins + give_worth - offer.want_coins - want_cost
    if offer.card:
        mine -= card(offerer, 0)
        theirs += card(to, offer.coins - offer.want_coins)  # the card as the partner holds it after
    return mine, theirs


def best_offer(state: MingchuState, seat: int) -> Offer | None:
    """The offer whose smaller gain is largest, among those that gain both sides something: per
    partner, each card or amount of markers against coins at the fair price (the whole coins nearest
    the middle of what the seller loses and the buyer gains), and each card against markers, in that
    order (the first of equals wins). One loop, not a generator of candidates: an offer is only
    made once it beats the best so far."""
    rules = state.params.rules
    me = state.players[seat]
    worth: dict = {}  # ``card_worth`` by (seat, card, change of coins), as ``gains`` reads it
    cards = sorted(set(me.grace_cards))
    lows: dict[str, float] = {}  # each card's worth to the seat, the same for every partner
    for card in cards:
        lows[card] = worth[seat, card, 0] = card_worth(state, seat, card)
    best: Offer | None = None
    best_key = 0.0
    for to in range(state.n):
        if to == seat:
            continue
        ask_most = min(state.players[to].coins, rules.trade_max_coins)
        pay_most = min(me.coins, rules.trade_max_coins)
        buy = _markers_may_gain(state, to, seat)  # markers from the partner may be worth more than cost
        asked: list[tuple[float, float]] = []  # (their cost, my worth) of 1, 2, ... markers from them
        if cards or buy:
            sources = _marker_sources(state, to, seat)
            asked = [_marker_prices(sources, k) for k in range(1, favor_room(state, to, seat) + 1)]
        for card in cards:
            low = lows[card]
            high = worth[to, card, 0] = card_worth(state, to, card)
            for coins, _ in _fair(low, high, ask_most):  # checked as the buyer holds it, having paid
                offer = Offer(to, card=card, want_coins=coins)
                key = min(gains(state, seat, offer, worth))
                if key > best_key:
                    best, best_key = offer, key
            for k in range(len(asked)):
                cost, worth_k = asked[k]
                key = min(worth_k - low, high - cost)
                if key > best_key:  # only offers that gain both sides are listed
                    best, best_key = Offer(to, card=card, want_favor=k + 1), key
        if _markers_may_gain(state, seat, to):
            sources = _marker_sources(state, seat, to)
            for k in range(1, favor_room(state, seat, to) + 1):
                low, high = _marker_prices(sources, k)
                for coins, key in _fair(low, high, ask_most):
                    if key > best_key:
                        best, best_key = Offer(to, favor=k, want_coins=coins), key
        if buy:
            for k in range(len(asked)):
                cost, worth_k = asked[k]
                for coins, key in _fair(cost, worth_k, pay_most):
                    if key > best_key:
                        best, best_key = Offer(to, coins=coins, want_favor=k + 1), key
    return best


def _markers_may_gain(state: MingchuState, giver: int, receiver: int) -> bool:
    """Whether some count of markers from ``giver`` may be worth more to ``receiver`` than it costs
    the giver (``_markers``), the one way a sale of markers for coins gains both sides: only the
    receiver's own markers handed back are (each worth ``_FAVOR_PRICE`` to it and ``HELD_MARKER`` to
    the giver); a third player's marker is worth as much to both, a giver's own costs it more."""
    if _FAVOR_PRICE < HELD_MARKER:
        return True  # (not with the prices above) an own marker would gain the receiver more
    return state.players[giver].held[receiver] > 0


def _fair(low: float, high: float, most: int) -> list[tuple[int, float]]:
    """(coins, smaller gain) of the whole prices from 1 to ``most`` nearest the middle of ``low``
    (what the seller gives up) and ``high`` (what the buyer gets) that gain both sides."""
    if high - low <= 0:
        return []
    half = (low + high) / 2
    fair = []
    below, above = math.floor(half), math.ceil(half)
    for c in (below,) if above == below else (below, above):
        if 1 <= c <= most and low < c < high:
            fair.append((c, min(c - low, high - c)))
    return fair


def propose_value(bot: Any, state: MingchuState, action: ProposeTrade, context: Context) -> float:
    """Open a trade when a good offer is ready (worked out once per turn / production step)."""
    key = (state.round, state.stage, state.step, offers_made(state))
    plan: tuple = bot._trade_plan
    if not plan or plan[0] != key:
        plan = bot._trade_plan = (key, best_offer(state, bot.seat))
    return OFFER_VALUE if plan[1] is not None else -10.0


def choose(bot: Any, state: MingchuState, legal: Sequence[Any]) -> Any:
    """The planned offer (or ``Done``); accept an offer exactly when it gains the bot something.
    ``legal``: the decision's options as the engine lists them (``trade.offers``: its ``OfferList`` answers
    ``in`` without making the offers)."""
    decision = state.decision()
    if decision.kind == "trade_offer":
        plan = bot._trade_plan[1] if bot._trade_plan else None
        return plan if plan in legal else A.Done()
    offerer, offer = decision.data
    return Accept() if gains(state, offerer, offer)[1] > 0 else Refuse()
