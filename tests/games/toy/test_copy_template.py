"""The template works as the docs say: copy ``sim/games/toy/`` under another name and it is a game.

The folder is copied as it stands (``__pycache__`` left out) to ``<site>/mygame``, and once nested
in a package as ``<site>/studio/mygame``; no file of the copy is edited. The copy is made importable
as a user would: its site folder on ``PYTHONPATH``, the game named by its module path (``mygame``,
``studio.mygame``). ``sim check``, ``sim run`` and ``sim report`` then run on it from an empty
folder outside the repository, through the real command line (a subprocess each), with no SIM_*
variable set."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[3]


def copy_template(site: Path, module: str) -> Path:
    """``sim/games/toy/`` copied to the folder of ``module`` under ``site`` (parent packages made)."""
    *parents, _ = module.split(".")
    for depth in range(len(parents)):
        package = site.joinpath(*parents[: depth + 1])
        package.mkdir(parents=True)
        (package / "__init__.py").write_text("", encoding="utf-8")
    target = site.joinpath(*module.split("."))
    shutil.copytree(ROOT / "sim" / "games" / "toy", target, ignore=shutil.ignore_patterns("__pycache__"))
    return target


def sim(cwd: Path, site: Path | None, *args: str) -> subprocess.CompletedProcess:
    """``python -m sim ARGS`` in ``cwd``, with ``site`` (if given) and the repository on PYTHONPATH."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("SIM_")}
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)] if site else [str(ROOT)])
    return subprocess.run(
        [sys.executable, "-m", "sim", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


def ok(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout + result.stderr


@pytest.mark.parametrize("module", ["mygame", "studio.mygame"])
def test_a_renamed_copy_of_the_template_checks_runs_and_reports(tmp_path, module):
    site, work = tmp_path / "site", tmp_path / "work"
    package = copy_template(site, module)
    work.mkdir()
    assert "game" not in yaml.safe_load((package / "configs" / "base.yaml").read_text(encoding="utf-8"))

    checked = ok(sim(work, site, "check", module, "--playouts", "2"))
    assert "mygame" in checked

    long_config = package / "configs" / "long.yaml"  # extends base.yaml of the copy, by file
    ok(
        sim(
            work,
            site,
            "run",
            str(long_config),
            "-p",
            "2,3",
            "-n",
            "6",
            "-j",
            "1",
            "--out",
            "runs/m",
            "--no-progress",
        )
    )
    run = json.loads((work / "runs" / "m" / "run.json").read_text(encoding="utf-8"))
    assert list(run["games"]) == [module]  # the copy played, under its own module path
    games = pd.read_parquet(work / "runs" / "m" / "games")
    assert len(games) == 12 and set(games["n_players"]) == {2, 3}

    ok(sim(work, site, "report", "runs/m"))
    html = (work / "runs" / "m" / "report" / "report.html").read_text(encoding="utf-8")
    assert "Toy race" in html and "long" in html


def test_the_copy_is_found_only_through_the_import_path(tmp_path):
    """Without its folder on PYTHONPATH the same copy is refused in one line: the path makes it a game."""
    site, work = tmp_path / "site", tmp_path / "work"
    copy_template(site, "mygame")
    work.mkdir()
    refused = sim(work, None, "check", "mygame", "--playouts", "2")
    assert refused.returncode != 0 and "unknown game 'mygame'" in refused.stdout + refused.stderr
    assert "Traceback" not in refused.stdout + refused.stderr
