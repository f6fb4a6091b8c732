"""The report's lookups in the message catalogue (``sim.texts``: one module per language holding every
text a user reads, ``sim.texts.en``, ``sim.texts.zh``): messages by key, table headers, shared terms
and the glossary."""

from __future__ import annotations

from typing import Any, Literal

from sim.texts import catalogue, catalogue_module

Lang = Literal["en", "zh"]


def t(key: str, lang: Lang, **values: Any) -> str:
    """The message ``key`` in ``lang``, formatted with ``values``."""
    return catalogue(lang)[key].format(**values)


def header(column: str, lang: Lang, table: str = "") -> str:
    """A table header in ``lang``: the catalogue's ``<table>:<column>`` entry when the table names a
    column its own way, else its ``<column>`` entry, else the column name."""
    headers = catalogue_module(lang).HEADERS
    return headers.get(f"{table}:{column}") or headers.get(column, column)


def shared_terms(lang: Lang) -> dict[str, str]:
    """Terms every game shares (event kinds, ladder labels, common bots and metrics)."""
    return catalogue_module(lang).TERMS


def glossary(lang: Lang) -> list[str]:
    """The glossary entries in ``lang``."""
    return catalogue_module(lang).GLOSSARY


def fmt_points(x: float, lang: Lang, decimals: int = 1) -> str:
    """A gap between two proportions (a seat gap, an interval's half-width) in percentage points:
    "12.5 个百分点" in Chinese, "12.5%" in English (whose sentences say "points" around it)."""
    value = round(100 * float(x), decimals)
    value = 0.0 if value == 0 else value
    return t("points_figure", lang, value=value, decimals=decimals)
