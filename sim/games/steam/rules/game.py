"""The ``Game`` verbs for Steam (Base and Standard as variants of one engine).

Every choice is the open decision (``state.decision()``: a delivery's points on ``state.pending``,
else the current phase's), dispatched by its kind through ``DECISIONS``: each phase is an
``ActionChoice`` whose actions dispatch by type through its ``ActionKinds`` table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.core.decisions import ActionChoice, DecisionKinds
from sim.core.game import ActionKinds, Outcome

from ..params import COLOURS, SteamParams
from . import flow, view
from .actions import (
    BidKind,
    BidPassKind,
    BuildTownKind,
    BuildTrackKind,
    CapitalKind,
    CityGrowthKind,
    DeliverKind,
    EndBuildKind,
    PassMoveKind,
    PointsKind,
    RedirectKind,
    SeatBidKind,
    SeatPassKind,
    TakeTileKind,
    UpgradeLocoKind,
    UrbanizeKind,
)
from .economy import final_income_vp
from .state import SteamObservation, SteamState

PHASE_ACTIONS = {
    "seat_auction": (SeatBidKind(), SeatPassKind()),
    "capital": (CapitalKind(),),
    "auction": (BidKind(), BidPassKind()),
    "select": (TakeTileKind(),),
    "build": (
        BuildTrackKind(),
        BuildTownKind(),
        RedirectKind(),
        CityGrowthKind(),
        UrbanizeKind(),
        EndBuildKind(),
    ),
    "move": (DeliverKind(), UpgradeLocoKind(), PassMoveKind()),
}
"""Each phase of a turn (``state.phase``) and its action kinds, in the order their actions are listed."""
DECISIONS = DecisionKinds(
    [*(ActionChoice(phase, ActionKinds(kinds)) for phase, kinds in PHASE_ACTIONS.items()), PointsKind()]
)
"""Every kind of decision: one per phase (its actions, by type) and a delivery's points."""
KIND = DECISIONS.by_kind  # the hot path looks kinds up directly

BREAKDOWN_COLUMNS = (
    "vp_track",
    "vp_links",
    "vp_income",
    "vp_deliveries",
    "final_income",
    "locomotive",
    "links_owned",
    "deliveries",
    "capital_raised",
    "bankrupt",
)
EVENT_TABLES = {
    "deliveries": {
        "round": "int64",
        "seat": "int64",
        "colour": "string",
        "source": "string",
        "links": "int64",
        "own_links": "int64",
        "other_links": "int64",
    }
}


def links_owned(state: SteamState, seat: int) -> int:
    return sum(1 for link in state.links.values() if link.owner == seat and link.b >= 0)


def score_parts(state: SteamState, seat: int) -> tuple[int, int, int]:
    """(VP track, income conversion, complete links owned)."""
    p = state.params
    income_vp = final_income_vp(state.income[seat], p.income_vp_divisor, p.negative_income_vp_per_step)
    return state.vp[seat], income_vp, p.vp_per_link * links_owned(state, seat)


class SteamGame:
    """Steam: Rails to Riches, Base or Standard (``params.rules``), 3-6 players by map."""

    def initial_state(self, params: SteamParams, n_players: int, rng: np.random.Generator) -> SteamState:
        return flow.setup(params, n_players, rng)

    def current_player(self, state: SteamState) -> int:
        return state.decision().seat

    def legal_actions(self, state: SteamState) -> Sequence[Any]:
        if state.ended and not state.pending:
            return []
        decision = state.decision()
        return KIND[decision.kind].legal(state, decision)

    def apply(self, state: SteamState, action: Any) -> None:
        decision = state.pending.pop() if state.pending else state.decision()
        KIND[decision.kind].apply(state, decision, action)

    def is_terminal(self, state: SteamState) -> bool:
        return state.ended and not state.pending

    def round_number(self, state: SteamState) -> int:
        return state.round

    def running_scores(self, state: SteamState) -> list[float]:
        return [float(sum(score_parts(state, s))) for s in range(state.n_players)]

    def final_scores(self, state: SteamState) -> list[float]:
        raw = self.running_scores(state)
        alive = [raw[s] for s in range(state.n_players) if not state.bankrupt[s]]
        floor = min(alive) - 1 if alive else None
        return [
            min(raw[s], floor) if state.bankrupt[s] and floor is not None else raw[s] for s in range(len(raw))
        ]

    def tiebreak(self, state: SteamState, seat: int) -> tuple[int, int]:
        """Higher is better: final income, then the lowest tile (Base) or earliest seat (Standard)."""
        tiles = state.last_tiles
        if state.rules == "standard" and state.params.standard_tiebreak == "turn_order":
            second = -state.order.index(seat) if seat in state.order else -99
        else:
            second = -tiles.get(seat, 99)
        return state.income[seat], second

    def ranks(self, state: SteamState, scores: list[float]) -> list[int]:
        keys = [(not state.bankrupt[s], scores[s], *self.tiebreak(state, s)) for s in range(state.n_players)]
        return [1 + sum(other > mine for other in keys) for mine in keys]

    def outcome(self, state: SteamState) -> Outcome:
        scores = self.final_scores(state)
        breakdown = []
        for s in range(state.n_players):
            vp, vp_income, vp_links = score_parts(state, s)
            owned = links_owned(state, s)
            breakdown.append(
                {
                    "vp_track": float(vp),
                    "vp_links": float(vp_links),
                    "vp_income": float(vp_income),
                    "vp_deliveries": float(state.vp_deliveries[s]),
                    "final_income": float(state.income[s]),
                    "locomotive": float(state.loco[s]),
                    "links_owned": float(owned),
                    "deliveries": float(state.deliveries[s]),
                    "capital_raised": float(state.capital_raised[s]),
                    "bankrupt": float(state.bankrupt[s]),
                }
            )
        return Outcome(
            scores=scores,
            ranks=self.ranks(state, scores),
            breakdown=breakdown,
            end_reason=state.end_reason or "unfinished",
            events={"deliveries": list(state.events)},
        )

    def observation(self, state: SteamState, seat: int) -> SteamObservation:
        public = state.clone()
        public.rng = np.random.default_rng(0)  # the future draws are hidden
        return SteamObservation(seat=seat, public=public)

    def view(self, state: SteamState, seat: int) -> SteamState:
        return view.view(state, seat)

    def determinize(self, observation: SteamObservation, rng: np.random.Generator) -> SteamState:
        state = observation.public.clone()
        state.rng = np.random.default_rng(rng.integers(2**63))
        return state

    def describe(self, state: SteamState, action: Any) -> str:
        decision = state.decision()
        return f"P{decision.seat + 1} {KIND[decision.kind].describe(state, decision, action)}"

    def invariants(self, state: SteamState) -> list[str]:
        problems = []
        p = state.params
        if sum(state.cash) != state.money_in - state.money_out:
            problems.append(
                f"money not conserved: cash {sum(state.cash)} != {state.money_in} - {state.money_out}"
            )
        for s in range(state.n_players):
            if state.cash[s] < 0:
                problems.append(f"seat {s} has negative cash {state.cash[s]}")
            if state.vp[s] < 0:
                problems.append(f"seat {s} has negative VP {state.vp[s]}")
            if not p.income_min <= state.income[s] and not state.bankrupt[s]:
                problems.append(f"seat {s} income {state.income[s]} below the floor")
            if not p.loco_start <= state.loco[s] <= p.loco_max:
                problems.append(f"seat {s} locomotive {state.loco[s]} out of range")
        on_board = sum(1 for h in range(state.hm.size) if state.conn[h])
        if on_board + state.tile_supply != p.track_tiles or state.tile_supply < 0:
            problems.append(f"track tiles not conserved: {on_board} on board + {state.tile_supply} supply")
        for colour in COLOURS:
            board = sum(c.count(colour) for c in state.cubes)
            sets = sum(c.count(colour) for c in state.supply_sets)
            total = state.bag[colour] + board + sets + state.delivered[colour]
            if total != p.cubes.get(colour, 0) or state.bag[colour] < 0:
                problems.append(f"{colour} cubes not conserved: {total} != {p.cubes.get(colour, 0)}")
        for colour, left in state.new_city_supply.items():
            placed = sum(1 for h in state.hm.towns if state.colour[h] == colour)
            if left < 0 or left + placed != p.new_cities.get(colour, 0):
                problems.append(f"{colour} New City tiles not conserved")
        for h in range(state.hm.size):
            for side, (other, lid) in state.conn[h].items():
                if lid not in state.links:
                    problems.append(f"track on hex {state.hm.names[h]} side {side} belongs to no link")
                elif other >= 0 and state.conn[h].get(other, (None, None))[1] != lid:
                    problems.append(f"segment on {state.hm.names[h]} is inconsistent")
        return problems
