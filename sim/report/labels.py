"""The message catalogue: every piece of report text, one module per language
(``sim.report.catalogue.en``, ``sim.report.catalogue.zh``), looked up by key."""

from __future__ import annotations

from types import ModuleType
from typing import Any, Literal

from sim.report.catalogue import en, zh

Lang = Literal["en", "zh"]

CATALOGUES: dict[str, ModuleType] = {"en": en, "zh": zh}
"""Language -> its catalogue module (``MESSAGES``, ``HEADERS``, ``TERMS``, ``GLOSSARY``)."""


def t(key: str, lang: Lang, **values: Any) -> str:
    """The message ``key`` in ``lang``, formatted with ``values``."""
    return CATALOGUES[lang].MESSAGES[key].format(**values)


def header(column: str, lang: Lang, table: str = "") -> str:
    """A table header in ``lang``: the catalogue's ``<table>:<column>`` entry when the table names a
    column its own way, else its ``<column>`` entry, else the column name."""
    headers = CATALOGUES[lang].HEADERS
    return headers.get(f"{table}:{column}") or headers.get(column, column)


def shared_terms(lang: Lang) -> dict[str, str]:
    """Terms every game shares (event kinds, ladder labels, common bots and metrics)."""
    return CATALOGUES[lang].TERMS


def glossary(lang: Lang) -> list[str]:
    """The glossary entries in ``lang``."""
    return CATALOGUES[lang].GLOSSARY


def fmt_points(x: float, lang: Lang, decimals: int = 1) -> str:
    """A gap between two proportions (a seat gap, an interval's half-width) in percentage points:
    "12.5 个百分点" in Chinese, "12.5%" in English (whose sentences say "points" around it)."""
    value = round(100 * float(x), decimals)
    value = 0.0 if value == 0 else value
    return f"{value:.{decimals}f} 个百分点" if lang == "zh" else f"{value:.{decimals}f}%"
