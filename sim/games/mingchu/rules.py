"""The Rules verbs of 明初商途: legal actions and apply dispatch on the pending decision."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.games.mingchu import flow, production, quick, scoring, settlement, setup, turn
from sim.games.mingchu.describe import describe
from sim.games.mingchu.params import MingchuParams
from sim.games.mingchu.state import MingchuState


def _simple(apply_one):
    """Apply a one-shot decision (setup steps): pop it, do it (which may push choices), next seat."""

    def apply(state: MingchuState, seat: int, action) -> None:
        state.pending.pop()
        state.step += 1
        apply_one(state, seat, action)

    return apply


DECISIONS = {
    "draft": (lambda s, seat: setup.legal_draft(s), _simple(setup.apply_draft)),
    "place_manager": (lambda s, seat: setup.legal_place_manager(s), _simple(setup.apply_place_manager)),
    "setup_road": (lambda s, seat: setup.legal_setup_road(s), _simple(setup.apply_setup_road)),
    "produce": (
        lambda s, seat: [*production.legal_produce(s, seat), *quick.legal_anytime(s, seat)],
        lambda s, seat, a: (quick.apply_quick if isinstance(a, quick.ANYTIME) else production.apply_produce)(
            s, seat, a
        ),
    ),
    "good_dest": (production.legal_good_dest, production.apply_good_dest),
    "turn": (turn.legal_turn, turn.apply_turn),
    "bonus_build": (turn.legal_bonus_build, turn.apply_bonus_build),
    "bonus_road": (turn.legal_bonus_road, turn.apply_bonus_road),
    "pick_retainer": (settlement.legal_pick_retainer, settlement.apply_pick_retainer),
    "card_goods": (settlement.legal_card_goods, settlement.apply_card_goods),
    "pick_score": (
        lambda s, seat: settlement.legal_pick_card(s, seat, s.score_row),
        lambda s, seat, a: settlement.apply_pick_card(s, seat, a, s.score_row, "皇恩计分"),
    ),
    "pick_tianwei": (
        lambda s, seat: settlement.legal_pick_card(s, seat, s.tianwei_row),
        lambda s, seat, a: settlement.apply_pick_card(s, seat, a, s.tianwei_row, "天威"),
    ),
    "war": (settlement.legal_war, settlement.apply_war),
    "repay": (settlement.legal_repay, settlement.apply_repay),
    "buyback": (settlement.legal_buyback, settlement.apply_buyback),
}


class MingchuRules:
    """Implements ``sim.core.game.Rules`` for 明初商途."""

    def initial_state(self, params: MingchuParams, n_players: int, rng: np.random.Generator) -> MingchuState:
        state = setup.initial_state(params, n_players, rng)
        flow.advance(state)
        return state

    def current_player(self, state: MingchuState) -> int:
        return state.decision().seat

    def legal_actions(self, state: MingchuState) -> Sequence[Any]:
        decision = state.decision()
        return DECISIONS[decision.kind][0](state, decision.seat)

    def apply(self, state: MingchuState, action: Any) -> None:
        decision = state.decision()
        DECISIONS[decision.kind][1](state, decision.seat, action)
        flow.advance(state)

    def is_terminal(self, state: MingchuState) -> bool:
        return state.terminal

    def scores(self, state: MingchuState) -> list[float]:
        return scoring.scores(state)

    def ranking(self, state: MingchuState) -> list[int]:
        return scoring.ranking(state)

    def round_number(self, state: MingchuState) -> int:
        return state.round

    def running_scores(self, state: MingchuState) -> list[float]:
        return scoring.scores(state)

    def score_breakdown(self, state: MingchuState) -> list[dict[str, float]]:
        return scoring.breakdown(state)

    def end_reason(self, state: MingchuState) -> str:
        return state.end_reason

    def events(self, state: MingchuState) -> dict[str, list[dict[str, Any]]]:
        rows = list(state.log)
        if state.terminal:
            for seat, player in enumerate(state.players):
                for card in player.score_cards:
                    rows.append(_row(state, card, "皇恩计分", seat))
                for card in player.tianwei:
                    rows.append(_row(state, card, "天威", seat))
        return {"cards": rows}

    def observation(self, state: MingchuState, seat: int) -> dict[str, Any]:
        """Public information plus ``seat``'s own hand; decks and others' hidden cards are counts."""
        players = []
        for other, player in enumerate(state.players):
            visible = {
                "coins": player.coins,
                "workers": player.workers,
                "packs": [dict(pack) for pack in player.packs],
                "warehouse": dict(player.warehouse),
                "managers": [state.place_name(p) for p in player.managers],
                "personal_order": player.personal_order,
                "retainers": list(player.retainers),
                "loans": player.loans,
                "war": list(player.war),
                "grace_cards": len(player.grace_cards),
                "reward_cards": len(player.reward_cards),
            }
            if other == seat:
                visible["grace_cards"] = list(player.grace_cards)
                visible["reward_cards"] = list(player.reward_cards)
                visible["war_secret"] = list(state.war_secret[seat])
            players.append(visible)
        return {
            "seat": seat,
            "round": state.round,
            "period": state.period,
            "current_event": state.current_event,
            "next_event": state.next_event,
            "public_orders": [(o.order, o.reward) for o in state.public_orders],
            "retainer_row": list(state.retainer_row),
            "score_row": list(state.score_row),
            "tianwei_row": list(state.tianwei_row),
            "war_progress": state.war_progress,
            "capital": state.place_name(state.capital),
            "industries": {state.place_name(p): i.owner for p, i in state.industries.items()},
            "yidao": {state.topo.roads[r].id: owner for r, owner in state.yidao.items()},
            "players": players,
        }

    def describe_action(self, state: MingchuState, action: Any) -> str:
        return describe(state, action)


def _row(state: MingchuState, card: str, deck: str, seat: int) -> dict[str, Any]:
    return {
        "card_id": card,
        "deck": deck,
        "seat": seat,
        "round": state.round,
        "period": state.period,
        "kind": "scored",
    }
