"""Numbers a config may hold: no yes/no where a number is asked for, no integer too large to store;
and ids without control characters.

pydantic's lax mode turns ``yes`` into 1 for a number field, and Python integers have no size
limit while the result tables store 64-bit integers. Both are checked here on the raw config
against the validated one, for every game and every nesting depth.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator
from typing import Any

from sim.texts import message

LARGEST_INTEGER = 2**53
"""Beyond this an integer no longer survives a round trip through a float (charts, statistics)."""


def _pairs(raw: Any, checked: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any, Any]]:
    """Every raw scalar with the value it became after validation (or None where shapes part)."""
    if isinstance(raw, dict):
        for key, value in raw.items():
            inner = checked.get(key) if isinstance(checked, dict) else None
            yield from _pairs(value, inner, (*path, key))
    elif isinstance(raw, list):
        for index, value in enumerate(raw):
            inner = checked[index] if isinstance(checked, list | tuple) and index < len(checked) else None
            yield from _pairs(value, inner, (*path, index))
    else:
        yield path, raw, checked


def too_large(raw: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """(location, message) for each integer too large to store, checked before validation."""
    return [
        (path, message("scalar_too_large", value=value, largest=f"{LARGEST_INTEGER:,}"))
        for path, value, _ in _pairs(raw, None)
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > LARGEST_INTEGER
    ]


def yes_no_as_numbers(raw: dict[str, Any], checked: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """(location, message) for each yes/no that validation turned into a number."""
    return [
        (path, message("scalar_yes_no", word="yes/true" if value else "no/false"))
        for path, value, became in _pairs(raw, checked)
        if isinstance(value, bool) and became is not None and not isinstance(became, bool)
    ]


def has_control_character(text: str) -> bool:
    """Whether ``text`` holds a control character (NUL, newline, tab, ...)."""
    return any(unicodedata.category(ch) == "Cc" for ch in text)


def control_characters(raw: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """(location, message) for each ``id`` holding a control character: an id is printed in
    messages, tables and file names, where a NUL or a line break cuts or splits it."""
    return [
        (
            path[:-2],
            message("scalar_control", item=path[-2] + 1, id=value),
        )
        for path, value, _ in _pairs(raw, None)
        if len(path) > 1
        and path[-1] == "id"
        and isinstance(path[-2], int)
        and isinstance(value, str)
        and has_control_character(value)
    ]


def not_finite(raw: dict[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """(location, message) for each NaN or infinity (YAML ``.nan``, ``.inf``): no rules number,
    band or reference figure means anything as one."""
    return [
        (path, message("scalar_not_finite", value=value))
        for path, value, _ in _pairs(raw, None)
        if isinstance(value, float) and not math.isfinite(value)
    ]
