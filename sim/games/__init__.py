"""The game registry: name -> GameSpec. The CLI, runner and generic tests loop over it."""

from __future__ import annotations

import importlib
import os

from sim.core.game import GameSpec

GAME_MODULES: dict[str, str] = {
    "brass": "sim.games.brass",
    "mingchu": "sim.games.mingchu",
    "steam": "sim.games.steam",
    "toy": "sim.games.toy",
}


def _modules() -> dict[str, str]:
    """Built-in games plus ``SIM_GAME_MODULES=name=module,...`` (a designer's own game package)."""
    modules = dict(GAME_MODULES)
    for entry in filter(None, os.environ.get("SIM_GAME_MODULES", "").split(",")):
        name, _, module = entry.partition("=")
        modules[name.strip()] = module.strip()
    return modules


def game_names() -> list[str]:
    """Names of every game whose package is importable."""
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
    """The spec of a registered game; KeyError with the known names otherwise."""
    modules = _modules()
    if name not in modules:
        raise KeyError(f"unknown game {name!r}; known games: {', '.join(game_names())}")
    return importlib.import_module(modules[name]).SPEC
