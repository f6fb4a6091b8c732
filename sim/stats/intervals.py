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


def simultaneous_z(k: int, level: float = 0.95) -> float:
    """Bonferroni normal quantile for ``k`` two-sided intervals that hold together at ``level``."""
    return float(stats.norm.ppf(1 - (1 - level) / (2 * max(int(k), 1))))


def max_gap_interval(
    rate: np.ndarray, lo: np.ndarray, hi: np.ndarray, fair: float
) -> tuple[float, float, float]:
    """The widest gap max_i |rate_i - fair| and its interval from bands [lo_i, hi_i] that hold for all
    i together (e.g. Wilson at ``simultaneous_z``): low = the largest distance from ``fair`` to a band,
    high = the farthest band end from ``fair``. When every band holds, the true widest gap lies in
    [low, high]; and since each band holds its own rate, the interval holds the reported gap (a
    bootstrap of the maximum is biased upward and can leave the estimate below its interval)."""
    rate, lo, hi = (np.asarray(x, dtype=float) for x in (rate, lo, hi))
    keep = ~np.isnan(rate)
    if not keep.any():
        return np.nan, np.nan, np.nan
    rate, lo, hi = rate[keep], np.minimum(lo[keep], rate[keep]), np.maximum(hi[keep], rate[keep])
    gap = float(np.max(np.abs(rate - fair)))
    low = float(np.max(np.maximum.reduce([lo - fair, fair - hi, np.zeros_like(lo)])))
    high = float(np.max(np.maximum(np.abs(lo - fair), np.abs(hi - fair))))
    return gap, low, high


def newcombe_difference(
    p1: np.ndarray,
    lo1: np.ndarray,
    hi1: np.ndarray,
    p0: np.ndarray,
    lo0: np.ndarray,
    hi0: np.ndarray,
    difference: np.ndarray | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """Newcombe's hybrid score interval for p1 - p0 (square-and-add of each group's own interval,
    Newcombe 1998 method 10; Wilson bounds give statsmodels' ``method="newcomb"``), placed around
    ``difference`` when given (e.g. a stratified estimate). Each side is at least as wide as either
    group's own, so a group with no wins keeps its whole Wilson width in the difference."""
    p1, lo1, hi1, p0, lo0, hi0 = (np.asarray(x, dtype=float) for x in (p1, lo1, hi1, p0, lo0, hi0))
    centre = p1 - p0 if difference is None else np.asarray(difference, dtype=float)
    down = np.sqrt(np.square(p1 - lo1) + np.square(hi0 - p0))
    up = np.sqrt(np.square(hi1 - p1) + np.square(p0 - lo0))
    return centre - down, centre + up


def wilson_difference(
    k1: np.ndarray,
    n1: np.ndarray,
    k0: np.ndarray,
    n0: np.ndarray,
    difference: np.ndarray | None = None,
    z: float = Z95,
) -> tuple[np.ndarray, np.ndarray]:
    """Newcombe's hybrid score interval for k1/n1 - k0/n0 from the two Wilson intervals (the same
    as statsmodels' ``confint_proportions_2indep(method="newcomb")``), around ``difference``."""
    k1, n1, k0, n0 = (np.asarray(x, dtype=float) for x in (k1, n1, k0, n0))
    lo1, hi1 = wilson(k1, n1, z)
    lo0, hi0 = wilson(k0, n0, z)
    with np.errstate(invalid="ignore", divide="ignore"):
        return newcombe_difference(k1 / n1, lo1, hi1, k0 / n0, lo0, hi0, difference)


def wilson_difference_p(
    k1: np.ndarray,
    n1: np.ndarray,
    k0: np.ndarray,
    n0: np.ndarray,
    difference: np.ndarray | None = None,
) -> np.ndarray:
    """Two-sided p-value that matches ``wilson_difference``: the largest 1 - level at which its interval
    still excludes 0 (found by bisection on z), so p <= 0.05 exactly when the 95% interval excludes 0."""
    k1, n1, k0, n0 = np.broadcast_arrays(*(np.asarray(x, dtype=float) for x in (k1, n1, k0, n0)))
    centre = k1 / np.where(n1 > 0, n1, np.nan) - k0 / np.where(n0 > 0, n0, np.nan)
    centre = centre if difference is None else np.broadcast_to(np.asarray(difference, dtype=float), k1.shape)
    low, high = np.zeros(k1.shape), np.full(k1.shape, 40.0)
    for _ in range(60):
        mid = (low + high) / 2
        lo, hi = wilson_difference(k1, n1, k0, n0, centre, mid)
        excluded = (lo > 0) | (hi < 0)
        low, high = np.where(excluded, mid, low), np.where(excluded, high, mid)
    p = 2 * stats.norm.sf(low)
    return np.where(np.isnan(centre), np.nan, np.where(centre == 0, 1.0, p))


def hybrid_difference(
    difference: np.ndarray,
    se: np.ndarray,
    k1: np.ndarray,
    n1: np.ndarray,
    k0: np.ndarray,
    n0: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A difference of win rates (e.g. stratified, with a cluster-robust ``se``) whose interval is
    never narrower than Newcombe's from the groups' own Wilson intervals (k successes in n, n
    effective): the union of the normal interval and ``wilson_difference``, and the larger of the two
    p-values. At 0 or 100% wins the normal interval alone is far too tight (a group with no wins has
    a standard error of 0). Returns (lo, hi, p); NaN where ``se`` is NaN (no interval)."""
    difference, se = np.asarray(difference, dtype=float), np.asarray(se, dtype=float)
    lo, hi = wilson_difference(k1, n1, k0, n0, difference)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_normal = np.where(se > 0, 2 * stats.norm.sf(np.abs(difference / se)), np.nan)
    p = np.fmax(p_normal, wilson_difference_p(k1, n1, k0, n0, difference))
    lo, hi = np.minimum(lo, difference - Z95 * se), np.maximum(hi, difference + Z95 * se)
    return lo, hi, np.where(np.isnan(se), np.nan, p)


def correlation_ci(r: np.ndarray, n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Fisher-z 95% interval for a correlation coefficient."""
    with np.errstate(invalid="ignore", divide="ignore"):
        z = np.arctanh(np.clip(r, -0.999999, 0.999999))
        half = Z95 / np.sqrt(np.asarray(n, dtype=float) - 3)
    return np.tanh(z - half), np.tanh(z + half)


# --- Win shares and games as the unit -------------------------------------------------------------

GAME_ID_COLUMNS = ("run_id", "variant", "config_hash", "n_players", "game_index")
"""Columns that identify a game in a raw players table (the loader adds an integer ``gid``)."""


def game_ids(players: pd.DataFrame) -> np.ndarray:
    """An integer id per row naming its game: ``gid`` when present, else the game key columns."""
    if "gid" in players.columns:
        return players["gid"].to_numpy()
    keys = [c for c in GAME_ID_COLUMNS if c in players.columns]
    if not keys:
        raise ValueError("players table has neither gid nor game key columns")
    return players.groupby(keys, sort=False, observed=True).ngroup().to_numpy()


def win_shares(players: pd.DataFrame) -> np.ndarray:
    """Per player row: 1/k for each of k players sharing first place, else 0.

    The ``win_share`` column when the dataset has it (filled where missing), else computed from
    ``rank`` (or ``won``) within each game."""
    won = (players["rank"] == 1) if "rank" in players.columns else players["won"].astype(bool)
    won = won.to_numpy()
    computed = np.zeros(len(players))
    if len(players):
        ids = game_ids(players)
        _, codes = np.unique(ids, return_inverse=True)
        winners = np.bincount(codes, weights=won.astype(float))
        with np.errstate(invalid="ignore", divide="ignore"):
            computed = np.where(won, 1.0 / winners[codes], 0.0)
    if "win_share" in players.columns:
        given = players["win_share"].to_numpy(dtype=float)
        return np.where(np.isnan(given), computed, given)
    return computed


def ratio_cluster_ci(
    y: np.ndarray, n: np.ndarray, cluster: np.ndarray, group: np.ndarray, z: float = Z95
) -> pd.DataFrame:
    """Ratio estimate sum(y)/sum(n) per ``group`` with a cluster-robust (sandwich) interval.

    Rows are (cluster, group) contributions, e.g. a bot's win shares and seats in one game. The
    linearised variance is sum_c (y_c - R n_c)^2 / (sum n)^2 * C/(C-1) over the C clusters of the
    group (Cameron & Miller 2015). Returns one row per group: y, n, clusters, estimate, se, lo, hi."""
    group_code, groups = pd.factorize(np.asarray(group), sort=True)
    cluster_code, clusters = pd.factorize(np.asarray(cluster))
    key = group_code.astype(np.int64) * max(len(clusters), 1) + cluster_code
    cells, inverse = np.unique(key, return_inverse=True)
    cell_y = np.bincount(inverse, np.asarray(y, dtype=float), minlength=len(cells))
    cell_n = np.bincount(inverse, np.asarray(n, dtype=float), minlength=len(cells))
    cell_group = cells // max(len(clusters), 1)
    k = len(groups)
    total_y = np.bincount(cell_group, cell_y, minlength=k)
    total_n = np.bincount(cell_group, cell_n, minlength=k)
    count = np.bincount(cell_group, minlength=k).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        ratio = total_y / total_n
        ss = np.bincount(cell_group, (cell_y - ratio[cell_group] * cell_n) ** 2, minlength=k)
        var = np.where(count > 1, ss / total_n**2 * count / (count - 1), np.nan)
    out = pd.DataFrame(
        {
            "y": total_y,
            "n": total_n,
            "clusters": count.astype(np.int64),
            "estimate": ratio,
            "se": np.sqrt(var),
        },
        index=pd.Index(groups, name="group"),
    )
    out["lo"] = (out["estimate"] - z * out["se"]).clip(lower=0)
    out["hi"] = (out["estimate"] + z * out["se"]).clip(upper=1)
    return out


def seeded_rng(*key: object) -> np.random.Generator:
    """A generator seeded from a stable key (the statistics are deterministic for given data)."""
    text = "|".join(str(k) for k in key).encode("utf-8")
    return np.random.default_rng(list(text) or [0])


EXACT_BOOTSTRAP_GAMES = 5000
"""Up to this many games the bootstrap resamples games; above it the seat means are drawn from
their normal limit with the game-level covariance (the same thing, to bootstrap precision)."""


def bootstrap_means(
    values: np.ndarray, draws: int = 1000, rng: np.random.Generator | None = None
) -> np.ndarray:
    """Game-level bootstrap of the column means of a (games, k) array: a (draws, k) array."""
    values = np.asarray(values, dtype=float)
    games = len(values)
    rng = rng or np.random.default_rng(0)
    if games == 0:
        return np.full((draws, values.shape[1]), np.nan)
    if games <= EXACT_BOOTSTRAP_GAMES:
        out = np.empty((draws, values.shape[1]))
        step = max(1, 2_000_000 // games)
        for start in range(0, draws, step):
            stop = min(draws, start + step)
            idx = rng.integers(0, games, (stop - start, games))
            out[start:stop] = values[idx].mean(axis=1)
        return out
    mean = values.mean(axis=0)
    cov = np.atleast_2d(np.cov(values, rowvar=False)) / games
    return rng.multivariate_normal(mean, cov, size=draws, method="eigh")
