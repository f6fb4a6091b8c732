"""Score components: how much each breakdown column separates winners from the rest."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.stats.intervals import correlation_ci, diff_means_ci
from sim.stats.load import GROUP


def component_contribution(players: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """Per (game, variant, n_players, component): mean among winners and among the others, their
    difference with a Welch 95% interval, the component's share of the mean score, and its
    correlation with winning (point-biserial, Fisher-z interval). Constant columns get NaN."""
    if not columns:
        return pd.DataFrame(columns=[*GROUP, "component"])
    long = players[[*GROUP, "won", "score", *columns]].melt(
        id_vars=[*GROUP, "won", "score"], value_vars=columns, var_name="component"
    )
    keys = [*GROUP, "component"]
    by_won = long.groupby([*keys, "won"])["value"].agg(["mean", "std", "count"]).unstack("won")
    winners, others = by_won.xs(True, axis=1, level="won"), by_won.xs(False, axis=1, level="won")
    diff, lo, hi = diff_means_ci(
        winners["mean"], winners["std"], winners["count"], others["mean"], others["std"], others["count"]
    )
    out = pd.DataFrame(
        {
            "mean_winners": winners["mean"],
            "mean_others": others["mean"],
            "difference": diff,
            "lo": lo,
            "hi": hi,
            "n_winners": winners["count"],
            "n_others": others["count"],
        }
    )
    grouped = long.groupby(keys)
    out["share_of_score"] = grouped["value"].mean() / grouped["score"].mean()
    won = long["won"].astype(float)
    moments = (
        long.assign(x=long["value"], y=won, xy=long["value"] * won, xx=long["value"] ** 2, yy=won**2)
        .groupby(keys)[["x", "y", "xy", "xx", "yy"]]
        .mean()
    )
    n = grouped.size()
    cov = moments["xy"] - moments["x"] * moments["y"]
    var_x = moments["xx"] - moments["x"] ** 2
    var_y = moments["yy"] - moments["y"] ** 2
    with np.errstate(invalid="ignore", divide="ignore"):
        r = cov / np.sqrt(var_x * var_y)
    r = r.where(var_x > 1e-12)
    out["correlation"] = r
    out["corr_lo"], out["corr_hi"] = correlation_ci(r.to_numpy(), n.to_numpy())
    return out.reset_index()
