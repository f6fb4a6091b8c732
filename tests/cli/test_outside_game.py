"""A designer's own game, written outside the repository, runs by module path or entry point.

The toy race is copied into a temporary folder as the package ``designs.race`` (as it stands: its
imports are relative, its configs in its package), and ``sim check``, ``sim run`` and ``sim report
--lang zh`` are run from another empty folder on a config saying ``game: designs.race``; then the
same through a ``sim.games`` entry point named ``racer``. No SIM_* variable is set. The copy
declares Chinese display names of its own (not the bundled toy's): the report shows them, read from
the run's ``run.json`` even where the package cannot be imported."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.runner.helpers import ROOT

CONFIG = "target: 12\nmax_step: 3\n"
OWN_NAMES = {
    "target_reached": "冲过终点线",
    "steps": "行进格数",
    "gambles": "孤注一掷次数",
    "cards_played": "打出卡牌数",
    "greedy": "贪心跑者",
    "random": "随手跑者",
}
NAMES_PY = f"""
ZH_TERMS = {OWN_NAMES!r}
DISPLAY_NAMES = {{"en": {{"title": "Designer race"}}, "zh": {{"title": "设计师赛跑", "terms": ZH_TERMS}}}}
"""


def _copy_toy(site: Path) -> Path:
    package = site / "designs" / "race"
    (site / "designs").mkdir(parents=True)
    (site / "designs" / "__init__.py").write_text("", encoding="utf-8")
    shutil.copytree(ROOT / "sim/games/toy", package, ignore=shutil.ignore_patterns("__pycache__"))
    (package / "names.py").write_text(NAMES_PY, encoding="utf-8")  # the package's own display names
    return package


def _sim(cwd: Path, site: Path | None, *args: str) -> subprocess.CompletedProcess:
    """``sim`` in ``cwd``; with ``site`` on the path (the package importable, as if installed) or not."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("SIM_")}
    env["PYTHONPATH"] = os.pathsep.join([str(site), str(ROOT)] if site else [str(ROOT)])
    return subprocess.run(
        [sys.executable, "-m", "sim", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize("game", ["designs.race", "racer"])
def test_a_game_outside_the_repository_checks_runs_and_reports(tmp_path, game):
    site, work = tmp_path / "site", tmp_path / "work"
    _copy_toy(site)
    work.mkdir()
    if game == "racer":  # an installed distribution that registers the game by name
        info = site / "designs_race-0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            "Metadata-Version: 2.1\nName: designs-race\nVersion: 0.1\n", encoding="utf-8"
        )
        (info / "entry_points.txt").write_text("[sim.games]\nracer = designs.race\n", encoding="utf-8")
    (work / "mine.yaml").write_text(f"game: {game}\n" + CONFIG, encoding="utf-8")
    checked = _sim(work, site, "check", game, "--playouts", "2")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    ran = _sim(
        work, site, "run", "mine.yaml", "-p", "2", "-n", "6", "-j", "2", "--out", "runs/mine", "--no-progress"
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    reported = _sim(work, site, "report", "runs/mine", "--lang", "zh")
    assert reported.returncode == 0, reported.stdout + reported.stderr
    html = (work / "runs/mine/report/report.html").read_text(encoding="utf-8")
    for shown in ("设计师赛跑", "冲过终点线", "行进格数", "贪心跑者", "随手跑者"):
        assert shown in html, shown
    assert "示例竞速游戏" not in html  # the bundled toy's names are not the package's
    for raw in ("target_reached", ">steps<", ">greedy<", "gambles"):
        assert raw not in html, raw
    # the names travel in run.json: a report made where the package cannot be imported shows them too
    again = _sim(work, None, "report", "runs/mine", "--lang", "zh", "--out", "elsewhere")
    assert again.returncode == 0, again.stdout + again.stderr
    html = (work / "elsewhere/report.html").read_text(encoding="utf-8")
    assert "设计师赛跑" in html and "冲过终点线" in html and "target_reached" not in html


@pytest.mark.parametrize(
    ("game", "expected"),
    [("designs.missing", "nor an importable module"), ("designs.race.params", "has no SPEC")],
)
def test_an_unimportable_game_module_is_one_line(tmp_path, game, expected):
    site, work = tmp_path / "site", tmp_path / "work"
    _copy_toy(site)
    work.mkdir()
    (work / "bad.yaml").write_text(f"game: {game}\n", encoding="utf-8")
    for args in (["validate", "bad.yaml"], ["check", game]):
        result = _sim(work, site, *args)
        assert result.returncode != 0 and expected in result.stdout + result.stderr
        assert "Traceback" not in result.stdout + result.stderr
