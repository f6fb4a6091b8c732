"""The table ``sim run`` prints: games, errors, win rate per seat and per bot with 95% intervals,
the same figures the report shows (``sim.stats.seats.seat_win_rates``, ``sim.stats.bots.bot_results``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path

import pandas as pd

from sim import texts
from sim.dataset import read_columns
from sim.stats.bots import bot_results
from sim.stats.seats import max_halfwidth, seat_win_rates

LABELS = texts.words("run_summary")
"""The summary's words in each console language (``--lang``)."""


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal columns (a Chinese character takes two)."""
    used = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return text + " " * max(0, width - used)


def _pct(rate: float, lo: float, hi: float) -> str:
    return f"{rate:6.1%} [{lo:5.1%}, {hi:5.1%}]"


def summary_text(out: Path, lang: str = "en", shown: Callable[[str, str], str] | None = None) -> str:
    """A plain-text summary of a results directory, per variant and player count, in ``lang``;
    ``shown(kind, value)`` gives the display name of a ``"bot"`` or a ``"variant"`` (default: as stored)."""
    words = LABELS[lang]
    name = shown or (lambda kind, value: value)
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
            words["group"].format(
                variant=name("variant", variant), n=n, games=len(group), errors=errors,
                rounds=f"{ok['rounds'].mean():.1f}", fair=f"{1 / n:.1%}",
            )
        )  # fmt: skip
        subset = players[(players["variant"] == variant) & (players["n_players"] == n)]
        if subset.empty:
            continue
        seats = seat_win_rates(subset)  # the report's figures, computed alike
        scores = subset.groupby("seat")["score"].mean()
        adjusted = bool((seats["adjusted"] == "bot").any())
        lines.append(words["seats"] + (words["adjusted"] if adjusted else ""))
        for row in seats.itertuples():
            seat = words["seat"].format(n=row.seat + 1)
            lines.append(f"{seat}  {_pct(row.win_rate, row.lo, row.hi)}   {scores[row.seat]:8.1f}")
        if subset["bot"].nunique() > 1:
            lines.append(words["bots"])
            for row in bot_results(subset).itertuples():
                bot = _pad(name("bot", row.bot), 12)
                lines.append(f"  {bot}  {_pct(row.win_rate, row.lo, row.hi)}   {row.score_mean:8.1f}")
    return "\n".join(lines)


def widest_seat_interval(out: Path) -> float:
    """The widest 95% half-width of any seat's win share in a run folder (``sim run --until-ci``'s
    precision, ``sim.runner.until``)."""
    return max_halfwidth(pd.read_parquet(out / "players"))
