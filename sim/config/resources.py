"""Where the bundled configs live: inside the package, found through ``importlib.resources``.

The repository's top-level ``configs/`` is a link to the same folder, so paths like
``configs/brass/base.yaml`` work in a checkout and an installed package runs from any folder.
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
