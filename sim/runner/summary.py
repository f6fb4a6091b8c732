"""The table ``sim run`` prints: games, errors, win rate per seat and per bot with 95% intervals,
the same figures the report shows (``sim.stats.seats.seat_win_rates``, ``sim.stats.bots.bot_results``)."""

from __future__ import annotations

from pathlib import Path

from sim.dataset import read_columns
from sim.stats.bots import bot_results
from sim.stats.seats import seat_win_rates


def _pct(rate: float, lo: float, hi: float) -> str:
    return f"{rate:6.1%} [{lo:5.1%}, {hi:5.1%}]"


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
        seats = seat_win_rates(subset, gap_interval=False)  # the report's figures, computed alike
        scores = subset.groupby("seat")["score"].mean()
        adjusted = bool((seats["adjusted"] == "bot").any())
        lines.append(
            "  seat  win rate [95% CI]          mean score"
            + ("  (adjusted for the bots)" if adjusted else "")
        )
        for row in seats.itertuples():
            lines.append(
                f"  {row.seat + 1:>4}  {_pct(row.win_rate, row.lo, row.hi)}   {scores[row.seat]:8.1f}"
            )
        if subset["bot"].nunique() > 1:
            lines.append("  bot           win rate [95% CI]          mean score")
            for row in bot_results(subset).itertuples():
                lines.append(f"  {row.bot:<12}  {_pct(row.win_rate, row.lo, row.hi)}   {row.score_mean:8.1f}")
    return "\n".join(lines)
