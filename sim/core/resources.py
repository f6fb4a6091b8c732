"""Where the bundled configs live: inside the package, found through ``importlib.resources``.

The repository's top-level ``configs/`` is a link to the same folder, so paths like
``configs/<game>/base.yaml`` work in a checkout and an installed package runs from any folder. A
game package may keep its configs in a folder of its own instead (it declares it: the registry's
``config_dir``); ``<game>/<variant>`` names them all the same.
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
    """A bundled config named ``<game>`` or ``<game>/<variant>`` (``.yaml`` optional), if it exists:
    in the bundled configs folder, else in the configs folder a registered game's package declares."""
    from sim.core.registry import config_dir

    game, _, variant = name.removesuffix(".yaml").partition("/")
    if not game or "/" in variant or game.startswith("."):
        return None
    file = f"{variant or 'base'}.yaml"
    candidate = config_root() / game / file
    if candidate.is_file():
        return candidate
    declared = config_dir(game)
    return declared / file if declared is not None and (declared / file).is_file() else None


def config_game(path: str | Path) -> str | None:
    """The game of a config that names none: the registered game whose bundled folder
    (``<game>/``) or whose package's declared configs folder holds it; None otherwise."""
    from sim.core.registry import config_dir, game_of_config

    full = Path(path).resolve()
    game = _bundled_folder(full)
    return game if game is not None and config_dir(game) is not None else game_of_config(full)


def config_name(full: Path) -> str | None:
    """The name (``<game>/<variant>``) of the config at resolved path ``full``, if it is bundled or in
    the configs folder of a registered game's package."""
    from sim.core.registry import config_name as declared_name

    game = _bundled_folder(full)
    return f"{game}/{full.stem}" if game is not None else declared_name(full)


def _bundled_folder(full: Path) -> str | None:
    """``<game>`` when the resolved path ``full`` lies directly in the bundled folder ``<game>/``."""
    try:
        inside = full.relative_to(config_root().resolve())
    except ValueError:
        return None
    return inside.parts[0] if len(inside.parts) == 2 else None


def shown_config(path: str | Path) -> str:
    """A config as reports show it, never as an absolute path of this machine: a bundled config by its
    name (``<game>/<variant>``, which every command and ``extends:`` accept), a file under the working
    folder by its path from there, any other file by its folder and file name."""
    given = Path(path)
    if not given.is_absolute() and ".." not in given.parts:
        return given.as_posix()
    full = given.resolve()
    named = config_name(full)
    if named is not None:
        return named
    for base in (config_root().resolve(), Path.cwd().resolve()):
        try:
            return full.relative_to(base).as_posix()
        except ValueError:
            continue
    return f"{full.parent.name}/{full.name}"


def extends_reference(target: str | Path, written_in: str | Path) -> str:
    """What a config written in folder ``written_in`` puts in ``extends:`` to extend ``target``: a
    bundled config by its name (``<game>/<variant>``, wherever the toolkit is installed), any other
    by its path from ``written_in``."""
    full = Path(target).resolve()
    named = config_name(full)
    if named is not None:
        return named
    return Path(os.path.relpath(full, Path(written_in).resolve())).as_posix()
