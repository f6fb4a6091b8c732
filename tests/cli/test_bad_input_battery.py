"""The bad-input battery: configs, command lines, run folders, card spreadsheets and Dask addresses
that a designer can get wrong. Each case runs the real ``sim`` command line and must exit non-zero
with one ``Error:`` line naming the problem, print no traceback, and leave every file of its
folder (configs, run folders, sheets, the working directory) exactly as it was.
"""

from __future__ import annotations

import json
import shutil
import socket
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import cli
from tests.runner.helpers import ROOT

RUN = ["-p", "2", "-n", "4", "-j", "1", "--no-progress"]
HUGE = "99999999999999999999999"


@dataclass(frozen=True)
class Case:
    """One refused command: its arguments ({t} is the case's folder), the fragment its error line
    must hold, and what to prepare in the folder first."""

    args: tuple[str, ...]
    expect: str
    setup: Callable[[Path], None] | None = None


def write(name: str, text: str | bytes) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")

    return make


def both(*steps: Callable[[Path], None]) -> Callable[[Path], None]:
    def make(folder: Path) -> None:
        for step in steps:
            step(folder)

    return make


# ---------------------------------------------------------------- configs (each validated and run)
BAD_CONFIGS: dict[str, tuple[str | bytes, str]] = {
    "yaml_syntax": ("game: toy\ntarget: [1, 2\n", "YAML syntax error"),
    "tab_indent": ("game: toy\nbonus_squares:\n\t- {id: 井, position: 5, points: 2}\n", "YAML syntax error"),
    "duplicate_key": ("game: toy\ntarget: 12\ntarget: 13\n", "'target' appears twice"),
    "not_a_mapping": ("- game\n- toy\n", "top level must be a mapping"),
    "empty_file": ("", "bad.yaml"),
    "missing_game": ("target: 5\n", "missing 'game:'"),
    "unknown_game": ("game: chess\n", "unknown game"),
    "unknown_key": ("game: toy\ntraget: 3\n", "unknown key 'traget'"),
    "wrong_type": ("game: toy\ntarget: twelve\n", "'twelve'"),
    "float_for_integer": ("game: toy\ntarget: 12.5\n", "'target'"),
    "null_value": ("game: toy\ntarget:\n", "'target'"),
    "out_of_range": ("game: toy\nmax_step: 50\n", "'max_step'"),
    "negative": ("game: toy\ntarget: -3\n", "'target'"),
    "yes_for_a_number": ("game: toy\nmax_step: yes\n", "where a number is expected"),
    "no_for_a_number_in_a_list": (
        "game: toy\nbonus_squares:\n  - {id: 井, position: 5, points: no}\n",
        "bonus_squares.井.points",
    ),
    "integer_too_large": (f"game: toy\ntarget: {HUGE}\n", "too large"),
    "integer_too_large_in_a_list": (
        f"game: toy\nbonus_squares:\n  - {{id: 井, position: 5, points: {HUGE}}}\n",
        "too large",
    ),
    "bad_list_item": (
        "game: toy\nbonus_squares:\n  - {id: 井, position: 0, points: 2}\n",
        "bonus_squares.井.position",
    ),
    "list_item_without_id": ("game: toy\nbonus_squares:\n  - {position: 5, points: 2}\n", "bonus_squares"),
    "list_for_a_mapping": ("game: toy\nbonus_squares: 3\n", "bonus_squares"),
    "extends_missing": ("extends: base-missing.yaml\ngame: toy\n", "not found"),
    "extends_itself": ("extends: bad.yaml\ngame: toy\n", "cycle"),
    "not_utf8": ("game: toy\ndescription: 井塔\n".encode("gbk"), "bad.yaml"),
    "binary": (b"\x00\x01\x02\xff\xfe" * 20, "bad.yaml"),
    "mingchu_yes_for_coins": (
        "extends: MINGCHU\ngame: mingchu\nstart: {coins: yes}\n",
        "where a number is expected",
    ),
    "mingchu_huge_coins": (f"extends: MINGCHU\ngame: mingchu\nstart: {{coins: {HUGE}}}\n", "too large"),
    "brass_yes_for_money": (
        "extends: BRASS\ngame: brass\nstarting_money: yes\n",
        "where a number is expected",
    ),
    "brass_huge_money": (f"extends: BRASS\ngame: brass\nstarting_money: {HUGE}\n", "too large"),
    "brass_extends_a_mingchu_file": ("extends: MINGCHU\ngame: brass\n", "MINGCHU_NAME"),
    "mingchu_card_after_a_zero_count": (
        "extends: MINGCHU\ngame: mingchu\ncards:\n  门客:\n    - {id: 赌徒, count: 0}\n"
        "    - {id: 马夫, ability: [{effect: bonus_moves, amount: -4}]}\n",
        "马夫",
    ),
}


def config_case(command: str, text: str | bytes) -> Case:
    def make(folder: Path) -> None:
        body = text
        if isinstance(body, str):
            for game in ("mingchu", "brass"):
                body = body.replace(game.upper() + "_NAME", "base.yaml").replace(
                    game.upper(), (ROOT / f"configs/{game}/base.yaml").as_posix()
                )
        write("bad.yaml", body)(folder)

    args = (
        ("validate", "{t}/bad.yaml")
        if command == "validate"
        else ("run", "{t}/bad.yaml", *RUN, "--out", "{t}/out")
    )
    return Case(args, "", make)


CASES: dict[str, Case] = {}
for kind, (text, expect) in BAD_CONFIGS.items():
    expect = expect.replace("MINGCHU_NAME", "mingchu")
    for command in ("validate", "run"):
        case = config_case(command, text)
        CASES[f"config-{kind}-{command}"] = Case(case.args, expect, case.setup)

# ---------------------------------------------------------------- command line
TOY_RUN = ("run", "toy", *RUN, "--out", "{t}/out")
CASES.update(
    {
        "cli-config-missing": Case(("run", "{t}/nope.yaml", *RUN), "not found"),
        "cli-config-unknown-name": Case(("run", "chess", *RUN), "config 'chess' not found"),
        "cli-config-is-a-folder": Case(
            ("run", "{t}/folder", *RUN), "is a folder", lambda t: (t / "folder").mkdir()
        ),
        "cli-players-unsupported": Case((*TOY_RUN, "-p", "7"), "--players 7"),
        "cli-players-zero": Case((*TOY_RUN, "-p", "0"), "--players 0"),
        "cli-players-words": Case((*TOY_RUN, "-p", "two"), "give numbers separated by commas"),
        "cli-players-empty-part": Case((*TOY_RUN, "-p", "2,,3"), "--players"),
        "cli-players-steam-5": Case(
            ("run", "steam", *RUN, "-p", "5", "--out", "{t}/out"), "for 5 players use"
        ),
        "cli-bots-unknown": Case((*TOY_RUN, "--bots", "random,wizard"), "unknown bot 'wizard'"),
        "cli-bots-huge-budget": Case((*TOY_RUN, "--bots", "mcts:99999999999999999999"), "N ≤ 100,000"),
        "cli-bots-zero-budget": Case((*TOY_RUN, "--bots", "rollout:0"), "unknown bot 'rollout:0'"),
        "cli-bots-word-budget": Case((*TOY_RUN, "--bots", "mcts:lots"), "unknown bot 'mcts:lots'"),
        "cli-bots-empty-name": Case((*TOY_RUN, "--bots", "random,"), "unknown bot ''"),
        "cli-play-bot-count": Case(
            ("play", "toy", "-p", "3", "--bots", "random,greedy"), "give 1 bot or 3 bots"
        ),
        "cli-set-no-equals": Case((*TOY_RUN, "--set", "target"), "must look like dotted.path=value"),
        "cli-set-unknown-key": Case((*TOY_RUN, "--set", "nosuch=1"), "unknown key 'nosuch'"),
        "cli-set-yes": Case((*TOY_RUN, "--set", "max_step=yes"), "where a number is expected"),
        "cli-set-out-of-range": Case((*TOY_RUN, "--set", "max_step=99"), "'max_step'"),
        "cli-set-huge": Case((*TOY_RUN, "--set", f"target={HUGE}"), "too large"),
        "cli-set-unknown-id": Case((*TOY_RUN, "--set", "bonus_squares.桥.points=3"), "no item '桥'"),
        "cli-seed-negative": Case((*TOY_RUN, "--seed", "-5"), "-5 is not in the range x>=0"),
        "cli-games-zero": Case((*TOY_RUN, "-n", "0"), "--games"),
        "cli-jobs-zero": Case((*TOY_RUN, "-j", "0"), "--jobs"),
        "cli-chunk-size-zero": Case((*TOY_RUN, "--chunk-size", "0"), "--chunk-size"),
        "cli-error-rate-above-one": Case((*TOY_RUN, "--max-error-rate", "2"), "--max-error-rate"),
        "cli-until-ci-too-wide": Case((*TOY_RUN, "--until-ci", "0.9"), "--until-ci"),
        "cli-backend-unknown": Case((*TOY_RUN, "--backend", "spark"), "'spark' is not one of"),
        "cli-unknown-option": Case((*TOY_RUN, "--gmaes", "4"), "No such option '--gmaes'"),
        "cli-sweep-no-values": Case(
            ("sweep", "toy", "--param", "target", *RUN, "--out", "{t}/out"), "--param"
        ),
        "cli-sweep-unknown-key": Case(
            ("sweep", "toy", "--param", "nosuch=1,2", *RUN, "--out", "{t}/out"), "unknown key 'nosuch'"
        ),
        "cli-sweep-word-values": Case(
            ("sweep", "toy", "--param", "target=a,b", *RUN, "--out", "{t}/out"), "'target'"
        ),
        "cli-compare-identical": Case(("compare", "toy", "toy", *RUN, "--out", "{t}/out"), "same rules"),
        "cli-compare-two-games": Case(("compare", "toy", "brass", *RUN, "--out", "{t}/out"), "is 'brass'"),
        "cli-tune-reversed-range": Case(
            ("tune", "toy", "--param", "target", "--range", "20..10", "--target", "win_share:1=50", *RUN),
            "--range",
        ),
        "cli-tune-word-range": Case(
            ("tune", "toy", "--param", "target", "--range", "ten..20", "--target", "win_share:1=50", *RUN),
            "--range",
        ),
        "cli-tune-bad-target": Case(
            ("tune", "toy", "--param", "target", "--range", "10..20", "--target", "wins=50", *RUN),
            "--target",
        ),
        "cli-tune-below-the-minimum": Case(
            ("tune", "toy", "--param", "max_step", "--range", "0..3", "--target", "win_share:1=50", *RUN),
            "max_step",
        ),
        "cli-tune-unknown-param": Case(
            ("tune", "toy", "--param", "nosuch", "--range", "1..3", "--target", "win_share:1=50", *RUN),
            "nosuch",
        ),
        "cli-report-missing-folder": Case(("report", "{t}/nowhere", "--out", "{t}/rep"), "nowhere"),
        "cli-report-not-a-run": Case(
            ("report", "{t}/empty", "--out", "{t}/rep"), "empty", lambda t: (t / "empty").mkdir()
        ),
        "cli-report-a-config": Case(
            ("report", "{t}/bad.yaml", "--out", "{t}/rep"), "bad.yaml", write("bad.yaml", "game: toy\n")
        ),
        "cli-report-lang": Case(("report", "{t}/empty", "--lang", "fr"), "'fr' is not one of"),
        "cli-ladder-word-budgets": Case(
            ("ladder", "toy", "--budgets", "ten", "-p", "2", "-n", "2"), "--budgets"
        ),
        "cli-ladder-zero-budget": Case(
            ("ladder", "toy", "--budgets", "0", "-p", "2", "-n", "2"), "--budgets"
        ),
        "cli-check-unknown-game": Case(("check", "chess"), "chess"),
        "cli-play-unknown-game": Case(("play", "chess"), "chess"),
    }
)


# ---------------------------------------------------------------- run folders
def finished_run(folder: Path, name: str = "out") -> Path:
    """A copy of the module's finished toy run (4 games, 2 players) in the case's folder."""
    return Path(shutil.copytree(TEMPLATES["run"], folder / name))


def other_run_chunks(folder: Path) -> None:
    out = finished_run(folder)
    for table in (p for p in TEMPLATES["other"].iterdir() if p.is_dir()):
        (chunk,) = table.glob("part-*.parquet")
        shutil.copy(chunk, out / table.name / "part-v00-p2-g0000004-0000008.parquet")


def shifted_chunk(folder: Path) -> None:
    out = finished_run(folder)
    for table in (p for p in out.iterdir() if p.is_dir()):
        (chunk,) = table.glob("part-*.parquet")
        shutil.copy(chunk, table / "part-v00-p2-g0000004-0000008.parquet")


def edit_run_json(**changes) -> Callable[[Path], None]:
    """A finished run whose run.json was edited by hand (``variant_`` keys: in its first variant)."""

    def make(folder: Path) -> None:
        out = finished_run(folder)
        meta = json.loads((out / "run.json").read_text(encoding="utf-8"))
        for key, value in changes.items():
            if key.startswith("variant_"):
                meta["variants"][0][key.removeprefix("variant_")] = value
            else:
                meta[key] = value
        (out / "run.json").write_text(json.dumps(meta), encoding="utf-8")

    return make


def damage(relative: str, data: bytes | None) -> Callable[[Path], None]:
    """A finished run whose file or folder ``relative`` is overwritten with ``data`` (None: removed)."""

    def make(folder: Path) -> None:
        out = finished_run(folder)
        target = out / relative
        if relative.endswith("*"):
            (target,) = target.parent.glob(target.name)
        if data is not None:
            target.write_bytes(data)
        elif target.is_dir():
            shutil.rmtree(target)
        else:
            target.unlink()

    return make


def copied_chunk(folder: Path) -> None:
    out = finished_run(folder)
    (part,) = (out / "games").glob("part-*.parquet")
    shutil.copy(part, part.with_name(part.stem + " copy.parquet"))


REPORT = ("report", "{t}/out", "--out", "{t}/rep")
GROW = ("run", "toy", "-p", "2", "-n", "8", "-j", "1", "--no-progress", "--out", "{t}/out")
CASES.update(
    {
        "dir-report-run-json-not-json": Case(
            REPORT, "run.json is not valid JSON", damage("run.json", b"not json")
        ),
        "dir-report-run-json-a-list": Case(REPORT, "run.json", damage("run.json", b"[1, 2]")),
        "dir-report-run-json-empty": Case(REPORT, "run.json", damage("run.json", b"")),
        "dir-report-players-gone": Case(REPORT, "players/ is missing", damage("players", None)),
        "dir-report-games-gone": Case(REPORT, "games/", damage("games", None)),
        "dir-report-chunk-cut-short": Case(REPORT, "damaged", damage("players/part-*", b"PAR1")),
        "dir-report-chunk-not-parquet": Case(REPORT, "damaged", damage("games/part-*", b"hello")),
        "dir-report-chunk-copied": Case(REPORT, "hold the same games", copied_chunk),
        "dir-report-chunk-from-another-run": Case(REPORT, "a file from another run", other_run_chunks),
        "dir-report-edited-config-hash": Case(
            REPORT, "run.json was edited by hand", edit_run_json(variant_config_hash="0" * 16)
        ),
        "dir-report-out-is-a-file": Case(
            ("report", "{t}/out", "--out", "{t}/file.txt"),
            "file.txt",
            both(finished_run, write("file.txt", "mine")),
        ),
        "dir-run-hand-edited-run-json": Case(
            GROW, "was edited by hand (root_seed", edit_run_json(root_seed=77)
        ),
        "dir-run-run-json-not-json": Case(GROW, "run.json is not valid JSON", damage("run.json", b"{")),
        "dir-run-shifted-chunk": Case(GROW, "holds games 0-3 but its name says 4-7", shifted_chunk),
        "dir-run-chunk-from-another-run": Case(GROW, "another run", other_run_chunks),
        "dir-run-another-seed": Case((*GROW, "--seed", "9"), "already holds a different run", finished_run),
        "dir-run-another-game": Case(
            ("run", "brass", "-p", "2", "-n", "4", "--no-progress", "--out", "{t}/out"), "out", finished_run
        ),
        "dir-run-another-config-value": Case((*GROW, "--set", "target=15"), "out", finished_run),
        "dir-run-run-folder-as-config": Case(
            ("run", "{t}/out", "-n", "8"), "is a run folder, not a config", finished_run
        ),
        "dir-run-foreign-out": Case(
            TOY_RUN, "not empty and is not a sim run folder", write("out/thesis.docx", "mine")
        ),
        "dir-run-out-is-a-file": Case(TOY_RUN, "out", write("out", "mine")),
        "dir-run-locked": Case(
            GROW, "another `sim run` is writing to this folder", None
        ),  # setup in the test
    }
)

# ---------------------------------------------------------------- card spreadsheets
MINGCHU = (ROOT / "configs/mingchu/base.yaml").as_posix()


def sheet(edit: Callable[[str], str | bytes]) -> Callable[[Path], None]:
    """The bundled 门客 sheet, changed by ``edit`` (its text in, the file's text or bytes out)."""

    def make(folder: Path) -> None:
        text = TEMPLATES["sheet"].read_bytes().decode("utf-8-sig")
        write("cards.csv", edit(text))(folder)

    return make


def replace_cell(old: str, new: str) -> Callable[[Path], None]:
    return sheet(lambda text: text.replace(old, new, 1))


IMPORT = ("cards", "import", "{t}/cards.csv", "--deck", "门客", "--into", "{t}/variant.yaml")
CASES.update(
    {
        "sheet-into-brass": Case(
            ("cards", "import", "{t}/cards.csv", "--deck", "门客", "--into", "{t}/brass.yaml"),
            "a config of game 'brass'",
            both(
                sheet(lambda t: t), lambda t: shutil.copy(ROOT / "configs/brass/base.yaml", t / "brass.yaml")
            ),
        ),
        "sheet-header-only": Case(
            IMPORT, "column names but no card rows", sheet(lambda t: t.splitlines()[0] + "\n")
        ),
        "sheet-empty-file": Case(IMPORT, "cards.csv", write("cards.csv", b"")),
        "sheet-undecodable": Case(IMPORT, "CSV UTF-8", write("cards.csv", b"id,count\n\x80\xff\xfe\x81,1\n")),
        "sheet-missing": Case(IMPORT, "cards.csv"),
        "sheet-unknown-deck": Case(
            ("cards", "import", "{t}/cards.csv", "--deck", "神仙", "--into", "{t}/variant.yaml"),
            "神仙",
            sheet(lambda t: t),
        ),
        "sheet-no-id-column": Case(IMPORT, "id", sheet(lambda t: t.replace("id,count", "name,count", 1))),
        "sheet-unknown-column": Case(
            IMPORT, "colour", sheet(lambda t: t.replace("id,count", "id,colour", 1))
        ),
        "sheet-word-count": Case(IMPORT, "count", replace_cell("赌徒,1,", "赌徒,one,")),
        "sheet-negative-count": Case(IMPORT, "赌徒", replace_cell("赌徒,1,", "赌徒,-1,")),
        "sheet-yes-count": Case(IMPORT, "赌徒", replace_cell("赌徒,1,", "赌徒,yes,")),
        "sheet-huge-amount": Case(
            IMPORT, "马夫", replace_cell("马夫,1,bonus_moves,,3,", f"马夫,1,bonus_moves,,{HUGE},")
        ),
        "sheet-unknown-effect": Case(IMPORT, "马夫", replace_cell("马夫,1,bonus_moves,", "马夫,1,fly,")),
        "sheet-duplicate-card": Case(IMPORT, "赌徒", sheet(lambda t: t + t.splitlines()[1] + "\n")),
        "sheet-bad-list-cell": Case(
            IMPORT, "row 2, column ability.1.faces", replace_cell('"[0, 1, 2, 3, 4, 6]"', '"[0, 1, 2"')
        ),
        "sheet-export-unknown-deck": Case(
            ("cards", "export", MINGCHU, "--deck", "神仙", "{t}/x.csv"), "神仙"
        ),
        "sheet-export-toy": Case(("cards", "export", "toy", "--deck", "门客", "{t}/x.csv"), "no card decks"),
        "sheet-study-unknown-deck": Case(("cards", "study", MINGCHU, "--deck", "神仙", "-p", "5"), "神仙"),
        "sheet-study-unknown-card": Case(
            ("cards", "study", MINGCHU, "--deck", "门客", "--cards", "孙悟空", "-p", "5"), "孙悟空"
        ),
    }
)


# ---------------------------------------------------------------- Dask
def fake_scheduler(answer: bytes) -> str:
    """A local TCP server that answers every connection with ``answer`` (not a Dask scheduler)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)

    def serve() -> None:
        while True:
            conn, _ = server.accept()
            with conn:
                conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    return f"tcp://127.0.0.1:{server.getsockname()[1]}"


DASK = ("run", "toy", *RUN, "--out", "{t}/out", "--scheduler")
CASES.update(
    {
        "dask-not-an-address": Case((*DASK, "nonsense"), "Dask scheduler"),
        "dask-nobody-listens": Case((*DASK, "tcp://127.0.0.1:9"), "Dask scheduler"),
        "dask-garbage": Case((*DASK, "GARBAGE"), "Dask scheduler"),
        "dask-http-server": Case((*DASK, "HTTP"), "Dask scheduler"),
        "dask-bad-scheme": Case((*DASK, "udp://127.0.0.1:8786"), "Dask scheduler"),
        "dask-sweep-garbage": Case(
            ("sweep", "toy", "--param", "max_step=2,3", *RUN, "--out", "{t}/out", "--scheduler", "GARBAGE"),
            "Dask scheduler",
        ),
    }
)
ANSWERS = {
    "GARBAGE": b"\xff" * 64 + b"garbage" * 100,
    "HTTP": b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
}


@pytest.fixture(scope="module")
def templates(tmp_path_factory):
    """A finished toy run, another run of other seeds and the bundled 门客 sheet, made once."""
    base = tmp_path_factory.mktemp("templates")
    runner = CliRunner()
    for name, seed in (("run", "1"), ("other", "9")):
        args = ["run", "toy", *RUN, "--seed", seed, "--out", str(base / name)]
        assert runner.invoke(cli, args).exit_code == 0
    sheet_path = base / "cards.csv"
    assert runner.invoke(cli, ["cards", "export", MINGCHU, "--deck", "门客", str(sheet_path)]).exit_code == 0
    TEMPLATES.update(run=base / "run", other=base / "other", sheet=sheet_path)
    return TEMPLATES


TEMPLATES: dict[str, Path] = {}


def snapshot(folder: Path) -> dict[str, tuple[bool, int, int, bytes]]:
    """Every file and folder under ``folder``: kind, size, mtime and (files) content."""
    state = {}
    for path in sorted(folder.rglob("*")):
        info = path.stat()
        data = path.read_bytes() if path.is_file() else b""
        state[path.relative_to(folder).as_posix()] = (path.is_dir(), info.st_size, info.st_mtime_ns, data)
    return state


def error_lines(output: str) -> list[str]:
    """The lines that state an error: click's ``Error:``, or ``error:`` per file from ``sim validate``."""
    return [line for line in output.splitlines() if line.startswith(("Error:", "error:"))]


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_is_refused_in_one_line_and_changes_nothing(name, templates, tmp_path, monkeypatch):
    case = CASES[name]
    work = tmp_path / "case"
    work.mkdir()
    monkeypatch.chdir(work)  # default output folders land inside the snapshot too
    if case.setup is not None:
        case.setup(work)
    args = [fake_scheduler(ANSWERS[a]) if a in ANSWERS else a.replace("{t}", str(work)) for a in case.args]
    before = snapshot(work)
    if name == "dir-run-locked":
        from sim.runner.store import run_lock

        finished_run(work)
        before = snapshot(work)
        with run_lock(work / "out"):
            after_lock = snapshot(work)
            result = CliRunner().invoke(cli, args)
            assert snapshot(work) == after_lock
    else:
        result = CliRunner().invoke(cli, args)
    assert_one_line(name, case, result.output, result)
    if name != "dir-run-locked":
        assert snapshot(work) == before, f"{name} changed files in its folder"


def assert_one_line(name: str, case: Case, output: str, result) -> None:
    """The command failed with no traceback and exactly one error line holding ``case.expect``."""
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{name}: {type(result.exception).__name__}: {result.exception}"
    )
    assert result.exit_code != 0, f"{name} was accepted:\n{output}"
    assert "Traceback" not in output
    lines = error_lines(output)
    assert len(lines) == 1, f"{name}: expected one Error: line, got:\n{output}"
    assert case.expect in lines[0], f"{name}: {case.expect!r} not in {lines[0]!r}"


def test_the_battery_is_large_enough():
    assert len(CASES) >= 80


def test_a_cluster_that_dies_mid_run_is_one_line_and_keeps_the_finished_chunks(tmp_path):
    """The scheduler going away during ``sim run``: one line naming the cluster, no traceback, and
    only whole chunks on disk (a rerun resumes from them)."""
    distributed = pytest.importorskip("dask.distributed")
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    )
    threading.Timer(4.0, cluster.close).start()
    out = tmp_path / "out"
    args = ["run", "toy", "-p", "2", "-n", "20000", "--chunk-size", "50", "--no-progress"]
    result = CliRunner().invoke(cli, [*args, "--out", str(out), "--scheduler", cluster.scheduler_address])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code != 0 and "Traceback" not in result.output
    (line,) = error_lines(result.output)
    assert "the Dask cluster failed during the run" in line
    assert not list(out.glob("*/.part-*.tmp"))
