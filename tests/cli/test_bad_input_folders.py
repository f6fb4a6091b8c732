"""Bad inputs of the safety kind: damaged run folders, Dask clusters that stop answering, and
inputs built to attack the designer's machine (formulas in spreadsheet cells, modules planted in
the working folder, ids that are paths). Each refused case runs the real ``sim`` command line and
must exit non-zero with one ``Error:`` line naming the problem, print no traceback and leave its
folder as it was; each damaged folder is restored by running the same ``sim run`` command again.
"""

from __future__ import annotations

import csv
import io
import json
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pandas as pd
import pytest
import yaml
from click.testing import CliRunner

from sim.cli import cli
from sim.csv_files import ENCODING, FORMULA_STARTS, escape_cell, unescape_cell
from sim.file_names import RUNS, file_component, runs_folder
from tests.runner.helpers import ROOT, read_tables

RUN = ("run", "toy", "-p", "2", "-n", "8", "--chunk-size", "4", "-j", "1", "--seed", "3", "--no-progress")
SIM = Path(sys.executable).with_name("sim")
MINGCHU = (ROOT / "configs/mingchu/base.yaml").as_posix()
BOM = "\ufeff".encode()


@dataclass(frozen=True)
class Case:
    """One refused command ({t} is the case's folder; {run} the finished run copied into it), the
    fragment its error line must hold, and how to damage the run first."""

    args: tuple[str, ...]
    expect: str
    damage: Callable[[Path], None] | None = None


def remove(relative: str) -> Callable[[Path], None]:
    """Delete a file or folder of the run (``*`` picks the run's first match)."""

    def make(run: Path) -> None:
        (target, *_) = sorted(run.glob(relative))
        shutil.rmtree(target) if target.is_dir() else target.unlink()

    return make


def edit_run_json(**changes: object) -> Callable[[Path], None]:
    def make(run: Path) -> None:
        meta = json.loads((run / "run.json").read_text(encoding="utf-8"))
        meta.update(changes)
        (run / "run.json").write_text(json.dumps(meta, indent=2), encoding="utf-8")

    return make


def silent_server() -> str:
    """A TCP port that accepts every connection and never answers (not a Dask scheduler)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    held: list[socket.socket] = []

    def accept() -> None:
        while True:
            held.append(server.accept()[0])  # kept open, never answered

    threading.Thread(target=accept, daemon=True).start()
    return f"tcp://127.0.0.1:{server.getsockname()[1]}"


REPORT = ("report", "{t}/run", "--out", "{t}/rep")
CASES: dict[str, Case] = {
    "report-games-chunk-missing": Case(
        REPORT,
        "1 finished chunk(s) are missing from games/ (games 4-7 of variant 'base' at 2 players)",
        remove("games/part-*-g0000004-*"),
    ),
    "report-events-folder-gone": Case(
        REPORT, "files are missing from events_moves/ (2 chunk(s))", remove("events_moves")
    ),
    "report-players-chunk-missing": Case(REPORT, "players/ (1 chunk(s))", remove("players/part-*")),
    "report-rounds-chunk-missing": Case(REPORT, "rounds/ (1 chunk(s))", remove("rounds/part-*")),
    "report-root-seed-edited": Case(
        REPORT, "run.json was edited by hand: its root_seed", edit_run_json(root_seed=77)
    ),
    "report-bots-edited": Case(
        REPORT, "run.json was edited by hand", edit_run_json(bots=["greedy", "greedy"])
    ),
    "report-players-edited": Case(REPORT, "run.json was edited by hand", edit_run_json(player_counts=[3])),
    "report-out-in-a-table-folder": Case(
        ("report", "{t}/run", "--out", "{t}/run/games"), "inside the run folder"
    ),
    "report-out-deep-in-a-run": Case(
        ("report", "{t}/run", "--out", "{t}/run/players/x"), "inside the run folder"
    ),
    "dask-accepts-never-answers": Case(
        ("run", "toy", "-p", "2", "-n", "4", "--no-progress", "--out", "{t}/new", "--scheduler", "SILENT"),
        "could not reach a Dask scheduler within 10 s",
    ),
}


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A finished toy run of two chunks (games 0-3 and 4-7), made once."""
    out = tmp_path_factory.mktemp("finished") / "run"
    result = CliRunner().invoke(cli, [*RUN, "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


def snapshot(folder: Path) -> dict[str, bytes | None]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() if p.is_file() else None for p in folder.rglob("*")
    }


def error_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith("Error:")]


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_damaged_folder_or_a_silent_cluster_is_one_line_and_changes_nothing(
    name, finished, tmp_path, monkeypatch
):
    case = CASES[name]
    monkeypatch.chdir(tmp_path)
    run = Path(shutil.copytree(finished, tmp_path / "run"))
    if case.damage is not None:
        case.damage(run)
    args = [silent_server() if a == "SILENT" else a.replace("{t}", str(tmp_path)) for a in case.args]
    before = snapshot(tmp_path)
    started = time.monotonic()
    result = CliRunner().invoke(cli, args)
    elapsed = time.monotonic() - started
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code != 0, f"{name} was accepted:\n{result.output}"
    assert "Traceback" not in result.output
    (line,) = error_lines(result.output)
    assert case.expect in line, f"{case.expect!r} not in {line!r}"
    assert snapshot(tmp_path) == before, f"{name} changed files"
    if name.startswith("dask"):
        assert elapsed < 10 + 8, f"the wait took {elapsed:.0f} s, not about 10"


RESTORED = {
    "games-chunk": remove("games/part-*-g0000004-*"),
    "events-folder": remove("events_moves"),
    "players-chunk": remove("players/part-*"),
    "a-chunk-of-every-table": lambda run: [
        remove(f"{t}/part-*")(run) for t in ("games", "players", "rounds", "events_moves")
    ],
}


@pytest.mark.parametrize("damage", sorted(RESTORED))
def test_running_the_same_command_again_restores_a_damaged_folder(damage, finished, tmp_path):
    run = Path(shutil.copytree(finished, tmp_path / "run"))
    RESTORED[damage](run)
    runner = CliRunner()
    assert runner.invoke(cli, ["report", str(run), "--out", str(tmp_path / "rep")]).exit_code != 0
    again = runner.invoke(cli, [*RUN, "--out", str(run)])
    assert again.exit_code == 0, again.output
    tables = read_tables(run)
    for table, frame in read_tables(finished).items():
        pd.testing.assert_frame_equal(tables[table], frame)
    report = runner.invoke(cli, ["report", str(run), "--out", str(tmp_path / "rep")])
    assert report.exit_code == 0, report.output


def test_a_report_asked_into_its_run_folder_goes_to_the_report_subfolder(finished, tmp_path):
    run = Path(shutil.copytree(finished, tmp_path / "run"))
    before = {k: v for k, v in snapshot(run).items() if not k.startswith("report")}
    for lang, said in (
        ("en", "is a run folder: the report goes to its report/"),
        ("zh", "报告写入其 report/ 子目录"),
    ):
        result = CliRunner().invoke(cli, ["report", str(run), "--out", str(run), "--lang", lang])
        assert result.exit_code == 0, result.output
        assert said in result.output
        assert (run / "report" / "report.html").is_file()
        assert {k: v for k, v in snapshot(run).items() if not k.startswith("report")} == before
    grown = CliRunner().invoke(cli, [*RUN[:5], "12", *RUN[6:], "--out", str(run)])
    assert grown.exit_code == 0, grown.output  # still a run folder sim accepts


# ---------------------------------------------------------------- CSV cells a spreadsheet would run
@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'),
        ("=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"),
        ("+1+2", "'+1+2"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("'=1", "''=1"),  # read back as it was
        ("-3", "-3"),
        ("+0.5", "+0.5"),
        ("-1e-05", "-1e-05"),
        ("马夫", "马夫"),
        ("a=b", "a=b"),
        ("'-3'", "''-3'"),
        ("", ""),
        (-3, -3),
        (-0.25, -0.25),
    ],
)
def test_a_cell_a_spreadsheet_would_run_is_escaped_and_read_back(cell, written):
    assert escape_cell(cell) == written
    if isinstance(cell, str):
        assert unescape_cell(written) == cell


def runs_nothing(path: Path) -> None:
    """``path`` is a CSV with a BOM in which no cell (header included) is text a spreadsheet would run."""
    data = path.read_bytes()
    assert data.startswith(BOM), f"{path.name} has no BOM"
    for row in csv.reader(io.StringIO(data.decode(ENCODING), newline="")):
        for cell in row:
            assert not cell.startswith(FORMULA_STARTS) or escape_cell(cell) == cell, f"{path.name}: {cell!r}"


def test_every_csv_writer_is_the_shared_one():
    """No module writes a CSV but ``sim.csv_files`` (which escapes cells and writes the BOM)."""
    writers = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in sorted((ROOT / "sim").rglob("*.py"))
        if path.name != "csv_files.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if ".to_csv(" in line or "csv.writer(" in line or "csv.DictWriter(" in line
    ]
    assert writers == []


def test_a_formula_card_id_is_escaped_in_the_sheet_and_read_back(tmp_path):
    runner = CliRunner()
    sheet = tmp_path / "deck.csv"
    assert runner.invoke(cli, ["cards", "export", MINGCHU, "--deck", "门客", str(sheet)]).exit_code == 0
    evil = '=HYPERLINK("http://x","y")'
    text = sheet.read_bytes().decode(ENCODING)
    first = text.split("\r\n")[1].split(",")[0]
    planted = text.replace(f"\r\n{first},", "\r\n" + '"=HYPERLINK(""http://x"",""y"")",', 1)
    sheet.write_bytes(planted.encode(ENCODING))
    variant = tmp_path / "variant.yaml"
    imported = runner.invoke(cli, ["cards", "import", str(sheet), "--deck", "门客", "--into", str(variant)])
    assert imported.exit_code == 0, imported.output
    again = tmp_path / "again.csv"
    assert runner.invoke(cli, ["cards", "export", str(variant), "--deck", "门客", str(again)]).exit_code == 0
    runs_nothing(again)
    ids = [row[0] for row in csv.reader(io.StringIO(again.read_bytes().decode(ENCODING), newline=""))][1:]
    assert "'" + evil in ids and evil not in ids
    back = tmp_path / "back.yaml"
    assert (
        runner.invoke(cli, ["cards", "import", str(again), "--deck", "门客", "--into", str(back)]).exit_code
        == 0
    )
    assert deck_ids(back) == deck_ids(variant) and evil in deck_ids(back)


def deck_ids(variant: Path) -> set[str]:
    return {card["id"] for card in yaml.safe_load(variant.read_text(encoding="utf-8"))["cards"]["门客"]}


def test_report_tables_escape_a_variant_named_like_a_formula(tmp_path):
    config = tmp_path / "=1+2.yaml"
    config.write_text("game: toy\ntarget: 13\n", encoding="utf-8")
    runner = CliRunner()
    ran = runner.invoke(cli, ["run", str(config), *RUN[2:], "--out", str(tmp_path / "run")])
    assert ran.exit_code == 0, ran.output
    for lang in ("en", "zh"):
        rep = tmp_path / f"rep-{lang}"
        assert (
            runner.invoke(cli, ["report", str(tmp_path / "run"), "--out", str(rep), "--lang", lang]).exit_code
            == 0
        )
        tables = sorted((rep / "tables").glob("*.csv"))
        assert tables
        for path in tables:
            runs_nothing(path)
        answers = (rep / "tables" / "answers.csv").read_bytes().decode(ENCODING)
        assert "'=1+2" in answers


# ---------------------------------------------------------------- names built from ids
@pytest.mark.parametrize(
    "evil", ["../../../../x", "a/b", "..", ".", "", "/etc/x", "..\\..\\x", "x" * 400, "卡" * 200]
)
def test_a_folder_name_built_from_an_id_stays_one_name_inside_runs(evil):
    for folder in (runs_folder("tune", "base", evil, "p5"), runs_folder(evil)):
        assert folder.parent == RUNS
        assert not folder.name.startswith(".") and "/" not in folder.name and "\\" not in folder.name
        assert 0 < len(folder.name.encode("utf-8")) <= 255
    assert file_component(evil) == file_component(evil)  # same id, same folder


def test_sim_tune_keeps_a_path_like_card_id_inside_the_working_folder(tmp_path, monkeypatch):
    """The card id ``../../../../x`` of a variant names the default folder of ``sim tune``."""
    work = tmp_path / "a" / "b" / "c" / "d"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    runner = CliRunner()
    sheet = work / "deck.csv"
    assert runner.invoke(cli, ["cards", "export", MINGCHU, "--deck", "门客", str(sheet)]).exit_code == 0
    text = sheet.read_bytes().decode(ENCODING)
    sheet.write_bytes(text.replace("\r\n赌徒,", "\r\n../../../../x,", 1).encode(ENCODING))
    imported = runner.invoke(cli, ["cards", "import", str(sheet), "--deck", "门客", "--into", "v.yaml"])
    assert imported.exit_code == 0, imported.output
    before = {p for p in tmp_path.rglob("*")}
    args = ["tune", "v.yaml", "--param", "cards.门客.马夫.ability.0.amount", "--range", "1..2", "--target"]
    result = runner.invoke(cli, [*args, "effect:../../../../x=0", "-p", "5", "-n", "2", "--no-progress"])
    assert result.exit_code == 0, result.output
    made = {p for p in tmp_path.rglob("*")} - before
    assert made and all(p.is_relative_to(work / "runs") for p in made)


# ---------------------------------------------------------------- modules planted in the working folder
PLANT = "import pathlib; pathlib.Path(__file__).with_name('PLANTED-' + __name__).write_text('ran')\n"


def plant(folder: Path, *modules: str) -> None:
    for module in modules:
        (folder / f"{module}.py").write_text(PLANT, encoding="utf-8")


@pytest.mark.parametrize("entry", ["sim", "python -m sim"])
def test_worker_processes_do_not_import_modules_from_the_working_folder(entry, tmp_path):
    plant(tmp_path, "joblib", "numpy", "pandas", "sim_game")
    command = [str(SIM)] if entry == "sim" else [sys.executable, "-m", "sim"]
    args = [
        "run",
        "toy",
        "-p",
        "2",
        "-n",
        "12",
        "--chunk-size",
        "3",
        "-j",
        "2",
        "--no-progress",
        "--out",
        "out",
    ]
    done = subprocess.run([*command, *args], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.glob("PLANTED-*")) == []
    assert len(pd.read_parquet(tmp_path / "out" / "games")) == 12


def test_validate_does_not_import_a_game_module_from_the_configs_folder(tmp_path):
    plant(tmp_path, "evilgame", "numpy", "yaml")
    (tmp_path / "mine.yaml").write_text("game: evilgame\n", encoding="utf-8")
    for cwd, config in ((tmp_path, "mine.yaml"), (ROOT, str(tmp_path / "mine.yaml"))):
        done = subprocess.run(
            [sys.executable, "-m", "sim", "validate", config],
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode != 0
        assert "unknown game 'evilgame'" in done.stdout + done.stderr
        assert "Traceback" not in done.stderr
        assert sorted(p.name for p in tmp_path.glob("PLANTED-*")) == []


# ---------------------------------------------------------------- Dask clusters that stop mid-run
def start(*args: str, log: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", *args], stdout=log.open("w"), stderr=subprocess.STDOUT)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def cluster(tmp_path):
    """A ``dask scheduler`` and one ``dask worker`` without a nanny (killed, it is not restarted),
    as processes the test can kill; both are stopped at the end."""
    pytest.importorskip("distributed")
    address = f"tcp://127.0.0.1:{free_port()}"
    scheduler = start("distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                      "--no-dashboard", log=tmp_path / "scheduler.log")  # fmt: skip
    worker = start("distributed.cli.dask_worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                   log=tmp_path / "worker.log")  # fmt: skip
    processes = {"scheduler": scheduler, "worker": worker}
    stop = time.monotonic() + 120
    while "Registered to" not in (tmp_path / "worker.log").read_text(encoding="utf-8", errors="replace"):
        assert time.monotonic() < stop and worker.poll() is None, "the test's Dask worker did not start"
        time.sleep(0.2)
    yield address, processes
    for process in processes.values():
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)


def kill_when_a_chunk_is_written(
    process: subprocess.Popen, out: Path, limit_s: float = 120
) -> threading.Thread:
    def watch() -> None:
        stop = time.monotonic() + limit_s
        while time.monotonic() < stop and not list((out / "games").glob("part-*.parquet")):
            time.sleep(0.1)
        process.send_signal(signal.SIGKILL)

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    return thread


SLOW_RUN = ("run", "toy", "-p", "2", "-n", "20000", "--chunk-size", "50", "--no-progress")


def test_the_only_worker_killed_mid_run_ends_the_run_with_one_line(cluster, tmp_path, monkeypatch):
    """The scheduler would wait for a worker forever: the run ends once it has had none for the
    worker timeout (3 s here), keeping the finished chunks."""
    from sim.runner import execute

    monkeypatch.setattr(execute, "WORKER_TIMEOUT_S", 3)
    address, processes = cluster
    out = tmp_path / "out"
    kill_when_a_chunk_is_written(processes["worker"], out)
    started = time.monotonic()
    result = CliRunner().invoke(cli, [*SLOW_RUN, "--out", str(out), "--scheduler", address])
    assert time.monotonic() - started < 90
    assert result.exit_code != 0 and "Traceback" not in result.output
    (line,) = error_lines(result.output)
    assert "has had no worker for 3 s" in line and "run the same command again" in line
    assert list((out / "games").glob("part-*.parquet"))


def test_a_killed_scheduler_is_one_line_without_the_librarys_traceback(cluster, tmp_path):
    address, processes = cluster
    out = tmp_path / "out"
    kill_when_a_chunk_is_written(processes["scheduler"], out)
    done = subprocess.run(
        [str(SIM), *SLOW_RUN, "--out", str(out), "--scheduler", address],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode != 0
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert len(lines) == 1, "\n".join(lines[:20])
    assert lines[0].startswith(
        "Error: the Dask cluster failed during the run: lost the connection to the Dask scheduler"
    )
    assert list((out / "games").glob("part-*.parquet"))
