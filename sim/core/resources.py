"""Where the bundled configs live: inside the package, found through ``importlib.resources``.

The repository's top-level ``configs/`` is a link to the same folder, so paths like
``configs/<game>/base.yaml`` work in a checkout and an installed package runs from any folder.
"""

from __future__ import annotations

import os
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


def shown_config(path: str | Path) -> str:
    """A config as reports show it, never as an absolute path of this machine: a bundled config by its
    name (``<game>/<variant>``, which every command and ``extends:`` accept), a file under the working
    folder by its path from there, any other file by its folder and file name."""
    given = Path(path)
    if not given.is_absolute() and ".." not in given.parts:
        return given.as_posix()
    full = given.resolve()
    for base, bundled in ((config_root().resolve(), True), (Path.cwd().resolve(), False)):
        try:
            inside = full.relative_to(base)
        except ValueError:
            continue
        if bundled and len(inside.parts) == 2:
            return f"{inside.parts[0]}/{inside.stem}"
        return inside.as_posix()
    return f"{full.parent.name}/{full.name}"


def extends_reference(target: str | Path, written_in: str | Path) -> str:
    """What a config written in folder ``written_in`` puts in ``extends:`` to extend ``target``: a
    bundled config by its name (``<game>/<variant>``, wherever the toolkit is installed), any other
    by its path from ``written_in``."""
    full = Path(target).resolve()
    try:
        inside = full.relative_to(config_root().resolve())
    except ValueError:
        return Path(os.path.relpath(full, Path(written_in).resolve())).as_posix()
    if len(inside.parts) == 2:
        return f"{inside.parts[0]}/{inside.stem}"
    return Path(os.path.relpath(full, Path(written_in).resolve())).as_posix()
