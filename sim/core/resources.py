"""Where the bundled configs live: inside the package, found through ``importlib.resources``.

The repository's top-level ``configs/`` is a link to the same folder, so paths like
``configs/<game>/base.yaml`` work in a checkout and an installed package runs from any folder.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def config_root() -> Path:
    """The folder of bundled configs (one subfolder per game)."""
    return Path(str(resources.files("sim") / "configs"))


def default_config(game: str) -> Path:
    """A bundled game's ``base.yaml``."""
    return config_root() / game / "base.yaml"


def bundled_config(name: str) -> Path | None:
    """A bundled config named ``<game>`` or ``<game>/<variant>`` (``.yaml`` optional), if it exists."""
    game, _, variant = name.removesuffix(".yaml").partition("/")
    if not game or "/" in variant or game.startswith("."):
        return None
    candidate = config_root() / game / f"{variant or 'base'}.yaml"
    return candidate if candidate.is_file() else None
