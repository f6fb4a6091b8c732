"""The architecture contract: imports follow the data flow (docs/architecture.md "Layers").

Every ``import`` of a ``sim`` module -- at the top of a file or inside a function -- is read from
the source with ``ast``, and each module is placed in its layer. A module may import its own
layer's modules and the layers below; an import of a higher layer, or between two layers that sit
side by side (the games and the bots), fails the test, and so does any cycle: between packages, and
between the modules of one package.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2] / "sim"

LAYERS: tuple[tuple[str, ...], ...] = (
    ("sim.cli", "sim.demo", "sim.__main__"),
    ("sim.goal_study", "sim.goal_run"),
    ("sim.cards",),
    ("sim.report",),
    ("sim.runner", "sim.check", "sim.check_variants"),
    ("sim.stats",),
    ("sim.games", "sim.bots"),
    ("sim.config",),
    ("sim.core", "sim.dataset"),
    ("sim",),
)
"""Top to bottom: a module may import its own layer and the layers below."""

SIDE_BY_SIDE = ({"sim.games", "sim.bots"}, {"sim.core", "sim.dataset"})
"""Packages of one layer that may not import each other."""

GAMES_USE_ONLY = ("sim.core", "sim.texts")
"""A game package is built on the core alone (its bots and configs included), and writes its messages
for people through the message catalogue (``sim.texts``, which imports nothing of the toolkit)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def sim_imports(path: Path, name: str) -> Iterator[tuple[str, int]]:
    """The ``sim`` modules ``path`` imports (``from sim import x`` counts as ``sim.x``), with lines."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    package.split(".")[: len(package.split(".")) - node.level + 1] + ([base] if base else [])
                )
            targets = [
                f"{base}.{alias.name}" if is_module(f"{base}.{alias.name}") else base for alias in node.names
            ]
        else:
            continue
        for target in targets:
            if target == "sim" or target.startswith("sim."):
                yield target, node.lineno


def is_module(name: str) -> bool:
    path = ROOT.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def owner(name: str) -> str:
    """The most specific package or module of ``LAYERS`` that holds module ``name``."""
    owners = [p for layer in LAYERS for p in layer if name == p or name.startswith(p + ".")]
    return max(owners, key=len)


def layer_of(name: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if owner(name) in layer)


def import_graph(root: Path = ROOT) -> dict[str, dict[str, int]]:
    """Module -> {imported sim module: line}."""
    graph: dict[str, dict[str, int]] = {}
    for path in sorted(root.rglob("*.py")):
        name = module_name(path)
        graph[name] = {t: line for t, line in sim_imports(path, name) if t != name}
    return graph


def layer_violations(graph: dict[str, dict[str, int]]) -> list[str]:
    found = []
    for name, targets in graph.items():
        for target, line in targets.items():
            mine, theirs = owner(name), owner(target)
            upward = layer_of(target) < layer_of(name)
            sideways = any({mine, theirs} == pair for pair in SIDE_BY_SIDE)
            if upward or sideways:
                found.append(
                    f"{name}:{line} imports {target} ({'a higher layer' if upward else 'a sibling'})"
                )
            if mine == "sim.games" and not target.startswith(("sim.games", *GAMES_USE_ONLY)):
                found.append(f"{name}:{line} imports {target} (a game is built on sim.core only)")
    return found


def unit(name: str) -> str:
    """The part of the program a module belongs to: its package of ``LAYERS``, each game its own."""
    parts = name.split(".")
    return ".".join(parts[:3]) if name.startswith("sim.games.") else owner(name)


def unit_graph(graph: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """The import graph between units (a unit's imports of itself left out)."""
    units: dict[str, dict[str, int]] = {}
    for name, targets in graph.items():
        mine = units.setdefault(unit(name), {})
        for target, line in targets.items():
            if unit(target) != unit(name):
                mine.setdefault(unit(target), line)
    return units


def strongly_connected(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The components of more than one node of a directed graph (each a cycle or a knot of them)."""

    def edges(name: str) -> list[str]:
        return [t for t in graph.get(name, {}) if t in graph]

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in edges(node):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return sorted(found)


def cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Every import cycle between units (strongly connected components of more than one unit)."""
    return strongly_connected(unit_graph(graph))


def module_cycles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """Every import cycle between modules, inside a package too. Every import counts: at the top,
    inside a function (a deferred import only hides the cycle) or under ``TYPE_CHECKING`` (the two
    modules still need each other to be read)."""
    return strongly_connected(graph)


def test_imports_follow_the_layers() -> None:
    assert layer_violations(import_graph()) == []


def test_no_import_cycles() -> None:
    assert cycles(import_graph()) == []


def test_no_import_cycles_between_modules() -> None:
    assert module_cycles(import_graph()) == []


def test_contract_catches_a_planted_cycle_inside_a_package() -> None:
    graph = import_graph()
    graph["sim.report.page"] = {**graph["sim.report.page"], "sim.report.sections": 1}
    assert any({"sim.report.page", "sim.report.sections"} <= set(c) for c in module_cycles(graph))
    assert cycles(graph) == []  # the same package: the unit graph alone cannot see it


def test_contract_catches_a_planted_upward_import(tmp_path: Path) -> None:
    """The contract is not vacuous: a core module importing the report is reported."""
    graph = import_graph()
    graph["sim.core.game"] = {**graph["sim.core.game"], "sim.report.names": 1}
    assert layer_violations(graph) == ["sim.core.game:1 imports sim.report.names (a higher layer)"]


def test_contract_catches_a_planted_cycle() -> None:
    graph = import_graph()
    graph["sim.games.toy.rules"] = {**graph["sim.games.toy.rules"], "sim.games.brass.rules.game": 1}
    graph["sim.games.brass.rules.game"] = {**graph["sim.games.brass.rules.game"], "sim.games.toy.rules": 1}
    assert ["sim.games.brass", "sim.games.toy"] in cycles(graph)


@pytest.mark.parametrize("game", ["brass", "mingchu", "steam", "toy"])
def test_every_module_has_a_layer(game: str) -> None:
    assert layer_of(f"sim.games.{game}.rules") == layer_of("sim.bots")
