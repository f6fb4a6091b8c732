"""Precision: the widest seat interval, and how many games would bring every seat to ±2 points."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim.report.labels import Lang, t
from sim.report.metric import Metric, answer_row
from sim.report.names import Names, fmt_pct
from sim.report.verdicts import WIDE_HALFWIDTH, pct

if TYPE_CHECKING:
    from sim.report.analysis import Analysis
from sim.stats.seats import games_for_halfwidth


def more_games_answers(a: Analysis, names: Names, lang: Lang) -> tuple[list[str], list[dict]]:
    """What needs more games, and how many per player count and variant."""
    seats = a.tables["seat_win_rates"]
    if seats.empty:
        return [], []
    halves = (seats["hi"] - seats["lo"]) / 2
    widest = seats.loc[halves.idxmax()]
    rates = seats["win_rate"].where(seats["win_rate"].between(0, 1, inclusive="neither"), seats["fair_share"])
    needed = max(games_for_halfwidth(r, WIDE_HALFWIDTH) for r in rates)
    ok = halves.max() <= WIDE_HALFWIDTH
    sentence = t(
        "ans_more_ok" if ok else "ans_more_needed",
        lang,
        half=fmt_pct(halves.max()),
        n=int(widest["n_players"]),
        games=f"{int(widest['games']):,}",
        needed=f"{needed:,}",
        target=fmt_pct(WIDE_HALFWIDTH, 0),
        name=names.title(widest["game"]),
    )
    code = answer_row("more_games", widest["game"], widest["variant"], int(widest["n_players"]),
                "ok" if ok else "needed", halves.max(), np.nan, np.nan, "high")  # fmt: skip
    return [sentence], [code | {"needed": needed}]


def _precision(seats: pd.DataFrame, lang: Lang) -> str:
    """How wide the widest seat interval is, and how many games would bring every seat to ±2 points."""
    halves = (seats["hi"] - seats["lo"]) / 2
    widest = seats.loc[halves.idxmax()]
    rates = seats["win_rate"].where(seats["win_rate"].between(0, 1, inclusive="neither"), seats["fair_share"])
    needed = max(games_for_halfwidth(r, WIDE_HALFWIDTH) for r in rates)
    key = "precision_ok" if halves.max() <= WIDE_HALFWIDTH else "precision_more"
    return t(
        key,
        lang,
        half=pct(halves.max(), 1),
        n=int(widest["n_players"]),
        games=f"{int(widest['games']):,}",
        needed=f"{needed:,}",
        target=pct(WIDE_HALFWIDTH, 1 if lang == "zh" else 0),
    )


def findings(a: Analysis, lang: Lang) -> list[str]:
    """The precision line of the key findings."""
    seats = a.tables["seat_win_rates"]
    return [] if seats.empty else [_precision(seats, lang)]


METRIC = Metric(
    key="precision",
    needs=("seats",),
    topic="ans_topic_more",
    answers=more_games_answers,
    answer_rank=90,
    codes=("ok", "needed"),
    findings=findings,
)
