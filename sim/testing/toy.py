"""A tiny race game for testing the runner, CLI and reports quickly.

Not a real game and not in the default registry: tests add it with
``SIM_GAME_MODULES=toy=sim.testing.toy``. Each turn a player steps 1..max_step
or gambles (0 or max_step+1, by the game's rng); the first to reach ``target``
ends the game. ``fail_rate`` makes that share of games raise, to test error rows.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, model_validator

from sim.bots.random_bot import RandomBot
from sim.core.game import GameSpec


class BonusSquare(BaseModel):
    """Ending a step exactly here scores extra points."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    position: int = Field(ge=1)
    points: int = Field(ge=0, le=100)


class ToyParams(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    target: int = Field(12, ge=3, le=1000, description="position that ends the game")
    max_step: int = Field(3, ge=1, le=10)
    fail_rate: float = Field(0.0, ge=0.0, le=1.0, description="share of games that raise (for tests)")
    bonus_squares: tuple[BonusSquare, ...] = ()

    @model_validator(mode="after")
    def _squares_reachable(self) -> ToyParams:
        for square in self.bonus_squares:
            if square.position >= self.target:
                raise ValueError(
                    f"bonus square {square.id!r} at {square.position} is not before target {self.target}"
                )
        return self


@dataclass(frozen=True)
class Step:
    size: int


@dataclass(frozen=True)
class Gamble:
    pass


@dataclass
class ToyState:
    params: ToyParams
    positions: list[int]
    rng: np.random.Generator
    current: int = 0
    round: int = 1
    bonus: list[int] = field(default_factory=list)
    steps_taken: list[int] = field(default_factory=list)
    gambles: list[int] = field(default_factory=list)

    def clone(self) -> ToyState:
        return copy.deepcopy(self)


class ToyRules:
    """The Rules verbs for the race game."""

    def initial_state(self, params: ToyParams, n_players: int, rng: np.random.Generator) -> ToyState:
        if rng.random() < params.fail_rate:
            raise RuntimeError("injected failure (fail_rate)")
        zeros = [0] * n_players
        return ToyState(
            params, list(zeros), rng, bonus=list(zeros), steps_taken=list(zeros), gambles=list(zeros)
        )

    def current_player(self, state: ToyState) -> int:
        return state.current

    def legal_actions(self, state: ToyState) -> list:
        return [Step(size) for size in range(1, state.params.max_step + 1)] + [Gamble()]

    def apply(self, state: ToyState, action) -> None:
        seat = state.current
        if isinstance(action, Gamble):
            state.gambles[seat] += 1
            state.positions[seat] += 0 if state.rng.random() < 0.5 else state.params.max_step + 1
        else:
            state.steps_taken[seat] += 1
            state.positions[seat] += action.size
        state.bonus[seat] += sum(
            b.points for b in state.params.bonus_squares if b.position == state.positions[seat]
        )
        state.current = (seat + 1) % len(state.positions)
        if state.current == 0 and not self.is_terminal(state):
            state.round += 1

    def is_terminal(self, state: ToyState) -> bool:
        return state.current == 0 and max(state.positions) >= state.params.target

    def scores(self, state: ToyState) -> list[float]:
        return [float(p + b) for p, b in zip(state.positions, state.bonus, strict=True)]

    def ranking(self, state: ToyState) -> list[int]:
        scores = self.scores(state)
        return [1 + sum(other > mine for other in scores) for mine in scores]

    def round_number(self, state: ToyState) -> int:
        return state.round

    def running_scores(self, state: ToyState) -> list[float]:
        return self.scores(state)

    def score_breakdown(self, state: ToyState) -> list[dict[str, float]]:
        return [
            {"steps": float(state.steps_taken[s]), "gambles": float(state.gambles[s])}
            for s in range(len(state.positions))
        ]

    def end_reason(self, state: ToyState) -> str:
        return "target_reached"

    def events(self, state: ToyState) -> dict:
        return {
            "moves": [
                {"seat": s, "kind": "gamble", "count": state.gambles[s]} for s in range(len(state.positions))
            ]
        }

    def observation(self, state: ToyState, seat: int) -> dict:
        return {"positions": list(state.positions), "current": state.current}

    def describe_action(self, state: ToyState, action) -> str:
        return "gambles" if isinstance(action, Gamble) else f"steps {action.size}"


class GreedyBot:
    """Always takes the biggest safe step."""

    name = "greedy"

    def __init__(self, seat: int = 0) -> None:
        self.seat = seat

    def choose(self, state, legal, rng):
        return max((a for a in legal if isinstance(a, Step)), key=lambda a: a.size)


SPEC = GameSpec(
    name="toy",
    title="Toy race (for tests)",
    rules_version="toy-1",
    player_counts=(2, 3, 4),
    rules=ToyRules(),
    params_model=ToyParams,
    default_config=Path(__file__).resolve().parents[2] / "configs/toy/base.yaml",
    bots={"random": RandomBot, "greedy": GreedyBot},
    breakdown_columns=("steps", "gambles"),
    event_tables={"moves": {"seat": "int64", "kind": "string", "count": "int64"}},
    max_actions=lambda n: 200 * n,
)
