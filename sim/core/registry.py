"""The game registry: name -> GameSpec. The CLI, runner and generic tests loop over it (``sim.games``
re-exports it; it lives in the core so the config loader below the games can find a spec).

A game is found by (1) a bundled name (a package of ``sim.games``), (2) the name a package registers
through a ``sim.games`` entry point, or (3) a module path (``game: mypkg.mygame``) of an installed or
importable package that exports ``SPEC``. Naming a module runs that package's code, as importing it
would; the folder of a config is never added to the import path.

A game package declares its configs folder (its spec's ``default_config`` lies in it): a config in
that folder may leave ``game:`` out (``game_of_config``), and a registered game's configs are named
``<game>/<variant>`` wherever the package is installed (``config_dir``, ``config_name``).
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import sys
from functools import lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from sim.core.game import GameSpec
from sim.texts import LANGS, Text, message

BUNDLED_PACKAGE = "sim.games"
"""The package of the bundled games: each of its subpackages is one, named by its module name."""


def _bundled_modules() -> dict[str, str]:
    """name -> module of every subpackage of ``BUNDLED_PACKAGE`` (found as modules, not imported)."""
    found = importlib.util.find_spec(BUNDLED_PACKAGE)
    locations = found.submodule_search_locations if found is not None else None
    return {
        info.name: f"{BUNDLED_PACKAGE}.{info.name}"
        for info in sorted(pkgutil.iter_modules(locations or []), key=lambda info: info.name)
        if info.ispkg and not info.name.startswith("_")
    }


GAME_MODULES: dict[str, str] = _bundled_modules()
"""The bundled games: name -> module."""
ENTRY_POINT_GROUP = "sim.games"


class GameLoadError(KeyError):
    """A game that cannot be found or loaded; ``str()`` is one line for the user."""

    def __str__(self) -> str:
        return str(self.args[0])


def _modules() -> dict[str, str]:
    """Built-in games, games registered by entry points, then ``SIM_GAME_MODULES=name=module,...``."""
    modules = dict(GAME_MODULES)
    for name, module in _entry_points(tuple(sys.path)):
        modules.setdefault(name, module)
    for entry in filter(None, os.environ.get("SIM_GAME_MODULES", "").split(",")):
        name, _, module = entry.partition("=")
        modules[name.strip()] = module.strip()
    return modules


@lru_cache(maxsize=8)
def _entry_points(search_path: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """(name, module) of the ``sim.games`` entry points installed on ``search_path``.

    Scanning the installed distributions takes ~20 ms and the runner looks a game up several times
    per chunk of games, so the scan is kept for as long as the import path is the same."""
    del search_path  # the cache key: a changed import path may hold other distributions
    return tuple(
        (entry.name, entry.value.partition(":")[0])
        for entry in metadata.entry_points(group=ENTRY_POINT_GROUP)
    )


def game_names() -> list[str]:
    """Names of every registered game whose package is importable."""
    names = []
    for name, module in _modules().items():
        try:
            loaded = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            continue
        if hasattr(loaded, "SPEC"):  # a package still being written has no SPEC yet
            names.append(name)
    return names


def registered(name: str) -> bool:
    """Whether ``name`` is a registered game's (bundled, entry point or ``SIM_GAME_MODULES``)."""
    return name in _modules()


def get_game(name: str) -> GameSpec:
    """The spec of a registered game or of a module path exporting ``SPEC``; ``GameLoadError``
    (a KeyError) with a one-line message otherwise."""
    module_name = _modules().get(name, name)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise GameLoadError(
                message("game_unknown", name=name, games=[game_choice(n) for n in game_names()])
            ) from None
        raise GameLoadError(
            message(
                "game_import_failed",
                name=name,
                module=module_name,
                kind="ModuleNotFoundError",
                error=str(exc),
            )
        ) from None
    except Exception as exc:  # noqa: BLE001 (whatever the package raises on import, named in one line)
        raise GameLoadError(
            message(
                "game_import_failed", name=name, module=module_name, kind=type(exc).__name__, error=str(exc)
            )
        ) from None
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise GameLoadError(message("game_no_spec", name=name, module=module_name))
    return spec


def config_dir(name: str) -> Path | None:
    """The configs folder a registered game (bundled, entry point or ``SIM_GAME_MODULES``) declares;
    None for any other name or a game that cannot be loaded. Only a registered game is imported."""
    if name not in _modules():
        return None
    try:
        return get_game(name).config_dir
    except GameLoadError:
        return None


def game_of_config(path: str | Path) -> str | None:
    """The game whose package declares the folder of config ``path`` as its configs folder: its
    registered name, else its module path; None when no importable game package holds the folder.

    Only the package enclosing the folder is imported, and only when the import system finds it at
    that very place (the folder is never added to the import path)."""
    folder = Path(path).resolve().parent
    for module in _modules_at(folder.parent):
        name = next((n for n, m in _modules().items() if m == module), module)
        try:
            spec = get_game(name)
        except GameLoadError:
            continue
        if spec.config_dir.resolve() == folder:
            return name
    return None


def config_name(path: str | Path) -> str | None:
    """``<game>/<variant>`` of a config in a registered game's configs folder, else None."""
    full = Path(path).resolve()
    game = game_of_config(full)
    return f"{game}/{full.stem}" if game in _modules() else None


def _modules_at(folder: Path) -> list[str]:
    """The import names under which ``folder`` (a package: it holds ``__init__.py``) is found, the
    longest first: ``a.b.c`` for ``a/b/c`` when ``a``'s parent is on the import path, and so on."""
    parts: list[str] = []
    here = folder
    while (here / "__init__.py").is_file() and here != here.parent:
        parts.insert(0, here.name)
        here = here.parent
    names = [".".join(parts[start:]) for start in range(len(parts))]
    return [name for name in names if _found_at(name, folder)]


def _found_at(module: str, folder: Path) -> bool:
    """Whether the import system finds package ``module`` in ``folder`` (its parents are imported)."""
    try:
        found = importlib.util.find_spec(module)
    except Exception:  # noqa: BLE001 (a missing or broken parent package: not found there)
        return False
    locations = (found.submodule_search_locations or []) if found is not None else []
    return any(Path(location).resolve() == folder for location in locations)


def game_named(name: str, english: str | None = None) -> Text:
    """A game named in a message: as the user types it in English (its id, or ``english``), by its
    display title in any other language (its ``display_names`` title, not its id). Only a registered game's names are
    read (no module is imported for an unknown name); an unknown game is shown as ``name``."""
    display: dict[str, Any] = {}
    if registered(name):
        try:
            display = dict(get_game(name).report.display_names)
        except GameLoadError:
            pass
    titles = {lang: (display.get(lang) or {}).get("title") or english or name for lang in LANGS}
    titles["en"] = english or name
    return message("game_named", **titles)


def game_choice(name: str) -> Text:
    """A game's name to type (its id), with its display title beside it (in brackets) outside English."""
    titles = game_named(name).values
    return message(
        "game_named",
        **{lang: titles[lang] if lang == "en" else f"{name}（{titles[lang]}）" for lang in LANGS},
    )
