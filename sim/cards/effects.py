"""Paired card effects: per-game differences, bootstrap intervals corrected across a deck, verdicts.

A card study compares arms played on the same seeds (``sim.cards.study``). This module only
sees tidy frames of per-seat results and turns them into one row per (card, arm, metric):

* *forced*: the card forced to seat s against the same seed without forcing, for every seat s;
  a seed's difference is the mean over its seats (the unit of resampling is the seed).
* *removed*: the seat that took the card in the base game, base minus the same seat in the same
  seed with the card removed from the deck (so a positive effect means the card helps its holder).

Intervals are a bootstrap standard error over games times a Student t quantile at the level
1 - alpha/m (m = cards in the family): simultaneous for the whole deck (Bonferroni, the first
step of Holm); the p-values of "no effect" are Holm-adjusted across the deck.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd
from scipy import stats

from sim.stats.intervals import holm_adjust

ArmKind = Literal["base", "forced", "removed"]
METRICS = ("win_share", "score")
BOOTSTRAP_RESAMPLES = 2000
MIN_UNITS = 10
"""Fewer paired games than this give an estimate but no interval (the verdict is "not enough games")."""

TOO_STRONG, TOO_WEAK, WITHIN, NOT_ENOUGH = "too_strong", "too_weak", "within", "not_enough_games"
VERDICTS = (TOO_STRONG, TOO_WEAK, WITHIN, NOT_ENOUGH)


@dataclass(frozen=True)
class Arm:
    """One variant of a card study: the base deck, a card forced to a seat, or a card removed."""

    kind: ArmKind
    card: str = ""
    seat: int = -1


def forced_units(players: pd.DataFrame, arms: Mapping[str, Arm], card: str) -> pd.DataFrame:
    """Per seed: the forced seat's result minus the same seat's base result, averaged over seats.

    ``players`` has columns variant, game_index, seat, win_share, score (finished games only);
    ``arms`` maps variant labels to arms. Returns game_index, win_share, score, seats.
    """
    base = _arm_rows(players, arms, lambda a: a.kind == "base")
    parts = []
    for label, arm in arms.items():
        if arm.kind != "forced" or arm.card != card:
            continue
        mine = players[(players["variant"] == label) & (players["seat"] == arm.seat)]
        parts.append(_difference(mine, base, ["game_index", "seat"]))
    return _per_game(parts)


def removed_units(
    players: pd.DataFrame, holders: pd.DataFrame, arms: Mapping[str, Arm], card: str
) -> pd.DataFrame:
    """Per seed where someone took ``card`` in the base game: the holder's base result minus the
    same seat's result with the card removed. ``holders`` has game_index, seat, card_id."""
    base = _arm_rows(players, arms, lambda a: a.kind == "base")
    removed = _arm_rows(players, arms, lambda a: a.kind == "removed" and a.card == card)
    took = holders.loc[holders["card_id"] == card, ["game_index", "seat"]].drop_duplicates()
    held = base.merge(took, on=["game_index", "seat"])
    return _per_game([_difference(held, removed, ["game_index", "seat"])])


def _arm_rows(players: pd.DataFrame, arms: Mapping[str, Arm], keep) -> pd.DataFrame:
    labels = [label for label, arm in arms.items() if keep(arm)]
    return players[players["variant"].isin(labels)]


def _difference(a: pd.DataFrame, b: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    pairs = a[[*keys, *METRICS]].merge(b[[*keys, *METRICS]], on=keys, suffixes=("_a", "_b"))
    return pairs.assign(**{m: pairs[f"{m}_a"] - pairs[f"{m}_b"] for m in METRICS})[[*keys, *METRICS]]


def _per_game(parts: list[pd.DataFrame]) -> pd.DataFrame:
    if not parts or all(p.empty for p in parts):
        return pd.DataFrame({"game_index": [], "seats": [], **{m: [] for m in METRICS}})
    rows = pd.concat(parts, ignore_index=True)
    grouped = rows.groupby("game_index")
    out = grouped[list(METRICS)].mean()
    out["seats"] = grouped.size()
    return out.reset_index()


def stream(seed: int, *names: str) -> np.random.Generator:
    """A bootstrap stream that depends only on the root seed and the names (card, arm, metric)."""
    keys = [zlib.crc32(name.encode("utf-8")) for name in names]
    return np.random.default_rng(np.random.SeedSequence(seed, spawn_key=tuple(keys)))


def bootstrap_se(values: np.ndarray, rng: np.random.Generator, resamples: int = BOOTSTRAP_RESAMPLES) -> float:
    """Standard error of the mean of ``values`` from ``resamples`` resamples of the games."""
    n = len(values)
    if n < 2:
        return float("nan")
    means = np.empty(resamples)
    for start in range(0, resamples, 256):  # blocks keep memory flat for long studies
        stop = min(resamples, start + 256)
        means[start:stop] = values[rng.integers(0, n, size=(stop - start, n))].mean(axis=1)
    return float(means.std(ddof=1) * np.sqrt(n / (n - 1)))  # the plug-in SE is sqrt((n-1)/n) too small


def estimate(
    values: Iterable[float], level: float, rng: np.random.Generator, bound: float | None = None
) -> dict[str, float]:
    """Mean, bootstrap SE, a t interval at ``level`` and the two-sided p-value of a zero mean.

    When every game gives the same difference the bootstrap sees no spread; the interval is then
    the rule of three (a difference that none of n games showed happens in under 3/n of games)
    times ``bound``, the largest difference one game can make (1 for a win share), or none
    when there is no such bound."""
    x = np.asarray(list(values), dtype=float)
    n = len(x)
    mean = float(x.mean()) if n else float("nan")
    if n < MIN_UNITS:
        return {"estimate": mean, "se": np.nan, "lo": np.nan, "hi": np.nan, "p_value": np.nan, "units": n}
    if np.all(x == x[0]):
        half = 3.0 / n * bound if bound is not None else np.nan
        p_value = 1.0 if mean == 0 else 0.0
        return {
            "estimate": mean,
            "se": 0.0,
            "lo": mean - half,
            "hi": mean + half,
            "p_value": p_value,
            "units": n,
        }
    se = bootstrap_se(x, rng)
    quantile = float(stats.t.ppf(0.5 + level / 2, n - 1))
    if se > 0:
        p_value = float(2 * stats.t.sf(abs(mean) / se, n - 1))
    else:
        p_value = 1.0 if mean == 0 else 0.0
    return {
        "estimate": mean,
        "se": se,
        "lo": mean - quantile * se,
        "hi": mean + quantile * se,
        "p_value": p_value,
        "units": n,
    }


def verdict(lo: float, hi: float, tolerance: float, undecided: str = NOT_ENOUGH) -> str:
    """Read a (corrected) interval against the band [-tolerance, +tolerance]; ``undecided`` when it
    crosses an edge of the band (or is missing)."""
    if np.isnan(lo) or np.isnan(hi):
        return undecided
    if lo > tolerance:
        return TOO_STRONG
    if hi < -tolerance:
        return TOO_WEAK
    if lo >= -tolerance and hi <= tolerance:
        return WITHIN
    return undecided


def games_for_band(games: int, lo: float, hi: float, tolerance: float) -> float:
    """Games per arm that would shrink an undecided interval to the band's width (the half-width
    scales as 1/sqrt(n)); NaN when it is already that narrow or has no width yet."""
    half = (hi - lo) / 2
    if np.isnan(half) or half <= tolerance or tolerance <= 0:
        return float("nan")
    return float(np.ceil(games * (half / tolerance) ** 2))


def card_effects(
    units: Mapping[tuple[str, str], pd.DataFrame],
    games: Mapping[tuple[str, str], int],
    tolerance: float,
    seed: int,
    alpha: float = 0.05,
) -> pd.DataFrame:
    """One row per (card, arm, metric) from per-game differences.

    ``units`` maps (card, arm kind) to the frame of ``forced_units``/``removed_units``; ``games``
    maps the same keys to the games that arm played; ``tolerance`` is the half-width of
    the band in win share (0.03 = 3 points). Each (arm, metric) family is corrected over its cards.
    """
    rows = []
    families: dict[tuple[str, str], list[int]] = {}
    cards_per_arm: dict[str, int] = {}
    for _, kind in units:
        cards_per_arm[kind] = cards_per_arm.get(kind, 0) + 1
    for (card, kind), frame in units.items():
        level = 1 - alpha / cards_per_arm[kind]
        for metric in METRICS:
            values = frame[metric].to_numpy(dtype=float) if len(frame) else np.array([])
            row = {
                "card": card,
                "arm": kind,
                "metric": metric,
                "games": games.get((card, kind), 0),
                "level": level,
            }
            bound = 1.0 if metric == "win_share" else None  # one game moves a win share by at most 1
            row.update(estimate(values, level, stream(seed, card, kind, metric), bound))
            families.setdefault((kind, metric), []).append(len(rows))
            rows.append(row)
    table = pd.DataFrame(rows)
    if table.empty:
        return table
    table["p_holm"] = np.nan
    for positions in families.values():
        p = table.loc[positions, "p_value"]
        present = p.dropna()
        if len(present):
            table.loc[present.index, "p_holm"] = holm_adjust(present.to_numpy())
    is_share = table["metric"] == "win_share"
    table["verdict"] = [
        verdict(lo, hi, tolerance) if share else ""
        for lo, hi, share in zip(table["lo"], table["hi"], is_share, strict=True)
    ]
    undecided = table["verdict"] == NOT_ENOUGH
    table["games_for_band"] = [
        games_for_band(g, lo, hi, tolerance) if open_ else np.nan
        for g, lo, hi, open_ in zip(table["games"], table["lo"], table["hi"], undecided, strict=True)
    ]
    return table
