"""Score components: how much each breakdown column separates winners from the rest."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.dataset import GROUP
from sim.stats.intervals import correlation_ci, diff_means_ci


def component_contribution(players: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """Per (game, variant, n_players, component): mean among winners and among the others, their
    difference with a Welch 95% interval, the component's share of the mean score, and its
    correlation with winning (point-biserial, Fisher-z interval). Constant columns get NaN."""
    if not columns or players.empty:
        return pd.DataFrame(columns=[*GROUP, "component", "difference", "lo", "hi"])
    frame = players[[*GROUP, "won", "score", *columns]]
    by_won = frame.groupby([*GROUP, "won"])[columns].agg(["mean", "std", "count"])
    by_won = by_won.stack(level=0, future_stack=True).rename_axis([*GROUP, "won", "component"])
    stats_by_won = pd.MultiIndex.from_product([["mean", "std", "count"], [False, True]], names=[None, "won"])
    by_won = by_won.unstack("won").reindex(columns=stats_by_won)  # a group may lack winners or others
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
    # Point-biserial correlation from group moments: E[x], E[x^2], E[x*won], P(won).
    won = frame["won"].astype(float)
    moments = pd.concat(
        [
            frame[columns].add_suffix("|x"),
            (frame[columns] ** 2).add_suffix("|xx"),
            frame[columns].mul(won, axis=0).add_suffix("|xy"),
        ],
        axis=1,
    ).assign(**{"score|s": frame["score"], "won|y": won})
    means = moments.groupby([frame[c] for c in GROUP]).mean()
    n = frame.groupby(GROUP).size()
    rows = []
    for column in columns:
        ex, exx, exy = means[f"{column}|x"], means[f"{column}|xx"], means[f"{column}|xy"]
        ey = means["won|y"]
        var_x, var_y = exx - ex**2, ey - ey**2
        with np.errstate(invalid="ignore", divide="ignore"):
            r = ((exy - ex * ey) / np.sqrt(var_x * var_y)).where(var_x > 1e-12)
        r_lo, r_hi = correlation_ci(r.to_numpy(), n.to_numpy())
        rows.append(
            pd.DataFrame(
                {"share_of_score": ex / means["score|s"], "correlation": r, "corr_lo": r_lo, "corr_hi": r_hi}
            ).assign(component=column)
        )
    extra = pd.concat(rows).set_index("component", append=True)
    out = out.join(extra).reset_index()
    return out[out[["mean_winners", "mean_others"]].notna().any(axis=1)].reset_index(
        drop=True
    )  # other games' columns
