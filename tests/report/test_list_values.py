"""A setting whose value is a list (a card's options, a board's squares, a deck) reads as a designer
wrote it, not as JSON or Python's printout, in variant names and sweep sentences."""

from __future__ import annotations

import html
import re

from click.testing import CliRunner

from sim.cli import cli
from sim.report.names import Names

OPTIONS = '[[{"effect": "gain_vp", "amount": 3}], [{"effect": "income_track", "steps": 1}]]'


def test_list_values_read_by_their_parts_in_both_languages():
    zh = Names.from_meta([{"variants": [{"game": "mingchu"}, {"game": "toy"}]}], "zh")
    assert zh.value("mingchu", OPTIONS) == "（效果 获得分数，数量 3）；（效果 收入总和轨移动，步数 1）"
    assert zh.variant("mingchu", f"base[cards.下赏.诰命.options={OPTIONS}]") == (
        "基础版[诰命·选项=（效果 获得分数，数量 3）；（效果 收入总和轨移动，步数 1）]"
    )
    square = "[{'id': '井', 'position': 5, 'points': 2}]"  # how a config's list prints in a variant name
    assert zh.value("toy", square) == "井：position 5，points 2"
    assert zh.value("toy", "[3, 5]") == "3、5" and zh.value("toy", "7") == "7"
    en = Names.from_meta([{"variants": [{"game": "toy"}]}], "en")
    assert en.value("toy", square) == "井: position 5, points 2" and en.value("toy", "[3, 5]") == "3, 5"
    assert en.value("toy", "[not json") == "[not json"


def _visible(path) -> str:
    page = path.read_text(encoding="utf-8")
    page = re.sub(r"<script.*?</script>|<style.*?</style>", "", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_chinese_report_of_list_settings_shows_no_json(tmp_path):
    out = tmp_path / "compare"
    squares = [
        "bonus_squares=[{id: 井, position: 5, points: 2}]",
        "bonus_squares=[{id: 井, position: 5, points: 6}]",
    ]
    args = ["compare", "toy", "--set-a", squares[0], "--set-b", squares[1], "-p", "2", "-n", "40"]
    result = CliRunner().invoke(cli, [*args, "--out", str(out), "--lang", "zh", "--no-progress"])
    assert result.exit_code == 0, result.output
    text = _visible(out / "report" / "report.html")
    assert "基础版[bonus_squares=井：position 5，points 6]" in text
    printed = re.search(r".{0,30}[\[{]\s*['\"].{0,30}", text)  # JSON or Python's printout of a list
    assert printed is None, printed.group(0)
    assert "bonus_squares=[{id: 井, position: 5, points: 2}]" in text  # the override as it is typed
    sweep = tmp_path / "sweep"
    args = ["sweep", "toy", "--param", "card_values=[3],[5]", "-p", "2", "-n", "60"]
    result = CliRunner().invoke(cli, [*args, "--out", str(sweep), "--lang", "zh", "--no-progress"])
    assert result.exit_code == 0, result.output
    text = _visible(sweep / "report" / "report.html")
    assert "card_values = 3 时为" in text and "card_values = [3]" not in text
