"""Confidence sequences for the deck study: intervals valid at every look at once.

Each card's estimate is the running mean of per-seed estimates ``x_1 .. x_t`` (``deck_design``).
Its interval is the two-sided normal-mixture boundary (Robbins; Howard, Ramdas, McAuliffe and
Sekhon, 2021) in the asymptotic form of Waudby-Smith, Arnold, Ramdas and Howard (2021):

    |mean_t - effect| <= s_t * sqrt(2 (t rho^2 + 1) / (t^2 rho^2) * log(sqrt(t rho^2 + 1) / a)),

``s_t`` the standard deviation of the per-seed estimates so far (seeds of different designs may
have different variances: ``s_t^2`` is their average), ``a = alpha / m`` for the ``m`` cards of
the family (Bonferroni), and ``rho`` tuned so the boundary is tightest near the seeds at which an
interval is as wide as the band (any fixed choice keeps it valid). The
chance that any card's interval misses its effect at any look, ever, is at most ``alpha``: the
study may look after every batch, stop as soon as every card is decided or keep going, and the
family-wise error stays under ``alpha``. Intervals are intersected over the looks (still valid),
so a verdict, once reached, stays.

**Weighted** (``weights`` given, seeds x cards, fixed by each seed's design before it is played:
``deck_design.seed_weights``): the mean is ``sum w_i x_i / W_t``, ``W_t = sum w_i``, and ``t`` in
the boundary becomes ``W_t`` and ``s_t^2`` becomes ``sum w_i^2 (x_i - mean_t)^2 / W_t``. The
weighted errors ``w_i (x_i - effect)`` still form a martingale difference sequence (a weight is
known before its seed is played), whose variance process is ``V_t = sum w_i^2 sigma_i^2``; with
``w_i`` proportional to ``1 / sigma_i^2`` that is ``sigma^2 W_t`` (``sigma^2`` the variance of a seed
of weight one), so the normal mixture on ``S_t / sigma`` at intrinsic time ``W_t`` (Howard et al.,
2021, with ``V_t`` in place of ``t``) gives the same boundary with ``W_t`` for ``t``. The plug-in
``s_t^2`` estimates ``V_t / W_t`` whatever the true per-seed variances (as ``s_t^2`` does unweighted),
so a misjudged weight costs width, not validity. All weights one: exactly the unweighted boundary.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from sim.cards.effects import verdict as band_verdict

ALPHA = 0.05
MIN_SEEDS = 20
"""No interval before this many seeds (the variance estimate needs a few)."""
SIGMA_GUESS = 0.20
"""A per-seed estimate's standard deviation assumed when tuning the boundary (win share, 5 seats:
0.201 measured on a bundled game's 24-card deck, ``benchmarks/deck_noise.py``); only where the boundary is tightest
depends on it, never its validity."""
TUNE_GAP = 0.25
"""The boundary is tightest where a fixed-sample interval (two standard errors) reaches this share of
the tolerance: the seeds that decide a card a quarter of the band from an edge (docs/card-lab.md)."""
SMALLEST_GAP = 0.001
"""A card this close to a band edge is priced as if it were this far (0.1 point)."""

TOO_STRONG, TOO_WEAK, WITHIN, UNDECIDED = "too_strong", "too_weak", "within", "undecided"
VERDICTS = (TOO_STRONG, TOO_WEAK, WITHIN, UNDECIDED)


def tuning_seeds(
    tolerance: float, sigma: float = SIGMA_GUESS, gap: float = TUNE_GAP, expected: float | None = None
) -> float:
    """The seeds at which the boundary is tightest: half the seeds the study is ``expected`` to reach
    (from its budget) when known, else where a fixed-sample half-width of two standard errors
    (per-seed standard deviation ``sigma``) is ``gap`` times the tolerance."""
    if expected is not None and math.isfinite(expected):
        return max(expected / 2, float(MIN_SEEDS))
    return max((2 * sigma / (gap * tolerance)) ** 2, float(MIN_SEEDS))


def rho_squared(alpha: float, t_opt: float) -> float:
    """The mixture's precision tuned to be tightest at ``t_opt`` seeds (Waudby-Smith et al., 2021)."""
    log_term = -2 * math.log(alpha)
    return (log_term + math.log(log_term + 1)) / t_opt


def half_width(sd, t, alpha: float, t_opt: float):
    """The boundary's half-width on the mean after ``t`` seeds whose estimates have standard
    deviation ``sd``: ``sd * sqrt(2 (t r + 1) / (t^2 r) * log(sqrt(t r + 1) / alpha))``, r = rho^2."""
    r2 = rho_squared(alpha, t_opt)
    t = np.asarray(t, dtype=float)
    tr = t * r2 + 1
    return np.asarray(sd, dtype=float) * np.sqrt(2 * tr / (t * t * r2) * np.log(np.sqrt(tr) / alpha))


def verdict(lo: float, hi: float, tolerance: float) -> str:
    """The interval read against the band [-tolerance, +tolerance] (``undecided`` across an edge)."""
    return band_verdict(lo, hi, tolerance, undecided=UNDECIDED)


def moments(
    values: np.ndarray, ends: Sequence[int], weights: np.ndarray | None = None
) -> tuple[np.ndarray, ...]:
    """Total weight (the seeds, unweighted), mean and standard deviation per unit weight at each look
    (the seed counts ``ends``) of per-seed estimates ``values`` (seeds x cards): looks x cards each."""
    at = np.asarray(ends, dtype=int) - 1
    if weights is None:
        t = np.broadcast_to((at + 1)[:, None].astype(float), (len(at), values.shape[1]))
        mean = np.cumsum(values, axis=0)[at] / t
        squares = np.cumsum(values**2, axis=0)[at]
        return t, mean, np.sqrt(np.maximum(squares / t - mean**2, 0.0))
    w = np.asarray(weights, dtype=float)
    total = np.cumsum(w, axis=0)[at]
    mean = np.cumsum(w * values, axis=0)[at] / total
    w2 = w * w
    spread = (
        np.cumsum(w2 * values**2, axis=0)[at]
        - 2 * mean * np.cumsum(w2 * values, axis=0)[at]
        + mean**2 * np.cumsum(w2, axis=0)[at]
    )
    return total, mean, np.sqrt(np.maximum(spread, 0.0) / total)


def looks(
    values: np.ndarray,
    ends: Sequence[int],
    alpha: float,
    t_opt: float,
    weights: np.ndarray | None = None,
) -> tuple[np.ndarray, ...]:
    """Mean, low and high at each look (the seed counts ``ends``) of per-seed estimates ``values``
    (seeds x cards; ``weights`` None: every seed counts alike): looks x cards each; low and high
    are the running intersection of the intervals (NaN before MIN_SEEDS seeds)."""
    total, mean, sd = moments(values, ends, weights)
    seeds = np.asarray(ends, dtype=float)[:, None]
    width = np.where(seeds >= MIN_SEEDS, half_width(sd, np.maximum(total, 1e-9), alpha, t_opt), np.nan)
    lo_now, hi_now = mean - width, mean + width
    lo = np.fmax.accumulate(lo_now, axis=0)
    hi = np.fmin.accumulate(hi_now, axis=0)
    crossed = lo > hi  # the intervals disagree: only a miss does this; show the latest
    lo, hi = np.where(crossed, lo_now, lo), np.where(crossed, hi_now, hi)
    return mean, lo, hi


def seeds_needed(values: np.ndarray, alpha: float, t_opt: float, tolerance: float) -> float:
    """Seeds in all (at the variance seen so far) after which the interval would be narrow enough
    to decide a card whose estimate stays where it is: its half-width below the estimate's distance
    to the nearer band edge."""
    t = len(values)
    if t < 2:
        return math.nan
    sd = float(values.std())
    gap = max(abs(abs(float(values.mean())) - tolerance), SMALLEST_GAP)
    return float(seeds_for_width(np.array([sd]), np.array([gap]), t, alpha, t_opt)[0])


MAX_DOUBLINGS = 64
"""A gap of rounding size (1e-15) would need more seeds than a float counts exactly: the search stops
there, at about 2**64 times the seeds it started from."""


def seeds_for_width(
    sd: np.ndarray, gap: np.ndarray, t: float | np.ndarray, alpha: float, t_opt: float
) -> np.ndarray:
    """The fewest seeds (at least ``t`` and MIN_SEEDS; in units of weight when weighted) at which the
    half-width for per-seed standard deviation ``sd`` is at most ``gap``, card by card (a bisection
    on all of them at once)."""
    sd, gap = np.asarray(sd, dtype=float), np.asarray(gap, dtype=float)
    first = np.broadcast_to(np.ceil(np.maximum(np.asarray(t, dtype=float), MIN_SEEDS)), sd.shape)
    lo, hi = first.copy(), first.copy()
    for _ in range(MAX_DOUBLINGS):  # double until every card's interval is narrow enough
        wide = half_width(sd, hi, alpha, t_opt) > gap
        if not wide.any():
            break
        lo, hi = np.where(wide, hi, lo), np.where(wide, hi * 2, hi)
    while np.any(hi - lo > 1):
        mid = np.floor((lo + hi) / 2)
        wide = half_width(sd, mid, alpha, t_opt) > gap
        lo, hi = np.where(wide, mid, lo), np.where(wide, hi, mid)
    return np.where(sd == 0, first, hi)
