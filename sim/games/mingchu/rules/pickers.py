"""Card pickers opened by effects, the income track and the war (M10, M55, M69).

``pick_retainer`` (hire a 门客), ``card_goods`` (which 掌柜 takes each of a card's goods),
``pick_score`` (a 皇恩计分卡) and ``pick_tianwei`` (a 天威卡, by the war's losers).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from sim.core.decisions import Decision, DecisionKind

from ..texts import said
from . import actions as A
from .economy import add_goods, draw_retainer
from .kinds import decision_kind, kind_base
from .production import describe_good_to
from .state import MingchuState


@decision_kind
class PickRetainerKind(DecisionKind[MingchuState, Any]):
    """M69: a face-up 门客, a blind draw, or pay once to refresh any face-up cards, then pick."""

    kind = "pick_retainer"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        legal: list = [A.PickRetainer(c) for c in sorted(set(state.retainer_row))]
        if state.retainer_deck or state.retainer_discard:
            legal.append(A.PickRetainer(""))
            refreshed = decision.data is not None and decision.data.get("refreshed", False)
            if (
                not refreshed
                and state.players[decision.seat].coins >= state.params.rules.retainer_refresh_cost
            ):
                row = range(len(state.retainer_row))
                legal.extend(A.RefreshRetainers(slots) for k in row for slots in combinations(row, k + 1))
        return legal or [A.Done()]

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        seat = decision.seat
        if isinstance(action, A.RefreshRetainers):
            state.players[seat].coins -= state.params.rules.retainer_refresh_cost
            decision.data = {"refreshed": True}
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

    def describe(self, state: MingchuState, decision: Decision, action: Any) -> str:
        if isinstance(action, A.RefreshRetainers):
            cards = [state.retainer_row[i] for i in action.slots]
            return said("act.refresh_retainers", coins=state.params.rules.retainer_refresh_cost, cards=cards)
        if isinstance(action, A.PickRetainer) and action.card:
            return said("act.pick_retainer", card=action.card)
        if isinstance(action, A.PickRetainer):  # blind, from the deck
            return said("act.pick_retainer.blind")
        return said("act.pick_retainer.none")


@decision_kind
class CardGoodsKind(DecisionKind[MingchuState, A.GoodTo]):
    """M10 and ``gain_goods``: which 掌柜 takes each of a card's goods (or drop it when the board is full)."""

    kind = "card_goods"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        seat, good = decision.seat, decision.data["good"]
        managers = range(len(state.players[seat].packs))  # both 掌柜, placed or not yet (family goods)
        legal = [A.made(A.GoodTo, "backpack", m) for m in managers] if state.backpack_room(seat, good) else []
        return [*legal, A.made(A.GoodTo, "discard")]

    def apply(self, state: MingchuState, decision: Decision, action: A.GoodTo) -> None:
        data = decision.data
        if action.dest == "backpack":
            add_goods(state, decision.seat, data["good"], 1, manager=action.manager)
        data["left"] -= 1
        if data["left"] <= 0:
            state.pending.pop()

    def describe(self, state: MingchuState, decision: Decision, action: A.GoodTo) -> str:
        return describe_good_to(decision.data["good"], action)


@kind_base
class PickCardKind(DecisionKind[MingchuState, Any]):
    """Choose a face-up card of a row (``Done`` when the row is empty)."""

    deck: str

    def row(self, state: MingchuState) -> list[str]:
        raise NotImplementedError

    def held(self, state: MingchuState, seat: int) -> list[str]:
        raise NotImplementedError

    def legal(self, state: MingchuState, decision: Decision) -> list:
        return [A.PickCard(c) for c in sorted(set(self.row(state)))] or [A.Done()]

    def apply(self, state: MingchuState, decision: Decision, action: Any) -> None:
        state.pending.pop()
        if isinstance(action, A.PickCard):
            self.row(state).remove(action.card)
            self.held(state, decision.seat).append(action.card)
            state.record(action.card, self.deck, decision.seat, "taken")

    def describe(self, state: MingchuState, decision: Decision, action: Any) -> str:
        if isinstance(action, A.PickCard):
            return said("act.pick_card", card=action.card)
        return said("act.pick_card.none." + self.kind)


@decision_kind
class PickScoreKind(PickCardKind):
    """``take_score_card`` and the income track: a 皇恩计分卡 from the row."""

    kind = "pick_score"
    deck = "皇恩计分"

    def row(self, state: MingchuState) -> list[str]:
        return state.score_row

    def held(self, state: MingchuState, seat: int) -> list[str]:
        return state.players[seat].score_cards


@decision_kind
class PickTianweiKind(PickCardKind):
    """M55: a loser of the war takes a 天威卡 from the row."""

    kind = "pick_tianwei"
    deck = "天威"

    def row(self, state: MingchuState) -> list[str]:
        return state.tianwei_row

    def held(self, state: MingchuState, seat: int) -> list[str]:
        return state.players[seat].tianwei
