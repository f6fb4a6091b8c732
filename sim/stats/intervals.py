"""Interval and test helpers shared by the metric functions (all vectorised, 95% by default)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

Z95 = float(stats.norm.ppf(0.975))


def wilson(
    k: np.ndarray | pd.Series, n: np.ndarray | pd.Series, z: float = Z95
) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for k successes out of n (NaN where n == 0)."""
    k = np.asarray(k, dtype=float)
    n = np.asarray(n, dtype=float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = k / n
        denom = 1 + z**2 / n
        centre = (p + z**2 / (2 * n)) / denom
        half = z * np.sqrt(p * (1 - p) / n + z**2 / (4 * n**2)) / denom
    return centre - half, centre + half


def binom_pvalues(
    k: np.ndarray | pd.Series, n: np.ndarray | pd.Series, p0: np.ndarray | pd.Series
) -> np.ndarray:
    """Two-sided exact binomial test p-values, element by element."""
    return np.array(
        [
            stats.binomtest(int(ki), int(ni), float(pi)).pvalue if ni > 0 else np.nan
            for ki, ni, pi in zip(np.asarray(k), np.asarray(n), np.asarray(p0), strict=True)
        ]
    )


def holm_adjust(pvalues: np.ndarray) -> np.ndarray:
    """Holm step-down adjusted p-values (same as statsmodels' ``multipletests(method="holm")``)."""
    p = np.asarray(pvalues, dtype=float)
    order = np.argsort(p, kind="stable")
    steps = (len(p) - np.arange(len(p))) * p[order]
    adjusted = np.empty_like(p)
    adjusted[order] = np.minimum(np.maximum.accumulate(steps), 1.0)
    return adjusted


def bh_adjust(pvalues: np.ndarray) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (q-values), for screens over many cards or tiles."""
    p = np.asarray(pvalues, dtype=float)
    m = len(p)
    order = np.argsort(p, kind="stable")
    scaled = p[order] * m / np.arange(1, m + 1)
    adjusted = np.empty_like(p)
    adjusted[order] = np.minimum(np.minimum.accumulate(scaled[::-1])[::-1], 1.0)
    return adjusted


def holm(
    pvalues: pd.Series, groups: pd.DataFrame | pd.Series, alpha: float = 0.05
) -> tuple[pd.Series, pd.Series]:
    """Holm-adjusted p-values and reject flags, corrected within each group (NaN p-values skipped)."""
    adjusted = pd.Series(np.nan, index=pvalues.index)
    keys = [groups[c] for c in groups.columns] if isinstance(groups, pd.DataFrame) else [groups]
    for _, values in pvalues.groupby(keys, sort=False):
        values = values.dropna()
        if len(values):
            adjusted[values.index] = holm_adjust(values.to_numpy())
    return adjusted, adjusted.le(alpha)


def mean_ci(grouped: pd.core.groupby.SeriesGroupBy) -> pd.DataFrame:
    """Per group: n, mean, sd and a t-based 95% interval of the mean."""
    out = grouped.agg(n="count", mean="mean", sd="std")
    with np.errstate(invalid="ignore", divide="ignore"):
        t = stats.t.ppf(0.975, np.maximum(out["n"] - 1, 1))
        half = t * out["sd"] / np.sqrt(out["n"])
    out["lo"] = out["mean"] - half
    out["hi"] = out["mean"] + half
    return out


def diff_means_ci(
    mean_a: np.ndarray,
    sd_a: np.ndarray,
    n_a: np.ndarray,
    mean_b: np.ndarray,
    sd_b: np.ndarray,
    n_b: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Welch 95% interval for mean_a - mean_b: (difference, lo, hi)."""
    va, vb = np.square(sd_a) / n_a, np.square(sd_b) / n_b
    with np.errstate(invalid="ignore", divide="ignore"):
        df = np.square(va + vb) / (np.square(va) / (n_a - 1) + np.square(vb) / (n_b - 1))
        half = stats.t.ppf(0.975, df) * np.sqrt(va + vb)
    diff = np.asarray(mean_a) - np.asarray(mean_b)
    return diff, diff - half, diff + half


def correlation_ci(r: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Fisher-z 95% interval for a correlation coefficient."""
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.arctanh(np.clip(r, -0.999999, 0.999999))
        half = Z95 / np.sqrt(np.asarray(n, dtype=float) - 3)
    return np.tanh(z - half), np.tanh(z + half)
