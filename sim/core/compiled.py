"""A compiled core: a package's hot modules built with mypyc, used when a current build is present.

Each game's rules and bots have one, and so has ``sim.core`` itself (``CORE`` below: the play loop and
the random bot's pick).

A game package declares its compiled modules in its own ``compiled.py`` (``CORE = CompiledCore(...)``),
imported first by the package; a module may sit in one of the package's rooms (``"rules.state"``).
``make setup`` compiles them into ``_compiled/`` beside the package's sources (``sim.core.build_compiled``),
the rooms as sub-folders, stamped with a hash of the sources of the folders that hold compiled modules.
At import, when the stamp matches those sources as they are now, a finder placed first on
``sys.meta_path`` loads each declared module from its build; otherwise (no build, an edited source,
another Python) or with ``SIM_PURE_PYTHON=1`` the ``.py`` files run. Both play identical games (each
game's ``tests/games/<game>/test_compiled.py``).
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

STAMP = "sources.stamp"
"""The build's stamp file: the Python it is for and a hash of the sources it was made from."""


def pure_requested() -> bool:
    """True when ``SIM_PURE_PYTHON`` asks for the ``.py`` files (any value but empty or ``0``)."""
    return os.environ.get("SIM_PURE_PYTHON", "") not in ("", "0")


class CompiledCore:
    """One game package's compiled modules: where their build lives, whether it is current, activation."""

    def __init__(self, package: str, modules: tuple[str, ...], mypy_flags: tuple[str, ...] = ()) -> None:
        """Declare ``modules`` (names inside ``package``) as compiled and activate a current build.

        ``mypy_flags`` are added to the build's type check (e.g. error codes the package's hints fail)."""
        self.package = package
        self.modules = modules
        self.mypy_flags = mypy_flags
        self.package_dir = Path(importlib.util.find_spec(package).origin).resolve().parent  # type: ignore[union-attr,arg-type]
        self.build_dir = self.package_dir / "_compiled"
        self.group = package.replace(".", "_")
        """mypyc's group name: its shared library is the top-level module ``<group>__mypyc``."""
        self.active = self._activate()
        """True when the package's modules are the compiled ones."""

    def source_files(self) -> list[Path]:
        """The sources the build is made from: every ``.py`` file of each folder holding a compiled module."""
        rooms = {"", *(name.rpartition(".")[0] for name in self.modules)}
        return sorted(
            path for room in rooms for path in (self.package_dir / room.replace(".", "/")).glob("*.py")
        )

    def stamp_text(self) -> str:
        """What a current build's stamp holds: the Python it is for and a hash of the package's sources."""
        digest = hashlib.sha256()
        for path in self.source_files():
            name = path.relative_to(self.package_dir).as_posix()
            digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
        return f"{sys.implementation.cache_tag} {digest.hexdigest()}\n"

    def built_file(self, name: str) -> Path | None:
        """The build's extension file of module ``name`` (dotted, inside the package), if there is one."""
        room, _, leaf = name.rpartition(".")
        folder = self.build_dir / room.replace(".", "/")
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            if (folder / f"{leaf}{suffix}").is_file():
                return folder / f"{leaf}{suffix}"
        return None

    def is_current(self) -> bool:
        """True when the build in ``build_dir`` was made from the sources as they are now."""
        stamp = self.build_dir / STAMP
        return stamp.is_file() and stamp.read_text(encoding="utf-8") == self.stamp_text()

    def _activate(self) -> bool:
        """Load the declared modules from a current build from now on; False (the ``.py`` files run) if there is none."""
        package = sys.modules.get(self.package)
        if pure_requested() or package is None or not (self.build_dir / STAMP).is_file():
            return False
        if any(f"{self.package}.{name}" in sys.modules for name in self.modules):
            return False  # a module already runs from its .py file: never mix the two
        if not self.is_current():
            return False
        built = {f"{self.package}.{name}": self.built_file(name) for name in self.modules}
        if None in built.values():
            return False
        group = f"{self.group}__mypyc"
        libraries = list(self.build_dir.glob(f"{group}.*"))
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
        sys.meta_path.insert(0, _BuildFinder(built))  # type: ignore[arg-type]
        return True

    def register_pickling(self) -> None:
        """Pickle the compiled frozen dataclasses by their fields (the default sets each field, which they refuse).

        Called by the package once its modules are imported; nothing to do when the ``.py`` files run."""
        if not self.active:
            return
        for name in self.modules:
            module = importlib.import_module(f"{self.package}.{name}")
            for value in vars(module).values():
                if (
                    isinstance(value, type)
                    and value.__module__ == module.__name__
                    and dataclasses.is_dataclass(value)
                    and value.__dataclass_params__.frozen  # type: ignore[attr-defined]
                ):
                    copyreg.pickle(value, _by_fields)


class _BuildFinder(importlib.abc.MetaPathFinder):
    """Finds each compiled module (by its full name) in the build instead of its ``.py`` file."""

    def __init__(self, built: dict[str, Path]) -> None:
        self.built = built

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> Any:
        where = self.built.get(fullname)
        return None if where is None else importlib.util.spec_from_file_location(fullname, where)


def _by_fields(obj: Any) -> tuple[type, tuple[Any, ...]]:
    return type(obj), tuple(getattr(obj, field.name) for field in dataclasses.fields(obj))


CORE = CompiledCore("sim.core", ("lazy_list", "owned_integers", "play_loop", "tiebreak"))
"""sim.core's own compiled modules: the loop every action of every game goes through, the random
bot's pick, the bots' keyed tie-breaks and the games' lazily made option lists (activated when ``sim.core`` is first imported, before any
of them)."""
