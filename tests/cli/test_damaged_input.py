"""Damaged run folders and configs of the wrong game: one clear line, no traceback, nothing changed."""

from __future__ import annotations

import shutil
import time

import pytest
from click.testing import CliRunner

from sim.cli import cli
from tests.runner.helpers import ROOT


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def small_run(tmp_path):
    out = tmp_path / "run"
    result = invoke("run", "toy", "-p", "2", "-n", "4", "-j", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def test_report_names_a_damaged_run_json_and_writes_nothing(tmp_path):
    out = small_run(tmp_path)
    (out / "run.json").write_text("not json", encoding="utf-8")
    result = invoke("report", str(out), "--out", str(tmp_path / "report"))
    assert result.exit_code != 0
    assert "run.json is not valid JSON" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "report").exists()


def test_a_deleted_players_folder_is_named_and_a_rerun_plays_the_games_again(tmp_path):
    out = small_run(tmp_path)
    shutil.rmtree(out / "players")
    result = invoke("report", str(out), "--out", str(tmp_path / "report"))
    assert result.exit_code != 0 and "players/ is missing" in result.output
    rerun = invoke("run", "toy", "-p", "2", "-n", "4", "-j", "1", "--out", str(out))
    assert rerun.exit_code == 0, rerun.output
    assert list((out / "players").glob("*.parquet")), "the rerun did not write the players again"
    assert invoke("report", str(out), "--out", str(tmp_path / "report")).exit_code == 0


def test_cards_import_into_another_games_config_is_refused_and_leaves_it_alone(tmp_path):
    sheet = tmp_path / "cards.csv"
    assert invoke("cards", "export", "mingchu", "--deck", "门客", str(sheet)).exit_code == 0
    target = tmp_path / "brass.yaml"
    shutil.copy(ROOT / "configs/brass/base.yaml", target)
    before = target.read_bytes()
    result = invoke("cards", "import", str(sheet), "--deck", "门客", "--into", str(target))
    assert result.exit_code != 0
    assert "a config of game 'brass'" in result.output and "Traceback" not in result.output
    assert target.read_bytes() == before


def test_a_second_writer_on_the_same_folder_is_refused_and_changes_nothing(tmp_path):
    from sim.runner.store import run_lock

    out = small_run(tmp_path)
    before = sorted(p.name for p in (out / "games").iterdir())
    with run_lock(out):  # another `sim run` holding the folder
        result = invoke("run", "toy", "-p", "2", "-n", "8", "-j", "1", "--out", str(out))
    assert result.exit_code != 0 and "another `sim run` is writing to this folder" in result.output
    assert sorted(p.name for p in (out / "games").iterdir()) == before
    grown = invoke("run", "toy", "-p", "2", "-n", "8", "-j", "1", "--out", str(out))
    assert grown.exit_code == 0, grown.output


def test_a_run_folder_given_as_config_names_the_command_that_grows_it(tmp_path):
    out = small_run(tmp_path)
    result = invoke("run", str(out), "-n", "8")
    assert result.exit_code != 0 and "is a run folder, not a config" in result.output
    assert "to resume or grow it run" in result.output and "Traceback" not in result.output


def _fake_scheduler(answer: bytes) -> str:
    """A local TCP server that answers every connection with ``answer`` (not a Dask scheduler)."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(4)

    def serve() -> None:
        for _ in range(4):
            conn, _ = server.accept()
            with conn:
                conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    return f"tcp://127.0.0.1:{server.getsockname()[1]}"


@pytest.mark.parametrize(
    "answer", [b"\xff" * 64 + b"garbage" * 100, b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"]
)
def test_a_server_that_is_not_a_dask_scheduler_is_one_clear_line_within_10_s(tmp_path, answer):
    start = time.monotonic()
    args = ["run", "toy", "-p", "2", "-n", "4", "--backend", "dask", "--scheduler", _fake_scheduler(answer)]
    result = invoke(*args, "--out", str(tmp_path / "r"))
    assert result.exit_code == 2 and "could not reach a Dask scheduler" in result.output
    assert time.monotonic() - start < 10
    assert not (tmp_path / "r").exists()


def test_a_cluster_that_dies_mid_run_is_named_and_the_rerun_resumes(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    import threading

    from sim.runner import RunDirError, run_study
    from tests.runner.helpers import toy_study

    study = toy_study(games=20000)  # far more than 4 s of play
    cluster = distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    )
    threading.Timer(4.0, cluster.close).start()
    with pytest.raises(RunDirError, match="the Dask cluster failed during the run"):
        run_study(study, tmp_path / "r", backend="dask", scheduler=cluster.scheduler_address, progress=False)


def test_a_hand_edited_run_json_is_named_and_kept(tmp_path):
    import json

    out = small_run(tmp_path)
    meta = json.loads((out / "run.json").read_text(encoding="utf-8"))
    meta["root_seed"] = meta["root_seed"] + 1
    edited = json.dumps(meta)
    (out / "run.json").write_text(edited, encoding="utf-8")
    result = invoke("run", "toy", "-p", "2", "-n", "8", "-j", "1", "--out", str(out))
    assert result.exit_code != 0 and "was edited by hand (root_seed" in result.output
    assert (out / "run.json").read_text(encoding="utf-8") == edited


def test_a_folder_that_lost_its_run_json_resumes_from_its_chunks(tmp_path):
    out = small_run(tmp_path)
    (out / "run.json").unlink()
    result = invoke("run", "toy", "-p", "2", "-n", "8", "-j", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert (out / "run.json").is_file()


def test_a_chunk_copied_under_a_shifted_name_is_named_not_counted(tmp_path):
    out = small_run(tmp_path)
    for table in [p for p in out.iterdir() if p.is_dir()]:
        (original,) = table.glob("part-*.parquet")
        shutil.copy(original, table / "part-v00-p2-g0000004-0000008.parquet")
    result = invoke("run", "toy", "-p", "2", "-n", "8", "-j", "1", "--out", str(out))
    assert result.exit_code != 0 and "holds games 0-3 but its name says 4-7" in result.output


def test_report_names_a_chunk_from_another_run(tmp_path):
    ours = small_run(tmp_path)
    other = tmp_path / "other"
    assert (
        invoke("run", "toy", "-p", "2", "-n", "4", "-j", "1", "--seed", "9", "--out", str(other)).exit_code
        == 0
    )
    for table in [p for p in other.iterdir() if p.is_dir()]:
        (chunk,) = table.glob("part-*.parquet")
        shutil.copy(chunk, ours / table.name / "part-v00-p2-g0000004-0000008.parquet")
    result = invoke("report", str(ours), "--out", str(tmp_path / "report"))
    assert result.exit_code != 0 and "a file from another run" in result.output
    assert not (tmp_path / "report").exists()


def test_a_resume_that_fails_keeps_the_chunk_list_in_run_json(tmp_path, monkeypatch):
    import json

    import sim.runner.execute as execute
    from tests.runner.helpers import toy_study

    out = tmp_path / "run"
    execute.run_study(toy_study(games=4), out, progress=False)
    chunks = json.loads((out / "run.json").read_text(encoding="utf-8"))["chunks"]

    def broken(*args, **kwargs):
        raise RuntimeError("the machine went away")
        yield

    monkeypatch.setattr(execute, "_execute", broken)
    with pytest.raises(RuntimeError):
        execute.run_study(toy_study(games=8), out, progress=False)
    assert json.loads((out / "run.json").read_text(encoding="utf-8"))["chunks"] == chunks != []
