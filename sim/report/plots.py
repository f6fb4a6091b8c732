"""Chart functions: each takes a tidy DataFrame from ``sim.stats`` (and ``ax=None``) and only draws."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from matplotlib.axes import Axes
from matplotlib.lines import Line2D

from sim.report.labels import Lang, t
from sim.report.style import FAIR_COLOUR, PALETTE, new_figure
from sim.stats.sweep import BOT_METRIC


def short_label(value: object, width: int = 18) -> str:
    """A tick label cut to ``width`` characters, so long parameter values cannot squeeze the chart."""
    text = str(value)
    return text if len(text) <= width else text[: width - 1] + "…"


SEPARATORS = "，,；;（）()、 /·"
"""Characters a label is cut at when it is shortened to the part that differs."""


def distinct_parts(values: list[str]) -> list[str]:
    """Labels cut to what tells them apart: the words before and after that all of them share are
    dropped ("（数量 2，效果 获得分数）" and "（数量 3，效果 获得分数）" read "数量 2" and "数量 3")."""
    if len(values) < 2 or len(set(values)) < len(values):
        return list(values)
    head = len(os.path.commonprefix(values))
    tail = len(os.path.commonprefix([v[::-1] for v in values]))
    shortest = min(len(v) for v in values)
    tail = min(tail, shortest - head)
    while head > 0 and (values[0][head - 1] not in SEPARATORS or values[0][head - 1] == " "):
        head -= 1
    cut = [v[head : len(v) - tail] for v in values]
    ends = [next((i for i, c in enumerate(v[len(v) - tail :]) if c in SEPARATORS), tail) for v in values]
    shown = [
        (c + v[len(v) - tail :][:e]).strip(SEPARATORS) for c, v, e in zip(cut, values, ends, strict=True)
    ]
    return shown if all(shown) and len(set(shown)) == len(shown) else list(values)


def _axes(ax: Axes | None, width: float = 7.5, height: float = 4.0) -> Axes:
    if ax is None:
        _, ax = new_figure(figsize=(width, height), layout="constrained")
    return ax


def _title(key: str, lang: Lang, name: str) -> str:
    """A chart title; the ': name' suffix is dropped when there is no name (panels under a suptitle)."""
    return t(key, lang, name=name).rstrip(":： ")


def _yerr(df: pd.DataFrame, y: str, lo: str, hi: str, scale: float) -> np.ndarray:
    return np.vstack([(df[y] - df[lo]).clip(lower=0), (df[hi] - df[y]).clip(lower=0)]) * scale


def _players_label(lang: Lang) -> Callable[[Any], str]:
    """A player count's label (``4 players``), for a legend or a cluster."""
    return lambda n: t("players_n", lang, n=int(n))


def _seat_label(lang: Lang) -> Callable[[Any], str]:
    """A seat's label from its index (``Seat 1`` for 0)."""
    return lambda s: t("seat_n", lang, n=int(s) + 1)


def grouped_bars(
    df: pd.DataFrame,
    x: str,
    hue: str,
    y: str,
    lo: str,
    hi: str,
    ax: Axes | None = None,
    scale: float = 1.0,
    hue_label: Callable[[Any], str] = str,
    x_label: Callable[[Any], str] = str,
    reference: str | None = None,
    highlight: str | None = None,
    horizontal: bool = False,
    highlight_label: str = "",
) -> Axes:
    """Bars of ``y`` per ``x`` cluster and ``hue``, with interval error bars; optional per-cluster
    reference segment (e.g. the fair share) and hatched bars where ``highlight`` is true, the
    hatching named ``highlight_label`` in the legend when any bar has it.
    ``horizontal`` lays clusters out top to bottom (for many or long category names)."""
    ax = _axes(ax)
    clusters = list(dict.fromkeys(df[x]))
    hues = sorted(df[hue].unique())
    present = {c: sorted(df.loc[df[x] == c, hue].unique()) for c in clusters}
    width = 0.8 / max((len(v) for v in present.values()), default=1)
    # Bars of a cluster are centred on it, whatever subset of hues it has.
    offset = {
        (c, h): c_i + width * (k - (len(present[c]) - 1) / 2)
        for c_i, c in enumerate(clusters)
        for k, h in enumerate(present[c])
    }
    draw = ax.barh if horizontal else ax.bar
    for h_i, h in enumerate(hues):
        part = df[df[hue] == h]
        bars = draw(
            [offset[(c, h)] for c in part[x]],
            part[y] * scale,
            width * 0.92,
            capsize=3,
            color=PALETTE[h_i % len(PALETTE)],
            error_kw={"elinewidth": 1.2, "ecolor": "#222"},
            **{"xerr" if horizontal else "yerr": _yerr(part, y, lo, hi, scale)},
        )
        # A plain legend entry, even when the hue's first bar is hatched.
        draw([0], [0], 0, color=PALETTE[h_i % len(PALETTE)], label=hue_label(h))
        if highlight is not None:
            for bar, flag in zip(bars, part[highlight].fillna(False), strict=True):
                if flag:
                    bar.set_hatch("//")
                    bar.set_edgecolor("#222")
    if highlight is not None and highlight_label and df[highlight].fillna(False).astype(bool).any():
        draw([0], [0], 0, facecolor="white", edgecolor="#222", hatch="//", label=highlight_label)
    if reference is not None:
        for c_i, c in enumerate(clusters):
            value = df.loc[df[x] == c, reference].iloc[0] * scale
            half = width * len(present[c]) / 2 + 0.04
            lines = ax.vlines if horizontal else ax.hlines
            lines(value, c_i - half, c_i + half, colors=FAIR_COLOUR, linestyles="--", linewidth=1.6)
    ticks = (np.arange(len(clusters)), [x_label(c) for c in clusters])
    if horizontal:
        ax.set_yticks(*ticks)
        ax.invert_yaxis()
    else:
        ax.set_xticks(*ticks)
    return ax


def _legend_with_fair_share(ax: Axes, lang: Lang) -> None:
    """The legend of a seat chart: each seat, the hatching when drawn, and the dashed fair share."""
    handles, _ = ax.get_legend_handles_labels()
    fair = Line2D([], [], color=FAIR_COLOUR, linestyle="--", label=t("fair_share", lang))
    ax.legend(handles=[*handles, fair], fontsize=8, ncols=2, loc="upper right")


def _from_zero(ax: Axes) -> None:
    """A value axis that starts at zero (or below, for negative values): levels compare by height."""
    low, high = ax.get_ylim()
    bottom = 0.0 if ax.dataLim.ymin >= 0 else min(0.0, low)
    top = ax.dataLim.ymax
    if np.isfinite(top):  # headroom: the top point and its interval are not cut
        high = max(high, top + 0.05 * (top - bottom))
    ax.set_ylim(bottom, high)


def _seat_win_bars(
    seats: pd.DataFrame, cluster: str, cluster_label: Callable[[Any], str], ax: Axes | None, lang: Lang
) -> Axes:
    """Seat win rates (%) per ``cluster`` value with their intervals, the fair share dashed and the
    imbalanced seats hatched: the bars, legend and value axis of the seat charts."""
    ax = grouped_bars(
        seats,
        cluster,
        "seat",
        "win_rate",
        "lo",
        "hi",
        ax,
        scale=100,
        hue_label=_seat_label(lang),
        x_label=cluster_label,
        reference="fair_share",
        highlight="imbalanced",
        highlight_label=t("imbalanced", lang),
    )
    _legend_with_fair_share(ax, lang)
    ax.set_ylim(0, max(60.0, float(seats["hi"].max()) * 100 * 1.25))
    ax.set_ylabel(t("win_rate_pct", lang))
    return ax


def plot_seat_win_rates(
    seats: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = ""
) -> Axes:
    """Seat win rates (%) per player count with Wilson 95% intervals and the fair-share line."""
    ax = _seat_win_bars(seats, "n_players", _players_label(lang), ax, lang)
    ax.set_xlabel(t("players_axis", lang))
    ax.set_title(_title("seat_title", lang, name))
    return ax


def plot_seat_win_rates_by_tier(
    seats: pd.DataFrame,
    ax: Axes | None = None,
    lang: Lang = "en",
    name: str = "",
    tier_label: Callable[[Any], str] = str,
) -> Axes:
    """Seat win rates (%) per bot tier at one player count, with Wilson intervals and fair share;
    each tier shown by ``tier_label`` (its bot's display name)."""
    ax = _seat_win_bars(seats, "tier", tier_label, ax, lang)
    ax.set_xlabel(t("tier_axis", lang))
    ax.set_title(name)
    return ax


def plot_interval_lines(
    df: pd.DataFrame,
    x: str,
    y: str,
    lo: str,
    hi: str,
    series: str | None,
    ax: Axes | None = None,
    scale: float = 1.0,
    series_label: Callable[[Any], str] = str,
    reference: float | str | None = None,
) -> Axes:
    """Points joined by lines with interval error bars, one line per ``series`` value; a constant or
    per-point reference (dashed) when given."""
    ax = _axes(ax)
    groups = list(df.groupby(series, sort=True)) if series else [(None, df)]
    span = float(df[x].max() - df[x].min()) if len(df) else 0.0
    step = 0.012 * (span or 1.0)
    for i, (key, part) in enumerate(groups):
        part = part.sort_values(x)
        shift = step * (i - (len(groups) - 1) / 2)  # dodge, so equal series stay visible
        ax.errorbar(
            part[x] + shift,
            part[y] * scale,
            yerr=_yerr(part, y, lo, hi, scale),
            marker="o",
            capsize=3,
            color=PALETTE[i % len(PALETTE)],
            label=series_label(key) if series else None,
        )
        if isinstance(reference, str):
            ax.plot(
                part[x] + shift,
                part[reference] * scale,
                linestyle="--",
                color=PALETTE[i % len(PALETTE)],
                alpha=0.6,
            )
    if isinstance(reference, float | int):
        ax.axhline(reference * scale, color=FAIR_COLOUR, linestyle="--", linewidth=1.4)
    if series and df[series].nunique() > 1:  # one series needs no legend
        ax.legend(fontsize=8)
    return ax


def plot_first_player_advantage(
    fpa: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = ""
) -> Axes:
    """Seat 1 win rate ÷ fair share against player count, one line per variant, 1.0 = fair."""
    ax = plot_interval_lines(fpa, "n_players", "ratio", "ratio_lo", "ratio_hi", "variant", ax, reference=1.0)
    _from_zero(ax)
    ax.set_xticks(sorted(fpa["n_players"].unique()))
    ax.set_xlabel(t("players_axis", lang))
    ax.set_ylabel(t("fpa_axis", lang))
    ax.set_title(_title("fpa_title", lang, name))
    return ax


def plot_bot_results(bots: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = "") -> Axes:
    """Each bot's win rate ÷ fair share per player count with Wilson intervals; 1 = average."""
    frame = bots.assign(
        r=bots["relative"], r_lo=bots["lo"] / bots["fair_share"], r_hi=bots["hi"] / bots["fair_share"]
    )
    ax = grouped_bars(
        frame,
        "bot",
        "n_players",
        "r",
        "r_lo",
        "r_hi",
        ax,
        hue_label=_players_label(lang),
    )
    ax.axhline(1.0, color=FAIR_COLOUR, linestyle="--", linewidth=1.4, label=t("fair_share", lang))
    ax.legend(fontsize=8)
    ax.set_ylabel(t("bot_axis", lang))
    ax.set_title(_title("bot_title", lang, name))
    return ax


def plot_bot_matrix(matrix: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = "") -> Axes:
    """Heatmap of the share of pairings where the row bot finished ahead of the column bot."""
    bots = sorted(set(matrix["bot_a"]) | set(matrix["bot_b"]))
    ax = _axes(ax, max(6.5, 1.6 + 1.1 * len(bots)), 1.6 + 0.9 * len(bots))
    grid = matrix.pivot(index="bot_a", columns="bot_b", values="share_ahead").reindex(
        index=bots, columns=bots
    )
    n = matrix.pivot(index="bot_a", columns="bot_b", values="pairings").reindex(index=bots, columns=bots)
    image = ax.imshow(grid.to_numpy() * 100, cmap="RdBu", vmin=0, vmax=100)
    for i in range(len(bots)):
        for j in range(len(bots)):
            value = grid.iat[i, j]
            if pd.notna(value):
                colour = "white" if abs(value - 0.5) > 0.3 else "#222"
                ax.text(
                    j,
                    i,
                    f"{100 * value:.0f}%\nn={int(n.iat[i, j]):,}",
                    ha="center",
                    va="center",
                    fontsize=8,
                    color=colour,
                )
    ax.set_xticks(range(len(bots)), bots)
    ax.set_yticks(range(len(bots)), bots)
    ax.grid(False)
    ax.set_xlabel(t("bot_col", lang))
    ax.set_ylabel(t("bot_row", lang))
    ax.set_title(_title("matrix_title", lang, name), fontsize=9)
    ax.figure.colorbar(image, ax=ax, shrink=0.8, label="%")
    return ax


def plot_distribution_summary(
    summary: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", title: str = "", ylabel: str = ""
) -> Axes:
    """Box (25–75%), whiskers (5–95%), median line and mean ± 95% CI per player count, from a
    ``_describe``-style summary (columns q05..q95, mean, lo, hi)."""
    ax = _axes(ax, 5.5, 3.6)
    summary = summary.sort_values("n_players")
    for i, row in enumerate(summary.itertuples(index=False)):
        colour = PALETTE[i % len(PALETTE)]
        ax.vlines(i, row.q05, row.q95, color=colour, linewidth=1.2)
        ax.add_patch(
            plt.Rectangle(
                (i - 0.25, row.q25), 0.5, row.q75 - row.q25, facecolor=colour, alpha=0.35, edgecolor=colour
            )
        )
        ax.hlines(row.q50, i - 0.25, i + 0.25, color=colour, linewidth=2)
        ax.errorbar(
            i, row.mean, yerr=[[row.mean - row.lo], [row.hi - row.mean]], fmt="o", color="#222", capsize=4
        )
        ax.annotate(
            f"n={int(row.n):,}",
            (i, row.q05),
            textcoords="offset points",
            xytext=(0, -12),
            ha="center",
            fontsize=8,
        )
    ax.set_xticks(range(len(summary)), [t("players_n", lang, n=int(n)) for n in summary["n_players"]])
    ax.set_xlim(-0.6, len(summary) - 0.4)
    low, high = summary["q05"].min(), summary["q95"].max()
    pad = 0.12 * max(high - low, 1.0)
    ax.set_ylim(low - pad, high + pad * 0.5)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.set_xlabel(t("box_legend", lang), fontsize=7.5, color="#555")
    return ax


def plot_components(
    components: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = ""
) -> Axes:
    """Mean breakdown value of winners minus others, per component and player count, with Welch
    CIs; horizontal bars so that many components stay readable."""
    frame = components.dropna(subset=["difference"])
    ax = grouped_bars(
        frame,
        "component",
        "n_players",
        "difference",
        "lo",
        "hi",
        ax,
        hue_label=_players_label(lang),
        horizontal=True,
    )
    ax.axvline(0, color="#222", linewidth=0.8)
    ax.legend(fontsize=8)
    ax.set_xlabel(t("component_axis", lang))
    ax.set_title(_title("component_title", lang, name))
    return ax


def plot_content_win_rates(
    rates: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = ""
) -> Axes:
    """Adjusted difference in win share, holders minus comparable non-holders (same bot and seat),
    per card/tile and player count, with game-level 95% intervals; 0 = no difference. Notable
    values (Benjamini-Hochberg) are hatched."""
    ax = grouped_bars(
        rates,
        "value",
        "n_players",
        "difference",
        "diff_lo",
        "diff_hi",
        ax,
        scale=100,
        hue_label=_players_label(lang),
        highlight="notable",
        horizontal=True,
        highlight_label=t("notable_legend", lang),
    )
    ax.axvline(0.0, color=FAIR_COLOUR, linestyle="--", linewidth=1.4)
    ax.legend(fontsize=8)
    ax.set_xlabel(t("content_axis", lang))
    ax.set_title(_title("content_title", lang, name))
    return ax


def _share_bars(
    shares: pd.DataFrame,
    category: str,
    ax: Axes | None,
    lang: Lang,
    x_label: Callable[[Any], str] = str,
    horizontal: bool = False,
) -> Axes:
    """Share of games (%) per ``category`` value and player count with their intervals, on a 0-105
    value axis: the bars of the end charts."""
    ax = grouped_bars(
        shares,
        category,
        "n_players",
        "share",
        "lo",
        "hi",
        ax,
        scale=100,
        hue_label=_players_label(lang),
        x_label=x_label,
        horizontal=horizontal,
    )
    ax.legend(fontsize=8)
    if horizontal:
        ax.set_xlim(0, 105)
        ax.set_xlabel(t("share_pct", lang))
    else:
        ax.set_ylim(0, 105)
        ax.set_ylabel(t("share_pct", lang))
    return ax


def plot_end_reasons(
    reasons: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = ""
) -> Axes:
    """Share of games per end reason (errors and turn-cap stalls included) with Wilson intervals."""
    ax = _share_bars(
        reasons,
        "outcome",
        ax,
        lang,
        x_label=lambda o: t(f"outcome_{o}", lang) if o in ("turn cap", "error") else str(o),
    )
    ax.set_title(_title("end_title", lang, name))
    return ax


def plot_end_stage(stage: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", title: str = "") -> Axes:
    """Share of games in which each trigger (or outcome) of one end stage fired, per player count,
    with Wilson intervals; horizontal bars, one category per trigger."""
    ax = _share_bars(stage, "trigger", ax, lang, horizontal=True)
    ax.set_title(title)
    return ax


def plot_leader_wins(
    leaders: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = ""
) -> Axes:
    """P(sole leader after round k wins) against k, one line per player count, fair share dashed."""
    ax = plot_interval_lines(
        leaders,
        "round",
        "p_leader_wins",
        "lo",
        "hi",
        "n_players",
        ax,
        scale=100,
        series_label=_players_label(lang),
        reference="fair_share",
    )
    ax.set_ylim(0, 105)
    ax.set_xlabel(t("round_axis", lang))
    ax.set_ylabel(t("leader_axis", lang))
    ax.set_title(_title("leader_title", lang, name))
    return ax


def plot_lead_changes(
    summary: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = ""
) -> Axes:
    """Mean lead changes per game with t intervals, per player count."""
    ax = _axes(ax, 5.0, 3.4)
    summary = summary.sort_values("n_players")
    x = np.arange(len(summary))
    ax.bar(x, summary["mean"], 0.6, yerr=_yerr(summary, "mean", "lo", "hi", 1.0), capsize=4, color=PALETTE[0])
    ax.set_xticks(x, [t("players_n", lang, n=int(n)) for n in summary["n_players"]])
    ax.set_ylabel(t("lead_changes_axis", lang))
    ax.set_title(_title("lead_changes_title", lang, name))
    return ax


def plot_paired_differences(
    diffs: pd.DataFrame,
    ax: Axes | None = None,
    lang: Lang = "en",
    title: str = "",
    ylabel: str = "",
    scale: float = 100,
) -> Axes:
    """Paired differences (B − A) per seat and player count with 95% intervals; zero = no change."""
    ax = grouped_bars(
        diffs,
        "n_players",
        "seat",
        "difference",
        "lo",
        "hi",
        ax,
        scale=scale,
        hue_label=_seat_label(lang),
        x_label=_players_label(lang),
    )
    ax.axhline(0, color="#222", linewidth=0.9)
    ax.legend(fontsize=8, ncols=2)
    ax.set_xlabel(t("players_axis", lang))
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    return ax


def plot_sweep_metric(
    response: pd.DataFrame,
    metric: str,
    ax: Axes | None = None,
    lang: Lang = "en",
    bot_label: Callable[[str], str] = str,
) -> Axes:
    """One sweep metric against the parameter value, one line per player count (rates in %); the
    values are shown by what tells them apart, a bot by ``bot_label``."""
    part = response[response["metric"] == metric]
    is_bot = metric.startswith(BOT_METRIC)
    is_rate = is_bot or metric.endswith(("share", "win_rate"))
    scale = 100.0 if is_rate else 1.0
    reference = "fair_share" if is_bot or metric == "first_seat_win_rate" else None
    ax = plot_interval_lines(
        part,
        "order",
        "estimate",
        "lo",
        "hi",
        "n_players",
        ax,
        scale=scale,
        series_label=_players_label(lang),
        reference=reference,
    )
    ticks = part.drop_duplicates("order").sort_values("order")
    shown = distinct_parts([str(v) for v in ticks["value"]])
    ax.set_xticks(ticks["order"], [short_label(v) for v in shown])
    ax.set_xlabel(str(part["parameter"].iloc[0]) if len(part) else "")
    if is_bot:
        label = t("metric_bot_win_rate", lang, bot=bot_label(metric.removeprefix(BOT_METRIC)))
    else:
        label = t(f"metric_{metric}", lang)
    _from_zero(ax)
    ax.set_title(label, fontsize=10)  # the panel's title names the value axis
    return ax


def plot_metric_by_players(
    df: pd.DataFrame,
    y: str,
    lo: str,
    hi: str,
    ax: Axes | None = None,
    lang: Lang = "en",
    ylabel: str = "",
    scale: float = 1.0,
) -> Axes:
    """A metric against player count, one line per variant, with intervals."""
    ax = plot_interval_lines(df, "n_players", y, lo, hi, "variant", ax, scale=scale)
    _from_zero(ax)
    ax.set_xticks(sorted(df["n_players"].unique()))
    ax.set_xlabel(t("players_axis", lang))
    ax.set_title(ylabel, fontsize=10)  # the panel's title names the value axis
    return ax


def plot_winning_scores(
    per_game: pd.DataFrame, summary: pd.DataFrame, ax: Axes | None = None, lang: Lang = "en", name: str = ""
) -> Axes:
    """Histogram of the winning score per player count (one outline each), its median (solid) and the
    human reference when given (dashed)."""
    ax = _axes(ax)
    values = per_game["winning_score"].dropna()
    bins = (
        np.histogram_bin_edges(values, bins=min(30, max(5, int(np.sqrt(len(values)))))) if len(values) else 10
    )
    for i, (n, part) in enumerate(per_game.groupby("n_players", sort=True)):
        colour = PALETTE[i % len(PALETTE)]
        ax.hist(part["winning_score"], bins=bins, histtype="step", linewidth=1.6, color=colour,
                label=t("players_n", lang, n=int(n)))  # fmt: skip
        row = summary[summary["n_players"] == n]
        if not row.empty:
            ax.axvline(float(row["q50"].iloc[0]), color=colour, linewidth=1.2)
            reference = row["human_reference"].iloc[0] if "human_reference" in row else float("nan")
            if pd.notna(reference):
                ax.axvline(float(reference), color=colour, linestyle="--", linewidth=1.4,
                           label=t("winning_reference", lang, n=int(n)))  # fmt: skip
    ax.set_xlabel(t("winning_axis", lang))
    ax.set_ylabel(t("games_axis", lang))
    ax.set_title(_title("winning_title", lang, name))
    if len(per_game):
        ax.legend(fontsize=8)
    return ax
