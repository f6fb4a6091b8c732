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
