"""The toy race's scores: the running score, the final outcome and the tables the runner records."""

from __future__ import annotations

from sim.core.game import Outcome

from .state import ToyState

BREAKDOWN_COLUMNS = ("steps", "gambles", "cards_played", "bonus")
"""Per seat, what ``outcome`` breaks the game down into (the spec's ``breakdown_columns``)."""
EVENT_TABLES = {"moves": {"seat": "int64", "kind": "string", "count": "int64"}}
"""The event tables ``outcome`` fills (the spec's ``event_tables``)."""


def running_scores(state: ToyState) -> list[float]:
    """Each seat's position plus its bonus points."""
    return [float(p + b) for p, b in zip(state.positions, state.bonus, strict=True)]


def outcome(state: ToyState) -> Outcome:
    """The running scores plus ``seat_points``; ranks by score, equal scores sharing a place."""
    extra = state.params.seat_points
    scores = [score + (extra[s] if s < len(extra) else 0) for s, score in enumerate(running_scores(state))]
    return Outcome(
        scores=scores,
        ranks=[1 + sum(other > mine for other in scores) for mine in scores],
        breakdown=[
            {
                "steps": float(state.steps_taken[s]),
                "gambles": float(state.gambles[s]),
                "cards_played": float(state.cards_played[s]),
                "bonus": float(state.bonus[s]),
            }
            for s in range(state.n_players)
        ],
        end_reason="target_reached",
        events={
            "moves": [
                {"seat": s, "kind": "gamble", "count": state.gambles[s]} for s in range(state.n_players)
            ]
        },
    )
