"""The compiled core: Brass's rules modules built with mypyc, used when a current build is present.

``make setup`` compiles the modules of ``MODULES`` into ``_compiled/`` beside this file
(``build_compiled``), stamped with a hash of the package's sources. Imported first by the package,
this module puts that folder ahead of the ``.py`` files on the package's path when the stamp matches
the sources as they are now; otherwise (no build, an edited source, another Python) or with
``SIM_PURE_PYTHON=1`` the ``.py`` files run. Both play identical games
(``tests/games/brass/test_compiled.py``).
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import importlib
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

PACKAGE = __name__.rpartition(".")[0]
PACKAGE_DIR = Path(__file__).resolve().parent
BUILD_DIR = PACKAGE_DIR / "_compiled"
STAMP = "sources.stamp"
GROUP = "sim_games_brass"
"""mypyc's group name: its shared library is the top-level module ``sim_games_brass__mypyc``."""

MODULES = (
    "board",
    "bots",
    "build",
    "cards",
    "develop",
    "evaluate",
    "income",
    "kinds",
    "links",
    "memo",
    "resources",
    "rounds",
    "rules",
    "sell",
    "state",
    "supply",
    "view",
)
"""The compiled modules: every one but ``params`` (pydantic models), the package and this machinery."""


def pure_requested() -> bool:
    """True when ``SIM_PURE_PYTHON`` asks for the ``.py`` files (any value but empty or ``0``)."""
    return os.environ.get("SIM_PURE_PYTHON", "") not in ("", "0")


def stamp_text() -> str:
    """What a current build's stamp holds: the Python it is for and a hash of every source of the package."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE_DIR.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return f"{sys.implementation.cache_tag} {digest.hexdigest()}\n"


def _activate() -> bool:
    """Put a current build first on the package's path; False (the ``.py`` files run) if there is none."""
    package = sys.modules.get(PACKAGE)
    stamp = BUILD_DIR / STAMP
    if pure_requested() or package is None or not stamp.is_file():
        return False
    if any(f"{PACKAGE}.{name}" in sys.modules for name in MODULES):
        return False  # a module already runs from its .py file: never mix the two
    if stamp.read_text(encoding="utf-8") != stamp_text():
        return False
    group = f"{GROUP}__mypyc"
    libraries = list(BUILD_DIR.glob(f"{group}.*"))
    if len(libraries) != 1:
        return False
    try:
        spec = importlib.util.spec_from_file_location(group, libraries[0])
        if spec is None or spec.loader is None:
            return False
        library = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(library)
    except (ImportError, OSError):
        return False
    sys.modules[group] = library
    package.__path__.insert(0, str(BUILD_DIR))
    return True


ACTIVE = _activate()
"""True when the package's modules are the compiled ones."""


def register_pickling() -> None:
    """Pickle the compiled frozen dataclasses by their fields (the default sets each field, which they refuse).

    Called by the package once its modules are imported; nothing to do when the ``.py`` files run."""
    if not ACTIVE:
        return
    for name in MODULES:
        module = importlib.import_module(f"{PACKAGE}.{name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and value.__module__ == module.__name__
                and dataclasses.is_dataclass(value)
                and value.__dataclass_params__.frozen  # type: ignore[attr-defined]
            ):
                copyreg.pickle(value, _by_fields)


def _by_fields(obj: Any) -> tuple[type, tuple[Any, ...]]:
    return type(obj), tuple(getattr(obj, field.name) for field in dataclasses.fields(obj))
