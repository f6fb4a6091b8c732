"""Sweep response: each metric against each swept ``param:<path>`` column, with paired tests.

Sweep points are played on the same seeds (same player count, game index and bots), so each
value is compared with the lowest value game by game (paired), a trend test looks at the slope
across all values, and Holm's correction runs over the family of metrics x values x player
counts of one parameter."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from sim.dataset import PARAM_PREFIX
from sim.stats.intervals import game_ids, holm_adjust, mean_ci, ratio_cluster_ci, wilson, win_shares

METRICS = ("first_seat_win_rate", "mean_rounds", "mean_score", "tie_break_share", "error_share")
BOT_METRIC = "bot_win_rate:"
"""Prefix of the per-bot win-rate metrics (one per bot, when the run has several bots)."""
PAIR_KEY = ["game", "n_players", "game_index", "bots"]


def swept_parameters(games: pd.DataFrame) -> list[str]:
    """``param:`` columns that take more than one value within some game, one per factor: columns
    that split the variants identically (e.g. every leaf of a swapped map) are one change, named
    by its first column."""
    params = [c for c in games.columns if c.startswith(PARAM_PREFIX)]
    swept = [p for p in params if (games.groupby("game")[p].nunique(dropna=True) > 1).any()]
    variants = games.drop_duplicates(["game", "variant"])
    kept, seen = [], set()
    for p in swept:
        partition = tuple(pd.factorize(variants[p].astype(str))[0])
        if partition not in seen:
            seen.add(partition)
            kept.append(p)
    return kept


def _value_text(value: object) -> str:
    if isinstance(value, float | np.floating) and float(value).is_integer():
        return str(int(value))
    return str(value)


def _order_values(values: pd.Series) -> pd.Series:
    """Numbers sort as numbers (booleans as 0/1); other values in their sorted order."""
    if pd.api.types.is_bool_dtype(values):
        return values.astype(float)
    numeric = pd.to_numeric(values, errors="coerce")
    if numeric.notna().all():
        return numeric.astype(float)
    return values.astype(str).rank(method="dense")


def _proportion(frame: pd.DataFrame, keys: list[str], flag: str, metric: str) -> pd.DataFrame:
    out = frame.groupby(keys)[flag].agg(n="size", k="sum").reset_index()
    out["estimate"] = out["k"] / out["n"]
    out["lo"], out["hi"] = wilson(out["k"], out["n"])
    return out.drop(columns="k").assign(metric=metric)


def _mean(frame: pd.DataFrame, keys: list[str], column: str, metric: str) -> pd.DataFrame:
    out = mean_ci(frame.groupby(keys)[column]).rename(columns={"mean": "estimate"}).reset_index()
    return out.drop(columns="sd").assign(metric=metric)


def _bot_share(seated: pd.DataFrame, keys: list[str], bot: str) -> pd.DataFrame:
    part = seated[seated["bot"] == bot]
    group = part.groupby(keys, sort=True).ngroup().to_numpy()
    ci = ratio_cluster_ci(part["_share"].to_numpy(), np.ones(len(part)), part["gid"].to_numpy(), group)
    labels = part.groupby(keys, sort=True).size().reset_index()[keys]
    out = labels.assign(n=ci["n"].to_numpy(), estimate=ci["estimate"].to_numpy())
    out["lo"], out["hi"] = ci["lo"].to_numpy(), ci["hi"].to_numpy()
    return out.assign(metric=f"{BOT_METRIC}{bot}", fair_share=1.0 / out["n_players"])


def _swept(games: pd.DataFrame, players: pd.DataFrame, param: str) -> tuple[pd.DataFrame, pd.DataFrame]:
    g = games[games[param].notna()].copy()
    g["value"] = g[param].map(_value_text)
    g["order"] = _order_values(g[param])
    g["errored"] = g["error"] != ""
    seated = players.assign(_share=win_shares(players), gid=game_ids(players))
    seated = seated.merge(g.loc[~g["errored"], ["gid", "value"]], on="gid")
    return g, seated


def sweep_response(games: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Long table: game, parameter, value, order, n_players, metric, estimate, lo, hi, n.

    Metrics are ``METRICS`` plus ``bot_win_rate:<bot>`` per bot when several bots played; win
    rates are mean win shares (a shared first place split). When several parameters are swept
    together, each response is the average over the others."""
    parts = []
    for param in swept_parameters(games):
        g, seated = _swept(games, players, param)
        keys = ["game", "value", "n_players"]
        done = g[~g["errored"]]
        first = seated[seated["seat"] == 0]
        seat_block = _mean(first, keys, "_share", "first_seat_win_rate")
        lo, hi = wilson(seat_block["estimate"] * seat_block["n"], seat_block["n"])  # conservative
        seat_block = seat_block.assign(lo=lo, hi=hi, fair_share=lambda d: 1.0 / d["n_players"])
        blocks = [
            seat_block,
            _mean(done, keys, "rounds", "mean_rounds"),
            _mean(seated, keys, "score", "mean_score"),
            _proportion(done, keys, "tie_break", "tie_break_share"),
            _proportion(g, keys, "errored", "error_share"),
        ]
        if seated["bot"].nunique() > 1:  # which strategy a parameter change favours
            blocks += [_bot_share(seated, keys, bot) for bot in sorted(seated["bot"].unique())]
        block = pd.concat(blocks, ignore_index=True).assign(parameter=param.removeprefix(PARAM_PREFIX))
        block["order"] = block["value"].map(g.drop_duplicates("value").set_index("value")["order"])
        parts.append(block)
    columns = ["game", "parameter", "value", "order", "n_players", "metric", "estimate", "lo", "hi", "n",
               "fair_share"]  # fmt: skip
    if not parts:
        return pd.DataFrame(columns=columns)
    out = pd.concat(parts, ignore_index=True).reindex(columns=columns)
    return out.sort_values(["game", "parameter", "metric", "n_players", "order"], kind="stable").reset_index(
        drop=True
    )


def _per_game_metrics(g: pd.DataFrame, seated: pd.DataFrame) -> pd.DataFrame:
    """One row per swept game and metric: the game's own value of the metric."""
    base = g.set_index("gid")[[*PAIR_KEY, "value", "order"]]
    done = g[~g["errored"]].set_index("gid")
    seat0 = seated[seated["seat"] == 0].set_index("gid")["_share"]
    columns = {
        "first_seat_win_rate": seat0,
        "mean_rounds": done["rounds"].astype(float),
        "mean_score": seated.groupby("gid")["score"].mean(),
        "tie_break_share": done["tie_break"].astype(float),
        "error_share": g.set_index("gid")["errored"].astype(float),
    }
    if seated["bot"].nunique() > 1:
        by_bot = seated.groupby(["gid", "bot"])["_share"].mean().unstack("bot")
        columns.update({f"{BOT_METRIC}{b}": by_bot[b] for b in by_bot.columns})
    parts = [base.assign(metric=m, y=v.reindex(base.index)) for m, v in columns.items()]
    return pd.concat(parts).dropna(subset=["y"]).reset_index()


def _t_test(diff: pd.core.groupby.SeriesGroupBy) -> pd.DataFrame:
    out = diff.agg(pairs="count", estimate="mean", sd="std")
    with np.errstate(invalid="ignore", divide="ignore"):
        se = out["sd"] / np.sqrt(out["pairs"])
        t = out["estimate"] / se
        df = np.maximum(out["pairs"] - 1, 1)
        half = stats.t.ppf(0.975, df) * se
        p = 2 * stats.t.sf(np.abs(t), df)
    zero_sd = ~(out["sd"] > 0)
    out["p_value"] = np.where(zero_sd, np.where(out["estimate"] == 0, 1.0, 0.0), p)
    out.loc[out["pairs"] < 2, "p_value"] = np.nan
    out["lo"], out["hi"] = out["estimate"] - half.fillna(0), out["estimate"] + half.fillna(0)
    return out.drop(columns="sd")


def _holm_by(frame: pd.DataFrame, keys: list[str], alpha: float) -> pd.DataFrame:
    frame = frame.copy()
    frame["p_holm"] = np.nan
    frame["family"] = 0
    for _, part in frame.groupby(keys, sort=False):
        valid = part["p_value"].dropna()
        if len(valid):
            frame.loc[valid.index, "p_holm"] = holm_adjust(valid.to_numpy())
        frame.loc[part.index, "family"] = len(valid)
    frame["significant"] = frame["p_holm"] <= alpha
    return frame


def _paired_tests(
    games: pd.DataFrame, players: pd.DataFrame, param: str, alpha: float
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Per-seed metric cells of a swept parameter, and each value against the lowest one on the
    shared seeds (paired t, Holm over the game's family)."""
    g, seated = _swept(games, players, param)
    long = _per_game_metrics(g, seated)
    key = [*PAIR_KEY, "metric"]
    cells = long.groupby([*key, "order", "value"], sort=True)["y"].mean().reset_index()
    reference = cells.sort_values("order").drop_duplicates(key)[[*key, "order", "y"]]
    paired = cells.merge(reference, on=key, suffixes=("", "_ref"))
    paired = paired[paired["order"] != paired["order_ref"]].assign(diff=lambda d: d["y"] - d["y_ref"])
    tests = _t_test(paired.groupby(["game", "n_players", "metric", "order", "value"])["diff"]).reset_index()
    return cells, _holm_by(tests, ["game"], alpha)


def sweep_tests(
    games: pd.DataFrame, players: pd.DataFrame, alpha: float = 0.05, response: pd.DataFrame | None = None
) -> pd.DataFrame:
    """Per (game, parameter, n_players, metric): the lowest and highest value with the metric's
    estimate at each as ``sweep_response`` gives it (``response``, computed when not given: the
    figures the sweep chart draws), the paired
    difference highest - lowest over shared seeds (t interval), a paired trend test (the slope of
    the metric on the parameter within each seed, t-tested over seeds; ranks for non-numbers),
    Holm p-values over the family of metrics x values x player counts (paired) and metrics x
    player counts (trend) of the parameter, and ``changed`` when either corrected test rejects."""
    columns = ["game", "parameter", "n_players", "metric", "values", "value_lo", "value_hi", "estimate_lo",
               "estimate_hi", "pairs", "difference", "diff_lo", "diff_hi", "diff_p_holm", "slope",
               "slope_lo", "slope_hi", "trend_p", "trend_p_holm", "family", "changed"]  # fmt: skip
    rows = []
    key = [*PAIR_KEY, "metric"]
    if response is None:
        response = sweep_response(games, players)
    shown = response.set_index(["game", "parameter", "n_players", "metric", "value"])["estimate"]
    for param in swept_parameters(games):
        cells, tests = _paired_tests(games, players, param, alpha)
        name = param.removeprefix(PARAM_PREFIX)
        # Trend: within each seed, the least-squares slope of the metric on the parameter.
        x_mean = cells.groupby(key)["order"].transform("mean")
        y_mean = cells.groupby(key)["y"].transform("mean")
        cells = cells.assign(
            sxy=(cells["order"] - x_mean) * (cells["y"] - y_mean), sxx=(cells["order"] - x_mean) ** 2
        )
        sums = cells.groupby(key)[["sxy", "sxx"]].sum()
        sums = sums[sums["sxx"] > 0]
        slopes = (sums["sxy"] / sums["sxx"]).rename("slope").reset_index()
        trend = _t_test(slopes.groupby(["game", "n_players", "metric"])["slope"]).reset_index()
        trend = _holm_by(trend, ["game"], alpha)
        means = cells.groupby(["game", "n_players", "metric", "order", "value"])["y"].mean().reset_index()
        for r in trend.itertuples(index=False):
            at = means[
                (means["game"] == r.game)
                & (means["n_players"] == r.n_players)
                & (means["metric"] == r.metric)
            ]
            at = at.sort_values("order")
            last = tests[(tests["game"] == r.game) & (tests["n_players"] == r.n_players)
                         & (tests["metric"] == r.metric) & (tests["order"] == at["order"].iloc[-1])]  # fmt: skip
            top = last.iloc[0] if len(last) else None
            changed = bool(r.significant) or bool(
                tests.loc[
                    (tests["game"] == r.game)
                    & (tests["n_players"] == r.n_players)
                    & (tests["metric"] == r.metric),
                    "significant",
                ].any()  # fmt: skip
            )
            rows.append({
                "game": r.game, "parameter": name, "n_players": r.n_players,
                "metric": r.metric, "values": len(at), "value_lo": at["value"].iloc[0],
                "value_hi": at["value"].iloc[-1],
                "estimate_lo": shown.get((r.game, name, r.n_players, r.metric, at["value"].iloc[0]), np.nan),
                "estimate_hi": shown.get((r.game, name, r.n_players, r.metric, at["value"].iloc[-1]), np.nan),
                "pairs": int(top["pairs"]) if top is not None else 0,
                "difference": top["estimate"] if top is not None else np.nan,
                "diff_lo": top["lo"] if top is not None else np.nan,
                "diff_hi": top["hi"] if top is not None else np.nan,
                "diff_p_holm": top["p_holm"] if top is not None else np.nan,
                "slope": r.estimate, "slope_lo": r.lo, "slope_hi": r.hi, "trend_p": r.p_value,
                "trend_p_holm": r.p_holm, "family": int(r.family) + int(tests["family"].max() if len(tests) else 0),
                "changed": changed,
            })  # fmt: skip
    return pd.DataFrame(rows, columns=columns)


def sweep_paired(games: pd.DataFrame, players: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Every swept value against the lowest one, paired on shared seeds, Holm over the family."""
    parts = []
    for param in swept_parameters(games):
        _, tests = _paired_tests(games, players, param, alpha)
        parts.append(tests.assign(parameter=param.removeprefix(PARAM_PREFIX)))
    if not parts:
        return pd.DataFrame(
            columns=["game", "parameter", "n_players", "metric", "value", "estimate", "lo", "hi"]
        )
    return pd.concat(parts, ignore_index=True)
