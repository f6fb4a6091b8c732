"""Trading between players (M40, M75): coins, 皇恩卡 and 恩义 markers, offered and accepted.

"与其他玩家交易：你可以随时与其他玩家进行铜币、皇恩卡、恩义标记交易。" An offer is made where the
engine offers the other "at any time" actions (own turn, own production step): ``ProposeTrade``
(at most ``rules.trade_offers_per_turn`` per turn or production step) opens the offerer's
``trade_offer`` decision, whose options are the offers (``Offer``) and ``Done`` (no offer after
all); an offer opens the receiver's ``trade_answer`` decision (``Accept`` / ``Refuse``).

An offer gives one thing and asks for another: a 皇恩卡 from the offerer's hand (named: the two
parties show each other what they trade) for coins or 恩义 markers, markers for coins, or coins
for markers. 恩义 moves as every 恩义 payment does (``economy.give_favor``: the receiver's own
markers go back first, M21), so giving one's own marker is an IOU that costs 1 VP at the end
unless bought back (M50, M64). A player cannot ask for a 皇恩卡: the hand is hidden. Coin amounts
run up to ``rules.trade_max_coins``, marker counts up to ``rules.trade_max_favor``.

Rows of the ``trades`` event table (``TRADE_COLUMNS``) are kept in ``state.trades``; a third seat
sees a traded card only as ``HIDDEN_CARD`` (``seat_trades``, ``mask_offers``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.core.decisions import Decision, DecisionKind
from sim.core.game import ActionKind
from sim.core.lazy_list import LazyList

from ..texts import said
from . import actions as A
from .economy import can_give_favor, give_favor, note_flow
from .kinds import decision_kind, seat_to_act, who
from .state import TRADE_CARD, TRADE_COINS, TRADE_FAVOR, MingchuState

HIDDEN_CARD = "?"
"""A traded 皇恩卡 as a seat outside the trade sees it (in ``state.trades`` and an open offer)."""

TRADE_COLUMNS: dict[str, str] = {
    "round": "int64",
    "seat": "int64",
    "partner": "int64",
    "kind": "string",
    "coins": "int64",
    "card": "string",
    "favor": "int64",
    "partner_coins": "int64",
    "partner_favor": "int64",
}
"""The ``trades`` event table: the offering ``seat``, the ``partner`` it asked, ``kind`` (accepted
or refused), what the seat gave (coins, a 皇恩卡 id or "", 恩义 markers) and what the partner gave."""


@dataclass(frozen=True)
class ProposeTrade:
    """Open an offer to another player (counts against ``rules.trade_offers_per_turn``)."""


_PROPOSE = A.made(ProposeTrade)
"""The one ``ProposeTrade`` record the legal lists hold."""


@dataclass(frozen=True)
class Offer:
    """Give ``coins``, the 皇恩卡 ``card`` ("" = none) and ``favor`` markers to ``to``, for
    ``want_coins`` coins and ``want_favor`` markers from them."""

    to: int
    coins: int = 0
    card: str = ""
    favor: int = 0
    want_coins: int = 0
    want_favor: int = 0


@dataclass(frozen=True)
class Accept:
    """Take the open offer."""


@dataclass(frozen=True)
class Refuse:
    """Turn the open offer down."""


def _turn_key(state: MingchuState) -> tuple[int, str, int]:
    """The turn or production step offers are counted in."""
    return (state.round, state.stage, state.step)


def offers_made(state: MingchuState) -> int:
    """Offers made so far in the current turn or production step."""
    count = state.trade_count  # compared field by field: no key tuple per legal list
    if count[0] == state.round and count[2] == state.step and count[1] == state.stage:
        return count[3]
    return 0


def favor_room(state: MingchuState, payer: int, receiver: int) -> int:
    """How many markers (up to ``rules.trade_max_favor``) ``payer`` can hand ``receiver``."""
    most = state.params.rules.trade_max_favor
    while most and not can_give_favor(state, payer, (receiver,) * most):
        most -= 1
    return most


_OFFERS: dict[tuple[int, int, str, int, int, int], Offer] = {}


def _offer(to: int, coins: int, card: str, favor: int, want_coins: int, want_favor: int) -> Offer:
    """The ``Offer`` record (frozen, so one per content is shared: the offer lists are long)."""
    key = (to, coins, card, favor, want_coins, want_favor)
    offer = _OFFERS.get(key)
    if offer is None:
        offer = _OFFERS[key] = Offer(*key)
    return offer


def offers(state: MingchuState, seat: int) -> LazyList:
    """Every offer ``seat`` may make, partner by partner: each 皇恩卡 for coins or markers, markers
    for coins, coins for markers (amounts the giver has, up to the rules' limits), then ``Done``."""
    rules = state.params.rules
    me = state.players[seat]
    cards = tuple(sorted(set(me.grace_cards)))
    my_coins = min(me.coins, rules.trade_max_coins)
    blocks: list[tuple[int, int, int, int, int]] = []
    for to in range(state.n):
        if to == seat:
            continue
        their_coins = min(state.players[to].coins, rules.trade_max_coins)
        mine, theirs = favor_room(state, seat, to), favor_room(state, to, seat)
        blocks.append((to, their_coins, theirs, mine, my_coins))
    listed = OfferList(cards, blocks)
    return LazyList(listed, listed.total)


def _block_size(cards: int, block: tuple[int, int, int, int, int]) -> int:
    _, their_coins, theirs, mine, my_coins = block
    return cards * (their_coins + theirs) + mine * their_coins + my_coins * theirs


class OfferList:
    """One ``trade_offer`` decision's options for a ``LazyList`` (``offers``): the offers partner by
    partner, then ``Done``.

    Only the amounts each partner's offers range over are read when the list is made; an offer is
    made when asked for, so a random pick (``legal[rng.integers(len(legal))]``) does not build the
    others (a list has about 170), and ``in`` is answered without them."""

    __slots__ = ("cards", "blocks", "sizes", "total")

    def __init__(self, cards: tuple[str, ...], blocks: list[tuple[int, int, int, int, int]]) -> None:
        self.cards = cards
        self.blocks = blocks
        self.sizes = [_block_size(len(cards), block) for block in blocks]
        self.total = sum(self.sizes) + 1  # + Done

    def _at(self, block: tuple[int, int, int, int, int], i: int) -> Offer:
        """The ``i``-th offer of one partner's block, in the order ``expand`` lists them."""
        to, their_coins, theirs, mine, _ = block
        per_card = their_coins + theirs
        cards = len(self.cards) * per_card
        if i < cards:
            card, r = self.cards[i // per_card], i % per_card
            if r < their_coins:
                return _offer(to, 0, card, 0, r + 1, 0)
            return _offer(to, 0, card, 0, 0, r - their_coins + 1)
        i -= cards
        if i < mine * their_coins:
            return _offer(to, 0, "", i // their_coins + 1, i % their_coins + 1, 0)
        i -= mine * their_coins
        return _offer(to, i // theirs + 1, "", 0, 0, i % theirs + 1)

    def expand(self) -> list[Any]:
        """Every offer, partner by partner, then ``Done``."""
        items: list[Any] = []
        for block, size in zip(self.blocks, self.sizes, strict=True):
            items.extend(self._at(block, i) for i in range(size))
        items.append(A.made(A.Done))
        return items

    def at(self, i: int) -> Any:
        """The ``i``-th option (``0 <= i < total``)."""
        for block, size in zip(self.blocks, self.sizes, strict=True):
            if i < size:
                return self._at(block, i)
            i -= size
        return A.made(A.Done)

    def contains(self, item: object) -> bool | None:
        """Whether ``item`` is one of the options, read from the blocks."""
        if isinstance(item, A.Done):
            return True
        if not isinstance(item, Offer):
            return False
        for block in self.blocks:
            if block[0] == item.to:
                return _in_block(self.cards, block, item)
        return False


def _in_block(cards: tuple[str, ...], block: tuple[int, int, int, int, int], offer: Offer) -> bool:
    """Whether ``offer`` (to this block's partner) is one the block lists."""
    _, their_coins, theirs, mine, my_coins = block
    asks_coins = 1 <= offer.want_coins <= their_coins and offer.want_favor == 0
    asks_favor = offer.want_coins == 0 and 1 <= offer.want_favor <= theirs
    if offer.card:
        return offer.card in cards and offer.coins == 0 and offer.favor == 0 and (asks_coins or asks_favor)
    if offer.favor:
        return offer.coins == 0 and 1 <= offer.favor <= mine and asks_coins
    return 1 <= offer.coins <= my_coins and asks_favor


def can_pay(state: MingchuState, seat: int, to: int, coins: int, card: str, favor: int) -> bool:
    """Whether ``seat`` holds what it would give ``to``."""
    player = state.players[seat]
    if coins > player.coins or (card and card not in player.grace_cards):
        return False
    return favor == 0 or can_give_favor(state, seat, (to,) * favor)


def offer_text(offer: Offer, giver: int) -> str:
    """What each side of ``offer`` gives, in words (``giver`` offers it)."""
    give = _lot_text(offer.coins, offer.card, offer.favor)
    want = _lot_text(offer.want_coins, "", offer.want_favor)
    return said("trade.offer", giver=who(giver), give=give, taker=who(offer.to), want=want)


def _lot_text(coins: int, card: str, favor: int) -> str:
    parts: list[str] = []
    if coins > 0:
        parts.append(said("trade.coins", coins=coins))
    if card:
        parts.append(said("trade.card", card=card))
    if favor > 0:
        parts.append(said("trade.favor", favor=favor))
    return said("trade.lot", parts=parts) if parts else said("trade.nothing")


def _transfer(state: MingchuState, seat: int, to: int, coins: int, card: str, favor: int) -> None:
    giver, taker = state.players[seat], state.players[to]
    giver.coins -= coins
    taker.coins += coins
    note_flow(state, seat, to, TRADE_COINS, coins)
    if card:
        giver.grace_cards.remove(card)
        taker.grace_cards.append(card)
        note_flow(state, seat, to, TRADE_CARD, 1)
    for _ in range(favor):
        give_favor(state, seat, to)
    note_flow(state, seat, to, TRADE_FAVOR, favor)


def execute(state: MingchuState, seat: int, offer: Offer) -> None:
    """Both sides hand over what the offer names (the offerer first)."""
    _transfer(state, seat, offer.to, offer.coins, offer.card, offer.favor)
    _transfer(state, offer.to, seat, offer.want_coins, "", offer.want_favor)


def _row(state: MingchuState, seat: int, offer: Offer, kind: str) -> dict[str, Any]:
    return {
        "round": state.round,
        "seat": seat,
        "partner": offer.to,
        "kind": kind,
        "coins": offer.coins,
        "card": offer.card,
        "favor": offer.favor,
        "partner_coins": offer.want_coins,
        "partner_favor": offer.want_favor,
    }


class ProposeTradeKind(ActionKind[MingchuState, ProposeTrade]):
    """M40: open an offer, while trading is on and the turn's offers are not used up."""

    action = ProposeTrade

    def legal(self, state: MingchuState, seat: int) -> list:
        topo = state.topo  # the two settings as plain values (``Topology``), not the rules model
        if not topo.trading or state.n < 2 or offers_made(state) >= topo.trade_offers_per_turn:
            return []
        me = state.players[seat]
        # something to give (a card, coins, a marker) and a partner who can give something back
        # (coins, or a marker: everyone can, as markers come from the supply too)
        if me.grace_cards or me.coins > 0 or me.supply + me.hand + sum(me.held) > 0:
            return [_PROPOSE]
        return []

    def apply(self, state: MingchuState, action: ProposeTrade) -> None:
        seat = seat_to_act(state)
        state.trade_count = (*_turn_key(state), offers_made(state) + 1)
        state.pending.push(Decision("trade_offer", seat))

    def describe(self, state: MingchuState, action: ProposeTrade) -> str:
        return said("act.propose_trade")


@decision_kind
class TradeOfferKind(DecisionKind[MingchuState, Any]):
    """The offerer names the offer (or ``Done``: none after all)."""

    kind = "trade_offer"

    def legal(self, state: MingchuState, decision: Decision) -> Any:
        return offers(state, decision.seat)

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        state.pending.pop()
        if isinstance(action, Offer):
            state.pending.push(Decision("trade_answer", action.to, (decision.seat, action)))

    def describe(self, state: MingchuState, decision: Decision, action: Any) -> str:
        if isinstance(action, Offer):
            return said("act.trade_offer", to=who(action.to), offer=offer_text(action, decision.seat))
        return said("act.trade_offer.none")


@decision_kind
class TradeAnswerKind(DecisionKind[MingchuState, Any]):
    """The receiver accepts or refuses; an accepted offer is carried out at once."""

    kind = "trade_answer"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        return [Accept(), Refuse()]

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        state.pending.pop()
        offerer, offer = decision.data
        accepted = isinstance(action, Accept)
        if accepted:
            execute(state, offerer, offer)
        state.trades.append(_row(state, offerer, offer, "accepted" if accepted else "refused"))

    def describe(self, state: MingchuState, decision: Decision, action: Any) -> str:
        offerer, offer = decision.data
        return said(
            "act.trade_accept" if isinstance(action, Accept) else "act.trade_refuse",
            offerer=who(offerer),
            offer=offer_text(offer, offerer),
        )


# --- hidden information and laws ----------------------------------------------------------------


def _hidden(row: dict[str, Any], seat: int) -> bool:
    return bool(row["card"]) and seat not in (row["seat"], row["partner"])


def seat_trades(trades: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The trade rows as ``seat`` sees them: the 皇恩卡 of a trade between two other seats hidden
    (the two parties show it to each other only); the same list when nothing is hidden.

    A view is made at every decision: the rows seen are kept per seat with the list and its length
    they were read from (``_SEEN``). Rows are only ever added to a list, never changed, so the same
    list at the same length shows the same rows; a masked list is handed out as a new list each time,
    as before (a copy of a state may add rows to its own)."""
    seen = _SEEN.get(seat)
    if seen is None or seen[0] is not trades or seen[1] != len(trades):
        seen = _SEEN[seat] = (trades, len(trades), _seen_rows(trades, seat))
    shown = seen[2]
    return trades if shown is trades else list(shown)


def _seen_rows(trades: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """``seat_trades`` read afresh: ``trades`` itself when no row is hidden from ``seat``."""
    if not any(_hidden(row, seat) for row in trades):
        return trades
    return [row | {"card": HIDDEN_CARD} if _hidden(row, seat) else row for row in trades]


_SEEN: dict[int, tuple[list[dict[str, Any]], int, list[dict[str, Any]]]] = {}
"""Per seat: the trade rows list ``seat_trades`` last read, its length then, and the rows seen."""


def _with_card(offer: Offer, card: str) -> Offer:
    return Offer(offer.to, offer.coins, card, offer.favor, offer.want_coins, offer.want_favor)


def mask_offers(state: MingchuState, seat: int) -> None:
    """Hide the card of an open offer between two other seats (in place: on a copy of the state)."""
    for decision in state.pending:
        if decision.kind == "trade_answer":
            offerer, offer = decision.data
            if offer.card and seat not in (offerer, offer.to):
                decision.data = (offerer, _with_card(offer, HIDDEN_CARD))


def shown_cards(state: MingchuState, seat: int) -> dict[int, list[str]]:
    """Other seats' 皇恩卡 ``seat`` has been shown in an open offer, by offerer."""
    shown: dict[int, list[str]] = {}
    for decision in state.pending:
        if decision.kind == "trade_answer":
            offerer, offer = decision.data
            if offer.card and offer.card != HIDDEN_CARD and offerer != seat:
                shown.setdefault(offerer, []).append(offer.card)
    return shown


def unmask_offers(state: MingchuState) -> None:
    """A determinized state's open offer of a hidden card names one of the offerer's dealt cards."""
    for decision in state.pending:
        if decision.kind == "trade_answer":
            offerer, offer = decision.data
            if offer.card == HIDDEN_CARD:
                decision.data = (offerer, _with_card(offer, state.players[offerer].grace_cards[0]))


def trade_laws(state: MingchuState) -> list[str]:
    """An open offer is one both sides can still pay; every row gives something on each side of an
    accepted trade between two different seats, and at most the offers allowed were made."""
    problems = []
    for decision in state.pending:
        if decision.kind != "trade_answer":
            continue
        offerer, offer = decision.data
        if decision.seat != offer.to or offerer == offer.to:
            problems.append(f"trade offer of seat {offerer} answered by seat {decision.seat}: {offer}")
        elif not can_pay(state, offerer, offer.to, offer.coins, offer.card, offer.favor):
            problems.append(f"seat {offerer} cannot pay its open offer {offer}")
        elif not can_pay(state, offer.to, offerer, offer.want_coins, "", offer.want_favor):
            problems.append(f"seat {offer.to} cannot pay what the open offer {offer} asks")
    for row in state.trades:
        amounts = [row[k] for k in ("coins", "favor", "partner_coins", "partner_favor")]
        gives = row["coins"] or row["card"] or row["favor"]
        gets = row["partner_coins"] or row["partner_favor"]
        if row["seat"] == row["partner"] or min(amounts) < 0 or not (gives and gets):
            problems.append(f"malformed trade row {row}")
    if offers_made(state) > state.params.rules.trade_offers_per_turn:
        problems.append(f"{offers_made(state)} trade offers in one turn")
    return problems
