"""The report builds on a synthetic run (several player counts, two variants, a sweep) and opens in Chromium."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import warnings
from pathlib import Path

import matplotlib.pyplot as plt
import pandas as pd
import pytest

from sim.dataset import load_run
from sim.report import build_report, plots
from sim.report.analysis import analyse
from sim.report.labels import header
from sim.report.style import CJK_FONT_FILES, apply_style, figure_png
from sim.stats.synthetic import write_synthetic_run

CHROMIUM = Path("/usr/bin/chromium")
SECTIONS = [
    "seats",
    "counts",
    "paired",
    "sweep",
    "bots",
    "scores",
    "components",
    "end",
    "runaway",
    "unused",
    "errors",
]

PROBE = """<script>
window.__errors = [];
window.addEventListener("error", e => window.__errors.push(String(e.message || e.type)), true);
const __consoleError = console.error;
console.error = (...args) => { window.__errors.push(args.join(" ")); __consoleError(...args); };
window.addEventListener("load", () => {
  const images = Array.from(document.images);
  const broken = images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.alt);
  const out = document.createElement("pre");
  out.id = "__probe";
  out.textContent = JSON.stringify({images: images.length, broken: broken, errors: window.__errors});
  document.body.appendChild(out);
});
</script>"""


@pytest.fixture(scope="module")
def reports(report_run: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = tmp_path_factory.mktemp("reports")
    return {lang: build_report([report_run], out / lang, lang=lang) for lang in ("en", "zh")}


def test_report_files_and_sections(reports):
    html = reports["en"].read_text(encoding="utf-8")
    for key in SECTIONS:
        assert f'<section id="{key}">' in html, key
    images = re.findall(r'<img src="([^"]+)"', html)
    assert len(images) >= 20 and all(src.startswith("data:image/png;base64,") for src in images)
    assert "http://" not in html and "https://" not in html  # opens offline
    assert (
        '<section id="goals">' in html and "anytime-valid" not in html
    )  # a plain run: fixed-sample intervals
    tables = {p.stem for p in (reports["en"].parent / "tables").glob("*.csv")}
    assert {"seat_win_rates", "bot_matrix", "errors", "sweep_response", "player_counts", "findings"} <= tables
    assert "paired_seats__synth__fix_vs_base" in tables
    seats = pd.read_csv(reports["en"].parent / "tables" / "seat_win_rates.csv")
    assert {"win_rate", "lo", "hi", "games", "p_holm", "imbalanced"} <= set(seats.columns)


def test_summary_opens_with_plain_language(reports, report_run):
    games = pd.read_parquet(report_run / "games")
    en = (reports["en"].parent / "summary.md").read_text(encoding="utf-8")
    assert en.startswith("# Balance report\n\n" + f"{len(games):,} games (")
    assert "bots: greedy, random; player counts: 2, 3, 4" in en
    assert "## Key findings" in en and "tiles_built_unused" in en and "cards.hermit" in en
    assert "broker (card, played, 3 players): seats that had it win more often" in en  # the planted card
    zh = (reports["zh"].parent / "summary.md").read_text(encoding="utf-8")
    assert zh.startswith("# 平衡性报告\n\n共 ") and "## 主要发现" in zh and "机器人不是真人" in zh
    assert "人数对比" in reports["zh"].read_text(encoding="utf-8")


def test_report_escapes_text(tmp_path):
    run = write_synthetic_run(tmp_path / "run", player_counts=(3,), games_per_count=60, error_rate=0.1)
    analysis = analyse(load_run(run))
    analysis.tables["errors"].loc[:, "error"] = "<script>alert(1)</script>"
    from sim.report.build import render_html

    html = render_html(analysis, "en")
    assert "<script>alert(1)</script>" not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_plot_functions_label_their_axes():
    seats = pd.DataFrame(
        {"n_players": [2, 2], "seat": [0, 1], "win_rate": [0.6, 0.4], "lo": [0.55, 0.35], "hi": [0.65, 0.45],
         "fair_share": [0.5, 0.5], "imbalanced": [True, True]}
    )  # fmt: skip
    ax = plots.plot_seat_win_rates(seats, lang="zh", name="g / v")
    assert ax.get_title() == "各座位胜率：g / v" and ax.get_ylabel() == "胜率（%）"
    assert [round(b.get_height()) for b in ax.patches if b.get_width() > 0] == [60, 40]
    plt.close(ax.figure)


def _probe(report: Path, tmp_path: Path) -> dict:
    page = tmp_path / "probe.html"
    page.write_text(
        report.read_text(encoding="utf-8").replace("<head>", "<head>" + PROBE, 1), encoding="utf-8"
    )
    result = subprocess.run(
        [
            str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000", "--dump-dom", page.as_uri(),
        ],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    match = re.search(r'<pre id="__probe">(.*?)</pre>', result.stdout, re.S)
    assert match, f"probe missing; chromium stderr:\n{result.stderr[-2000:]}"
    return json.loads(match.group(1).replace("&quot;", '"').replace("&amp;", "&"))


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_report_opens_in_headless_chromium(reports, lang, tmp_path):
    probe = _probe(reports[lang], tmp_path)
    assert probe["images"] >= 20
    assert probe["broken"] == []
    assert probe["errors"] == []


@pytest.mark.skipif(not any(Path(p).exists() for p in CJK_FONT_FILES), reason="needs a CJK font")
def test_chinese_chart_has_no_missing_glyphs():
    apply_style()
    seats = pd.DataFrame(
        {"n_players": [4] * 4, "seat": range(4), "win_rate": [0.31, 0.23, 0.23, 0.23], "lo": [0.29, 0.21, 0.21, 0.21],
         "hi": [0.33, 0.25, 0.25, 0.25], "fair_share": [0.25] * 4, "imbalanced": [True, False, False, False]}
    )  # fmt: skip
    ax = plots.plot_seat_win_rates(seats, lang="zh", name="明初商途 / 基础")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # matplotlib warns "Glyph ... missing from font(s)" on tofu
        assert figure_png(ax.figure).startswith(b"\x89PNG")


def test_report_without_rounds_or_events(tmp_path):
    run = write_synthetic_run(tmp_path / "run", player_counts=(3,), games_per_count=60)
    shutil.rmtree(run / "rounds")
    shutil.rmtree(run / "events_cards")
    html = build_report(run, tmp_path / "out").read_text(encoding="utf-8")
    assert '<section id="seats">' in html and '<section id="runaway">' not in html
    assert '<section id="counts">' not in html and '<section id="paired">' not in html


def test_ladder_section_for_single_bot_tables(tmp_path, reports):
    assert '<section id="ladder">' not in reports["en"].read_text(encoding="utf-8")  # mixed tables: no tiers
    run = write_synthetic_run(
        tmp_path / "run",
        player_counts=(4,),
        games_per_count=400,
        bots=("random", "greedy"),
        mixed_tables=False,
    )
    html = build_report(run, tmp_path / "out", lang="zh").read_text(encoding="utf-8")
    assert '<section id="ladder">' in html and "机器人强度阶梯" in html


def test_report_when_every_game_failed(tmp_path):
    run = write_synthetic_run(tmp_path / "run", player_counts=(3, 4), games_per_count=30, error_rate=1.0)
    html = build_report(run, tmp_path / "out").read_text(encoding="utf-8")
    summary = (tmp_path / "out" / "summary.md").read_text(encoding="utf-8")
    assert "60 games (60 with errors or stalls), 0 player results; bots: random" in summary
    assert "No game finished" in summary and '<section id="errors">' in html
    assert "sim play configs/synth/base.yaml --players 3 --seed" in html


ZH_PROBE = """<script>
window.addEventListener("load", () => {
  const images = Array.from(document.images);
  const out = document.createElement("pre");
  out.id = "__probe";
  out.textContent = JSON.stringify({
    images: images.length,
    broken: images.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.alt),
    categories: images.map(i => [i.dataset.file, Number(i.dataset.categories)]),
    headers: Array.from(document.querySelectorAll("th")).map(th => th.textContent.trim()),
    cells: Array.from(document.querySelectorAll("td:not(.code)")).map(td => td.textContent.trim()),
    text: document.body.innerText,
  });
  document.body.appendChild(out);
});
</script>"""
CJK = re.compile(r"[\u4e00-\u9fff]")
SCIENTIFIC = re.compile(r"(?<![\w.])[-+]?\d+(?:\.\d+)?[eE][-+]?\d+(?![\w.])")


@pytest.fixture(scope="module")
def mingchu_zh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from tests.report.mingchu_shape import write_mingchu_shaped_run

    run = write_mingchu_shaped_run(tmp_path_factory.mktemp("mingchu") / "run")
    return build_report(run, tmp_path_factory.mktemp("mingchu_report"), lang="zh")


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs /usr/bin/chromium")
def test_chinese_mingchu_report_in_chromium(mingchu_zh, tmp_path):
    page = tmp_path / "probe.html"
    page.write_text(
        mingchu_zh.read_text(encoding="utf-8").replace("<head>", "<head>" + ZH_PROBE, 1), encoding="utf-8"
    )
    result = subprocess.run(
        [
            str(CHROMIUM), "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            f"--user-data-dir={tmp_path / 'profile'}", "--virtual-time-budget=5000", "--dump-dom", page.as_uri(),
        ],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    match = re.search(r'<pre id="__probe">(.*?)</pre>', result.stdout, re.S)
    assert match, result.stderr[-2000:]
    import html as html_module

    probe = json.loads(html_module.unescape(match.group(1)))
    assert probe["images"] >= 8 and probe["broken"] == []
    english = [h for h in probe["headers"] if h and not CJK.search(h) and re.search(r"[A-Za-z]", h)]
    assert english == [], english
    assert [c for c in probe["cells"] if SCIENTIFIC.search(c)] == []
    assert SCIENTIFIC.findall(probe["text"]) == []
    crowded = [(f, n) for f, n in probe["categories"] if n > 12]
    assert crowded == [], crowded
    text = probe["text"]
    for phrase in ("结论", "座位平衡", "最佳人数", "靖难之役结果", "终局触发", "术语说明", "钱币得分"):
        assert phrase in text, phrase
    assert "vp_coins" not in text and "n_players" not in text and "win_rate" not in text


def test_mingchu_report_files(mingchu_zh):
    from PIL import Image

    out = mingchu_zh.parent
    charts = {p.name for p in (out / "charts").iterdir()}
    assert {"seats-1.png", "seats-1.svg", "end-1.png", "end-1.svg", "components-1.png"} <= charts
    with Image.open(out / "charts" / "end-1.png") as image:
        assert round(image.info["dpi"][0]) >= 200
    html = mingchu_zh.read_text(encoding="utf-8")
    assert "overflow-x: auto" in html
    components = html[html.index('<section id="components">') : html.index('<section id="end">')]
    chart_part, _, other_part = components.partition("金钱与其他计数")
    assert "钱币得分" in chart_part and "支付恩义" not in chart_part and "支付恩义" in other_part
    answers = pd.read_csv(out / "tables" / "answers.csv")
    columns = ("topic", "code", "estimate", "lo", "hi", "sure")
    assert {header(c, "zh") for c in columns} <= set(answers.columns)
    assert {"座位平衡", "最佳人数", "对局如何结束"} <= set(answers[header("topic", "zh")])  # topics by name


def test_cut_tables_say_so(tmp_path):
    from sim.report.sections import table

    run = write_synthetic_run(tmp_path / "run", player_counts=(3,), games_per_count=40)
    analysis = analyse(load_run(run))
    frame = pd.DataFrame({"seat": range(80), "win_rate": [1e-19] * 80, "p_value": [1e-9] * 80})
    shown = table(analysis, "zh", frame, "x", "seats_demo")
    assert len(shown.rows) == 60 and shown.note == "显示 80 行中的 60 行；全部见 tables/seats_demo.csv。"
    assert shown.columns == ["座位", "胜率", "p 值"] and shown.rows[0] == ["1", "0.0%", "< 0.001"]


def test_short_text_columns_are_kept_on_one_line(tmp_path):
    """Beside a long explanation a browser squeezes a narrow column to a character a line."""
    from sim.report.build import render_html
    from sim.report.sections import SHORT_CELL, table

    run = write_synthetic_run(tmp_path / "run", player_counts=(3,), games_per_count=40)
    analysis = analyse(load_run(run))
    frame = pd.DataFrame({"verdict": ["达成", "未定"], "why": ["理由" * SHORT_CELL, "短"], "seat": [1, 2]})
    shown = table(analysis, "zh", frame, "x")
    assert shown.classes == ["text short", "text", "num"]
    html = render_html(analysis, "zh")
    assert "td.short { white-space: nowrap; }" in html and '<td class="text short">' in html


def test_report_leaves_the_backend_alone(tmp_path):
    import matplotlib

    before = matplotlib.get_backend()
    run = write_synthetic_run(tmp_path / "run", player_counts=(3,), games_per_count=40)
    build_report(run, tmp_path / "out")
    assert matplotlib.get_backend() == before
