"""A non-editable install in a fresh virtualenv runs the bundled games from any folder."""

from __future__ import annotations

import shutil
import subprocess
import sysconfig
import venv
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[2]


def source_copy(tmp_path: Path) -> Path:
    """The package source in a temp folder, so building it leaves nothing in the checkout."""
    source = tmp_path / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    shutil.copytree(ROOT / "sim", source / "sim", ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    return source


def test_installed_package_runs_from_an_empty_folder(tmp_path):
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=False)  # pip and setuptools come from this environment too
    python = env_dir / "bin" / "python"
    site = Path(
        subprocess.check_output(
            [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
        ).strip()
    )
    # The dependencies come from this environment (no download); sim itself is built and installed.
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run(
        [
            python,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-build-isolation",
            str(source_copy(tmp_path)),
        ],
        check=True,
        capture_output=True,
    )
    work = tmp_path / "empty"
    work.mkdir()
    sim = env_dir / "bin" / "sim"

    def run(*args: str) -> str:
        done = subprocess.run([sim, *args], cwd=work, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    where = subprocess.check_output([python, "-c", "import sim; print(sim.__file__)"], cwd=work, text=True)
    assert str(env_dir) in where, f"sim imported from {where}, not the fresh install"
    listing = run("list")
    assert "brass" in listing and "mingchu" in listing and str(ROOT) not in listing
    run("run", "brass", "-p", "2", "-n", "10", "--out", "runs/b", "--no-progress")
    assert len(pd.read_parquet(work / "runs" / "b" / "games")) == 10
