"""YAML as configs, maps, ``--set`` values and sheet cells are read: safe, keys written once, and
aliases that cannot blow up.

A YAML alias (``*name``) repeats the value its anchor (``&name``) marks. A few kilobytes of aliases
of aliases ("billion laughs") stand for billions of values: loading them is quick (the copies are
shared), but anything that walks the data afterwards (merging, validation) never ends. So the
composed document is measured before it is built: the values the aliases add may not exceed
``MAX_ALIAS_VALUES``, and an alias inside the value it repeats is refused.
"""

from __future__ import annotations

from typing import Any

import yaml

from sim.texts import message

MAX_ALIAS_VALUES = 10_000
"""The most values a document's aliases may add to what is written out (sharing a card's effects
between a few cards adds tens)."""


class AliasError(yaml.YAMLError):
    """A document whose aliases expand too far, or into themselves; ``str()`` says which."""


class StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses a key written twice in one mapping (YAML would keep only the last)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} appears twice in the same mapping", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def expanded_size(root: yaml.Node) -> tuple[int, int]:
    """(values once every alias is written out, distinct values written) of a composed document;
    ``AliasError`` when an alias sits inside the value it repeats."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if children_done:
            sizes[key] = 1 + sum(sizes[id(child)] for child in _children(node))
            open_nodes.discard(key)
            continue
        if key in sizes:
            continue
        if key in open_nodes:
            line = node.start_mark.line + 1 if node.start_mark else "?"
            raise AliasError(message("yaml_alias_loop", line=line))
        open_nodes.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in sizes)
    return sizes[id(root)], len(sizes)


def load_yaml(text: str, loader: type[yaml.SafeLoader] = StrictLoader) -> Any:
    """The value of one YAML document (None when empty); ``AliasError`` when its aliases expand to
    more than ``MAX_ALIAS_VALUES`` values beyond those written, other ``yaml.YAMLError`` as PyYAML
    raises them."""
    reader = loader(text)
    try:
        node = reader.get_single_node()
        if node is None:
            return None
        total, written = expanded_size(node)
        if total - written > MAX_ALIAS_VALUES:
            raise AliasError(message("yaml_alias_bomb", total=f"{total:,}", most=f"{MAX_ALIAS_VALUES:,}"))
        return reader.construct_document(node)
    finally:
        reader.dispose()
