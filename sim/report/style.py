"""Matplotlib set-up for report charts: CJK-capable fonts, PNG encoding. The backend is left alone
(``build_report`` draws with Agg inside ``headless_charts`` and restores the caller's backend)."""

from __future__ import annotations

import base64
import io
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
from matplotlib import font_manager

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
