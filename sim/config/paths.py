"""Dotted paths into config data (``cards.<deck>.<card id>.passive.0.amount``): set them and list the leaves.

List items are addressed by their ``id`` when they have one, else by position (negative
positions count from the end). The same rules serve ``--set`` overrides and the ``param:``
columns of the results, so a path written on the command line names the same value in a table.
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterator
from typing import Any

from sim.texts import message


def nearest_ids(key: str, ids: list[str]) -> str:
    """``nearest: 鲁班传人`` (the ids most like ``key``), or every id when none is close."""
    near = difflib.get_close_matches(key, ids, n=3, cutoff=0.5)
    return message("nearest_ids", ids=near) if near else message("all_ids", ids=ids)


def _child_name(container: Any, key: str) -> str:
    if isinstance(container, dict):
        return message("child_keys", keys=[str(k) for k in container]) if container else message("no_keys")
    ids = [str(item.get("id")) for item in container if isinstance(item, dict) and "id" in item]
    return nearest_ids(key, ids) if ids else message("items_by_index", n=len(container))


def set_path(data: dict[str, Any], dotted: str, value: Any) -> None:
    """Set ``dotted`` in ``data``; list items are addressed by their ``id`` (or by index)."""
    parts = dotted.split(".")
    node: Any = data
    walked: list[str] = []
    for depth, part in enumerate(parts):
        last = depth == len(parts) - 1
        if isinstance(node, dict):
            if last:
                node[part] = value
                return
            if part not in node:
                node[part] = {}
            node = node[part]
        elif isinstance(node, list):
            position = _find_item(node, part)
            if position is None:
                where = ".".join(walked) or message("top_level")
                raise KeyError(message("no_item", part=part, where=where, hint=_child_name(node, part)))
            if last:
                node[position] = value
                return
            node = node[position]
        else:
            where = ".".join(walked)
            raise KeyError(message("single_value", where=where, value=repr(node), part=part))
        walked.append(part)


def _find_item(items: list[Any], key: str) -> int | None:
    for i, item in enumerate(items):
        if isinstance(item, dict) and str(item.get("id")) == key:
            return i
    if key.lstrip("-").isdigit() and -len(items) <= int(key) < len(items):
        return int(key) % len(items)
    return None


def is_id_list(value: Any) -> bool:
    """A non-empty list whose items are all mappings with an ``id``."""
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "id" in v for v in value)


def flatten(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    """Every leaf as (dotted path, value): dicts by key, lists of dicts by id (or position);
    a list of plain values is one leaf."""
    if isinstance(data, dict):
        items = ((str(k), v) for k, v in data.items())
    elif isinstance(data, list) and data and all(isinstance(v, dict) for v in data):
        items = ((str(v["id"]) if is_id_list(data) else str(i), v) for i, v in enumerate(data))
    else:
        yield prefix, data
        return
    for key, value in items:
        yield from flatten(value, f"{prefix}.{key}" if prefix else key)


def leaf_text(value: Any) -> str:
    """A leaf as JSON text (for values that are not a single number, flag or string)."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True)
