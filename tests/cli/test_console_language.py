"""What the commands print under ``--lang zh``: Chinese labels in the run summary and the report line,
and a progress bar that names its step (``sim report``) or its arm (each arm of a card study)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import cli

PLANTED = Path(__file__).parents[1] / "cards" / "fixtures" / "planted.yaml"


def invoke(*args: str):
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result


@pytest.fixture(scope="module")
def toy_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, str]:
    out = tmp_path_factory.mktemp("console") / "toy"
    result = invoke("run", "toy", "-p", "2", "-n", "30", "--out", str(out), "--lang", "zh", "--progress")
    return out, result.stdout, result.stderr


def test_run_summary_speaks_chinese_under_lang_zh(toy_run):
    out, stdout, stderr = toy_run
    assert f"结果：{out}（运行 " in stdout
    assert "2人局：30 局，0 局出错" in stdout and "1号位" in stdout and "胜率 [95% 区间]" in stdout
    assert "贪心" in stdout and "随机" in stdout  # the bots by their Chinese names
    english = re.findall(r"\b[A-Za-z]{3,}\b", re.sub(r"（运行 \w+）", "", stdout.replace(str(out), "")))
    assert english == [], english  # the bundled base variant reads 基础版: no Latin word left
    assert "对局" in stderr and "games" not in stderr  # the progress bar too


def test_bars_are_drawn_on_a_terminal_only_unless_asked(tmp_path):
    # CliRunner's streams are no terminal: like a log file or a pipe, they get no bar lines
    quiet = invoke("run", "toy", "-p", "2", "-n", "10", "--out", str(tmp_path / "log"))
    assert quiet.stderr == "" and "Results: " in quiet.stdout
    asked = invoke("run", "toy", "-p", "2", "-n", "10", "--out", str(tmp_path / "asked"), "--progress")
    assert "games" in asked.stderr and "\r" in asked.stderr


def test_show_progress_follows_the_flags_then_the_terminal(monkeypatch):
    import io
    import sys

    from sim.cli.options import show_progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stderr", Terminal())
    assert show_progress(None) and show_progress(True) and not show_progress(False)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert not show_progress(None) and show_progress(True)


def test_run_summary_stays_english_by_default(tmp_path):
    result = invoke("run", "toy", "-p", "2", "-n", "10", "--out", str(tmp_path / "en"), "--no-progress")
    assert "Results: " in result.stdout and "2 players: 10 games, 0 errors" in result.stdout
    assert "seat  win rate [95% CI]" in result.stdout and "greedy" in result.stdout


def test_report_names_each_step_and_prints_its_path_in_chinese(toy_run, tmp_path):
    out, _, _ = toy_run
    result = invoke("report", str(out), "--out", str(tmp_path / "report"), "--lang", "zh", "--progress")
    assert f"报告：{tmp_path / 'report' / 'report.html'}" in result.stdout
    steps = result.stderr
    for step in ("读取运行", "统计", "表格", "图表", "网页"):
        assert f"报告：{step}" in steps, steps[-400:]
    assert re.search(r"图表 \d+/\d+", steps)  # the charts step counts the metrics it draws
    quiet = invoke("report", str(out), "--out", str(tmp_path / "quiet"), "--no-progress")
    assert quiet.stderr == "" and "Report: " in quiet.stdout


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["base (no card forced)", "财神 forced", "白板 forced"]),
        ("zh", ["基准（不强制）", "财神：强制", "白板：强制"]),
    ],
)
def test_card_study_names_each_arm_in_its_progress_bar(tmp_path, lang, names):
    result = invoke(
        "cards", "study", str(PLANTED), "--design", "paired", "--deck", "门客", "--cards", "财神,白板",
        "--arms", "forced", "-p", "4", "-n", "4", "--out", str(tmp_path / "study"), "--lang", lang, "--progress",
    )  # fmt: skip
    bars = [line for line in re.split(r"[\r\n]", result.stderr) if "%|" in line]
    for name in names:
        assert any(line.startswith(name) for line in bars), (name, bars[-3:])
    assert "games:" not in result.stderr
    opening, closing = (
        ("Card study of 2 门客 cards", "Report: ")
        if lang == "en"
        else ("卡牌研究：门客 的 2 张卡牌", "报告：")
    )
    assert opening in result.stdout and closing in result.stdout, result.stdout
    if lang == "zh":
        assert "强制持有" in result.stdout and not any(
            w in result.stdout for w in ("Card study", "Report:", "games")
        )


def test_tune_speaks_chinese_under_lang_zh(tmp_path):
    args = ["tune", "toy", "--param", "target", "--range", "12..20", "--target", "win_share:1=50", "-p", "2"]
    args += ["-n", "10", "--out", str(tmp_path / "t"), "--no-progress"]
    zh = CliRunner().invoke(cli, [*args, "--lang", "zh"])
    assert zh.exit_code == 0, zh.output
    assert "调整 target" in zh.output and "座位胜率" in zh.output and "共用 20 局" in zh.output
    assert not any(word in zh.output for word in ("Tuning", "games", "Games spent", "win_share"))
    en = CliRunner().invoke(cli, args)
    assert en.exit_code == 0 and "Tuning target over 12..20" in en.output and "Games spent: 20" in en.output
