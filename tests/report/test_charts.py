"""Charts a designer puts on a slide: hatching named in the legend, levels drawn from zero, no panel
without data, and short titles."""

from __future__ import annotations

import matplotlib.pyplot as plt
import pandas as pd

from sim.report import plots
from sim.report.catalogue import en, zh
from sim.report.sections import panel_chart

SEATS = pd.DataFrame(
    {"n_players": [2, 2], "seat": [0, 1], "win_rate": [0.6, 0.4], "lo": [0.55, 0.35], "hi": [0.65, 0.45],
     "fair_share": [0.5, 0.5], "imbalanced": [True, False]}
)  # fmt: skip


def test_hatched_bars_are_named_in_the_legend():
    ax = plots.plot_seat_win_rates(SEATS, lang="en", name="g")
    entries = {
        text.get_text(): patch
        for patch, text in zip(ax.get_legend().get_patches(), ax.get_legend().get_texts(), strict=False)
    }
    assert entries["Imbalanced (Holm)"].get_hatch() == "//"
    plt.close(ax.figure)
    ax = plots.plot_seat_win_rates(SEATS.assign(imbalanced=False), lang="en", name="g")
    assert "Imbalanced (Holm)" not in [text.get_text() for text in ax.get_legend().get_texts()]
    plt.close(ax.figure)


def test_levels_compared_across_player_counts_start_at_zero():
    rounds = pd.DataFrame(
        {
            "n_players": [3, 4],
            "variant": ["base", "base"],
            "mean": [8.9, 9.0],
            "lo": [8.88, 8.95],
            "hi": [8.93, 9.06],
        }
    )
    ax = plots.plot_metric_by_players(rounds, "mean", "lo", "hi", lang="en", ylabel="Rounds per game")
    assert ax.get_ylim()[0] == 0 and ax.get_title() == "Rounds per game"
    assert ax.get_legend() is None  # one variant: nothing to tell apart
    plt.close(ax.figure)


def test_a_panel_without_data_is_left_out():
    rounds = pd.DataFrame({"n_players": [3], "variant": ["v"], "mean": [9.0], "lo": [8.0], "hi": [10.0]})
    draws = [
        lambda ax: plots.plot_metric_by_players(rounds, "mean", "lo", "hi", ax, "en", "Rounds"),
        lambda ax: plots.plot_metric_by_players(rounds.iloc[:0], "mean", "lo", "hi", ax, "en", "Nothing"),
        lambda ax: plots.plot_metric_by_players(rounds, "mean", "lo", "hi", ax, "en", "Again"),
    ]
    shown = []
    spy = plt.Figure.suptitle

    def keep(fig, title, **kw):
        shown.append([ax.get_title() for ax in fig.axes if ax.get_visible()])
        return spy(fig, title, **kw)

    plt.Figure.suptitle = keep
    try:
        panel_chart(draws, "alt", "title")
    finally:
        plt.Figure.suptitle = spy
    assert shown == [["Rounds", "Again"]]


def test_chart_titles_are_short():
    for catalogue in (en.MESSAGES, zh.MESSAGES):
        long = {
            k: v for k, v in catalogue.items() if k.endswith("_title") and len(v.replace("{name}", "")) > 50
        }
        assert not long, long


def test_notable_items_hatching_is_named_in_the_legend():
    rates = pd.DataFrame(
        {"value": ["a", "b"], "n_players": [3, 3], "difference": [0.1, -0.02], "diff_lo": [0.05, -0.06],
         "diff_hi": [0.15, 0.02], "notable": [True, False]}
    )  # fmt: skip
    ax = plots.plot_content_win_rates(rates, lang="zh", name="g")
    legend = ax.get_legend()
    hatched = [
        t.get_text() for p, t in zip(legend.get_patches(), legend.get_texts(), strict=False) if p.get_hatch()
    ]
    assert hatched == [zh.MESSAGES["notable_legend"]]
    plt.close(ax.figure)


def test_a_level_drawn_from_zero_keeps_headroom_over_its_top_point():
    rounds = pd.DataFrame(
        {"n_players": [2, 3, 4], "variant": "base", "mean": [3.9, 3.8, 3.7], "lo": [3.88, 3.78, 3.68],
         "hi": [3.92, 3.82, 3.72]}
    )  # fmt: skip
    ax = plots.plot_metric_by_players(rounds, "mean", "lo", "hi", lang="en", ylabel="Rounds per game")
    bottom, top = ax.get_ylim()
    assert bottom == 0 and top >= 3.92 + 0.05 * 3.92  # the top marker and its interval are not cut
    plt.close(ax.figure)
