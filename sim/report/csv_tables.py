"""The report's tables as CSV files: the raw columns in English, and under ``--lang zh`` what a
Chinese designer reads in a spreadsheet: Chinese headers, seats from 1, names instead of codes,
numbers rounded and never in scientific notation, each interval bound in its own column."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd

from sim.csv_files import write_frame
from sim.report.labels import Lang, shared_terms, t
from sim.report.names import IDENTIFIERS, P_VALUES, SEATS, Names, fmt_bool, named_value

DECIMALS = 4


def plain_number(x: float, decimals: int = DECIMALS) -> str:
    """``x`` rounded to ``decimals`` places, fixed-point, trailing zeros dropped: 0.08000000000000002
    is 0.08, 3.29e-06 is 0 (and -0 is 0)."""
    text = f"{round(float(x), decimals):.{decimals}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


BOT_LISTS = ("goals:players",)
"""Columns (``table:column``) that hold bots joined by commas (the players a goal was measured with)."""
ANSWER_COLUMNS = ("topic", "code", "sure")
"""The columns of answers.csv that hold codes (shown by their names in the catalogue)."""


def answer_value(names: Names, column: str, value: str, game: str) -> str:
    """An answer's topic, verdict code or certainty by its name: ``stage1:war`` reads "阶段 2：…",
    ``notable:<item>`` the verdict and the item by its name."""
    terms = shared_terms(names.lang)
    if column == "sure":
        return t(f"sure_{value}", names.lang) if value in ("low", "medium", "high") else value
    if column == "topic":
        return terms.get(f"topic:{value}", value)
    code, colon, rest = value.partition(":")
    if code.startswith("stage") and code[5:].isdigit():
        return f"{names.stage(game, int(code[5:]))}：{names.term(game, rest)}" if colon else value
    shown = terms.get(f"answer:{code}", code)
    return f"{shown}：{names.term(game, rest)}" if colon else shown


def csv_cell(names: Names, column: str, value: object, game: str, table: str = "") -> str:
    """One cell of a Chinese (or other display-language) CSV (of the report table ``table``)."""
    if value is None or (isinstance(value, float | np.floating) and math.isnan(value)):
        return ""
    if isinstance(value, bool | np.bool_):
        return fmt_bool(bool(value), names.lang)
    if column in SEATS and isinstance(value, int | np.integer):
        return str(int(value) + 1)
    if column == "unit":  # a design goal's unit
        return names.term(game, f"unit:{value}")
    if table == "answers" and column in ANSWER_COLUMNS:
        return answer_value(names, column, str(value), game)
    if f"{table}:{column}" in BOT_LISTS and isinstance(value, str):  # bots joined by commas, each by its name
        return t("bot_list_separator", names.lang).join(names.term(game, b) for b in value.split(",") if b)
    if column == "stage" and isinstance(value, int | np.integer):
        return names.stage(game, int(value))
    if isinstance(value, int | np.integer) or column in IDENTIFIERS:
        return str(value)
    if isinstance(value, float | np.floating):
        if column in P_VALUES and 0 < value < 10**-DECIMALS:
            return f"< {10**-DECIMALS:.{DECIMALS}f}"
        return plain_number(float(value))
    return named_value(names, column, value, game)


def display_frame(frame: pd.DataFrame, names: Names, table: str = "") -> pd.DataFrame:
    """``frame`` (the report table ``table``) with headers and cells in ``names``' language."""
    games = frame["game"].astype(str).tolist() if "game" in frame.columns else [""] * len(frame)
    rows = [
        [csv_cell(names, str(c), v, g, table) for c, v in zip(frame.columns, row, strict=True)]
        for row, g in zip(frame.itertuples(index=False), games, strict=True)
    ]
    return pd.DataFrame(rows, columns=[names.header(str(c), table) for c in frame.columns])


def write_csv(frame: pd.DataFrame, path: Path, names: Names, lang: Lang, table: str = "") -> None:
    """``frame`` to ``path``: as computed in English, for display under any other language."""
    shown = frame if lang == "en" else display_frame(frame, names, table)
    write_frame(shown, path)
