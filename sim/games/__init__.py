"""The game registry: name -> GameSpec. The CLI, runner and generic tests loop over it."""

from __future__ import annotations

import importlib
import os

from sim.core.game import GameSpec

GAME_MODULES: dict[str, str] = {
    "brass": "sim.games.brass",
    "mingchu": "sim.games.mingchu",
}

_extra: dict[str, GameSpec] = {}


def _modules() -> dict[str, str]:
    """Built-in games plus ``SIM_GAME_MODULES=name=module,...`` (a designer's own game package)."""
    modules = dict(GAME_MODULES)
    for entry in filter(None, os.environ.get("SIM_GAME_MODULES", "").split(",")):
        name, _, module = entry.partition("=")
        modules[name.strip()] = module.strip()
    return modules


def register(spec: GameSpec) -> None:
    """Add a game at run time (used by tests for toy games)."""
    _extra[spec.name] = spec


def game_names() -> list[str]:
    """Names of every game whose package is importable, plus registered extras."""
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
    return names + sorted(_extra)


def get_game(name: str) -> GameSpec:
    """The spec of a registered game; KeyError with the known names otherwise."""
    if name in _extra:
        return _extra[name]
    modules = _modules()
    if name not in modules:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return importlib.import_module(modules[name]).SPEC
