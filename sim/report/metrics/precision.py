"""Precision: the widest seat interval, and how many games would bring every seat to ±2 points."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim.report.labels import Lang, fmt_points, t
from sim.report.metric import Answers, Metric, answer_row
from sim.report.names import Names
from sim.report.verdicts import WIDE_HALFWIDTH
from sim.stats.seats import games_for_halfwidth

if TYPE_CHECKING:
    from sim.report.metric import Analysis


def widest(seats: pd.DataFrame) -> tuple[float, pd.Series, int]:
    """The widest seat half-width, its row, and the games per group that would bring every seat
    to ±WIDE_HALFWIDTH."""
    halves = (seats["hi"] - seats["lo"]) / 2
    rates = seats["win_rate"].where(seats["win_rate"].between(0, 1, inclusive="neither"), seats["fair_share"])
    needed = max(games_for_halfwidth(r, WIDE_HALFWIDTH) for r in rates)
    return float(halves.max()), seats.loc[halves.idxmax()], needed


def more_games_answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """What needs more games, and how many per player count and variant."""
    seats = a.tables["seat_win_rates"]
    if seats.empty:
        return [], []
    half, row, needed = widest(seats)
    code = "ok" if half <= WIDE_HALFWIDTH else "needed"
    sentence = t(
        f"ans_more_{code}",
        lang,
        half=fmt_points(half, lang),
        n=int(row["n_players"]),
        games=f"{int(row['games']):,}",
        needed=f"{needed:,}",
        target=fmt_points(WIDE_HALFWIDTH, lang, 0),
        name=names.title(row["game"]),
    )
    answer = answer_row(
        "more_games", row["game"], row["variant"], int(row["n_players"]), code, half, np.nan, np.nan, "high"
    )
    return [sentence], [answer | {"needed": needed}]


def findings(a: Analysis, lang: Lang) -> list[str]:
    """The precision line of the key findings: the widest seat interval and the games that would
    bring every seat to ±2 points."""
    seats = a.tables["seat_win_rates"]
    if seats.empty:
        return []
    half, row, needed = widest(seats)
    return [
        t(
            "precision_ok" if half <= WIDE_HALFWIDTH else "precision_more",
            lang,
            half=fmt_points(half, lang),
            n=int(row["n_players"]),
            games=f"{int(row['games']):,}",
            needed=f"{needed:,}",
            target=fmt_points(WIDE_HALFWIDTH, lang, 1 if lang == "zh" else 0),
        )
    ]


METRIC = Metric(
    key="precision",
    needs=("seats",),
    topic="ans_topic_more",
    answers=more_games_answers,
    answer_rank=90,
    codes=("ok", "needed"),
    findings=findings,
)
