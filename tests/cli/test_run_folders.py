"""Damaged or foreign run folders, bad schedulers and killed runs: clear messages, no data lost."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import psutil
import pytest
from click.testing import CliRunner

from sim.cli import cli
from tests.runner.helpers import ROOT

RUN = ["run", "toy", "-p", "2", "-n", "20", "--chunk-size", "5", "--no-progress"]


def invoke(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_a_foreign_folder_is_refused_as_out_and_left_untouched(tmp_path):
    (tmp_path / "thesis.docx").write_text("mine", encoding="utf-8")
    (tmp_path / "photos").mkdir()
    result = invoke(*RUN, "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "not empty and is not a sim run folder" in result.output and "thesis.docx" in result.output
    assert "--out" in result.output and str(tmp_path / "run") in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["photos", "thesis.docx"]


def test_a_copied_chunk_file_is_named_with_the_repair(tmp_path):
    assert invoke(*RUN, "--out", str(tmp_path / "r")).exit_code == 0
    part = sorted((tmp_path / "r" / "games").glob("part-*.parquet"))[0]
    shutil.copy(part, part.with_name(part.stem + " copy.parquet"))
    result = invoke("report", str(tmp_path / "r"), "--out", str(tmp_path / "rep"))
    assert result.exit_code == 2
    assert "hold the same games" in result.output and part.name in result.output and "copy" in result.output


def test_a_damaged_chunk_is_named_and_a_rerun_repairs_it(tmp_path):
    out = tmp_path / "r"
    assert invoke(*RUN, "--out", str(out)).exit_code == 0
    before = pd.read_parquet(out / "players")
    part = sorted((out / "players").glob("part-*.parquet"))[1]
    part.write_bytes(part.read_bytes()[:100])  # cut short, as by a full disk
    result = invoke("report", str(out), "--out", str(tmp_path / "rep"))
    assert result.exit_code == 2
    assert (
        "damaged" in result.output
        and part.name in result.output
        and "same `sim run` command" in result.output
    )
    assert invoke(*RUN, "--out", str(out)).exit_code == 0
    pd.testing.assert_frame_equal(
        pd.read_parquet(out / "players").sort_values(["game_index", "seat"]).reset_index(drop=True),
        before.sort_values(["game_index", "seat"]).reset_index(drop=True),
    )
    assert invoke("report", str(out), "--out", str(tmp_path / "rep")).exit_code == 0


def test_sweep_values_are_deduplicated(tmp_path):
    args = ["sweep", "toy", "--param", "max_step=3,4,3", "-p", "2", "-n", "4", "--no-report", "--no-progress"]
    result = invoke(*args, "--out", str(tmp_path / "s"))
    assert result.exit_code == 0, result.output
    assert sorted(pd.read_parquet(tmp_path / "s" / "games")["param:max_step"].unique()) == [3, 4]


@pytest.mark.parametrize("address", ["nonsense", "tcp://127.0.0.1:9"])
def test_a_bad_or_unreachable_scheduler_is_a_clear_message_and_writes_nothing(tmp_path, address):
    start = time.monotonic()
    result = invoke(*RUN, "--scheduler", address, "--out", str(tmp_path / "r"))
    assert result.exit_code == 2
    assert "Dask scheduler" in result.output and "Nothing was written" in result.output
    assert time.monotonic() - start < 25
    assert not (tmp_path / "r").exists()


def _tree(pid: int) -> list[psutil.Process]:
    root = psutil.Process(pid)
    return [root, *root.children(recursive=True)]


def _running(process: psutil.Process) -> bool:
    try:
        return process.is_running() and process.status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_no_process_of_a_killed_run_survives(tmp_path, how):
    command = [sys.executable, "-m", "sim", "run", "toy", "-p", "2,3", "-n", "100000", "-j", "2"]
    command += ["--chunk-size", "50", "--out", str(tmp_path / "r"), "--no-progress"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    tree: list[psutil.Process] = []
    while time.monotonic() < deadline and len(list(Path(tmp_path / "r" / "games").glob("part-*"))) < 2:
        time.sleep(0.1)
    tree = _tree(process.pid)
    assert len(tree) >= 3, "expected the run and its worker processes"
    os.kill(process.pid, how)
    process.wait(timeout=30)
    # a worker still starting up when the run died leaves once its start-up finds the run gone:
    # under load that can take a while, so the workers get up to a minute, not forever
    deadline = time.monotonic() + 60
    alive = tree
    while alive and time.monotonic() < deadline:
        time.sleep(0.5)
        alive = [p for p in tree if _running(p)]
    assert not alive, f"still running after {how.name}: {[(p.pid, p.cmdline()[-2:]) for p in alive]}"
