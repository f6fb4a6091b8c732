"""Every CSV file the toolkit writes goes through here: UTF-8 with a BOM (so spreadsheet apps on
Chinese Windows read the text), and every text cell a spreadsheet would run as a formula (it starts
with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) escaped with a leading apostrophe, so a
card id such as ``=HYPERLINK(...)`` is shown, never run. Numbers stay numbers (``-3`` is not escaped).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd
from pandas.api.types import is_bool_dtype, is_numeric_dtype

ENCODING = "utf-8-sig"
"""UTF-8 with a BOM."""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""The first characters that make a spreadsheet read a cell as a formula."""

ESCAPE = "'"
"""Put before such a cell: spreadsheets show the rest as text."""

_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def needs_escape(text: str) -> bool:
    """Whether a spreadsheet would run ``text`` (or, after one leading ``'``, what follows it, so
    that :func:`unescape_cell` undoes :func:`escape_cell` exactly)."""
    if text.startswith(ESCAPE):
        return needs_escape(text[len(ESCAPE) :])
    return text.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(text)


def escape_cell(value: object) -> object:
    """``value`` as it is safe to write: a text that a spreadsheet would run gets a leading ``'``;
    numbers (and texts that are plain numbers, such as ``-0.05``) are returned unchanged."""
    if isinstance(value, str) and needs_escape(value):
        return ESCAPE + value
    return value


def unescape_cell(text: str) -> str:
    """The text that :func:`escape_cell` escaped (a sheet the toolkit wrote, read back)."""
    if text.startswith(ESCAPE) and needs_escape(text[len(ESCAPE) :]):
        return text[len(ESCAPE) :]
    return text


def escape_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``frame`` with every text cell and header passed through :func:`escape_cell`."""
    safe = frame.copy()
    for column in safe.columns:
        if not (is_numeric_dtype(safe[column]) or is_bool_dtype(safe[column])):
            safe[column] = safe[column].astype(object).map(escape_cell)
    safe.columns = [escape_cell(str(c)) for c in safe.columns]
    return safe


def write_frame(frame: pd.DataFrame, path: str | Path) -> Path:
    """``frame`` (without its index) to the CSV file ``path``, escaped and with a BOM."""
    path = Path(path)
    escape_frame(frame).to_csv(path, index=False, encoding=ENCODING)
    return path


def read_frame(path: str | Path) -> pd.DataFrame:
    """A CSV file that :func:`write_frame` wrote, its text cells unescaped."""
    frame = pd.read_csv(path, encoding=ENCODING)
    for column in frame.columns:
        if frame[column].dtype == object:
            frame[column] = frame[column].map(lambda x: unescape_cell(x) if isinstance(x, str) else x)
    frame.columns = [unescape_cell(str(c)) for c in frame.columns]
    return frame


def write_rows(path: str | Path, columns: Sequence[str], rows: Iterable[Sequence[object]]) -> Path:
    """A header and rows of cells to the CSV file ``path`` (CRLF line ends, as spreadsheets write),
    escaped and with a BOM."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow([escape_cell(c) for c in columns])
    for row in rows:
        writer.writerow([escape_cell(c) for c in row])
    path = Path(path)
    path.write_bytes(buffer.getvalue().encode(ENCODING))
    return path
