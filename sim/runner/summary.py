"""The table ``sim run`` prints: games, errors, win rate per seat and per bot with 95% intervals."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from sim.dataset import read_columns
from sim.stats.intervals import wilson, win_shares


def win_rates(players: pd.DataFrame, by: list[str]) -> pd.DataFrame:
    """Mean win share with 95% Wilson interval per group: a first place shared by k players counts
    1/k for each (the interval treats seats as independent: a quick look, not the report)."""
    grouped = players.assign(_share=win_shares(players)).groupby(by, sort=True, observed=True)
    table = grouped.agg(
        games=("won", "size"), wins=("_share", "sum"), mean_score=("score", "mean")
    ).reset_index()
    table["win_rate"] = table["wins"] / table["games"]
    table["ci_low"], table["ci_high"] = wilson(table["wins"], table["games"])
    return table


def _pct(row: pd.Series) -> str:
    return f"{row.win_rate:6.1%} [{row.ci_low:5.1%}, {row.ci_high:5.1%}]"


def summary_text(out: Path) -> str:
    """A plain-text summary of a results directory, per variant and player count."""
    games = read_columns(out / "games", ["variant", "n_players", "error", "rounds"])
    wanted = [
        "run_id",
        "variant",
        "n_players",
        "game_index",
        "seat",
        "bot",
        "score",
        "rank",
        "won",
        "win_share",
    ]
    players = read_columns(out / "players", wanted)
    lines = []
    for (variant, n), group in games.groupby(["variant", "n_players"], sort=True):
        errors = int((group["error"] != "").sum())
        ok = group[group["error"] == ""]
        lines.append(
            f"{variant}, {n} players: {len(group)} games, {errors} errors, "
            f"mean length {ok['rounds'].mean():.1f} rounds (fair share {1 / n:.1%})"
        )
        subset = players[(players["variant"] == variant) & (players["n_players"] == n)]
        if subset.empty:
            continue
        lines.append("  seat  win rate [95% CI]          mean score")
        for row in win_rates(subset, ["seat"]).itertuples():
            lines.append(f"  {row.seat + 1:>4}  {_pct(row)}   {row.mean_score:8.1f}")
        if subset["bot"].nunique() > 1:
            lines.append("  bot           win rate [95% CI]          mean score")
            for row in win_rates(subset, ["bot"]).itertuples():
                lines.append(f"  {row.bot:<12}  {_pct(row)}   {row.mean_score:8.1f}")
    return "\n".join(lines)
