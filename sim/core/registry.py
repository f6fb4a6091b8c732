"""The game registry: name -> GameSpec. The CLI, runner and generic tests loop over it (``sim.games``
re-exports it; it lives in the core so the config loader below the games can find a spec).

A game is found by (1) a bundled name, (2) the name a package registers through a ``sim.games``
entry point, or (3) a module path (``game: mypkg.mygame``) of an installed or importable package
that exports ``SPEC``. Naming a module runs that package's code, as importing it would; the folder
of a config is never added to the import path.
"""

from __future__ import annotations

import importlib
import os
import sys
from functools import lru_cache
from importlib import metadata
from pathlib import Path

from sim.core.game import GameSpec

BUNDLED = Path(__file__).resolve().parents[1] / "games"
"""The folder of the bundled games: each package in it is one (its folder name is the game's name)."""
GAME_MODULES: dict[str, str] = {
    path.name: f"sim.games.{path.name}"
    for path in sorted(BUNDLED.iterdir())
    if (path / "__init__.py").is_file() and not path.name.startswith("_")
}
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


def get_game(name: str) -> GameSpec:
    """The spec of a registered game or of a module path exporting ``SPEC``; ``GameLoadError``
    (a KeyError) with a one-line message otherwise."""
    module_name = _modules().get(name, name)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and module_name.startswith(exc.name):
            raise GameLoadError(
                f"unknown game {name!r}: not a bundled game ({', '.join(game_names())}) nor an importable "
                "module (a module path such as mypkg.mygame, of an installed package)"
            ) from None
        raise GameLoadError(
            f"game {name!r}: module {module_name} cannot be imported (ModuleNotFoundError: {exc})"
        ) from None
    except Exception as exc:  # noqa: BLE001 (whatever the package raises on import, named in one line)
        raise GameLoadError(
            f"game {name!r}: module {module_name} cannot be imported ({type(exc).__name__}: {exc})"
        ) from None
    spec = getattr(module, "SPEC", None)
    if not isinstance(spec, GameSpec):
        raise GameLoadError(f"game {name!r}: module {module_name} has no SPEC = GameSpec(...)")
    return spec
