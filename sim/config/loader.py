"""Load ``configs/<game>/<variant>.yaml``: extends-chains, overrides, validation, stable hash."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from sim.config.errors import ConfigError, format_scalar_problems, format_validation_error
from sim.config.goals import Bands, check_goals
from sim.config.merge import Origins, deep_merge, parse_override, set_override
from sim.config.resources import bundled_config
from sim.core.scalars import control_characters, not_finite, too_large, yes_no_as_numbers
from sim.core.yaml_text import AliasError, load_yaml
from sim.texts import message

RESERVED_KEYS = ("game", "extends", "description", "reference", "goals")
"""Top-level keys that are not rules numbers (``reference``: figures from human play for the report;
``goals``: the design goals' bands, ``sim.config.goals``)."""


@dataclass(frozen=True)
class ResolvedConfig:
    """A validated config: which game, the typed params, and the data they came from."""

    path: Path
    game: str
    variant: str
    params: Any
    data: dict[str, Any]
    description: str = ""
    overrides: Mapping[str, Any] = field(default_factory=dict)
    goals: Bands = field(default_factory=dict)
    """Every design goal's band (``sim.config.goals``): the defaults, replaced by ``goals:``."""

    @property
    def config_hash(self) -> str:
        return config_hash(self.game, self.params)

    @property
    def label(self) -> str:
        """Variant label: file stem, plus overrides in brackets."""
        if not self.overrides:
            return self.variant
        inner = ",".join(f"{k}={v}" for k, v in self.overrides.items())
        return f"{self.variant}[{inner}]"


def config_hash(game: str, params: Any) -> str:
    """Stable hash of a resolved config: same rules numbers, same hash."""
    payload = {"game": game, "params": params.model_dump(mode="json")}
    text = json.dumps(payload, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def read_yaml(path: Path) -> dict[str, Any]:
    """Read one YAML mapping, turning syntax errors into a ConfigError with line and column."""
    if not path.is_file():
        raise ConfigError(message("config_file_not_found", path=path))
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(message("config_not_utf8", path=path, reason=exc.reason, start=exc.start)) from None
    try:
        data = load_yaml(text)
    except AliasError as exc:
        raise ConfigError(message("config_yaml_alias", path=path, error=exc.args[0])) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = (
            message("config_yaml_where", line=mark.line + 1, column=mark.column + 1)
            if mark
            else message("config_yaml_nowhere")
        )
        raise ConfigError(
            message("config_yaml_syntax", path=path, where=where, problem=exc.problem)
        ) from None
    except yaml.YAMLError as exc:
        raise ConfigError(message("config_yaml_error", path=path, error=str(exc))) from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(message("config_top_not_mapping", path=path, kind=type(data).__name__))
    return data


def config_layers(path: Path, seen: tuple[Path, ...] = ()) -> list[tuple[Path, dict[str, Any]]]:
    """The YAML layers of ``path``, its farthest ``extends:`` ancestor first."""
    path = path.resolve()
    if path in seen:
        chain = " -> ".join(str(p) for p in (*seen, path))
        raise ConfigError(message("config_extends_cycle", path=path, chain=chain))
    data = read_yaml(path)
    parent = data.get("extends")
    if parent is None:
        return [(path, data)]
    if not isinstance(parent, str):
        raise ConfigError(message("config_extends_type", path=path, parent=repr(parent)))
    return [*config_layers(parent_path(path, parent), (*seen, path)), (path, data)]


def parent_path(path: Path, parent: str) -> Path:
    """``extends:`` names a file relative to the config, or else a bundled config (``<game>/<variant>``)."""
    relative = (path.parent / parent).resolve()
    if relative.is_file():
        return relative
    bundled = bundled_config(parent)
    if bundled is not None:
        return bundled.resolve()
    raise ConfigError(message("config_extends_missing", path=path, parent=parent, relative=relative))


def load_config(path: str | Path, overrides: Mapping[str, Any] | None = None) -> ResolvedConfig:
    """Resolve ``path`` (with its extends-chain) plus ``overrides`` into validated params.

    ``overrides`` maps dotted paths to values; string values are parsed as YAML scalars.
    Raises ConfigError with a message naming the file, the dotted path and the value.
    """
    from sim.core.registry import game_choice, game_named, game_names, get_game
    from sim.core.resources import config_game

    path = Path(path)
    origins: Origins = {}
    merged: dict[str, Any] = {}
    layers = config_layers(path)
    named = [(layer_path, data["game"]) for layer_path, data in layers if data.get("game") is not None]
    for layer_path, game in named:
        if not isinstance(game, str):
            games = [game_choice(name) for name in game_names()]
            raise ConfigError(message("config_game_type", path=layer_path, game=repr(game), games=games))
    if len({game for _, game in named}) > 1:
        (first, game), (later, other) = named[0], next(n for n in named if n[1] != named[0][1])
        raise ConfigError(
            message("config_game_mixed", later=later, other=other, first=first, game=game_named(game))
        )
    for layer_path, data in layers:
        merged = deep_merge(merged, data, str(layer_path), origins)
    game = merged.get("game")
    if game is None:  # a config in a game package's configs folder, or extending one, is of that game
        game = next(filter(None, (config_game(layer_path) for layer_path, _ in layers)), None)
        merged = merged if game is None else {"game": game, **merged}
    if game is None:
        raise ConfigError(
            message("config_no_game", path=path, games=[game_choice(name) for name in game_names()])
        )
    try:
        spec = get_game(str(game))
    except KeyError as exc:
        error = exc.args[0] if exc.args else str(exc)
        raise ConfigError(message("config_game_error", path=path, game=game, error=error)) from None

    applied: dict[str, Any] = {}
    for dotted, value in (overrides or {}).items():
        if isinstance(value, str):
            _, value = parse_override(f"{dotted}={value}")
        if dotted.split(".")[0] in RESERVED_KEYS:
            raise ConfigError(message("set_not_overridable", path=dotted, key=dotted.split(".")[0]))
        try:
            set_override(merged, dotted, value, f"--set {dotted}", origins)
        except KeyError as exc:
            raise ConfigError(message("set_bad_value", path=dotted, value=value, error=exc.args[0])) from None
        origins[tuple(dotted.split("."))] = f"--set {dotted}={value}"
        applied[dotted] = value

    if problems := not_finite(merged):
        raise ConfigError(format_scalar_problems(problems, merged, origins, str(path)))
    _check_reference(merged.get("reference"), origins, path)
    goals = check_goals(merged.get("goals"), origins, path, spec.report.goals)
    params_data = {k: v for k, v in merged.items() if k not in RESERVED_KEYS}
    if problems := too_large(params_data) + control_characters(params_data):
        raise ConfigError(format_scalar_problems(problems, params_data, origins, str(path)))
    try:
        params = spec.params_model.model_validate(
            params_data, context={"folder_of": partial(folder_of, origins)}
        )
    except ValidationError as exc:
        # A whole-config check (no single path) is blamed on every source that shaped the config.
        sources = [str(layer) for layer, _ in config_layers(path)] + [
            f"--set {k}={v}" for k, v in applied.items()
        ]
        raise ConfigError(format_validation_error(exc, params_data, origins, " + ".join(sources))) from None
    if problems := yes_no_as_numbers(params_data, params.model_dump(mode="python")):
        raise ConfigError(format_scalar_problems(problems, params_data, origins, str(path)))
    return ResolvedConfig(
        path=path,
        game=str(game),  # as written: a bundled name, an entry point's name or a module path, all importable
        variant=path.stem,
        params=params,
        data=merged,
        description=str(merged.get("description", "")),
        overrides=applied,
        goals=goals,
    )


def folder_of(origins: Origins, key: tuple[str, ...]) -> Path:
    """The folder a relative file path at ``key`` is read from: the folder of the config file that
    wrote it (a game's params validator gets this as ``context["folder_of"]``), or the working
    folder for a ``--set``."""
    source = origins.get(key)
    if source is None or source.startswith("--set "):
        return Path.cwd()
    return Path(source).parent


def _check_reference(reference: Any, origins: Origins, path: Path) -> None:
    """``reference: {human_winning_score: {<players>: <points>}}``, the only figure the report reads."""
    if reference is None:
        return
    where = next((src for key, src in origins.items() if key[:1] == ("reference",)), str(path))
    if not isinstance(reference, Mapping) or set(reference) - {"human_winning_score"}:
        raise ConfigError(
            f"{where}: 'reference' = {reference!r}: give reference.human_winning_score as "
            "{players: points}, e.g. {4: 120}"
        )
    for n, points in (reference.get("human_winning_score") or {}).items():
        if not isinstance(n, int) or isinstance(points, bool) or not isinstance(points, (int, float)):
            raise ConfigError(
                f"{where}: 'reference.human_winning_score.{n}' = {points!r}: "
                "give a player count and a number of points, e.g. 4: 120"
            )
