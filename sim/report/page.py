"""The parts of a report page: a section's figures (with their verdicts), tables and notes.

Plain records, below everything that draws them (``sections.py``) and every metric that fills them."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Figure:
    uri: str
    alt: str
    verdicts: list[str] = field(default_factory=list)
    """Plain-language findings shown under the chart."""
    more_verdicts: list[str] = field(default_factory=list)
    """Verdicts with nothing to act on, folded away under the chart."""
    png: bytes = b""
    """The chart at print resolution (``CHART_DPI``), written to charts/."""
    svg: bytes = b""
    caption: str = ""
    """What the chart shows, in a sentence (its title stays short)."""
    categories: int = 0
    """Most category (non-numeric) tick labels on one axis of the chart."""
    file: str = ""
    """Stem of the chart files in charts/ (set when the report is written)."""


@dataclass
class Table:
    caption: str
    columns: list[str]
    rows: list[list[str]]
    classes: list[str] = field(default_factory=list)
    """Per column CSS class: ``num`` (right-aligned), ``code`` (commands) or ``text``."""
    note: str = ""
    """'N of M rows shown; all in tables/x.csv' when the table is cut."""


@dataclass
class Section:
    key: str
    title: str
    notes: list[str] = field(default_factory=list)
    figures: list[Figure] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
