"""The pieces of a report section: figures (base64 PNG for the page, PNG and SVG for slides), verdicts and
small tables in the report language. Each metric (``sim.report.metrics``) builds its section from them."""

from __future__ import annotations

import io
import re
import warnings
from collections.abc import Callable, Iterator

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from sim.report.labels import Lang, t
from sim.report.metric import Analysis
from sim.report.names import (
    IDENTIFIERS,
    P_VALUES,
    RATES,
    SEATS,
    Names,
    fmt_bool,
    fmt_number,
    fmt_p,
    fmt_pct,
    named_value,
)
from sim.report.page import Figure, Section, Table
from sim.report.style import figure_png, fit_tick_labels, new_figure, png_data_uri

MAX_SEAT_CHARTS = 8
"""Variants per game that get their own seat chart; more (e.g. sweep points) go to the CSV only."""


CHART_DPI = 200
_NUMBER = re.compile(r"^[\s+\-−–]*[\d.,]+\s*%?$")


def _categories(fig: plt.Figure) -> int:
    """The most non-numeric tick labels on any visible axis of the figure."""
    most = 0
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        for axis in (ax.xaxis, ax.yaxis):
            labels = [tick.get_text() for tick in axis.get_ticklabels()]
            names = [x for x in labels if x.strip() and not _NUMBER.match(x)]
            most = max(most, len(set(names)))
    return most


def _finish(fig: plt.Figure, alt: str) -> Figure:
    """Render a figure for the page (inline PNG) and for slides (PNG at CHART_DPI and SVG), then close it."""
    with warnings.catch_warnings():  # a crowded layout falls back to tight bounding boxes: fine
        warnings.filterwarnings("ignore", message="constrained_layout not applied", category=UserWarning)
        fit_tick_labels(fig)
        categories = _categories(fig)
        print_png, svg = io.BytesIO(), io.BytesIO()
        fig.savefig(print_png, format="png", dpi=CHART_DPI, bbox_inches="tight", pad_inches=0.12)
        fig.savefig(svg, format="svg", bbox_inches="tight", pad_inches=0.12)
        uri = png_data_uri(figure_png(fig))
    return Figure(uri, alt, png=print_png.getvalue(), svg=svg.getvalue(), categories=categories)


def chart(draw: Callable[[plt.Axes], object], alt: str, size: tuple[float, float] = (7.5, 4.0)) -> Figure:
    fig, ax = new_figure(figsize=size, layout="constrained")
    draw(ax)
    return _finish(fig, alt)


def panel_chart(
    draws: list[Callable[[plt.Axes], object]], alt: str, title: str, width: float = 4.2, ncols: int = 3
) -> Figure:
    """Several charts side by side (at most ``ncols`` per row) under one title; a panel that draws
    no data is left out (the others are drawn again without it)."""
    fig, axes = _panels(draws, width, ncols)
    kept = [draw for draw, ax in zip(draws, axes, strict=False) if ax.has_data()]
    if kept and len(kept) < len(draws):
        plt.close(fig)
        fig, _ = _panels(kept, width, ncols)
    fig.suptitle(title)
    return _finish(fig, alt)


def _panels(
    draws: list[Callable[[plt.Axes], object]], width: float, ncols: int
) -> tuple[plt.Figure, list[plt.Axes]]:
    """A grid of panels, each drawn by its function (spare cells hidden), and the drawn axes."""
    ncols = min(len(draws), ncols)
    nrows = -(-len(draws) // ncols)
    fig, axes = new_figure(
        nrows, ncols, figsize=(width * ncols, 3.8 * nrows), layout="constrained", squeeze=False
    )
    for ax in axes.flat[len(draws) :]:
        ax.set_visible(False)
    for draw, ax in zip(draws, axes.flat, strict=False):
        draw(ax)
    return fig, list(axes.flat[: len(draws)])


COMMANDS = {"replay", "example_replay", "overrides"}
"""Columns a designer types (commands, `--set` overrides): shown as code."""
MAX_ROWS = 60


def safe_name(name: str) -> str:
    """The CSV file stem of a table name (as ``build.write_tables`` writes it)."""
    return re.sub(r"[^\w.-]+", "_", name).strip("_")


def _cell(a: Analysis, lang: Lang, column: str, value: object, game: str, pct: set[str]) -> str:
    names: Names = a.names(lang)
    if value is None or (isinstance(value, float) and pd.isna(value)):
        return ""
    if isinstance(value, bool | np.bool_):
        return fmt_bool(bool(value), lang)
    if column in SEATS and isinstance(value, int | np.integer):
        return str(int(value) + 1)
    if column in IDENTIFIERS:
        return str(value)
    if column in P_VALUES and isinstance(value, float | np.floating):
        return fmt_p(float(value))
    if (column in RATES or column in pct) and isinstance(value, float | np.floating | int | np.integer):
        return fmt_pct(float(value))
    if isinstance(value, float | np.floating | int | np.integer):
        return fmt_number(float(value))
    return named_value(names, column, value, game)


SHORT_CELL = 12
"""A text column whose every cell has at most this many characters is never wrapped: beside a long
explanation, the browser would otherwise squeeze it to one Chinese character a line."""


def table(
    a: Analysis,
    lang: Lang,
    df: pd.DataFrame,
    caption: str,
    csv: str | None = None,
    pct: tuple[str, ...] = (),
    max_rows: int = MAX_ROWS,
) -> Table:
    """A DataFrame for the template: headers and game terms in the report language, proportions as
    percentages, p-values as '< 0.001', no scientific notation; cut at ``max_rows`` with a note
    naming the CSV that has every row."""
    head = df.head(max_rows)
    names = a.names(lang)
    columns = [names.header(str(c), csv or "") for c in head.columns]
    games = head["game"].astype(str).tolist() if "game" in head.columns else [""] * len(head)
    rows = [
        [_cell(a, lang, str(c), v, g, set(pct)) for c, v in zip(head.columns, row, strict=True)]
        for row, g in zip(head.itertuples(index=False), games, strict=True)
    ]
    classes = [
        "code" if c in COMMANDS else "num" if pd.api.types.is_numeric_dtype(head[c]) else "text"
        for c in head.columns
    ]
    for i, kind in enumerate(classes):
        if kind == "text" and all(len(row[i]) <= SHORT_CELL for row in rows):
            classes[i] = "text short"  # a game's name, a variant, a verdict: kept on one line
    note = ""
    if len(df) > len(head):
        note = t("rows_shown", lang, shown=len(head), total=len(df), csv=csv or "…")
    return Table(caption, columns, rows, classes, note)


def interval(est: float, lo: float, hi: float, pct: bool = True) -> str:
    if pd.isna(est):
        return ""
    if pct:
        return f"{fmt_pct(est)} [{fmt_pct(lo)}, {fmt_pct(hi)}]"
    return f"{est:.2f} [{lo:.2f}, {hi:.2f}]"


def select(df: pd.DataFrame, game: str, variants: list[str]) -> pd.DataFrame:
    return df[(df["game"] == game) & df["variant"].isin(variants)]


def display_name(a: Analysis, lang: Lang, game: str, variant: str | None = None) -> str:
    names = a.names(lang)
    title = names.title(game)
    return f"{title} / {names.variant(game, variant)}" if variant else title


def per_variant(a: Analysis, df: pd.DataFrame) -> Iterator[tuple[str, str, pd.DataFrame]]:
    """(game, variant, rows) for the first ``MAX_SEAT_CHARTS`` variants of each game."""
    for (game, variant), part in df.groupby(["game", "variant"], sort=True):
        if variant in a.variants(game)[:MAX_SEAT_CHARTS]:
            yield game, variant, part


def build_sections(
    a: Analysis, lang: Lang, on_metric: Callable[[str], object] | None = None
) -> list[Section]:
    """The section of every metric of the analysis that applies to this run, in registry order;
    ``on_metric(key)`` is called before each metric's section is drawn (progress)."""
    sections = []
    for metric in a.registry:
        if metric.section is None:
            continue
        if on_metric is not None:
            on_metric(metric.key)
        section = metric.section(a, lang)
        if section is not None:
            sections.append(section)
    return sections
