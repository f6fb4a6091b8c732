"""Every chart of a Chinese report reads in Chinese and its tick labels never overlap.

A small 明初商途 run (the walkthrough's 诰命 card change on the same seeds, whose list values once
squeezed into one unreadable bar, plus two single-bot tiers for the ladder chart) is analysed and
every chart of its Chinese report is drawn with the Agg renderer. Each chart's visible texts (titles,
axis labels, tick labels, legends, annotations) must hold no Latin code name (a bot, a play, a
snake_case id, a dotted path), and no two tick labels of an axis may overlap on the drawn figure
(their boxes from ``get_window_extent``)."""

from __future__ import annotations

import re

import matplotlib.pyplot as plt
import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.dataset import load_run
from sim.report import sections
from sim.report.analysis import analyse
from sim.report.build import headless_charts
from sim.report.page import Figure
from sim.report.plots import distinct_parts, short_label
from sim.report.style import fit_tick_labels, new_figure, overlapping_ticks, wrap_label

VARIANT = """game: mingchu
extends: mingchu/base
description: 诰命 第一个选项从 2 分改为 3 分
cards:
  下赏:
    - {id: 诰命, options: [[{effect: gain_vp, amount: 3}], [{effect: income_track, steps: 1}]]}
"""
SMALL = ["-p", "4", "-n", "3", "--no-progress"]

WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*(?:[+:@.][A-Za-z0-9_]+)*")
ALLOWED = {"n", "k", "p", "Holm", "BH", "McNemar", "Bradley", "Terry"}
"""Latin words a Chinese chart may show: the fair share 1/n, round k, p values and named tests."""


def code_names(texts: list[str]) -> list[str]:
    """The Latin code names in ``texts``: any Latin word not in ``ALLOWED`` (industrialist, onestep,
    base+skill, mcts:25, a snake_case id, a dotted path)."""
    return sorted({w for text in texts for w in WORD.findall(text) if w not in ALLOWED})


def figure_texts(fig: plt.Figure) -> list[str]:
    """Every text a reader sees on the figure."""
    texts = [fig._suptitle.get_text()] if fig._suptitle is not None else []
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel(), *(x.get_text() for x in ax.texts)]
        texts += [x.get_text() for x in (*ax.get_xticklabels(), *ax.get_yticklabels())]
        if ax.get_legend() is not None:
            texts += [x.get_text() for x in ax.get_legend().get_texts()]
    return [t for t in texts if t]


@pytest.fixture(scope="module")
def charts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    """title -> {"texts", "overlaps"} of every chart of the Chinese report, drawn as the report draws
    them (tick labels fitted) but not encoded to PNG/SVG (seconds, not a minute)."""
    base = tmp_path_factory.mktemp("zh_charts")
    variant = base / "诰命三分.yaml"
    variant.write_text(VARIANT, encoding="utf-8")
    folders = [base / "compare", base / "tier-runner", base / "tier-industrialist"]
    commands = [
        ["compare", "mingchu", str(variant), *SMALL, "--no-report", "--out", str(folders[0])],
        ["run", "mingchu", *SMALL, "--bots", "runner", "--out", str(folders[1])],
        ["run", "mingchu", *SMALL, "--bots", "industrialist", "--out", str(folders[2])],
    ]
    for args in commands:
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
    drawn: dict[str, dict] = {}

    def finish(fig: plt.Figure, alt: str) -> Figure:
        fit_tick_labels(fig)
        drawn[alt] = {"texts": figure_texts(fig), "overlaps": overlapping_ticks(fig)}
        plt.close(fig)
        return Figure("", alt)

    analysis = analyse(load_run(folders))
    with pytest.MonkeyPatch.context() as patch, headless_charts():
        patch.setattr(sections, "_finish", finish)
        sections.build_sections(analysis, "zh")
    return drawn


def test_the_report_draws_the_charts_that_once_showed_code_names(charts):
    titles = "\n".join(charts)
    assert len(charts) >= 15
    for wanted in ("各机器人层级的座位胜率", "诰命·选项 的影响", "座位胜率变化", "对位"):
        assert wanted in titles, titles


def test_no_chart_of_a_chinese_report_shows_a_code_name(charts):
    found = {title: code_names(chart["texts"]) for title, chart in charts.items()}
    assert {title: words for title, words in found.items() if words} == {}


def test_no_chart_has_overlapping_tick_labels(charts):
    assert {title: c["overlaps"] for title, c in charts.items() if c["overlaps"]} == {}


def test_the_sweep_panels_show_the_values_by_what_differs(charts):
    panel = next(c for title, c in charts.items() if "诰命·选项" in title)
    assert {"数量 2", "数量 3"} <= set(panel["texts"])
    assert "实业型：胜率（%）" in panel["texts"]  # a bot's panel by its Chinese name


def test_the_checks_catch_what_they_look_for():
    assert code_names(["industrialist：胜率", "基础版·base+skill", "mcts:25", "seat_fairness", "1/n"]) == [
        "base+skill",
        "industrialist",
        "mcts:25",
        "seat_fairness",
    ]
    assert code_names(["第 k 轮后领先者获胜（%）", "公平份额 1/n", "Holm 校正"]) == []
    fig, ax = new_figure(figsize=(3, 2))
    labels = [f"（数量 {n}，效果 获得分数）；（效果 收入轨，步数 1）" for n in range(6)]
    ax.bar(range(6), range(6))
    ax.set_xticks(range(6), labels)
    assert overlapping_ticks(fig)  # six long labels on a narrow chart collide
    fit_tick_labels(fig)
    assert overlapping_ticks(fig) == []
    plt.close(fig)


def test_fit_tick_labels_leaves_a_readable_axis_alone():
    fig, ax = new_figure(figsize=(6, 3))
    ax.bar(range(3), range(3))
    ax.set_xticks(range(3), ["实业型", "修路型", "跑商型"])
    fit_tick_labels(fig)
    assert [x.get_text() for x in ax.get_xticklabels()] == ["实业型", "修路型", "跑商型"]
    assert ax.xaxis.get_ticklabels()[0].get_rotation() == 0
    plt.close(fig)


def test_labels_are_cut_to_what_tells_them_apart():
    values = [
        "（数量 2，效果 获得分数）；（效果 收入轨，步数 1）",
        "（数量 3，效果 获得分数）；（效果 收入轨，步数 1）",
    ]
    assert distinct_parts(values) == ["数量 2", "数量 3"]
    assert distinct_parts(["14", "17", "20"]) == ["14", "17", "20"]
    assert distinct_parts(["a", "a"]) == ["a", "a"]  # equal values: nothing to tell apart
    assert short_label("一二三四五六七八九十", 6) == "一二三四五…"


def test_long_labels_wrap_between_characters_or_words():
    assert wrap_label("账房先生能力一数量") == "账房先生能力\n一数量"
    assert wrap_label("rail era over", 6) == "rail\nera\nover"
    assert wrap_label("实业型") == "实业型"
