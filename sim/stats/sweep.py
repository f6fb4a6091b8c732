"""Sweep response: each metric against each swept ``param:<path>`` column, with intervals."""

from __future__ import annotations

import pandas as pd

from sim.stats.intervals import mean_ci, wilson

METRICS = ("first_seat_win_rate", "mean_rounds", "mean_score", "tie_break_share", "error_share")
BOT_METRIC = "bot_win_rate:"
"""Prefix of the per-bot win-rate metrics (one per bot, when the run has several bots)."""


def swept_parameters(games: pd.DataFrame) -> list[str]:
    """``param:`` columns that take more than one value within some game."""
    params = [c for c in games.columns if c.startswith("param:")]
    return [p for p in params if (games.groupby("game")[p].nunique(dropna=True) > 1).any()]


def _proportion(frame: pd.DataFrame, keys: list[str], flag: str, metric: str) -> pd.DataFrame:
    out = frame.groupby(keys)[flag].agg(n="size", k="sum").reset_index()
    out["estimate"] = out["k"] / out["n"]
    out["lo"], out["hi"] = wilson(out["k"], out["n"])
    return out.drop(columns="k").assign(metric=metric)


def _mean(frame: pd.DataFrame, keys: list[str], column: str, metric: str) -> pd.DataFrame:
    out = mean_ci(frame.groupby(keys)[column]).rename(columns={"mean": "estimate"}).reset_index()
    return out.drop(columns="sd").assign(metric=metric)


def _order_values(values: pd.Series) -> pd.Series:
    numeric = pd.to_numeric(values, errors="coerce")
    return numeric if numeric.notna().all() else values.rank(method="dense")


def sweep_response(games: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
    """Long table: game, parameter, value, n_players, metric, estimate, lo, hi, n (games or seats).

    Metrics are ``METRICS`` plus ``bot_win_rate:<bot>`` per bot when several bots played. When
    several parameters are swept together, each response is the average over the others."""
    parts = []
    for param in swept_parameters(games):
        g = games[games[param].notna()].assign(value=lambda d, p=param: d[p].astype(str))
        keys = ["game", "value", "n_players"]
        g = g.assign(errored=g["error"] != "")
        done = g[~g["errored"]]
        seated = players.merge(done[["gid", "value"]], on="gid")
        blocks = [
            _proportion(seated[seated["seat"] == 0], keys, "won", "first_seat_win_rate").assign(
                fair_share=lambda d: 1.0 / d["n_players"]
            ),
            _mean(done, keys, "rounds", "mean_rounds"),
            _mean(seated, keys, "score", "mean_score"),
            _proportion(done, keys, "tie_break", "tie_break_share"),
            _proportion(g, keys, "errored", "error_share"),
        ]
        if seated["bot"].nunique() > 1:  # which strategy a parameter change favours
            blocks += [
                _proportion(part, keys, "won", f"{BOT_METRIC}{bot}").assign(
                    fair_share=lambda d: 1.0 / d["n_players"]
                )
                for bot, part in seated.groupby("bot", sort=True)
            ]
        block = pd.concat(blocks, ignore_index=True).assign(parameter=param.removeprefix("param:"))
        block["order"] = _order_values(block["value"])
        parts.append(block)
    columns = [
        "game",
        "parameter",
        "value",
        "order",
        "n_players",
        "metric",
        "estimate",
        "lo",
        "hi",
        "n",
        "fair_share",
    ]
    if not parts:
        return pd.DataFrame(columns=columns)
    out = pd.concat(parts, ignore_index=True).reindex(columns=columns)
    return out.sort_values(["game", "parameter", "metric", "n_players", "order"], kind="stable").reset_index(
        drop=True
    )
