"""Seat fairness explained and fixed (docs/goals.md "Seat fairness, explained and fixed"): which
seat-ordered phase the seat advantage comes from, and a per-seat compensation that evens it.

Both read a game's lineup games and, for the explanation, its counterfactual plays on the same
seeds (``sim.core.seat_goals``): the play ``seats_<phase>`` is the lineup with that one phase's seat
order rotated by ``SHIFT`` (seat ``s`` acts where seat ``s - SHIFT`` acted by the rules), every other
order as the rules say. Pure pandas: the report imports it without the game's engine.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.core.goals import LINEUP, play_of
from sim.core.seat_goals import PHASE_PREFIX, SHIFT
from sim.stats.goals import DRIVER_COLUMNS, MEASURE_COLUMNS
from sim.stats.intervals import seeded_rng
from sim.stats.seats import gap_of_games

DRAWS = 1000
LEVEL = 0.95
"""The phases' intervals hold together at this level (Bonferroni over the phases): naming a phase
when any of k intervals excludes 0 is one claim about k phases."""
NO_PHASE = "no_phase"
"""The ``seat_source`` driver when no phase's share has an interval that excludes 0: no declared
phase carries the seat advantage (it stays with the seats, or the games are too few to say)."""
PHASE_COLUMNS = ["game", "variant", "n_players", "phase", "share", "low", "high", "games"]


def win_shares(players: pd.DataFrame) -> pd.DataFrame:
    """Games x seats: each seat's share of the game's win (a shared win split among the sharers),
    indexed by ``game_index``."""
    won = players.assign(w=players["won"].astype(float))
    won["w"] = won["w"] / won.groupby("gid")["w"].transform("sum").replace(0.0, np.nan)
    return won.pivot_table(index="game_index", columns="seat", values="w", aggfunc="first").fillna(0.0)


def follow_share(lineup: np.ndarray, counterfactual: np.ndarray, shift: int = SHIFT) -> float:
    """How much of the lineup's seat advantage moves with the rotated phase: the least-squares
    ``b`` in ``c = (1 - b) * w + b * roll(w, shift)`` for the seats' mean win shares ``w`` (lineup)
    and ``c`` (counterfactual): 0 when the advantage stays with the seats, 1 when it follows the
    phase's order wholly. NaN when the lineup has no seat advantage to move."""
    w, c = lineup.mean(axis=0), counterfactual.mean(axis=0)
    moved = np.roll(w, shift) - w
    norm = float(moved @ moved)
    return float((c - w) @ moved / norm) if norm > 1e-12 else float("nan")


def phase_shares(players: pd.DataFrame, draws: int = DRAWS) -> pd.DataFrame:
    """Per (game, judged variant, player count) and phase: the share of the seat advantage that
    follows the phase's order, with a percentile interval from a bootstrap over the seeds (each seed's
    lineup game and counterfactual game resampled together: paired), the phases' intervals
    simultaneous at ``LEVEL`` (each at 1 − (1 − LEVEL) / k for k phases). ``players`` holds the
    lineup's games and the ``seats_<phase>`` plays' (variants ``<variant>+seats_<phase>``)."""
    variants = players["variant"].astype(str)
    tails = {v.rpartition("+")[2] for v in variants.unique()}
    plays = sorted(t for t in tails if t.startswith(PHASE_PREFIX))
    tail = (1 - LEVEL) / max(1, len(plays)) / 2
    split = {v: play_of(v, plays) for v in variants.unique()}
    players = players.assign(
        judged=variants.map(lambda v: split[v][0]), play=variants.map(lambda v: split[v][1])
    )
    rows = []
    for (game, judged, n), group in players.groupby(["game", "judged", "n_players"], sort=True):
        lineup = group[group["play"] == LINEUP]
        if lineup.empty:
            continue
        base = win_shares(lineup)
        for play in plays:
            other = group[group["play"] == play]
            if other.empty:
                continue
            cf = win_shares(other)
            paired = base.index.intersection(cf.index)
            w = base.loc[paired].to_numpy()
            c = cf.loc[paired].reindex(columns=base.columns, fill_value=0.0).to_numpy()
            share = follow_share(w, c)
            rng = seeded_rng("seat_source", game, judged, int(n), play)
            picks = rng.integers(0, len(paired), size=(draws, len(paired)))
            boot = np.array([follow_share(w[i], c[i]) for i in picks])
            boot = boot[np.isfinite(boot)]
            low, high = np.quantile(boot, [tail, 1 - tail]) if len(boot) else (np.nan, np.nan)
            phase = play[len(PHASE_PREFIX) :]
            rows.append((game, judged, int(n), phase, share, float(low), float(high), len(paired)))
    return pd.DataFrame(rows, columns=PHASE_COLUMNS)


def seat_source(run) -> pd.DataFrame:
    """The ``seat_source`` goal: the phase whose order carries most of the seat advantage (driver),
    the share it carries (value, with its paired interval), and the next phase (driver_other). A
    phase is named only when its share's interval excludes 0; when no phase's does, the driver is
    ``NO_PHASE`` (no phase carries the advantage) and the value is still the largest share."""
    shares = phase_shares(run.players)
    rows = []
    for (game, variant, n), part in shares.groupby(["game", "variant", "n_players"], sort=True):
        ranked = part.sort_values("share", ascending=False, na_position="last")
        top = ranked.iloc[0]
        carried = ranked[(ranked["low"] > 0) | (ranked["high"] < 0)]
        if carried.empty:
            phase, other = NO_PHASE, ""
        else:
            phase, top = carried.iloc[0]["phase"], carried.iloc[0]
            other = carried.iloc[1]["phase"] if len(carried) > 1 else ""
        rows.append(
            (game, variant, n, top["share"], top["low"], top["high"], int(top["games"]),
             phase, other, top["share"])
        )  # fmt: skip
    return pd.DataFrame(rows, columns=MEASURE_COLUMNS + DRIVER_COLUMNS)


# --- compensation ---------------------------------------------------------------------------------


def _shares(scores: np.ndarray, bonus: np.ndarray) -> np.ndarray:
    """Games x seats: each seat's share of the game's win with ``bonus`` added (ties shared)."""
    total = scores + bonus
    top = total == total.max(axis=1, keepdims=True)
    return top / top.sum(axis=1, keepdims=True)


def _win_rates(scores: np.ndarray, bonus: np.ndarray) -> np.ndarray:
    """Each seat's mean share of the win once ``bonus`` is added to its score (ties shared)."""
    return _shares(scores, bonus).mean(axis=0)


def _gap(scores: np.ndarray, bonus: np.ndarray) -> float:
    n = scores.shape[1]
    return float(np.abs(_win_rates(scores, bonus) - 1.0 / n).max())


def _better(scores: np.ndarray, a: np.ndarray, b: np.ndarray | None) -> bool:
    """``a`` evens the seats more than ``b`` (a smaller widest gap; then fewer points given)."""
    if b is None:
        return True
    ga, gb = _gap(scores, a), _gap(scores, b)
    return ga < gb - 1e-12 or (abs(ga - gb) <= 1e-12 and a.sum() < b.sum())


def search_compensation(scores: np.ndarray, most: int, start: np.ndarray | None = None) -> np.ndarray:
    """The per-seat points (whole numbers from 0 to ``most``, the smallest seat's 0) that bring the
    seats' win rates closest to the fair share on these games (``scores``: games x seats).

    Without ``start``: give a point to the seat winning least, over and over, keeping the best vector
    seen; then (or from ``start``) move single points, one more or one fewer for a seat, while that
    evens the seats more."""
    n = scores.shape[1]
    best = np.zeros(n, dtype=int) if start is None else start.copy()
    if start is None:
        current = best.copy()
        for _ in range(n * most):
            rates = np.where(current >= most, np.inf, _win_rates(scores, current))
            if not np.isfinite(rates).any():
                break
            current[int(np.argmin(rates))] += 1
            if _better(scores, current - current.min(), best):
                best = current - current.min()
    improved = True
    while improved:
        improved = False
        for seat in range(n):
            for step in (1, -1):
                trial = best.copy()
                trial[seat] += step
                trial = trial - trial.min()
                if trial.max() <= most and _better(scores, trial, best):
                    best, improved = trial, True
    return best


def held_out_shares(scores: np.ndarray, most: int) -> np.ndarray:
    """Games x seats win shares, each game's under the compensation fitted on the other half of the
    games (halves by position: even and odd rows): an honest figure for a proposal fitted on data."""
    out = np.empty_like(scores, dtype=float)
    halves = (np.arange(len(scores)) % 2 == 0, np.arange(len(scores)) % 2 == 1)
    for judged, fitted in (halves, halves[::-1]):
        out[judged] = _shares(scores[judged], search_compensation(scores[fitted], most))
    return out


def compensation_helps(
    scores: np.ndarray, most: int, rng: np.random.Generator, draws: int = 200
) -> tuple[bool, tuple[float, float, float], tuple[float, float, float]]:
    """Whether a compensation evens the seats, judged held out (``held_out_shares``): the widest seat
    gap without points and with held-out points (each as ``gap_of_games``: value, low, high, shares
    of the win), and ``helps`` only when the held-out gap is below the uncompensated one on these
    games and the bootstrap of their difference (games resampled, both gaps on the same resample)
    puts its one-sided 95% upper bound below 0. A fitted compensation on fair seats only adds noise,
    so it must show it does better than none before it is proposed."""
    base = _shares(scores, np.zeros(scores.shape[1]))
    held = held_out_shares(scores, most)
    plain, fitted = gap_of_games(base), gap_of_games(held)
    fair = 1.0 / scores.shape[1]
    picks = rng.integers(0, len(scores), size=(draws, len(scores)))
    gain = np.abs(held[picks].mean(axis=1) - fair).max(axis=1) - np.abs(base[picks].mean(axis=1) - fair).max(
        axis=1
    )
    helps = bool(fitted[0] < plain[0] and np.quantile(gain, 0.95) < 0)
    return helps, plain, fitted


def compensation(players: pd.DataFrame, most: int = 10, draws: int = 200) -> pd.DataFrame:
    """Per (game, variant, player count) and seat: the proposed points per seat (``points``), its
    percentile interval over a bootstrap of the games (``low``, ``high``; the search repeated on each
    resample, started from the proposal), and the seat's win rate with it (``win_rate``); the widest
    seat gap (points of win share) with a compensation fitted on the other half of the games (``gap``:
    held out, so not flattered by the fit) and without any (``base_gap``), each with its interval
    (``gap_of_games``: it always holds the gap); and ``helps`` (``compensation_helps``): the
    compensation is proposed only when it evens the seats more than none."""
    rows = []
    for (game, variant, n), group in players.groupby(["game", "variant", "n_players"], sort=True):
        table = group.pivot_table(index="gid", columns="seat", values="score", aggfunc="first").dropna()
        scores = table.to_numpy(dtype=float)
        if len(scores) < 4:
            continue
        best = search_compensation(scores, most)
        rng = seeded_rng("seat_compensation", game, variant, int(n))
        picks = rng.integers(0, len(scores), size=(draws, len(scores)))
        boots = [search_compensation(scores[pick], most, start=best) for pick in picks]
        low, high = np.quantile(np.array(boots), [0.025, 0.975], axis=0)
        helps, plain, fitted = compensation_helps(scores, most, rng, draws)
        rates = _win_rates(scores, best)
        for seat in range(scores.shape[1]):
            rows.append(
                (game, variant, int(n), int(table.columns[seat]), int(best[seat]), float(low[seat]),
                 float(high[seat]), float(rates[seat]), *(100 * np.array(fitted)), *(100 * np.array(plain)),
                 helps, len(scores))
            )  # fmt: skip
    columns = ["game", "variant", "n_players", "seat", "points", "low", "high", "win_rate"]
    gaps = ["gap", "gap_low", "gap_high", "base_gap", "base_gap_low", "base_gap_high", "helps"]
    return pd.DataFrame(rows, columns=[*columns, *gaps, "games"])


def points_text(part: pd.DataFrame) -> str:
    """'+0 / +4 (3–5) / +4 (3–5)': each seat's points in seat order, with its interval where it is
    not the point itself."""
    texts = []
    for row in part.sort_values("seat").itertuples():
        lo, hi = round(row.low), round(row.high)
        texts.append(f"+{row.points}" + ("" if lo == hi == row.points else f" ({lo}–{hi})"))
    return " / ".join(texts)


NONE_HELPS = "none_helps"
"""``driver_other`` of the ``seat_compensation`` goal when no compensation evens the seats more than
none: the goal then reads the uncompensated gap and says so, with no points proposed."""


def seat_compensation(run) -> pd.DataFrame:
    """The ``seat_compensation`` goal: the widest seat gap (points of win share) once fitted per-seat
    points are added to the lineup's final scores (held out: each half of the games judged with the
    points fitted on the other), with its interval; ``driver``: the points proposed from all the
    games, seat by seat, each with its interval. When no compensation helps (``compensation_helps``),
    the gap without points, no driver, and ``driver_other`` ``NONE_HELPS``."""
    table = compensation(run.players)
    rows = []
    for (game, variant, n), part in table.groupby(["game", "variant", "n_players"], sort=True):
        first = part.iloc[0]
        if first["helps"]:
            gap, driver, other = first[["gap", "gap_low", "gap_high"]], points_text(part), ""
        else:
            gap, driver, other = first[["base_gap", "base_gap_low", "base_gap_high"]], "", NONE_HELPS
        rows.append(
            (game, variant, n, *gap.to_numpy(float), int(first["games"]), driver, other, float("nan"))
        )
    return pd.DataFrame(rows, columns=MEASURE_COLUMNS + DRIVER_COLUMNS)
