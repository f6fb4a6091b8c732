"""``sim cards rebalance``: propose the smallest change of one number per card that brings each card
the whole-deck study decided outside the band back inside it, then confirm it on fresh seeds.

One round (``rebalance_round``):

1. the study's verdict table (``deck_verdicts`` with the controls' columns) names the cards decided
   ``too_strong`` or ``too_weak``; a card flagged by the controls (``misplayed``, ``unused``: its
   verdict is the bots', not the card's) is never changed, nor is a card within the band or undecided;
2. for each, every number of the card of the allowed kinds (``Lever``) gets a **prediction** of the
   change that moves the card's effect to ``AIM`` of the tolerance on its own side of zero: the
   card's score effect over the blank card (VP) spread over its number (``vp_per_unit``: a card is
   assumed worth its number times a constant, zero at zero), turned into win share with the deck's
   slope of effect on score effect (``win_per_vp``);
3. the levers are tried smallest predicted change first (relative to the number); the first is
   **checked** with ``sim tune``'s paired bisection (``sim.cards.tune.bisect``) of the card's score
   effect on its own number, from the old value to twice the predicted change: the value kept is
   the one nearest the old value whose score effect has moved by the VP the prediction needs and
   whose predicted effect is inside the band; when none is (on a coarse grid the first value past
   the target can overshoot beyond the band's other edge), the one that came nearest the VP needed;
4. the predicted effect at the new value is the study's effect plus the slope times the measured
   change of score effect, its interval the study's and the change's half-widths in quadrature
   (the two measurements' intervals joined as if independent: wider than the paired change's).

``rebalance`` runs rounds: each writes a variant with every change so far and studies it again on
fresh seeds; a changed card must then be decided within the band, and a card that moved out of it
(because others changed) is named and, while rounds are left, rebalanced in the next round.

The engine and the synthetic deck of the tests plug in through ``Lab``; nothing here plays a game.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import numpy as np
import pandas as pd

from sim.cards.sequential import TOO_STRONG, TOO_WEAK, WITHIN
from sim.cards.tune import Point, bisect, default_step
from sim.texts import message

LEVER_KINDS = ("amount", "cost", "threshold", "count")
"""What a number of a card can be: an effect's amount (any number that is not one of the others), a
cost, a trigger's threshold, or the card's count."""
THRESHOLD_KEYS = ("at", "value", "threshold", "per", "min")
"""Keys of a trigger's or condition's threshold: a larger one is harder to reach (the card weaker)."""
AIM = 0.5
"""Where a change aims: this share of the tolerance on the card's own side of zero (half-way between
the middle and the edge it crossed), so the confirmation can decide it within the band."""
MIN_OVER_BLANK = 0.5
"""The least VP a card is taken to give over the blank card in a prediction (a card measured at or
below the blank would otherwise predict an endless change)."""
LEVERS_TRIED = 2
"""Levers checked per card (smallest predicted change first) before the card is left unchanged."""
OUT_OF_BAND = (TOO_STRONG, TOO_WEAK)


@dataclass(frozen=True)
class Lever:
    """One number of a card: its path inside the card's entry (``ability.0.amount``), its kind
    (``LEVER_KINDS``), its value, whether it is whole, and ``sign``: +1 when a larger number makes
    the card stronger, -1 when weaker, 0 when it does not change what the card does for its holder;
    ``part``: the name of the effect, condition or score rule that holds the number (``sell_bonus``),
    empty for a number of the card itself (its count)."""

    path: str
    kind: str
    value: float
    integer: bool
    sign: int
    part: str = ""


PART_KEYS = ("effect", "condition", "score")
"""The keys that name what an item of a card is (the game's card vocabulary)."""


def lever_kind(key: str) -> str:
    """The kind of a card's number from its key."""
    if key == "count":
        return "count"
    if "cost" in key:
        return "cost"
    return "threshold" if key in THRESHOLD_KEYS else "amount"


def lever_sign(kind: str, owner: Mapping[str, Any]) -> int:
    """Which way a number moves its card: a count not at all (the study hands the card to its holder
    whatever its count), a cost or a threshold against the holder, an amount of a ``lose_*`` effect
    against the holder, any other amount for the holder."""
    if kind == "count":
        return 0
    if kind in ("cost", "threshold") or str(owner.get("effect", "")).startswith("lose_"):
        return -1
    return 1


def card_levers(entry: Mapping[str, Any], kinds: Sequence[str] = LEVER_KINDS) -> list[Lever]:
    """Every number of a card's entry (a dict as the config holds it) of the ``kinds`` asked for."""
    return [lever for lever in _numbers(entry, ()) if lever.kind in kinds]


def _numbers(node: Any, path: tuple[str, ...], owner: Mapping[str, Any] | None = None) -> Iterator[Lever]:
    if isinstance(node, Mapping):
        for key, value in node.items():
            if key != "id":
                yield from _numbers(value, (*path, str(key)), node)
    elif isinstance(node, list | tuple):
        for i, value in enumerate(node):
            yield from _numbers(value, (*path, str(i)), owner)
    elif isinstance(node, int | float) and not isinstance(node, bool) and math.isfinite(node):
        key = next((part for part in reversed(path) if not part.isdigit()), "")
        kind = lever_kind(key)
        sign = lever_sign(kind, owner or {})
        part = next((str(owner[k]) for k in PART_KEYS if owner and k in owner), "")
        yield Lever(".".join(path), kind, float(node), isinstance(node, int), sign, part)


def parse_levers(text: str | None) -> tuple[str, ...]:
    """``--levers amount,cost`` as kinds (default: every kind); a ValueError names an unknown one."""
    if not text:
        return LEVER_KINDS
    kinds = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    unknown = [k for k in kinds if k not in LEVER_KINDS]
    if unknown or not kinds:
        raise ValueError(message("levers_unknown", text=text, kinds=list(LEVER_KINDS)))
    return kinds


# --- what the study measured -------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    """A card's row of the study: verdict, win-share effect and interval (fractions), score effect
    (VP) and the controls' flag ('' when none)."""

    card: str
    verdict: str
    effect: float
    low: float
    high: float
    score: float
    flag: str = ""


def readings(table: pd.DataFrame) -> dict[str, Reading]:
    """The study's rows by card."""
    flags = table["flag"] if "flag" in table.columns else pd.Series("", index=table.index)
    return {
        str(row.card): Reading(
            str(row.card),
            str(row.verdict),
            float(row.effect),
            float(row.low),
            float(row.high),
            float(row.score_effect),
            str(flag or ""),
        )  # fmt: skip
        for row, flag in zip(table.itertuples(index=False), flags, strict=True)
    }


def to_fix(table: pd.DataFrame) -> list[str]:
    """The cards decided outside the band and not flagged, in the table's order."""
    return [r.card for r in readings(table).values() if r.verdict in OUT_OF_BAND and not r.flag]


def win_per_vp(table: pd.DataFrame) -> float:
    """The deck's slope of win-share effect on score effect (least squares over its cards): what one
    VP more for a card is worth in win share. NaN with fewer than two cards or no spread of scores."""
    rows = table[["score_effect", "effect"]].astype(float).dropna()
    if len(rows) < 2 or float(rows["score_effect"].std()) == 0:
        return float("nan")
    return float(np.polyfit(rows["score_effect"], rows["effect"], 1)[0])


def blank_score(table: pd.DataFrame, slope: float) -> float:
    """The blank card's score effect (VP): its win-share effect (a card's effect minus its
    ``vs_blank``) over the slope; without a blank, the weakest card's score effect stands for it."""
    known = table.dropna(subset=["vs_blank"]) if "vs_blank" in table.columns else table.iloc[:0]
    if known.empty or not math.isfinite(slope) or slope <= 0:
        return float(table["score_effect"].min())
    blank = float(known["effect"].iloc[0] - known["vs_blank"].iloc[0])
    return blank / slope


def aim(reading: Reading, tolerance: float) -> float:
    """The win-share effect a change aims at: ``AIM`` of the tolerance on the card's side of zero."""
    return math.copysign(AIM * tolerance, reading.effect)


@dataclass(frozen=True)
class Prediction:
    """What the study predicts for one lever: VP per unit of the number, the VP the card must move,
    and the value that should do it (on the lever's grid, at least one step from the old value)."""

    lever: Lever
    vp_per_unit: float
    needed_vp: float
    new: float

    @property
    def relative(self) -> float:
        """The change as a share of the old value (of 1 for a number below 1)."""
        return abs(self.new - self.lever.value) / max(abs(self.lever.value), 1.0)


def predict(
    reading: Reading, lever: Lever, slope: float, blank: float, tolerance: float
) -> Prediction | None:
    """The change of ``lever`` the study predicts (None when the lever cannot move the effect)."""
    if lever.sign == 0 or not math.isfinite(slope) or slope <= 0:
        return None
    over_blank = max(reading.score - blank, MIN_OVER_BLANK)
    vp_per_unit = lever.sign * over_blank / max(abs(lever.value), 1.0)
    needed_vp = (aim(reading, tolerance) - reading.effect) / slope
    change = needed_vp / vp_per_unit
    magnitude = max(math.ceil(abs(change) - 1e-9), 1) if lever.integer else abs(change)
    return Prediction(lever, vp_per_unit, needed_vp, lever.value + math.copysign(magnitude, change))


def ranked(
    reading: Reading, levers: Sequence[Lever], slope: float, blank: float, tolerance: float
) -> list[Prediction]:
    """The levers' predictions, smallest relative change first (the card's order on ties)."""
    found = [p for lever in levers if (p := predict(reading, lever, slope, blank, tolerance))]
    return sorted(found, key=lambda p: p.relative)


# --- the check: sim tune's paired bisection --------------------------------------------------------


class Lab(Protocol):
    """Where a rebalance measures: the engine (``rebalance_engine``) or the synthetic deck of the tests. A
    ``config`` is whatever the lab plays (a ``ResolvedConfig`` on the engine)."""

    def study(self, config: Any, round_: int) -> pd.DataFrame:
        """The whole-deck study of ``config`` (round 0: the original; then each round's variant, on
        seeds of its own): the verdict table with the controls' columns."""
        ...

    def levers(self, config: Any, card: str) -> list[Lever]:
        """Every number of ``card`` in ``config``."""
        ...

    def valid(self, config: Any, card: str, lever: Lever, value: float) -> bool:
        """Whether ``config`` with ``lever`` of ``card`` at ``value`` is a config the game accepts."""
        ...

    def measure(self, config: Any, card: str, lever: Lever, value: float, round_: int) -> Point:
        """The card's paired score effect (VP) with ``lever`` at ``value`` (the same seeds for every value)."""
        ...

    def variant(self, original: Any, changes: Mapping[str, Sequence[Change]], round_: int) -> Any:
        """The original with every change so far (by card): the config the next study plays."""
        ...

    def may_start(self, round_: int) -> bool:
        """Whether the time left holds round ``round_``'s checks and fresh study."""
        ...


@dataclass(frozen=True)
class Change:
    """A proposed change of one number of one card, with what the study and the check say of it.
    ``old`` is the value before this round; ``effect``/``low``/``high`` the study's (fractions);
    ``predicted``/``predicted_low``/``predicted_high`` the effect expected at ``new``; ``checked``:
    the bisection reached the VP the card must move (False: the nearest value tried is kept)."""

    card: str
    lever: Lever
    old: float
    new: float
    predicted_new: float
    effect: float
    low: float
    high: float
    predicted: float
    predicted_low: float
    predicted_high: float
    checked: bool
    games: int
    round: int = 1
    points: tuple[Point, ...] = ()
    """The values the check tried, in order, with the card's paired score effect at each (VP)."""


def search_range(
    prediction: Prediction, valid: Callable[[float], bool], step: float
) -> tuple[float, float] | None:
    """From the old value to twice the predicted change (at least one step past the prediction),
    pulled back to the last value the game accepts; None when no value beyond the old one is valid."""
    old = prediction.lever.value
    direction = math.copysign(1.0, prediction.new - old)
    end = old + direction * max(2 * abs(prediction.new - old), abs(prediction.new - old) + step)
    while direction * (end - old) > step / 2 and not valid(end):
        end -= direction * step
    if direction * (end - old) < step / 2:
        return None
    return (min(old, end), max(old, end))


def check(
    reading: Reading,
    prediction: Prediction,
    measure: Callable[[float], Point],
    valid: Callable[[float], bool],
    slope: float,
    round_: int = 1,
    tolerance: float = math.inf,
) -> Change | None:
    """Bisect the card's paired score effect over the lever (``sim.cards.tune.bisect``) and keep the
    value nearest the old one that moves it by the VP needed and is predicted inside the band
    (``tolerance``); when none is, the value whose score effect came nearest the VP needed
    (``checked``: some value reached it). None when the range is empty."""
    lever = prediction.lever
    step = 1.0 if lever.integer else abs(prediction.new - lever.value) / 4
    span = search_range(prediction, valid, step)
    if span is None:
        return None
    seen: dict[float, Point] = {}

    def evaluate(value: float) -> Point:
        if value not in seen:
            seen[value] = measure(value)
        return seen[value]

    start = evaluate(_on_grid(lever.value, lever.integer))
    target = start.estimate + prediction.needed_vp
    result = bisect(evaluate, span[0], span[1], target, step or default_step(*span, False), lever.integer)
    direction = math.copysign(1.0, prediction.needed_vp)
    tried = [p for p in result.points if p.value != lever.value]
    reached = [p for p in tried if direction * (p.estimate - target) >= 0]
    checked = bool(reached)
    # on a coarse grid the first value past the target can overshoot beyond the band's other edge:
    # such a value is kept only when no value tried lands inside the band
    inside = [p for p in reached if abs(reading.effect + slope * (p.estimate - start.estimate)) <= tolerance]
    if inside:
        chosen = min(inside, key=lambda p: abs(p.value - lever.value))
    else:  # the value that came nearest (the nearer the old value on a tie)
        chosen = min(tried, key=lambda p: (abs(p.estimate - target), abs(p.value - lever.value)))
    predicted, lo, hi = predicted_effect(reading, start, chosen, slope)
    games = sum(p.games for p in seen.values())
    return Change(
        reading.card, lever, lever.value, chosen.value, prediction.new, reading.effect, reading.low,
        reading.high, predicted, lo, hi, checked, games, round_, tuple(seen.values()),
    )  # fmt: skip


def keeps_effect(lever: Lever, value: float) -> bool:
    """Whether ``value`` keeps what the number does: an effect's amount is never taken to zero or
    past it (a sell bonus of 0 blanks the card, -1 turns a bonus into a charge); that is a new card,
    the designer's to choose, not a rebalance."""
    return lever.kind != "amount" or lever.value == 0 or value * lever.value > 0


def _on_grid(value: float, integer: bool) -> float:
    return int(round(value)) if integer else value


def predicted_effect(
    reading: Reading, start: Point, moved: Point, slope: float
) -> tuple[float, float, float]:
    """The card's win-share effect at ``moved``'s value: the study's effect plus the slope times the
    change of score effect; the interval's half-widths are the study's and the change's (each
    point's half-width in quadrature) in quadrature, on each side."""
    shift = slope * (moved.estimate - start.estimate)
    centre = reading.effect + shift

    def half(a: float, b: float) -> float:
        return slope * math.hypot(a, b) if math.isfinite(a) and math.isfinite(b) else float("nan")

    change_lo = half(start.hi - start.estimate, moved.estimate - moved.lo)
    change_hi = half(start.estimate - start.lo, moved.hi - moved.estimate)
    lo = centre - math.hypot(reading.effect - reading.low, change_lo)
    hi = centre + math.hypot(reading.high - reading.effect, change_hi)
    return centre, lo, hi


def propose(
    lab: Lab,
    config: Any,
    table: pd.DataFrame,
    tolerance: float,
    kinds: Sequence[str] = LEVER_KINDS,
    round_: int = 1,
    on_change: Callable[[Change], None] | None = None,
) -> tuple[list[Change], dict[str, str]]:
    """The changes of one round: one per card decided outside the band and not flagged, checked on
    ``lab``; and why each card left alone was (``no_lever``, ``no_room``)."""
    slope = win_per_vp(table)
    blank = blank_score(table, slope)
    changes, skipped = [], {}
    for card in to_fix(table):
        reading = readings(table)[card]
        levers = [lever for lever in lab.levers(config, card) if lever.kind in kinds]
        predictions = ranked(reading, levers, slope, blank, tolerance)
        change = card_change(lab, config, reading, predictions[:LEVERS_TRIED], slope, round_, tolerance)
        if change is None:
            skipped[card] = "no_room" if predictions else "no_lever"
            continue
        changes.append(change)
        if on_change is not None:
            on_change(change)
    return changes, skipped


def card_change(
    lab: Lab,
    config: Any,
    reading: Reading,
    predictions: Sequence[Prediction],
    slope: float,
    round_: int,
    tolerance: float = math.inf,
) -> Change | None:
    """The first lever whose check reaches the VP needed, else the first change found at all."""
    found = []
    for prediction in predictions:
        lever = prediction.lever
        valid = functools.partial(lab.valid, config, reading.card, lever)
        change = check(
            reading,
            prediction,
            functools.partial(lab.measure, config, reading.card, lever, round_=round_),
            lambda value, lever=lever, valid=valid: keeps_effect(lever, value) and valid(value),
            slope,
            round_,
            tolerance,
        )
        if change is not None and change.checked:
            return change
        found += [change] if change is not None else []
    return found[0] if found else None


# --- rounds --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Round:
    """One round: the table its changes came from, the changes, the cards left alone and why, and
    the study of the variant on fresh seeds (``after``)."""

    index: int
    before: pd.DataFrame
    changes: tuple[Change, ...]
    skipped: Mapping[str, str]
    config: Any
    after: pd.DataFrame

    def unconfirmed(self, changed: Sequence[str]) -> list[str]:
        """The changed cards the fresh study did not decide within the band, or decided within while
        its controls flag them (unused, misplayed: a verdict of the bots' play, not of the card)."""
        fresh = readings(self.after)
        return [c for c in changed if c not in fresh or fresh[c].verdict != WITHIN or fresh[c].flag]

    def moved_out(self, changed: Sequence[str]) -> list[str]:
        """Cards not changed that the fresh study decides outside the band though the table before
        did not (the others' changes moved them)."""
        before = dict(zip(self.before["card"], self.before["verdict"], strict=True))
        return [
            r.card
            for r in readings(self.after).values()
            if r.card not in changed and r.verdict in OUT_OF_BAND and before.get(r.card) not in OUT_OF_BAND
        ]


@dataclass(frozen=True)
class Rebalance:
    """The original study, the rounds played and every change (by card, in the order made)."""

    original: pd.DataFrame
    rounds: tuple[Round, ...] = ()
    changes: Mapping[str, tuple[Change, ...]] = field(default_factory=dict)
    out_of_time: bool = False
    """A round was still wanted when the time left could not hold it."""

    @property
    def final(self) -> pd.DataFrame:
        """The last study: the last round's fresh study, or the original when no round was played."""
        return self.rounds[-1].after if self.rounds else self.original

    @property
    def changed(self) -> list[str]:
        """Every card changed, in the order first changed."""
        return list(self.changes)

    def changed_until(self, index: int) -> list[str]:
        """The cards changed in rounds up to ``index``."""
        return [card for card, made in self.changes.items() if min(c.round for c in made) <= index]

    def moved(self) -> list[str]:
        """Every card a round's fresh study found pushed out of the band by the changes up to it."""
        return list(dict.fromkeys(c for r in self.rounds for c in r.moved_out(self.changed_until(r.index))))


def merged(changes: Mapping[str, tuple[Change, ...]], new: Sequence[Change]) -> dict[str, tuple[Change, ...]]:
    """The changes so far with this round's (a card's change of a number it changed before replaces
    that one, keeping the first old value)."""
    out = {card: tuple(c) for card, c in changes.items()}
    for change in new:
        kept = out.get(change.card, ())
        earlier = next((c for c in kept if c.lever.path == change.lever.path), None)
        if earlier is not None:
            change = replace(change, old=earlier.old)
        out[change.card] = (*(c for c in kept if c.lever.path != change.lever.path), change)
    return out


def rebalance(
    lab: Lab,
    original: Any,
    tolerance: float,
    rounds: int = 2,
    kinds: Sequence[str] = LEVER_KINDS,
    on_round: Callable[[Round], None] | None = None,
    on_change: Callable[[Change], None] | None = None,
    on_study: Callable[[pd.DataFrame], None] | None = None,
) -> Rebalance:
    """Study ``original``, then up to ``rounds`` rounds: propose, write the variant, study it on
    fresh seeds; stop once no unflagged card is decided outside the band but those an earlier round
    had to leave alone (no lever, no valid value: a property of the card's own numbers), or when the
    time left cannot hold another round (``Lab.may_start``: the result says so). ``on_study`` hears the
    original's table, ``on_change`` every change, ``on_round`` every round once studied."""
    result = Rebalance(lab.study(original, 0))
    if on_study is not None:
        on_study(result.original)
    table, config = result.original, original
    left_alone: set[str] = set()  # no lever or no valid value: the card's own numbers, so for good
    for index in range(1, rounds + 1):
        if not set(to_fix(table)) - left_alone:
            break
        if not lab.may_start(index):
            return replace(result, out_of_time=True)
        changes, skipped = propose(lab, config, table, tolerance, kinds, index, on_change)
        left_alone |= set(skipped)
        if not changes:
            break
        all_changes = merged(result.changes, changes)
        config = lab.variant(original, all_changes, index)
        after = lab.study(config, index)
        done = Round(index, table, tuple(changes), skipped, config, after)
        result = Rebalance(result.original, (*result.rounds, done), all_changes)
        if on_round is not None:
            on_round(done)
        table = after
    return result
