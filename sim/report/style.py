"""Matplotlib set-up for report charts: CJK-capable fonts, PNG encoding. The backend is left alone
(``build_report`` draws with Agg inside ``headless_charts`` and restores the caller's backend)."""

from __future__ import annotations

import base64
import io
import itertools
import re
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
from matplotlib import font_manager
from matplotlib.backend_bases import RendererBase
from matplotlib.text import Text
from matplotlib.transforms import Bbox

FONT_FAMILY = ["DejaVu Sans", "WenQuanYi Micro Hei", "Noto Sans CJK SC"]
CJK_FONT_FILES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
)
PALETTE = ["#3b6ea8", "#e08a2e", "#4a9a5b", "#c44e52", "#8172b2", "#937860", "#da8bc3", "#8c8c8c"]
FAIR_COLOUR = "#c44e52"


def _register_cjk_fonts() -> None:
    """Add installed CJK fonts even when matplotlib's font cache predates their installation."""
    known = {Path(f.fname).name for f in font_manager.fontManager.ttflist}
    for path in CJK_FONT_FILES:
        if Path(path).exists() and Path(path).name not in known:
            font_manager.fontManager.addfont(path)


def apply_style() -> None:
    """Fonts (Latin first, CJK fallback), sizes and a light grid for every chart."""
    _register_cjk_fonts()
    installed = {f.name for f in font_manager.fontManager.ttflist}
    plt.rcParams.update(
        {
            "font.family": [f for f in FONT_FAMILY if f in installed] or ["sans-serif"],
            "font.size": 10,
            "axes.titlesize": 11.5,
            "axes.titleweight": "normal",
            "figure.titleweight": "normal",
            "figure.titlesize": 12,
            "axes.grid": True,
            "grid.alpha": 0.3,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "axes.prop_cycle": matplotlib.cycler(color=PALETTE),
            "figure.dpi": 100,
            "savefig.dpi": 110,
            "axes.unicode_minus": False,
        }
    )


def new_figure(*args: object, **kwargs: object) -> tuple[plt.Figure, object]:
    """``plt.subplots`` with the report's style (CJK fonts) set first: a chart drawn on its own
    (a notebook, one section) shows its Chinese labels like one drawn by ``build_report``."""
    apply_style()
    return plt.subplots(*args, **kwargs)


def figure_png(fig: plt.Figure) -> bytes:
    """Render and close a figure, returning PNG bytes."""
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", bbox_inches="tight", pad_inches=0.12)
    plt.close(fig)
    return buffer.getvalue()


def png_data_uri(png: bytes) -> str:
    """A ``data:`` URI embedding PNG bytes in the HTML page."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def wrap_label(text: str, width: int = 6) -> str:
    """A tick label on lines of at most ``width`` characters: Chinese text is cut between characters,
    text with spaces or slashes between words; a label that fits is kept."""
    if len(text) <= width or "\n" in text:
        return text
    words = re.split(r"(?<=[\s/·、，,])", text) if re.search(r"[\s/·、，,]", text) else list(text)
    lines, line = [], ""
    for word in words:
        if line and len(line) + len(word.rstrip()) > width:
            lines.append(line.rstrip())
            line = ""
        line += word
    lines.append(line.rstrip())
    return "\n".join(part for part in lines if part)


def _boxes(labels: list[Text], renderer: RendererBase) -> list[Bbox]:
    return [label.get_window_extent(renderer) for label in labels if label.get_visible() and label.get_text()]


def overlapping_ticks(fig: plt.Figure) -> list[tuple[str, str]]:
    """The pairs of tick labels (x or y, on any visible axes) whose drawn boxes overlap, as texts."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    found = []
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        for axis in (ax.xaxis, ax.yaxis):
            labels = [x for x in axis.get_ticklabels() if x.get_visible() and x.get_text()]
            boxes = _boxes(labels, renderer)
            for i, j in itertools.combinations(range(len(boxes)), 2):
                if boxes[i].overlaps(boxes[j]):
                    found.append((labels[i].get_text(), labels[j].get_text()))
    return found


def _crowded(axis: object, renderer: RendererBase) -> bool:
    labels = [x for x in axis.get_ticklabels() if x.get_visible() and x.get_text()]  # type: ignore[attr-defined]
    boxes = _boxes(labels, renderer)
    return any(a.overlaps(b) for a, b in itertools.pairwise(boxes))


def fit_tick_labels(fig: plt.Figure) -> None:
    """Make every axis's category tick labels readable side by side: wrap long labels onto lines,
    then turn them upright, then show every other one, until no two overlap."""
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        for axis in (ax.xaxis, ax.yaxis):
            if not _crowded(axis, renderer):
                continue
            ticks, labels = axis.get_ticklocs(), [x.get_text() for x in axis.get_ticklabels()]
            axis.set_ticks(ticks, [wrap_label(x) for x in labels])
            fig.canvas.draw()
            if axis is ax.xaxis and _crowded(axis, renderer):
                ax.tick_params(axis="x", labelrotation=90)
                fig.canvas.draw()
            step = 2
            while _crowded(axis, renderer) and step < len(ticks):
                axis.set_ticks(ticks[::step], [wrap_label(x) for x in labels[::step]])
                fig.canvas.draw()
                step += 1
