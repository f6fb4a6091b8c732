"""Layering of config data: deep merge by key, list items merged by their ``id``, dotted overrides."""

from __future__ import annotations

import copy
from typing import Any

import yaml

Origins = dict[tuple[str, ...], str]
"""Which source (file or ``--set``) last wrote each path, for error messages."""


def _is_id_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "id" in v for v in value)


def deep_merge(base: Any, layer: Any, source: str, origins: Origins, path: tuple[str, ...] = ()) -> Any:
    """Merge ``layer`` over ``base``: dicts by key, lists of ``{id: ...}`` items by id, anything else replaced."""
    if isinstance(base, dict) and isinstance(layer, dict):
        merged = dict(base)
        for key, value in layer.items():
            key_path = (*path, str(key))
            merged[key] = deep_merge(base[key], value, source, origins, key_path) if key in base else value
            origins[key_path] = source
        return merged
    if _is_id_list(base) and _is_id_list(layer):
        merged_items = [copy.deepcopy(item) for item in base]
        index = {str(item["id"]): i for i, item in enumerate(merged_items)}
        for item in layer:
            item_path = (*path, str(item["id"]))
            if str(item["id"]) in index:
                i = index[str(item["id"])]
                merged_items[i] = deep_merge(merged_items[i], item, source, origins, item_path)
            else:
                merged_items.append(item)
            origins[item_path] = source
        return merged_items
    origins[path] = source
    return copy.deepcopy(layer)


def parse_override(text: str) -> tuple[str, Any]:
    """Split ``a.b.c=value``; the value is read as YAML (``4`` -> 4, ``true`` -> True, ``[1, 2]`` -> list)."""
    if "=" not in text:
        raise ValueError(f"override {text!r} must look like dotted.path=value")
    path, raw = text.split("=", 1)
    path = path.strip()
    if not path or any(not part for part in path.split(".")):
        raise ValueError(f"override {text!r} has an empty path segment")
    try:
        value = yaml.safe_load(raw) if raw.strip() else ""
    except yaml.YAMLError:
        value = raw
    return path, value


def _child_name(container: Any) -> str:
    if isinstance(container, dict):
        return "keys: " + ", ".join(map(str, container)) if container else "no keys"
    ids = [str(item.get("id")) for item in container if isinstance(item, dict) and "id" in item]
    return "ids: " + ", ".join(ids) if ids else f"{len(container)} items (address by index)"


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
                where = ".".join(walked) or "(top level)"
                raise KeyError(f"no item {part!r} in {where} ({_child_name(node)})")
            if last:
                node[position] = value
                return
            node = node[position]
        else:
            where = ".".join(walked)
            raise KeyError(f"{where} is a single value ({node!r}), it has no field {part!r}")
        walked.append(part)


def _find_item(items: list[Any], key: str) -> int | None:
    for i, item in enumerate(items):
        if isinstance(item, dict) and str(item.get("id")) == key:
            return i
    if key.lstrip("-").isdigit() and -len(items) <= int(key) < len(items):
        return int(key) % len(items)
    return None
