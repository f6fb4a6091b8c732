"""What a 明初商途 bot sees (``MingchuGame.view``): the hidden parts of ``observe.observation``
replaced, everything public shared with the state."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import Any, Final

from sim.core.view import HIDDEN

from .state import DeckFaces, MingchuState
from .trade import seat_trades

GRACE = "皇恩"


def view(state: MingchuState, seat: int) -> MingchuState:
    """Other seats' 皇恩卡 and secret war sides hidden, every face-down deck masked, no rng, the log
    without other seats' 皇恩 draws (which card they drew is theirs to know), and the 皇恩卡 of
    trades between two other seats hidden (an open offer is only ever seen by its two parties:
    nobody else decides while it is open).

    The view shares the state's route, price and board caches, made here when the state has none
    yet, so what a bot's look-ups fill serves the next decisions too: they are derived from public
    information only (the board, 驿道, industries, temporary roads, each seat's 掌柜 and public
    modifiers), so a view computes the same values the state would, and the state's invalidation
    (replacing a cache, never editing it) leaves a view with the old one only."""
    if state.route_cache is None:
        state.route_cache = {}
    if state.price_cache is None:
        state.price_cache = {}
    if state.board_cache is None:
        state.board_cache = {}
    players = list(state.players)
    for other, player in enumerate(players):
        if other != seat and player.grace_cards:
            players[other] = hidden = player.shallow_copy()
            hidden.grace_cards = _masked(player.grace_cards)
    new = state.shallow_copy()
    new.rng = None
    new.players = players
    new.war_secret = [side if s == seat else _NO_SIDE for s, side in enumerate(state.war_secret)]
    new.event_deck = _masked(state.event_deck)
    new.retainer_deck = _masked(state.retainer_deck)
    new.grace_deck = _masked(state.grace_deck)
    faces = _faces(state)
    new.order_decks = faces.masked_orders
    new.reward_decks = faces.masked_rewards
    new.log = SeatLog(state.log, seat)
    new.trades = seat_trades(state.trades, seat)
    return new


def _faces(state: MingchuState) -> DeckFaces:
    """``state.faces``, made anew when the order or reward decks changed size (or are other tables):
    a masked deck shows its size alone, so the views share the masked tables while the sizes stay
    the same, rather than each view making its own. The decks' lists are read from a plain list
    (a compiled loop over a dict's values costs several times more)."""
    faces = state.faces
    orders, rewards = state.order_decks, state.reward_decks
    if (
        faces is None
        or faces.orders is not orders
        or faces.rewards is not rewards
        or len(orders) + len(rewards) != len(faces.decks)
        or not _same_sizes(faces.decks, faces.sizes)
    ):
        decks = [*orders.values(), *rewards.values()]
        faces = state.faces = DeckFaces(
            orders,
            rewards,
            decks,
            [len(deck) for deck in decks],
            {name: _masked(deck) for name, deck in orders.items()},
            {tier: _masked(deck) for tier, deck in rewards.items()},
        )
    return faces


def _same_sizes(decks: list[list[str]], sizes: list[int]) -> bool:
    """Whether ``decks`` hold ``sizes`` cards, deck by deck."""
    for i in range(len(decks)):
        if len(decks[i]) != sizes[i]:
            return False
    return True


_NO_SIDE: Final[list[int]] = [0, 0]
"""Another seat's secret war side as a view shows it (read only: shared by every view, as the view's
other tables are shared with the state)."""


def _masked(cards: Sequence[Any]) -> tuple[str, ...]:
    """``sim.core.view.masked`` (as many ``HIDDEN`` placeholders as cards, one shared tuple per
    length), compiled here: a view masks about ten decks and hands."""
    n = len(cards)
    masks = _MASKS
    if n >= len(masks):
        masks.extend((HIDDEN,) * k for k in range(len(masks), n + 1))
    return masks[n]


_MASKS: Final[list[tuple[str, ...]]] = [()]


class SeatLog(Sequence):
    """The card log as ``seat`` may read it: without other seats' 皇恩 draws, as it stands when the
    view is made. Filtered only when read (the heuristic bots never read it; a view is made at every
    decision)."""

    def __init__(self, log: list[dict[str, Any]], seat: int) -> None:
        self._log, self._length, self._seat = log, len(log), seat

    @cached_property
    def _rows(self) -> list[dict[str, Any]]:
        seat = self._seat
        return [
            e
            for e in self._log[: self._length]
            if not (e["deck"] == GRACE and e["kind"] == "drawn" and e["seat"] != seat)
        ]

    def __getitem__(self, index):  # type: ignore[override]
        return self._rows[index]

    def __len__(self) -> int:
        return len(self._rows)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self._rows)
