"""Game outcomes: scores, winning margin, length, tie-breaks, end reasons, stalls and errors."""

from __future__ import annotations

import shlex

import numpy as np
import pandas as pd

from sim.core.resources import shown_config
from sim.dataset import GROUP
from sim.stats.intervals import mean_ci, wilson

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


def _describe(grouped: pd.core.groupby.SeriesGroupBy) -> pd.DataFrame:
    """Mean with t interval plus the 5/25/50/75/95% quantiles."""
    out = mean_ci(grouped)
    names = [f"q{int(q * 100):02d}" for q in QUANTILES]
    if out.empty:
        return out.reindex(columns=[*out.columns, *names])
    quantiles = grouped.quantile(list(QUANTILES)).unstack()
    quantiles.columns = names
    return out.join(quantiles)


def finished(games: pd.DataFrame) -> pd.DataFrame:
    """The games that ended without an error."""
    return games[games["error"] == ""]


def score_distribution(players: pd.DataFrame) -> pd.DataFrame:
    """Final score per (game, variant, n_players): mean with interval, sd and quantiles."""
    return _describe(players.groupby(GROUP)["score"]).reset_index()


def winning_margin(players: pd.DataFrame) -> pd.DataFrame:
    """Per game: the top score minus the best score of any non-winner (0 when a tie-break decided it)."""
    top = players.groupby("gid")["score"].max()
    second = players[~players["won"]].groupby("gid")["score"].max()
    per_game = players.groupby("gid")[GROUP].first()
    per_game["margin"] = (top - second).reindex(per_game.index).fillna(0.0)
    return per_game.reset_index()


def margin_summary(margins: pd.DataFrame) -> pd.DataFrame:
    """Winning margin per (game, variant, n_players): mean with interval and quantiles."""
    return _describe(margins.groupby(GROUP)["margin"]).reset_index()


def game_length(games: pd.DataFrame) -> pd.DataFrame:
    """Rounds and actions per finished game: mean with interval and quantiles, one row per metric."""
    done = finished(games)
    parts = [_describe(done.groupby(GROUP)[m]).assign(metric=m) for m in ("rounds", "actions")]
    return pd.concat(parts).reset_index()


def tie_break_share(games: pd.DataFrame) -> pd.DataFrame:
    """Share of finished games decided by a tie-break, and of shared wins, with Wilson intervals."""
    done = finished(games).assign(shared=lambda g: g["winner_seats"].str.contains(",", regex=False))
    out = done.groupby(GROUP).agg(
        games=("gid", "size"), tie_breaks=("tie_break", "sum"), shared=("shared", "sum")
    )
    out["tie_break_share"] = out["tie_breaks"] / out["games"]
    out["lo"], out["hi"] = wilson(out["tie_breaks"], out["games"])
    out["shared_share"] = out["shared"] / out["games"]
    out["shared_lo"], out["shared_hi"] = wilson(out["shared"], out["games"])
    return out.reset_index()


def outcome_kind(games: pd.DataFrame) -> pd.Series:
    """``end_reason`` for finished games, ``turn cap`` or ``error`` for the others."""
    capped = games["error"].str.contains("turn cap", case=False, regex=False)
    return pd.Series(
        np.where(games["error"] == "", games["end_reason"].fillna(""), np.where(capped, "turn cap", "error")),
        index=games.index,
    )


def end_reasons(games: pd.DataFrame) -> pd.DataFrame:
    """Share of games per end reason (stalls at the turn cap and errors included) with Wilson intervals."""
    kinds = games.assign(outcome=outcome_kind(games))
    out = kinds.groupby([*GROUP, "outcome"]).size().rename("count").reset_index()
    out["games"] = out.groupby(GROUP)["count"].transform("sum")
    out["share"] = out["count"] / out["games"]
    out["lo"], out["hi"] = wilson(out["count"], out["games"])
    return out


def replay_command(
    config_path: str, n_players: int, seed: int, bots: str, overrides: dict | None = None
) -> str:
    """The ``sim play`` command line that replays one game."""
    parts = ["sim", "play", config_path, "--players", str(n_players), "--seed", str(seed), "--bots", bots]
    for path, value in (overrides or {}).items():
        parts += ["--set", f"{path}={value}"]
    return shlex.join(parts)


def error_list(games: pd.DataFrame, variants: pd.DataFrame) -> pd.DataFrame:
    """Every errored or stalled game with its seed and the command that replays it."""
    columns = ["game", "variant", "n_players", "game_index", "seed", "bots", "error"]
    failed = games.loc[games["error"] != "", ["run_id", *columns]]
    info = variants.drop_duplicates(["run_id", "variant"])[["run_id", "variant", "config_path", "overrides"]]
    failed = failed.merge(info, on=["run_id", "variant"], how="left")
    failed["replay"] = [
        replay_command(
            shown_config(path) if isinstance(path, str) and path else f"<config of {variant}>",
            n_players,
            seed,
            bots,
            overrides if isinstance(overrides, dict) else {},
        )
        for path, variant, n_players, seed, bots, overrides in zip(
            failed["config_path"],
            failed["variant"],
            failed["n_players"],
            failed["seed"],
            failed["bots"],
            failed["overrides"],
            strict=True,
        )
    ]
    return failed[[*columns, "replay"]].reset_index(drop=True)


def error_summary(errors: pd.DataFrame) -> pd.DataFrame:
    """Errors grouped by message: count and the first replay command of each."""
    if errors.empty:
        return pd.DataFrame(columns=["error", "count", "example_replay"])
    return (
        errors.groupby("error", sort=False)
        .agg(count=("seed", "size"), example_replay=("replay", "first"))
        .reset_index()
        .sort_values("count", ascending=False, kind="stable")
    )


def winning_scores(players: pd.DataFrame) -> pd.DataFrame:
    """Per game: the winner's score (the top score), with its (game, variant, n_players)."""
    per_game = players.groupby("gid")[GROUP].first()
    per_game["winning_score"] = players.groupby("gid")["score"].max()
    return per_game.reset_index()


def winning_score_summary(players: pd.DataFrame) -> pd.DataFrame:
    """The winning score per (game, variant, n_players): games, mean with t interval, median and the
    10th and 90th percentiles."""
    columns = [*GROUP, "n", "mean", "lo", "hi", "q10", "q50", "q90"]
    if players.empty:
        return pd.DataFrame(columns=columns)
    grouped = winning_scores(players).groupby(GROUP)["winning_score"]
    out = mean_ci(grouped)
    quantiles = grouped.quantile([0.1, 0.5, 0.9]).unstack()
    quantiles.columns = ["q10", "q50", "q90"]
    return out.join(quantiles).reset_index()[columns]
