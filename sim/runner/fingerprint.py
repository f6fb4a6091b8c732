"""The fingerprint of the code that plays a game, so a run's id changes when that code changes.

A game's ``rules_version`` is bumped by hand; the fingerprint is not: it hashes the Python source
of the game's package and of the shared engine (``sim.core``) and bots (``sim.bots``). Two runs
with the same id were played by the same code, and a folder never mixes games of two versions.
"""

from __future__ import annotations

import hashlib
import importlib
from functools import cache
from pathlib import Path

import sim.bots
import sim.core
from sim.core.game import GameSpec

SHARED = (sim.core, sim.bots)


def _sources(module_file: str) -> list[Path]:
    """The .py files of the package holding ``module_file`` (the file alone outside a package)."""
    path = Path(module_file)
    if not (path.parent / "__init__.py").is_file():
        return [path]
    return sorted(p for p in path.parent.rglob("*.py") if "__pycache__" not in p.parts)


def _digest(files: list[Path], root: Path) -> str:
    sha = hashlib.sha256()
    for file in files:
        sha.update(file.relative_to(root).as_posix().encode("utf-8") + b"\0")
        sha.update(file.read_bytes() + b"\0")
    return sha.hexdigest()


def code_fingerprint(spec: GameSpec) -> str:
    """12 hex digits over the source of ``spec``'s game package and of sim.core and sim.bots."""
    return _fingerprint(spec.params_model.__module__)


@cache
def _fingerprint(module_name: str) -> str:
    module = importlib.import_module(module_name)
    parts = []
    for part in (module, *SHARED):
        file = getattr(part, "__file__", None)
        if file is None:  # a namespace package or a built-in: nothing to hash
            continue
        parts.append(_digest(_sources(file), Path(file).parent))
    return hashlib.sha256("".join(parts).encode("ascii")).hexdigest()[:12]
