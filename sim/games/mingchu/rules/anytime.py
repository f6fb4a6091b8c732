"""Actions allowed "at any time" (M29, M40): deliver, play or discard cards, discard 恩义, take a loan,
offer a trade (``trade.py``).

The engine offers them in the player's own turn (``turn.py``, among the quick actions) and own
production step (``production.py``); a payment that falls short takes a loan wherever it happens
(M71). Each action type is an ``ActionKind``: its options, effect and description together.
"""

from __future__ import annotations

from typing import Final

from sim.core.game import ActionKind, ActionKinds

from ..texts import said
from . import actions as A

# the legal lists' records by name: compiled, each ``A.X`` is a module attribute look-up
from .actions import (
    DiscardFavor,
    DiscardGrace,
    PlayGrace,
    PlayReward,
    TakeLoan,
    made,
    made1,
    made2,
)
from .economy import can_take_loan, take_loan
from .effects import play_card
from .kinds import seat_to_act, who
from .modifiers import forbidden
from .orders import DeliverKind, legal_deliveries
from .state import MingchuState
from .trade import ProposeTradeKind


def grace_options(state: MingchuState, seat: int) -> list:
    """Per 皇恩卡 in hand: play it (on any target its card allows), or discard it for 1 恩义 (M29)."""
    player = state.players[seat]
    legal: list = []
    if not player.grace_cards:
        return legal
    cards = state.topo.grace
    discard = player.supply > 0
    for card in sorted(set(player.grace_cards)):
        # any seat (0 .. n-1), or the player only
        key = (card, state.n) if cards[card].target == "any" else (card, -1 - seat)
        plays = _GRACE_PLAYS.get(key)
        if plays is None:
            targets = range(state.n) if key[1] >= 0 else [seat]
            plays = _GRACE_PLAYS[key] = tuple(made2(PlayGrace, card, t) for t in targets)
        legal.extend(plays)
        if discard:
            legal.append(made1(DiscardGrace, card))
    return legal


_GRACE_PLAYS: Final[dict[tuple[str, int], tuple]] = {}
"""(card, number of seats) for a card on any seat, (card, -1 - seat) for one on the player only ->
``grace_options``' ``PlayGrace`` records of the card (shared: the records are ``made``'s)."""


class PlayGraceKind(ActionKind[MingchuState, A.PlayGrace]):
    action = A.PlayGrace

    def legal(self, state: MingchuState, seat: int) -> list:
        return [a for a in grace_options(state, seat) if isinstance(a, A.PlayGrace)]

    def apply(self, state: MingchuState, action: A.PlayGrace) -> None:
        seat = seat_to_act(state)
        state.players[seat].grace_cards.remove(action.card)
        state.grace_discard.append(action.card)
        play_card(
            state, seat, "皇恩", action.card, state.topo.grace[action.card].effects, target=action.target
        )

    def describe(self, state: MingchuState, action: A.PlayGrace) -> str:
        target = said("act.self") if action.target == seat_to_act(state) else who(action.target)
        return said("act.play_grace", target=target, card=action.card)


class DiscardGraceKind(ActionKind[MingchuState, A.DiscardGrace]):
    """M29: a 皇恩卡 for 1 恩义 marker in hand."""

    action = A.DiscardGrace

    def legal(self, state: MingchuState, seat: int) -> list:
        return [a for a in grace_options(state, seat) if isinstance(a, A.DiscardGrace)]

    def apply(self, state: MingchuState, action: A.DiscardGrace) -> None:
        player = state.players[seat_to_act(state)]
        player.grace_cards.remove(action.card)
        state.grace_discard.append(action.card)
        player.supply -= 1
        player.hand += 1

    def describe(self, state: MingchuState, action: A.DiscardGrace) -> str:
        return said("act.discard_grace", card=action.card)


def legal_rewards(state: MingchuState, seat: int) -> list:
    """``PlayRewardKind``'s options: each reward card held, each of its options."""
    if not state.players[seat].reward_cards:
        return []
    rewards = state.topo.rewards
    cards = sorted(set(state.players[seat].reward_cards))
    return [made2(PlayReward, card, i) for card in cards for i in range(len(rewards[card].options))]


class PlayRewardKind(ActionKind[MingchuState, A.PlayReward]):
    """M40: a reward card, one of its options; the card leaves play."""

    action = A.PlayReward

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_rewards(state, seat)

    def apply(self, state: MingchuState, action: A.PlayReward) -> None:
        seat = seat_to_act(state)
        state.players[seat].reward_cards.remove(action.card)
        state.remove("奖励", action.card)
        play_card(state, seat, "奖励", action.card, state.topo.rewards[action.card].options[action.option])

    def describe(self, state: MingchuState, action: A.PlayReward) -> str:
        return said("act.play_reward", card=action.card, option=action.option + 1)


def legal_favor_discards(state: MingchuState, seat: int) -> list:
    """``DiscardFavorKind``'s options: an own marker in hand, then each other player's held."""
    player = state.players[seat]
    legal = [made1(DiscardFavor, seat)] if player.hand > 0 else []
    held = player.held
    for q in range(state.n):
        if q != seat and held[q] > 0:
            legal.append(made1(DiscardFavor, q))
    return legal


class DiscardFavorKind(ActionKind[MingchuState, A.DiscardFavor]):
    """M29: a held 恩义 marker (own from hand, or another player's) for 1 伙计."""

    action = A.DiscardFavor

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_favor_discards(state, seat)

    def apply(self, state: MingchuState, action: A.DiscardFavor) -> None:
        seat = seat_to_act(state)
        player = state.players[seat]
        if action.owner == seat:
            player.hand -= 1
            player.supply += 1
        else:
            player.held[action.owner] -= 1
            state.players[action.owner].supply += 1
        player.workers += 1

    def describe(self, state: MingchuState, action: A.DiscardFavor) -> str:
        if action.owner == seat_to_act(state):
            return said("act.discard_favor.own")
        return said("act.discard_favor", owner=who(action.owner))


_LOAN: Final = made(TakeLoan)


def legal_loan(state: MingchuState, seat: int) -> list:
    """``TakeLoanKind``'s option, when a loan can be taken and is not forbidden."""
    return [_LOAN] if can_take_loan(state, seat) and not forbidden(state, seat, "loan") else []


class TakeLoanKind(ActionKind[MingchuState, A.TakeLoan]):
    """M40: an 官府 marker on the loan card, ``loans.amount`` coins."""

    action = A.TakeLoan

    def legal(self, state: MingchuState, seat: int) -> list:
        return legal_loan(state, seat)

    def apply(self, state: MingchuState, action: A.TakeLoan) -> None:
        take_loan(state, seat_to_act(state))

    def describe(self, state: MingchuState, action: A.TakeLoan) -> str:
        return said("act.take_loan", coins=state.params.loans.amount)


_PROPOSE = ProposeTradeKind()
ANYTIME_KINDS = ActionKinds(
    [
        DeliverKind(),
        PlayGraceKind(),
        DiscardGraceKind(),
        PlayRewardKind(),
        DiscardFavorKind(),
        TakeLoanKind(),
        _PROPOSE,
    ]
)
"""The action types offered in the player's turn and production step."""


def legal_anytime(state: MingchuState, seat: int) -> list:
    """Deliveries, then per card 皇恩 plays and discards, reward cards, 恩义 discards, a loan, a trade."""
    legal = legal_deliveries(state, seat, state.players[seat].managers)  # ``DeliverKind``'s
    legal.extend(grace_options(state, seat))
    legal.extend(legal_rewards(state, seat))
    legal.extend(legal_favor_discards(state, seat))
    legal.extend(legal_loan(state, seat))
    legal.extend(_PROPOSE.legal(state, seat))
    return legal
