"""Layering of config data: deep merge by key, list items merged by their ``id``, dotted overrides."""

from __future__ import annotations

import copy
from typing import Any

import yaml

from sim.config.paths import is_id_list

Origins = dict[tuple[str, ...], str]
"""Which source (file or ``--set``) last wrote each path, for error messages."""


def deep_merge(base: Any, layer: Any, source: str, origins: Origins, path: tuple[str, ...] = ()) -> Any:
    """Merge ``layer`` over ``base``: dicts by key, lists of ``{id: ...}`` items by id, anything else replaced."""
    if isinstance(base, dict) and isinstance(layer, dict):
        merged = dict(base)
        for key, value in layer.items():
            key_path = (*path, str(key))
            merged[key] = deep_merge(base[key], value, source, origins, key_path) if key in base else value
            origins[key_path] = source
        return merged
    if is_id_list(base) and is_id_list(layer):
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
