"""Config errors written for people: file, dotted path, bad value, what is allowed."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from sim.texts import Text, lines, message, validation_message

Origins = dict[tuple[str, ...], str]
"""Which source (file or ``--set``) last wrote each config path, for error messages."""


class ConfigError(Exception):
    """A config file or override that cannot be used. ``str()`` is the message for the user."""


def _dotted(loc: tuple[Any, ...], data: Any) -> tuple[str, tuple[str, ...]]:
    """Turn a pydantic location into ``cards.<deck>.<card id>.cost``, naming list items by id."""
    parts: list[str] = []
    node = data
    for key in loc:
        if isinstance(key, int) and isinstance(node, list) and 0 <= key < len(node):
            item = node[key]
            parts.append(str(item["id"]) if isinstance(item, dict) and "id" in item else str(key))
            node = item
        else:
            parts.append(str(key))
            node = node.get(key) if isinstance(node, dict) else None
    return ".".join(parts), tuple(parts)


def _origin(path: tuple[str, ...], origins: Origins, default: str) -> str:
    """The source that last wrote ``path`` (or an override that wrote inside it)."""
    inside = [src for key, src in origins.items() if key[: len(path)] == path and src.startswith("--set")]
    if path and inside:
        return inside[-1]
    for cut in range(len(path), -1, -1):
        if path[:cut] in origins:
            return origins[path[:cut]]
    return default


def format_validation_error(exc: ValidationError, data: Any, origins: Origins, default_source: str) -> Text:
    """One paragraph per problem: where it came from, the dotted path, the value, what is allowed."""
    found: list[str] = []
    for err in exc.errors():
        loc = tuple(k for k in err["loc"] if not (isinstance(k, str) and k.startswith("function-")))
        dotted, parts = _dotted(loc, data)
        source = _origin(parts, origins, default_source)
        where = dotted or "(top level)"
        if err["type"] == "extra_forbidden":
            value = err["input"]
            shown = (
                message("config_unknown_value", value=repr(value))
                if not isinstance(value, dict | list)
                else message("config_unknown_kind", kind=type(value).__name__)
            )
            found.append(message("config_unknown_key", source=source, where=where, shown=shown))
            continue
        if err["type"] == "missing":
            found.append(message("config_missing_key", source=source, where=where))
            continue
        error = validation_message(err)
        if not dotted:
            found.append(message("config_top_level", source=source, error=error))
            continue
        value = err.get("input")
        shown = (
            repr(value) if not isinstance(value, dict | list) else message(f"shown_{type(value).__name__}")
        )
        note = message("config_yaml_bool") if isinstance(value, bool) else ""
        found.append(
            message("config_bad_value", source=source, where=where, shown=shown, note=note, error=error)
        )
    return lines(found)


def format_scalar_problems(
    problems: list[tuple[tuple[Any, ...], str]], data: Any, origins: Origins, default_source: str
) -> Text:
    """One line per problem found by ``sim.core.scalars``, named like a validation error."""
    found: list[str] = []
    for loc, error in problems:
        dotted, parts = _dotted(loc, data)
        source = _origin(parts, origins, default_source)
        found.append(message("config_scalar", source=source, where=dotted, error=error))
    return lines(found)
