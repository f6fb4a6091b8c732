"""Every command speaks ``--lang {en,zh}``, and what a designer reads under ``--lang zh`` is Chinese:
the console lines of list, validate, play and the card sheet, and the errors (the command line's,
``--set``'s, a config key's, the card sheet import's, a card study's), whose texts come from one
catalogue file per language (``sim.texts.en``, ``sim.texts.zh``)."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.cli.options import LANGS, display_names
from sim.config import ConfigError
from sim.report.ladder_text import cost_line
from sim.texts import Text, en, error_in_lang, lines, message, zh

ROOT = Path(__file__).resolve().parents[2]
CJK = re.compile(r"[\u4e00-\u9fff]")
SAME_IN_EVERY_LANGUAGE = {"os_error", "sheet_encoding", "check_verdict", "steam_terrain_letter"}
"""Messages that only place the system's own text (a file error), indent another message or put a
translated word beside a letter: nothing to translate."""
LATIN_WORD = re.compile(r"\b[A-Za-z]{4,}\b")
GRAMMAR_FIELDS = {"plural", "expected", "choices", "field_type"}
"""Fields only one language's wording needs: an English plural ending, pydantic's English "'a' or 'b'"
(``expected``) and type word (``field_type``, "Tuple") beside the choices as a list (``choices``) that other languages join their own way.
A field named after a language (``en``, ``zh``: ``game_named``) is the value that language shows."""


def leaf_commands(group: click.Group, prefix: str = "") -> dict[str, click.Command]:
    """Every runnable command under ``group``, by its full name (``cards study``)."""
    found = {}
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found |= leaf_commands(command, f"{prefix}{name} ")
        else:
            found[f"{prefix}{name}"] = command
    return found


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_every_command_takes_lang_with_the_same_choices():
    commands = leaf_commands(cli)
    assert {"list", "validate", "check", "play", "run", "cards export", "cards import"} <= set(commands)
    missing = {}
    for name, command in commands.items():
        option = next((p for p in command.params if "--lang" in getattr(p, "opts", ())), None)
        if option is None or tuple(option.type.choices) != LANGS:
            missing[name] = option
    assert missing == {}


def test_the_error_catalogues_have_the_same_keys_and_fields():
    assert set(en.ERRORS) == set(zh.ERRORS)
    fields = re.compile(r"\{(\w+)")
    for key in en.ERRORS:
        assert set(fields.findall(en.ERRORS[key])) - GRAMMAR_FIELDS - set(LANGS) == set(
            fields.findall(zh.ERRORS[key])
        ) - GRAMMAR_FIELDS - set(LANGS), key
        translated = CJK.search(zh.ERRORS[key]) or zh.ERRORS[key] != en.ERRORS[key]  # or its punctuation
        assert translated or key in SAME_IN_EVERY_LANGUAGE, key


def test_every_message_the_code_raises_is_in_the_catalogue():
    used = set()
    for path in (ROOT / "sim").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "message" and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant):
                    used.add(first.value)
    assert len(used) >= 40
    assert used - set(en.ERRORS) == set()


def test_a_message_is_english_text_that_knows_its_other_languages():
    text = message("players_unsupported", count=9, title="明初商途", allowed=["4", "5"])
    assert text == "--players 9: 明初商途 supports 4, 5 players"
    assert text.in_lang("zh") == "--players 9：明初商途 支持的人数是 4，5"
    joined = lines([text, "plain"])
    assert joined.in_lang("zh") == "--players 9：明初商途 支持的人数是 4，5\nplain"
    again = pickle.loads(pickle.dumps(ConfigError(text)))  # a worker's error comes back whole
    assert isinstance(again.args[0], Text) and error_in_lang(again, "zh") == text.in_lang("zh")
    assert error_in_lang(ValueError("as it is"), "zh") == "as it is"


@pytest.mark.parametrize(
    "args, wanted",
    [
        (["run", "mingchu", "-p", "9"], "支持的人数是 4，5"),
        (["run", "mingchu", "--bots", "nobody"], "没有机器人 'nobody'"),
        (["run", "mingchu", "--set", "=3"], "路径中有空的一段"),
        (["run", "nowhere.yaml"], "找不到配置 'nowhere.yaml'"),
        (["sweep", "mingchu", "--param", "starting_money"], "请写成 路径=值1,值2"),
        (["ladder", "mingchu", "--budgets", "x"], "请给出用逗号分隔的整数"),
        (["cards", "study", "mingchu", "--deck", "门客", "--cards", "无此牌", "-p", "4"], "不在牌组 门客 中"),
        (["cards", "study", "mingchu", "--deck", "门客", "--design", "paired", "--confirm", "runner", "-p", "4"], "只能与牌组设计"),
        (["cards", "study", "mingchu", "--deck", "门客", "--budget", "soon", "-p", "4"], "请给出分钟、小时或局数"),
    ],
)  # fmt: skip
def test_errors_speak_chinese_under_lang_zh(args, wanted):
    result = invoke(*args, "--lang", "zh")
    assert result.exit_code == 2, result.output
    assert result.output.startswith("错误：") and wanted in result.output, result.output
    english = invoke(*args)
    assert english.output.startswith("Error: ") and not CJK.search(english.output.split(":")[1][:6])


def test_config_key_and_set_errors_speak_chinese(tmp_path):
    result = invoke("validate", "mingchu", "--set", "no_such_key=1", "--lang", "zh")
    assert result.exit_code == 1
    assert "错误：--set no_such_key=1：未知的键 'no_such_key'（值 1）；请检查拼写" in result.output
    english = invoke("validate", "mingchu", "--set", "no_such_key=1")
    assert "unknown key 'no_such_key' (value 1); check the spelling" in english.output


def test_the_card_sheet_speaks_chinese(tmp_path):
    sheet = tmp_path / "门客.csv"
    result = invoke("cards", "export", "mingchu", "--deck", "门客", str(sheet), "--lang", "zh")
    assert result.exit_code == 0 and f"已把 门客 的 24 张牌写入 {sheet}" in result.output, result.output
    rows = sheet.read_text(encoding="utf-8-sig").splitlines()
    sheet.write_text("\n".join([rows[0], rows[1], rows[1]]), encoding="utf-8-sig")  # one card twice
    into = tmp_path / "mine.yaml"
    bad = invoke("cards", "import", str(sheet), "--deck", "门客", "--into", str(into), "--lang", "zh")
    card = rows[1].split(",")[0]
    assert bad.exit_code == 2 and f"第 3 行，列 id：值 '{card}'：第 2 行也有" in bad.output, bad.output
    sheet.write_text("\n".join(rows), encoding="utf-8-sig")
    good = invoke("cards", "import", str(sheet), "--deck", "门客", "--into", str(into), "--lang", "zh")
    assert good.exit_code == 0 and f"已把牌组 门客 写入 {into}" in good.output, good.output


def test_list_validate_and_play_speak_chinese():
    listed = invoke("list", "--lang", "zh").output
    assert "mingchu：明初商途（规则版本" in listed and "机器人：随机，跑商型" in listed
    assert "industrialist" not in listed and "players" not in listed
    checked = invoke("validate", "mingchu", "--lang", "zh").output
    assert checked.startswith("通过  mingchu：游戏 明初商途，变体 基础版，哈希 ")
    played = invoke("play", "brass", "-p", "2", "-q", "--lang", "zh")
    assert played.exit_code == 0, played.output
    assert played.output.startswith("工业革命：伯明翰，变体 基础版，2 人局，种子 1，机器人 ")
    assert "对局结束：" in played.output and "名次" in played.output
    assert LATIN_WORD.findall(played.output) == []
    assert invoke("play", "brass", "-p", "2", "-q").output.startswith("Brass")  # default as before


def test_the_ladder_cost_line_names_the_bot():
    from sim.bots.cost import Cost

    cost = Cost("rollout:2@roadbuilder", 1, 200.0, 20.0, 2.5, 0.5)
    names = display_names("mingchu", "zh")
    line = cost_line(cost, 4, "zh", lambda bot: names.term("mingchu", bot))
    assert "推演搜索:2（修路型路线）：每次决策 2.5 毫秒" in line
    assert "rollout:2@roadbuilder: 2.5 ms per decision" in cost_line(cost, 4)
