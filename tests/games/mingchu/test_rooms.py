"""明初商途's rooms import one way: the rules import no other room, the bots only the rules, and every
import inside the package is relative (docs/architecture.md, "A walk through 明初商途's rooms")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[3] / "sim" / "games" / "mingchu"
ROOMS = ("rules", "bots", "goals", "story")
MAY_IMPORT = {"rules": set(), "bots": {"rules"}, "goals": {"rules", "bots"}, "story": {"rules", "bots"}}
"""The rooms each room may import (besides itself and the package's top-level declarations)."""


def sources() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py") if "_compiled" not in path.parts)


def crossings(source: str, room: str) -> list[str]:
    """The relative imports of a module of ``room`` (its ``source``) that reach a room it may not import."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = [room][: 1 - (node.level - 1)] if node.level <= 2 else []
            target = [*base, *(node.module.split(".") if node.module else [])]
            heads = {target[0]} if target else {alias.name for alias in node.names}
            found += [
                f"line {node.lineno} imports {head}"
                for head in sorted(heads)
                if head in ROOMS and head not in {room, *MAY_IMPORT[room]}
            ]
    return found


def test_every_import_inside_the_package_is_relative() -> None:
    absolute = [
        f"{path.relative_to(PACKAGE)}:{node.lineno}"
        for path in sources()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom)
        and not node.level
        and (node.module or "").startswith("sim.games.mingchu")
    ]
    assert absolute == []


@pytest.mark.parametrize("room", ROOMS)
def test_rooms_import_one_way(room: str) -> None:
    found = [
        f"{path.relative_to(PACKAGE)}: {crossing}"
        for path in sources()
        if path.parent.name == room
        for crossing in crossings(path.read_text(encoding="utf-8"), room)
    ]
    assert found == []


def test_the_check_sees_a_crossing() -> None:
    """A rules module importing a bot, or a room by name from the package, is a crossing; its own room is not."""
    assert crossings("from ..bots.heuristic import BOTS\n", "rules") == ["line 1 imports bots"]
    assert crossings("from .. import story\n", "bots") == ["line 1 imports story"]
    assert crossings("from .state import MingchuState\nfrom ..params import MingchuParams\n", "rules") == []
    assert crossings("from ..rules import actions as A\n", "bots") == []
