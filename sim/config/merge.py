"""Layering of config data: deep merge by key, list items merged by their ``id``, dotted overrides."""

from __future__ import annotations

import copy
from typing import Any

import yaml

from sim.config.errors import ConfigError, Origins
from sim.config.paths import is_id_list, nearest_ids, set_path
from sim.core.yaml_text import load_yaml
from sim.texts import message

ADDED_KEY = "add"
"""``add: true`` on a card entry of a variant: the card is new, not a change of one its parent has."""
DECKS = "cards"
"""The top-level key whose id lists are card decks (``cards.<deck>``): there an id the parent's deck
lacks is a typo unless its entry says ``add: true`` (other id lists, such as map places, take new
ids as they come)."""


def deep_merge(base: Any, layer: Any, source: str, origins: Origins, path: tuple[str, ...] = ()) -> Any:
    """Merge ``layer`` over ``base``: dicts by key, lists of ``{id: ...}`` items by id, anything else
    replaced. In a card deck a new id needs ``add: true`` (dropped here); ``ConfigError`` otherwise."""
    if isinstance(base, dict) and isinstance(layer, dict):
        merged = dict(base)
        for key, value in layer.items():
            key_path = (*path, str(key))
            merged[key] = (
                deep_merge(base[key], value, source, origins, key_path)
                if key in base
                else _unmarked(value, source, key_path)
            )
            origins[key_path] = source
        return merged
    if is_id_list(base) and is_id_list(layer):
        merged_items = [copy.deepcopy(item) for item in base]
        index = {str(item["id"]): i for i, item in enumerate(merged_items)}
        for item in layer:
            item_path = (*path, str(item["id"]))
            added = _is_added(item, source, path)
            if str(item["id"]) in index:
                if added:
                    raise _deck_error(
                        source,
                        path,
                        item["id"],
                        message("deck_holds_card"),
                    )
                i = index[str(item["id"])]
                merged_items[i] = deep_merge(merged_items[i], item, source, origins, item_path)
            elif _is_deck(path) and not added:
                hint = nearest_ids(str(item["id"]), list(index))
                raise _deck_error(
                    source,
                    path,
                    item["id"],
                    message("deck_no_such_card", hint=hint, card=item["id"]),
                )
            else:
                merged_items.append(_without_mark(item))
            origins[item_path] = source
        return merged_items
    origins[path] = source
    return _unmarked(copy.deepcopy(layer), source, path)


def _is_deck(path: tuple[str, ...]) -> bool:
    return len(path) == 2 and path[0] == DECKS


def _is_added(item: dict[str, Any], source: str, path: tuple[str, ...]) -> bool:
    """Whether a deck entry says ``add: true`` (anything else under ``add`` is refused)."""
    if not _is_deck(path) or ADDED_KEY not in item:
        return False
    if item[ADDED_KEY] is not True:
        raise _deck_error(
            source,
            path,
            item["id"],
            message("deck_add_value", value=repr(item[ADDED_KEY])),
        )
    return True


def _without_mark(item: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in item.items() if k != ADDED_KEY}


def _unmarked(value: Any, source: str, path: tuple[str, ...]) -> Any:
    """``value`` written where its parent has nothing: the ``add: true`` marks of its decks dropped
    (every card there is new)."""
    if isinstance(value, dict) and path[:1] == (DECKS,)[: len(path)] and len(path) < 2:
        return {k: _unmarked(v, source, (*path, str(k))) for k, v in value.items()}
    if _is_deck(path) and is_id_list(value):
        return [_without_mark(item) if _is_added(item, source, path) else item for item in value]
    return value


def _deck_error(source: str, path: tuple[str, ...], card: Any, problem: str) -> ConfigError:
    return ConfigError(message("deck_entry", source=source, path=".".join(path), card=card, problem=problem))


def set_override(data: dict[str, Any], dotted: str, value: Any, source: str, origins: Origins) -> None:
    """Apply one ``--set dotted=value`` to merged config ``data``. A list of cards given for a whole
    deck (``cards.<deck>=[{id: ...}, ...]``) merges into that deck by id as a variant's layer does
    (``add: true`` on a new card, a changed card by its id, an unknown id refused with the nearest);
    any other value replaces the one at ``dotted`` (``KeyError`` for a list item that is not there)."""
    path = tuple(dotted.split("."))
    decks = data.get(DECKS)
    deck = decks.get(path[1]) if _is_deck(path) and isinstance(decks, dict) else None
    if is_id_list(deck) and isinstance(value, dict):
        raise ConfigError(message("deck_takes_list", source=source, path=dotted, value=repr(value)))
    if is_id_list(deck) and is_id_list(value):
        value = deep_merge(deck, value, source, origins, path)
    set_path(data, dotted, value)


def parse_override(text: str) -> tuple[str, Any]:
    """Split ``a.b.c=value``; the value is read as YAML (``4`` -> 4, ``true`` -> True, ``[1, 2]`` -> list)."""
    if "=" not in text:
        raise ValueError(message("override_form", text=text))
    path, raw = text.split("=", 1)
    path = path.strip()
    if not path or any(not part for part in path.split(".")):
        raise ValueError(message("override_empty", text=text))
    try:
        value = load_yaml(raw, yaml.SafeLoader) if raw.strip() else ""
    except yaml.YAMLError:
        value = raw
    return path, value
