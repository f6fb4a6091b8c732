"""Shared loading and graph helpers for the 明初商途 content tests."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sim.config import load_config
from sim.config.resources import config_root

CONFIG_DIR = config_root() / "mingchu"
BASE = CONFIG_DIR / "base.yaml"


def variant_paths() -> list[Path]:
    """Every variant file of the game (base.yaml and the files extending it)."""
    return sorted(CONFIG_DIR.glob("*.yaml"))


def base_config():
    return load_config(BASE)


def walk(node: Any) -> Iterator[dict]:
    """Every mapping inside a YAML tree, depth first."""
    if isinstance(node, dict):
        yield node
        for value in node.values():
            yield from walk(value)
    elif isinstance(node, list | tuple):
        for value in node:
            yield from walk(value)


def adjacency(params, *, kinds: tuple[str, ...] = ("solid", "dashed", "water")) -> dict[str, set[str]]:
    """Place -> neighbours over the roads of the given kinds."""
    adj: dict[str, set[str]] = {p.id: set() for p in params.map.places}
    for road in params.map.roads:
        if road.kind in kinds:
            adj[road.a].add(road.b)
            adj[road.b].add(road.a)
    return adj


def distances(adj: dict[str, set[str]], source: str) -> dict[str, int]:
    """Road steps from ``source`` to every reachable place."""
    dist = {source: 0}
    queue = deque([source])
    while queue:
        place = queue.popleft()
        for other in sorted(adj[place]):
            if other not in dist:
                dist[other] = dist[place] + 1
                queue.append(other)
    return dist
