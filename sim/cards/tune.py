"""``sim tune``: the value of one parameter that brings a card's effect, or a seat's win share, to a target.

The search is a bisection on shared seeds: every value is played on the same seeds (one run
folder per value), so neighbouring values differ only by the parameter. It assumes the metric
moves one way with the parameter over the range; the two ends must lie on either side of the
target. The answer is the root of the straight line through the last bracket, and its interval
is the set of values whose metric interval holds the target (read off the evaluated points,
joined by straight lines).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from sim.cards.effects import Arm, estimate, forced_units, stream
from sim.cards.study import arm_study, finished_players, forced_arms, with_override
from sim.config import ConfigError, ResolvedConfig
from sim.file_names import file_component
from sim.runner import run_study
from sim.texts import message

LEVEL = 0.95


@dataclass(frozen=True)
class Point:
    """One evaluated value: the metric's estimate and interval, and the games it took."""

    value: float
    estimate: float
    lo: float
    hi: float
    games: int


@dataclass(frozen=True)
class TuneResult:
    """The value found (on the search grid), the interpolated root, its interval, and the evidence."""

    value: float
    root: float
    lo: float
    hi: float
    bracketed: bool
    points: tuple[Point, ...]

    @property
    def games(self) -> int:
        return sum(p.games for p in self.points)


def grid(lo: float, hi: float, step: float, integer: bool) -> Callable[[float], float]:
    """Snap a value to the search grid ``lo + k * step`` (an int for integer parameters)."""

    def snap(x: float) -> float:
        k = round((x - lo) / step)
        value = min(hi, max(lo, lo + k * step))
        return int(round(value)) if integer else round(value, 10)

    return snap


def bisect(
    evaluate: Callable[[float], Point],
    lo: float,
    hi: float,
    target: float,
    step: float,
    integer: bool = False,
) -> TuneResult:
    """Bisect ``[lo, hi]`` for the value where ``evaluate(value).estimate`` meets ``target``.

    Stops when the bracket is one ``step`` wide. Ends on the same side of the target give
    ``bracketed=False`` and the end nearer the target.
    """
    snap = grid(lo, hi, step, integer)
    a, b = evaluate(snap(lo)), evaluate(snap(hi))
    points = [a, b]
    exact = [p for p in points if p.estimate == target]
    if exact:  # an end meets the target
        return TuneResult(
            exact[0].value, exact[0].value, *_root_interval(points, target), True, tuple(points)
        )
    if _side(a, target) == _side(b, target):
        best = min(points, key=lambda p: abs(p.estimate - target))
        return TuneResult(best.value, best.value, *_root_interval(points, target), False, tuple(points))
    while abs(b.value - a.value) > step * (1 + 1e-9):
        middle = snap((a.value + b.value) / 2)
        if middle in (a.value, b.value):
            break
        m = evaluate(middle)
        points.append(m)
        if _side(m, target) == _side(a, target):
            a = m
        else:
            b = m
    root = _crossing(a.value, a.estimate - target, b.value, b.estimate - target)
    return TuneResult(snap(root), root, *_root_interval(points, target), True, tuple(points))


def _side(point: Point, target: float) -> bool:
    return point.estimate >= target


def _crossing(x1: float, y1: float, x2: float, y2: float) -> float:
    """Where the line through (x1, y1) and (x2, y2) crosses zero."""
    if y1 == y2:
        return (x1 + x2) / 2
    return x1 + (x2 - x1) * (-y1) / (y2 - y1)


def _root_interval(points: Sequence[Point], target: float) -> tuple[float, float]:
    """The smallest and largest value where the interval, joined linearly between evaluated points,
    holds ``target``; NaN when no point's interval is known."""
    ordered = sorted((p for p in points if not math.isnan(p.lo)), key=lambda p: p.value)
    inside: list[float] = []
    for p in ordered:
        if p.lo <= target <= p.hi:
            inside.append(p.value)
    for p, q in zip(ordered, ordered[1:], strict=False):
        for y1, y2 in ((p.lo - target, q.lo - target), (p.hi - target, q.hi - target)):
            if y1 * y2 < 0:
                inside.append(_crossing(p.value, y1, q.value, y2))
    if not inside:
        return float("nan"), float("nan")
    return min(inside), max(inside)


# --- targets -------------------------------------------------------------------------------------

TARGET_PATTERN = re.compile(r"^(effect|score_effect|win_share):(.+)=(-?[0-9.]+)%?$")


@dataclass(frozen=True)
class Target:
    """What to bring to a value: ``effect:CARD`` or ``score_effect:CARD`` (the card forced to a
    seat against not forced) or ``win_share:SEAT`` (1-based); win shares in percentage points."""

    metric: str
    subject: str
    value: float

    @property
    def scale(self) -> float:
        """Display units per unit of the statistic (points per share, or 1 for a score)."""
        return 1.0 if self.metric == "score_effect" else 100.0

    @property
    def goal(self) -> float:
        """The target in the statistic's own units (a share, or score points)."""
        return self.value / self.scale


def parse_target(text: str) -> Target:
    """``effect:赌徒=0``, ``score_effect:赌徒=0`` or ``win_share:1=20``; a ValueError says what is wrong."""
    match = TARGET_PATTERN.match(text.strip())
    if not match:
        raise ValueError(message("target_form", text=text))
    metric, subject, value = match.group(1), match.group(2), float(match.group(3))
    if metric == "win_share" and not (subject.isdigit() and int(subject) >= 1):
        raise ValueError(message("target_seat", text=text))
    if metric == "win_share" and not 0 < value < 100:
        raise ValueError(message("target_share", text=text))
    return Target(metric, subject, value)


def parse_range(text: str) -> tuple[float, float, bool]:
    """``LO..HI`` as numbers, and whether both are whole numbers (an integer parameter)."""
    lo_text, sep, hi_text = text.partition("..")
    try:
        lo, hi = float(lo_text), float(hi_text)
    except ValueError:
        raise ValueError(message("range_form", text=text)) from None
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise ValueError(message("range_finite", text=text))
    if not sep or not lo < hi:
        raise ValueError(message("range_order", text=text))
    integer = all(re.fullmatch(r"-?[0-9]+", part.strip()) for part in (lo_text, hi_text))
    return lo, hi, integer


def find_deck(config: ResolvedConfig, card: str) -> str:
    """The deck holding ``card``; a ConfigError when none or several do."""
    decks = getattr(config.params, "cards", None)
    holding = [
        name
        for name in (type(decks).model_fields if decks is not None else ())
        if any(c.id == card for c in getattr(decks, name))
    ]
    if len(holding) != 1:
        where = message("tune_no_deck") if not holding else message("tune_decks", decks=holding)
        raise ConfigError(message("tune_card_decks", path=config.path, card=card, where=where))
    return holding[0]


# --- evaluation on the runner --------------------------------------------------------------------


@dataclass(frozen=True)
class Evaluation:
    """How one value is played and measured: config, parameter, target, players, games, where."""

    config: ResolvedConfig
    param: str
    target: Target
    n_players: int
    games: int
    bots: tuple[str, ...]
    out: Path
    seed: int = 1
    chunk_size: int = 25
    deck: str = ""

    def __call__(self, value: float, **run_options: Any) -> Point:
        variant = with_override(self.config, self.param, value)
        folder = self.out / file_component(f"{self.param}={value}")
        if self.target.metric == "win_share":
            arms = [(Arm("base"), variant)]
            games = self.games
        else:
            arms = [
                (Arm("base"), variant),
                *forced_arms(variant, self.deck, [self.target.subject], self.n_players),
            ]
            games = math.ceil(self.games / self.n_players)
        study, labels = arm_study(arms, self.n_players, games, self.bots, self.seed, self.chunk_size)
        run_study(study, folder, **run_options)
        players = finished_players(folder)
        if self.target.metric == "win_share":
            seat = int(self.target.subject) - 1
            values = players.loc[players["seat"] == seat, "win_share"].to_numpy(dtype=float)
            metric = "win_share"
        else:
            metric = "win_share" if self.target.metric == "effect" else "score"
            values = forced_units(players, labels, self.target.subject)[metric].to_numpy(dtype=float)
        rng = stream(self.seed, self.target.metric, self.target.subject, str(value))
        result = estimate(values, LEVEL, rng, bound=1.0 if metric == "win_share" else None)
        return Point(value, result["estimate"], result["lo"], result["hi"], len(labels) * games)


def tune(
    evaluation: Evaluation,
    lo: float,
    hi: float,
    step: float,
    integer: bool,
    on_point: Callable[[Point], None] | None = None,
    **run_options: Any,
) -> TuneResult:
    """Bisect the parameter over ``[lo, hi]`` on the runner; ``on_point`` hears each evaluation."""

    def evaluate(value: float) -> Point:
        point = evaluation(value, **run_options)
        if on_point is not None:
            on_point(point)
        return point

    return bisect(evaluate, lo, hi, evaluation.target.goal, step, integer)


def default_step(lo: float, hi: float, integer: bool) -> float:
    """1 for whole-number ranges, else a 32nd of the range."""
    return 1.0 if integer else float(np.float64(hi - lo) / 32)
