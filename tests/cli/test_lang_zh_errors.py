"""The rest of what ``--lang zh`` shows in Chinese (beside ``test_lang_everywhere.py``): ``sim check
--variants`` lines, config validation (pydantic's common error types and 明初商途's own checks), click's
own usage errors, the card lab's deck "holding" text, ``sim tune``'s parse errors and ``sim cards
rebalance --levers``. Each case fails when English words are left in the Chinese message; file, field
and value stay as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import cli

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"\b[A-Za-z]{4,}\b")
QUOTED = re.compile(r"'[^']*'|`[^`]*`")
CODE = re.compile(r"\S*[-/._=:@|\\]\S*")
"""A path, an option, a dotted field or an override: written as the user wrote them."""


def english_words(text: str, allowed: frozenset[str] = frozenset()) -> list[str]:
    """Latin words of four letters or more outside quotes, paths, options and dotted fields."""
    plain = CODE.sub(" ", QUOTED.sub(" ", text))
    return [word for word in LATIN_WORD.findall(plain) if word not in allowed]


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args))


def chinese_error(result, *wanted: str, allowed: frozenset[str] = frozenset()) -> str:
    """The one error line of ``result``: Chinese, holding each of ``wanted``, no English words."""
    out = result.output
    assert result.exit_code in (1, 2), out
    line = next(line for line in out.splitlines() if line.startswith("错误："))
    assert CJK.search(line.removeprefix("错误：")), out
    for part in wanted:
        assert part in line, out
    assert english_words(line, allowed) == [], out
    assert "Error:" not in out and "Usage:" not in out and "Traceback" not in out, out
    return out


def test_check_variants_lines_speak_chinese():
    args = ["check", "steam", "-p", "3", "--playouts", "1", "--probe-every", "1000", "--variants", "2"]
    out = invoke(*args, "--lang", "zh").output
    lines = out[out.index("预设变体") :].splitlines()
    assert lines[1].startswith("变体 income_vp_divisor=1（终局每级收入得 1 分")
    assert "（每名玩家平均）：基础版 " in lines[2] and "局机器人的走法不同" in lines[2]
    assert lines[3].strip() == "通过" and lines[-1] == "蒸汽时代：2 个预设变体：通过"
    assert [english_words(line) for line in lines] == [[]] * len(lines), out


def _config(tmp_path: Path, text: str) -> str:
    path = tmp_path / "变体.yaml"
    path.write_text("extends: mingchu/base\n" + text, encoding="utf-8")
    return str(path)


CONFIG_CASES = [
    ("wrong type", "scoring:\n  coins_per_vp: many\n", ["'scoring.coins_per_vp' = 'many'", "应为整数"]),
    ("out of range", "scoring:\n  coins_per_vp: -1\n", ["'scoring.coins_per_vp' = -1", "应大于或等于 1"]),
    ("extra field", "scoring:\n  coins_per_vpp: 2\n", ["未知的键 'scoring.coins_per_vpp'（值 2）"]),
    ("a choice", "forced_cards:\n  - {deck: 皇恩, card: 赌徒, seat: 0}\n", ["'forced_cards.0.deck' = '皇恩'", "应为以下之一：'门客'，'家族'"]),
    ("a card's field", "cards:\n  门客:\n    - {id: 赌徒, count: lots}\n", ["'cards.门客.赌徒'", "门客 牌 '赌徒'：count（收到 'lots'）：应为整数"]),
    ("a reward card's field", "cards:\n  上赏:\n    - {id: 赏钱, add: true, count: lots}\n", ["上赏 牌 '赏钱'：count（收到 'lots'）"]),
    ("an empty bank", "cards:\n  门客:\n    - {id: 钱庄, add: true, ability: [{effect: bank}]}\n", ["门客 牌 '钱庄'：ability.0.bank：`bank` 需要 `coins` 或 `grace_cards`"]),
    ("an unknown effect", "cards:\n  门客:\n    - {id: 赌徒, ability: [{effect: gain_gold}]}\n", ["门客 牌 '赌徒'：ability.0：'effect' 的值 'gain_gold' 不是可选值之一：'gain_coins'"]),
    ("an effect not named", "cards:\n  门客:\n    - {id: 赌徒, ability: [{amount: 1}]}\n", ["ability.0：缺少 'effect'，无法判断这一项是哪一种"]),
    ("a one-shot passive", "cards:\n  门客:\n    - {id: 财神, add: true, passive: [{effect: gain_coins, amount: 1}]}\n", ["门客 牌 '财神'：passive.0：'gain_coins' 是一次性效果，不能作为 `passive`", "`discount`，`each_round`"]),
    ("a card id the deck lacks", "cards:\n  门客:\n    - {id: 鲁班传, count: 2}\n", ["'cards.门客' = id '鲁班传'：它所扩展的牌组没有这张牌（最接近的：鲁班传人）"]),
    ("add not true", "cards:\n  门客:\n    - {id: 鲁班, add: 1}\n", ["add = 1：新牌请写 add: true"]),
    ("a missing field", "forced_cards:\n  - {deck: 门客, seat: 0}\n", ["缺少必需的键 'forced_cards.0.card'"]),
    ("a deck too small", "setup:\n  visible_retainers: 30\n", ["cards.门客：至少需要 36 张", "明牌区需要 30 张", "现有 24 张"]),
    ("removing an unknown card", "cards:\n  remove: {门客: [无名]}\n", ["cards.remove.门客：门客 中没有可移除的牌 '无名'"]),
    ("forcing an unknown card", "forced_cards:\n  - {deck: 门客, card: 无名, seat: 0}\n", ["forced_cards：门客 中没有牌 '无名'"]),
    ("a road to nowhere", "map:\n  capital: 无处\n", ["map：都城 '无处' 不是地图上的地点"]),
]  # fmt: skip


@pytest.mark.parametrize(
    "text, wanted", [case[1:] for case in CONFIG_CASES], ids=[c[0] for c in CONFIG_CASES]
)
def test_config_validation_speaks_chinese_naming_file_field_and_value(tmp_path, text, wanted):
    config = _config(tmp_path, text)
    result = invoke("validate", config, "--lang", "zh")
    out = chinese_error(
        result, config, *wanted, allowed=frozenset({"count", "options", "true"})
    )  # fields, YAML
    english = invoke("validate", config).output
    assert english.startswith("error: ") and config in english and "：" not in english
    assert out.count("\n") == english.count("\n")  # one message each, as many lines


def test_a_set_path_to_a_card_the_deck_lacks_names_the_nearest_in_chinese():
    args = ["validate", "mingchu", "--set", "cards.门客.鲁班传.count=2"]
    chinese_error(invoke(*args, "--lang", "zh"), "cards.门客 中没有 '鲁班传'（最接近的：鲁班传人）")
    assert "no item '鲁班传' in cards.门客 (nearest: 鲁班传人)" in invoke(*args).output


def test_pydantic_wording_stays_in_english():
    result = invoke("validate", "mingchu", "--set", "scoring.coins_per_vp=-1")
    assert "'scoring.coins_per_vp' = -1: Input should be greater than or equal to 1" in result.output
    added = invoke("validate", "mingchu", "--set", "cards.门客.赌徒.count=lots").output
    assert "门客 card '赌徒': count (got 'lots'): Input should be a valid integer, unable to parse" in added


USAGE_CASES = [
    ("missing argument", ["run"], ["缺少参数 'CONFIG'"]),
    ("no such option", ["run", "mingchu", "--gmaes", "3"], ["没有选项 '--gmaes'", "是否想用 '--games'"]),
    ("not a number", ["run", "mingchu", "--games", "x"], ["'--games' / '-n' 的值无效：'x' 不是整数"]),
    ("out of range", ["run", "mingchu", "--games", "0"], ["的值无效：0 不在范围 x>=1 内"]),
    ("not a choice", ["cards", "study", "mingchu", "--design", "nope"], ["'--design' 的值无效：'nope' 不是可选值之一"]),
    ("not finite", ["tune", "mingchu", "--param", "a", "--range", "0..1", "--target", "x", "--step", "nan"], ["'nan' 不是有限的数"]),
    ("no value", ["run", "mingchu", "--lang", "zh", "--seed"], ["选项 '--seed' 需要一个值"]),
    ("extra argument", ["list", "多余"], ["多余的参数（多余）"]),
    ("a missing option", ["tune", "mingchu", "--range", "0..1", "--target", "x"], ["缺少选项 '--param'"]),
]  # fmt: skip


@pytest.mark.parametrize("args, wanted", [c[1:] for c in USAGE_CASES], ids=[c[0] for c in USAGE_CASES])
def test_clicks_usage_errors_speak_chinese_when_the_command_line_says_lang_zh(args, wanted):
    zh = args if "--lang" in args else [*args, "--lang", "zh"]
    out = chinese_error(invoke(*zh), *wanted)
    english = invoke(*[word for word in args if word not in ("--lang", "zh")]).output
    assert "Error: " in english
    assert ("Usage: " in english) == ("用法：" in out)
    assert ("Try '" in english) == ("查看帮助。" in out)


def test_no_such_command_and_lang_with_an_equals_sign():
    chinese_error(invoke("nosuch", "--lang=zh"), "没有命令 'nosuch'")
    assert invoke("nosuch").output.rstrip().endswith("Error: No such command 'nosuch'.")


def test_a_deck_the_rules_cannot_force_names_what_holding_one_is_in_chinese():
    args = ["cards", "study", "mingchu", "--deck", "皇恩", "-p", "5", "--design", "deck"]
    words = frozenset({"mingchu", "paired", "removed"})  # option values as typed
    out = chinese_error(
        invoke(*args, "--lang", "zh"), "游戏 明初商途 不能", "持有的含义：抽到一张皇恩卡", allowed=words
    )
    assert "mingchu" not in out.split("--deck")[1]  # the game by its title, not its id
    english = invoke(*args).output
    assert "game mingchu cannot" in english and "(holding one is a 皇恩卡 drawn)" in english


TUNE_CASES = [
    (["--target", "bad", "--range", "0..1"], ["--target 'bad'：请写成 effect:牌=百分点"]),
    (["--target", "win_share:0=20", "--range", "0..1"], ["座位必须是从 1 起的数字"]),
    (["--target", "win_share:1=120", "--range", "0..1"], ["介于 0 与 100 之间"]),
    (["--target", "win_share:9=20", "--range", "0..1", "-p", "4"], ["4 人局没有座位 9"]),
    (["--target", "effect:赌徒=0", "--range", "x..1"], ["--range 'x..1'：请写成 下限..上限"]),
    (["--target", "effect:赌徒=0", "--range", "0..inf"], ["下限和上限必须是有限的数"]),
    (["--target", "effect:赌徒=0", "--range", "5..1"], ["且下限小于上限"]),
    (["--target", "effect:无名=0", "--range", "0..1", "-p", "4"], ["牌 '无名'：不在任何牌组中；请给出 --deck"]),
]  # fmt: skip


@pytest.mark.parametrize("args, wanted", TUNE_CASES)
def test_tune_parse_errors_speak_chinese(args, wanted):
    chinese_error(
        invoke("tune", "mingchu", "--param", "scoring.coins_per_vp", *args, "--lang", "zh"), *wanted
    )


def test_rebalance_levers_error_speaks_chinese():
    args = ["cards", "rebalance", "mingchu", "--deck", "门客", "-p", "5", "--levers", "nope"]
    kinds = frozenset({"amount", "cost", "threshold", "count"})  # the values --levers takes
    wanted = "--levers 'nope'：请从 amount，cost，threshold，count 中选择"
    chinese_error(invoke(*args, "--lang", "zh"), wanted, allowed=kinds)
    assert "--levers 'nope': give kinds among amount, cost, threshold, count" in invoke(*args).output


def test_a_card_sheet_names_the_deck_not_the_card_class(tmp_path):
    sheet = tmp_path / "门客.csv"
    assert invoke("cards", "export", "mingchu", "--deck", "门客", str(sheet)).exit_code == 0
    rows = sheet.read_text(encoding="utf-8-sig").splitlines()
    sheet.write_text("\n".join([rows[0] + ",多余", *(row + "," for row in rows[1:])]), encoding="utf-8")
    args = ["cards", "import", str(sheet), "--deck", "门客", "--into", str(tmp_path / "v.yaml")]
    chinese_error(
        invoke(*args, "--lang", "zh"),
        "列 '多余'：不是 门客 牌 的字段",
        allowed=frozenset({"ability", "count", "passive"}),
    )
    assert "not a field of a 门客 card" in invoke(*args).output


def _steam_config(tmp_path: Path, hexes: str, cities: list[tuple[str, int]], extra: str = "") -> str:
    """A Steam config on a one-row map of ``hexes`` with ``cities`` (id, column)."""
    colours = ["red", "blue", "yellow", "purple"]
    lines = ["name: 测试", "players: [3, 4]", f"grid:\n  - {{r: 0, q: 0, hexes: '{hexes}'}}", "cities:"]
    lines += [
        f"  - {{id: {c}, q: {q}, r: 0, colour: {colours[i]}, cubes: 2}}" for i, (c, q) in enumerate(cities)
    ]
    (tmp_path / "maps").mkdir(exist_ok=True)
    (tmp_path / "maps" / "测试.yaml").write_text("\n".join(lines) + "\n" + extra, encoding="utf-8")
    config = tmp_path / "蒸汽.yaml"
    config.write_text("game: steam\nextends: steam/base\nmap: maps/测试.yaml\n", encoding="utf-8")
    return str(config)


STEAM_MAP_CASES = [
    ("a city no track can reach", "....", [("西城", 0), ("中城", 1), ("东城", 3)], "", ["maps/测试.yaml：'cities'：西城 无法由铁轨与其他城市相连：城市格上不铺轨"], "cities: 西城 cannot be reached by track"),
    ("a city no land reaches", ".._.", [("西城", 0), ("中城", 1), ("东城", 3)], "", ["'cities'：东城 与其他城市之间没有陆路相通"], "cities: 东城 cannot be reached by land"),
    ("a city off the grid", "...", [("西城", 0), ("东城", 7)], "", ["cities.东城：q=7, r=0 不在网格上"], "cities.东城: q=7, r=0 is off the grid"),
    ("two cities on a hex", "...", [("西城", 0), ("东城", 0)], "", ["cities.东城：六角格 (0, 0) 上已经有 西城"], "already holds 西城"),
    ("an unknown terrain", "..x", [("西城", 0), ("东城", 2)], "", ["字段 'grid.0.hexes' = '..x'：未知的地形 'x'（第 2 个字符", "'.' 平原，'r' 河流，'h' 丘陵，'_' 无六角格"], "unknown terrain 'x' at position 2; allowed: '.' plain, 'r' river, 'h' hill, '_' no hex"),
    ("a blocked edge between far hexes", "....", [("西城", 0), ("东城", 3)], "blocked: [{a: [0, 0], b: [3, 0]}]\n", ["'blocked'：[0, 0]-[3, 0]：这两个六角格不相邻"], "blocked: [0, 0]-[3, 0]: the hexes are not neighbours"),
]  # fmt: skip


@pytest.mark.parametrize(
    "hexes, cities, extra, wanted, english",
    [c[1:] for c in STEAM_MAP_CASES],
    ids=[c[0] for c in STEAM_MAP_CASES],
)
def test_steam_map_errors_speak_chinese(tmp_path, hexes, cities, extra, wanted, english):
    config = _steam_config(tmp_path, hexes, cities, extra)
    chinese_error(invoke("validate", config, "--lang", "zh"), *wanted)
    out = invoke("validate", config).output
    assert out.startswith("error: ") and english in out and "maps/测试.yaml" in out, out


STEAM_RULES_CASES = [
    ("a length for 7 players", "rounds: {7: 3}\n", ["'rounds' = 一个映射：7 人局的游戏长度：蒸汽时代的地图只能坐 2 到 6 人"], "a Steam map seats 2 to 6 players"),
    ("engineer below builds", "engineer_builds: 1\n", ["'engineer_builds' 不能小于 'builds'"], "engineer_builds must be at least builds"),
    ("a colour", "cubes: {pink: 3}\n", ["颜色必须是以下之一：red，blue"], "colours must be among red, blue"),
]  # fmt: skip


@pytest.mark.parametrize(
    "text, wanted, english", [c[1:] for c in STEAM_RULES_CASES], ids=[c[0] for c in STEAM_RULES_CASES]
)
def test_steam_rules_number_errors_speak_chinese_naming_the_game_by_its_title(
    tmp_path, text, wanted, english
):
    config = tmp_path / "蒸汽.yaml"
    config.write_text("game: steam\nextends: steam/base\n" + text, encoding="utf-8")
    colours = frozenset({"blue", "yellow", "purple", "gray"})  # the colours as the config writes them
    chinese_error(invoke("validate", str(config), "--lang", "zh"), *wanted, allowed=colours)
    assert english in invoke("validate", str(config)).output


GAME_TITLE_CASES = [
    ("players", ["run", "mingchu", "-p", "9", "-n", "1"], ["--players 9：明初商途 支持的人数是 4，5"], "明初商途 supports 4, 5 players"),
    ("another game's config", ["check", "steam", "mingchu"], ["属于 '明初商途'，不是 '蒸汽时代'"], "is for 'mingchu', not 'steam'"),
    ("a bot", ["run", "steam", "--bots", "xx", "-n", "1"], ["--bots：蒸汽时代 没有机器人 'xx'"], "unknown bot 'xx' for steam"),
]  # fmt: skip


@pytest.mark.parametrize(
    "args, wanted, english", [c[1:] for c in GAME_TITLE_CASES], ids=[c[0] for c in GAME_TITLE_CASES]
)
def test_a_game_is_named_by_its_title_under_lang_zh(args, wanted, english):
    bots = frozenset({"random", "builder", "income", "runner", "onestep", "mcts", "rollout"})  # typed names
    out = chinese_error(invoke(*args, "--lang", "zh"), *wanted, allowed=bots)
    assert not re.search(r"\b(mingchu|steam|brass)\b", CODE.sub(" ", out)), out  # paths keep them
    assert english in invoke(*args).output


def test_the_games_to_type_stand_beside_their_titles():
    out = invoke("run", "nosuch", "--lang", "zh").output
    assert "brass（工业革命：伯明翰），mingchu（明初商途），steam（蒸汽时代）" in out, out
    assert "game name: brass, mingchu, steam" in invoke("run", "nosuch").output


def test_sim_check_names_the_game_by_its_title():
    out = invoke("check", "steam", "-p", "3", "--playouts", "1", "--lang", "zh").output
    assert out.splitlines()[-1].startswith("蒸汽时代：随机对局 1 局"), out
    assert (
        invoke("check", "steam", "-p", "3", "--playouts", "1")
        .output.splitlines()[-1]
        .startswith("steam: 1 playouts")
    )


LOADER_CASES = [
    ("not finite", "extends: mingchu/base\nscoring:\n  coins_per_vp: .nan\n", ["'scoring.coins_per_vp'：nan 不是有限的数"], "nan is not a finite number"),
    ("yes for a number", "extends: mingchu/base\nscoring:\n  coins_per_vp: yes\n", ["这里应是数字，却写了 yes/true"], "yes/true where a number is expected"),
    ("a control character", "extends: mingchu/base\ncards:\n  门客:\n    - {id: \"甲\\t乙\", add: true}\n", ["'cards.门客'：第 25 项：id '甲\\t乙' 含有控制字符"], "holds a control character"),
    ("an unknown game", "game: nosuch\n", ["'game' = 'nosuch'：未知的游戏 'nosuch'：既不是内置游戏（brass（工业革命：伯明翰），mingchu（明初商途）"], "unknown game 'nosuch': not a bundled game (brass, mingchu"),
    ("two games", "game: steam\nextends: mingchu/base\n", ["'game' = 'steam'，但它扩展的", "是 '明初商途' 的配置"], "a config of 'mingchu'"),
    ("a missing parent", "extends: 无处/基础\n", ["'extends' = '无处/基础'：找不到：没有文件"], "not found: no file"),
    ("an alias loop", "a: &a [*a]\n", ["第 1 行的 YAML 别名重复了一个包含它自己的值（循环）"], "a YAML alias at line 1 repeats a value that holds it"),
    ("a list at the top", "- 1\n", ["顶层必须是键到值的映射，实际是 list"], "the top level must be a mapping"),
]  # fmt: skip


@pytest.mark.parametrize(
    "text, wanted, english", [c[1:] for c in LOADER_CASES], ids=[c[0] for c in LOADER_CASES]
)
def test_config_files_and_their_numbers_speak_chinese(tmp_path, text, wanted, english):
    config = tmp_path / "变体.yaml"
    config.write_text(text, encoding="utf-8")
    ids = frozenset({"brass", "mingchu", "steam", "list", "mygame", "mypkg", "YAML"})  # names to type, types
    chinese_error(invoke("validate", str(config), "--lang", "zh"), *wanted, allowed=ids)
    assert english in invoke("validate", str(config)).output


def test_run_folder_and_backend_errors_speak_chinese(tmp_path, monkeypatch):
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    out = tmp_path / "ladder"
    run = ["run", "steam", "-n", "2", "-p", "3", "--out", str(out)]
    assert invoke(*run).exit_code == 0
    chinese_error(
        invoke(*run, "--seed", "7", "--lang", "zh"),
        f"{out} 已存有另一次运行（运行 ",
        "请换一个 --out 目录或删除它。",
    )
    english = invoke(*run, "--seed", "7").output
    assert f"Error: {out} already holds a different run (run_id " in english
    assert "Use another --out directory or delete it." in english
    chinese_error(
        invoke(*run, "--backend", "dask", "--lang", "zh"),
        "--backend dask 需要 --scheduler",
        allowed=frozenset({"dask"}),
    )
    assert "--backend dask needs --scheduler ADDRESS" in invoke(*run, "--backend", "dask").output
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    others = ["run", "steam", "-n", "2", "-p", "3", "--out", str(tmp_path), "--lang", "zh"]
    chinese_error(invoke(*others), "此文件夹不为空，也不是 sim 的运行文件夹（其中有 ladder/，notes.txt）")
    assert not (tmp_path / "run.json").exists()


def test_runner_errors_reached_through_the_api_have_chinese_text(tmp_path):
    from sim.config import load_config
    from sim.games import get_game
    from sim.runner import RunDirError, Study, run_study
    from sim.runner.store import check_out_dir
    from sim.texts import error_in_lang

    (tmp_path / "file").write_text("", encoding="utf-8")
    with pytest.raises(RunDirError) as raised:
        check_out_dir(tmp_path / "file")
    assert str(raised.value).endswith(
        "is a file, not a folder; give a folder path (it is created if missing)"
    )
    zh = error_in_lang(raised.value, "zh")
    assert (
        zh.endswith("这是一个文件，不是文件夹；请给出文件夹路径（不存在时会自动创建）")
        and english_words(zh) == []
    )

    spec = get_game("steam")
    study = Study((load_config(spec.default_config),), (3,), 1, spec.lineup)
    with pytest.raises(RunDirError, match=r"unknown backend 'ray'; choose one of local, dask") as raised:
        run_study(study, tmp_path / "out", backend="ray", progress=False)
    assert error_in_lang(raised.value, "zh") == "未知的后端 'ray'；请从 local，dask 中选择"


def test_bots_tune_budget_and_players_errors_speak_chinese():
    config = "configs/mingchu/base.yaml"
    for budget, wanted in (("ten", "分钟数"), ("-5m", "大于 0")):
        result = invoke(
            "bots", "tune", config, "--bot", "industrialist", "-p", "5", "--budget", budget, "--lang", "zh"
        )
        chinese_error(result, wanted)
        assert (
            "give"
            in invoke("bots", "tune", config, "--bot", "industrialist", "-p", "5", "--budget", budget).output
        )
    chinese_error(
        invoke("bots", "tune", config, "--bot", "industrialist", "-p", "4,5", "--lang", "zh"), "只给一个"
    )
