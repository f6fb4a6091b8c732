"""The bundled games, one package each. Finding a game by name or module path is
``sim.core.registry``'s job; its names are re-exported here for the layers above the games."""

from __future__ import annotations

from sim.core.registry import ENTRY_POINT_GROUP, GAME_MODULES, GameLoadError, game_names, get_game

__all__ = ["ENTRY_POINT_GROUP", "GAME_MODULES", "GameLoadError", "game_names", "get_game"]
