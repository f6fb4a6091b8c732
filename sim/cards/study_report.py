"""The card study's report: a sorted forest plot (PNG and SVG) and a table, in English or Chinese."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from sim import texts
from sim.cards.effects import NOT_ENOUGH, TOO_STRONG, TOO_WEAK, WITHIN
from sim.csv_files import write_frame
from sim.report.build import headless_charts
from sim.report.labels import Lang, t
from sim.report.markdown import markdown_table
from sim.report.names import Names, fmt_p
from sim.report.style import PALETTE, new_figure

PNG_DPI = 220
VERDICT_COLOURS = {TOO_STRONG: "#c44e52", TOO_WEAK: "#3b6ea8", WITHIN: "#4a9a5b", NOT_ENOUGH: "#8c8c8c"}

WORDS: dict[str, dict[str, str]] = texts.table("card_study")
"""The report's words by key and language (the catalogue's ``card_study.*``)."""


def word(key: str, lang: Lang, **values: Any) -> str:
    """A label of this report in ``lang``."""
    return WORDS[key][lang].format(**values)


def _points(x: float) -> str:
    return "" if x is None or math.isnan(x) else f"{100 * x:+.1f}"


def _interval(row: Mapping[str, Any], scale: float, lang: Lang) -> str:
    centre = row["estimate"] * scale
    if math.isnan(centre):
        return "–"
    if math.isnan(row["lo"]):
        return f"{centre:+.1f} {word('no_interval', lang)}"
    return f"{centre:+.1f} [{row['lo'] * scale:+.1f}, {row['hi'] * scale:+.1f}]"


def wide_table(effects: pd.DataFrame) -> pd.DataFrame:
    """One row per card (columns ``<arm>_<metric>_<field>``), sorted by the forced win-share effect
    (the removed one when only that arm was played), largest first."""
    frame = effects.set_index(["card", "arm", "metric"])
    wide = frame.unstack(["arm", "metric"])
    wide.columns = [f"{arm}_{metric}_{field}" for field, arm, metric in wide.columns]
    order = wide.get("forced_win_share_estimate", wide.get("removed_win_share_estimate"))
    return wide.loc[order.sort_values(ascending=False, kind="stable").index].reset_index()


def table(effects: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """The report's table: one row per card, headers and verdicts in ``lang``, a column group per arm studied."""
    wide = wide_table(effects)
    studied = [arm for arm in ("forced", "removed") if f"{arm}_win_share_estimate" in wide]
    rows = []
    for row in wide.to_dict("records"):

        def part(arm: str, metric: str, r: Mapping[str, Any] = row) -> dict[str, float]:
            return {f: r.get(f"{arm}_{metric}_{f}", np.nan) for f in ("estimate", "lo", "hi")}

        shown = {word("card", lang): row["card"]}
        for arm in studied:
            shown[word(f"verdict_{arm}", lang)] = word(
                row.get(f"{arm}_win_share_verdict") or NOT_ENOUGH, lang
            )
            shown[word(f"{arm}_share", lang)] = _interval(part(arm, "win_share"), 100, lang)
        for arm in studied:
            shown[word(f"{arm}_score", lang)] = _interval(part(arm, "score"), 1, lang)
        if "forced" in studied:
            shown[word("p_holm", lang)] = fmt_p(row.get("forced_win_share_p_holm", np.nan))
            shown[word("forced_games", lang)] = (
                f"{int(row['forced_win_share_games'])} ({int(row['forced_win_share_units'])})"
            )
        if "removed" in studied:
            shown[word("removed_games", lang)] = str(int(row["removed_win_share_units"]))
        arm = studied[0]
        needed = row.get(f"{arm}_win_share_games_for_band", np.nan)
        shown[word(f"needed_{arm}", lang)] = "" if math.isnan(needed) else f"{int(needed):,}"
        rows.append(shown)
    return pd.DataFrame(rows)


def forest_plot(effects: pd.DataFrame, tolerance: float, lang: Lang, title: str = "") -> plt.Figure:
    """Effects on win share with intervals, one row per card sorted by the forced effect (largest on
    top); the tolerance band shaded; the forced marker coloured by its verdict."""
    wide = wide_table(effects).iloc[::-1].reset_index(drop=True)
    level = effects["level"].iloc[0] if len(effects) else 0.95
    fig, ax = new_figure(figsize=(7.5, 1.2 + 0.36 * len(wide)), layout="constrained")
    ax.axvspan(-100 * tolerance, 100 * tolerance, color="#4a9a5b", alpha=0.12, linewidth=0)
    ax.axvline(0, color="#222", linewidth=0.9)
    y = np.arange(len(wide))
    for arm, shift, marker in (("forced", 0.14, "o"), ("removed", -0.14, "s")):
        est = wide.get(f"{arm}_win_share_estimate")
        if est is None:
            continue
        lo, hi = wide[f"{arm}_win_share_lo"], wide[f"{arm}_win_share_hi"]
        verdicts = wide[f"{arm}_win_share_verdict"].fillna(NOT_ENOUGH)
        for i in range(len(wide)):
            colour = VERDICT_COLOURS.get(verdicts[i], PALETTE[-1])
            if not math.isnan(lo[i]):
                ax.plot([100 * lo[i], 100 * hi[i]], [y[i] + shift] * 2, color=colour, linewidth=1.6)
            ax.plot(
                100 * est[i],
                y[i] + shift,
                marker=marker,
                markersize=6,
                color=colour,
                markerfacecolor=colour if arm == "forced" else "white",
                linestyle="none",
            )
    ax.set_yticks(y, wide["card"])
    ax.set_ylim(-0.7, len(wide) - 0.3)
    ax.grid(axis="y", visible=False)
    ax.set_xlabel(word("axis", lang, level=f"{100 * level:.1f}%"))
    ax.set_title(title, fontsize=11)
    arms = [("forced", "o", "#444"), ("removed", "s", "white")]
    handles = [
        plt.Line2D([], [], marker=m, color="#444", markerfacecolor=face, linestyle="-", label=word(arm, lang))
        for arm, m, face in arms
        if f"{arm}_win_share_estimate" in wide
    ]
    band = word("band", lang, tol=f"{100 * tolerance:g}")
    handles.append(plt.Rectangle((0, 0), 1, 1, color="#4a9a5b", alpha=0.25, label=band))
    handles += [
        plt.Line2D([], [], marker="o", color=c, linestyle="none", label=word(v, lang))
        for v, c in VERDICT_COLOURS.items()
    ]
    ax.legend(handles=handles, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return fig


def write_study_report(effects: pd.DataFrame, meta: Mapping[str, Any], out: Path, lang: Lang) -> Path:
    """Write ``card-study.md``, ``card-study.csv``, ``forest.png`` (PNG_DPI) and ``forest.svg`` into ``out``."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    tolerance = meta["tolerance"]
    with headless_charts():
        fig = forest_plot(effects, tolerance, lang, word("title", lang, deck=meta["deck"]))
        fig.savefig(out / "forest.png", dpi=PNG_DPI, bbox_inches="tight", pad_inches=0.12)
        fig.savefig(out / "forest.svg", bbox_inches="tight", pad_inches=0.12)
        plt.close(fig)
    shown = table(effects, lang)
    write_frame(shown, out / "card-study.csv")
    level = effects["level"].iloc[0] if len(effects) else 0.95
    tol = f"{100 * tolerance:g}"
    names = Names.from_meta([], lang)
    settings = word(
        "settings",
        lang,
        config=meta["config"],
        deck=meta["deck"],
        players=meta["n_players"],
        games=meta["games"],
        seeds=meta["forced_seeds"],
        bots=t("enum_separator", lang).join(names.term(meta["game"], b) for b in meta["bots"]),
        seed=meta["seed"],
        tol=tol,
        level=f"{100 * level:.1f}%",
        cards=len(meta["cards"]),
    )
    lines = [
        f"# {word('title', lang, deck=meta['deck'])}",
        "",
        settings,
        "",
        word("reading", lang, tol=tol),
        "",
        f"![{word('title', lang, deck=meta['deck'])}](forest.png)",
        "",
        *markdown_table(shown),
        "",
    ]
    report = out / "card-study.md"
    report.write_text("\n".join(lines), encoding="utf-8")
    return report
