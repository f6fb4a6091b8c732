"""A run's id changes when the code that plays its game changes (not only its hand-set rules version)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from sim.games import get_game
from sim.runner import fingerprint
from tests.runner.helpers import toy_study


def test_the_run_id_follows_the_source_of_the_game_package(tmp_path, monkeypatch):
    package = tmp_path / "race_pkg"
    toy = Path(sys.modules[get_game("toy").params_model.__module__].__file__).parent
    shutil.copytree(toy, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.syspath_prepend(str(tmp_path))
    before = fingerprint._fingerprint("race_pkg")
    assert before == fingerprint._fingerprint("race_pkg")  # stable
    fingerprint._fingerprint.cache_clear()
    with (package / "__init__.py").open("a", encoding="utf-8") as handle:
        handle.write("\n# a rules change that nobody bumped the rules_version for\n")
    assert fingerprint._fingerprint("race_pkg") != before


def test_the_run_id_holds_the_fingerprint_of_the_code(monkeypatch):
    study = toy_study(games=4)
    first = study.run_id
    assert study.run_id == first  # the same code: the same id
    monkeypatch.setattr(fingerprint, "code_fingerprint", lambda spec: "changed-code")
    assert study.run_id != first
