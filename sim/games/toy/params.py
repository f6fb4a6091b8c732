"""Every rules number of the toy race, validated from the configs in ``configs/`` beside it."""

from __future__ import annotations

from pydantic import Field, model_validator

from sim.core.rules_model import RulesModel


class BonusSquare(RulesModel):
    """Ending a move exactly here scores extra points."""

    id: str
    position: int = Field(ge=1)
    points: int = Field(ge=0, le=100)


class ToyParams(RulesModel):
    """The toy race's parameters (the package's ``configs/base.yaml`` sets them)."""

    target: int = Field(12, ge=3, le=1000, description="position that ends the game")
    max_step: int = Field(3, ge=1, le=10, description="longest plain step")
    card_values: tuple[int, ...] = Field(
        (1, 2, 3, 4, 5, 1, 2, 3, 4, 5), min_length=1, description="the sprint cards in the deck"
    )
    hand_size: int = Field(1, ge=0, le=5, description="sprint cards dealt to each player")
    fail_rate: float = Field(0.0, ge=0.0, le=1.0, description="share of games that raise (for tests)")
    bonus_squares: tuple[BonusSquare, ...] = ()
    draft_bonus: tuple[int, ...] = Field(
        (), description="points tokens drafted at setup, the largest first, seat 1 first (one each)"
    )
    draft_shift: int = Field(0, ge=0, le=100, description="rotate the draft's seat order (0: the rules)")
    play_shift: int = Field(0, ge=0, le=100, description="rotate the turn order of play (0: the rules)")
    finish_round: bool = Field(True, description="the round is finished after the target is reached")
    seat_points: tuple[int, ...] = Field((), description="points each seat scores at the end, by seat")

    @model_validator(mode="after")
    def _squares_reachable(self) -> ToyParams:
        for square in self.bonus_squares:
            if square.position >= self.target:
                raise ValueError(
                    f"bonus square {square.id!r} at {square.position} is not before target {self.target}"
                )
        return self
