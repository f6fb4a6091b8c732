"""The game names a lasting effect through its kind, never as a string: every call of
``modifier_total``, ``note_used`` or ``effects.fire`` in the game's package passes an effect that the
registry (``effect_kinds.KINDS``) has, of the right sort (a modifier or a trigger), and every module passes
it as a name imported from ``modifiers`` (a misspelt name fails at import, where a misspelt string
would sum nothing)."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from sim.games.mingchu.rules import modifiers
from sim.games.mingchu.rules.conditions import kind_name
from sim.games.mingchu.rules.effect_kinds import KINDS, Lasting, Trigger

PACKAGE = Path(importlib.import_module("sim.games.mingchu").__file__).parent
CALLS = {"modifier_total": 2, "note_used": 2, "used_cards": 2, "fire": 1}
"""The functions that take an effect's name, and the position of that argument."""
NAMES = ("DISCOUNT", "SELL_BONUS", "PRODUCE_BONUS", "EXTRA_MOVES", "FORBID", "INCOME_BONUS")
TRIGGERS = ("EACH_ROUND", "ON_EVENT", "ON_DELIVERY")


def _call_sites() -> list[tuple[str, int, str, ast.expr]]:
    """(module, line, function, effect argument) of every call that names an effect (not ``modifiers``'
    own calls, which pass on the name they were given)."""
    sites = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "_compiled" in path.parts or path.relative_to(PACKAGE) == Path("rules", "modifiers.py"):
            continue
        module = ".".join(("sim", "games", "mingchu", *path.relative_to(PACKAGE).with_suffix("").parts))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in CALLS:
                where = CALLS[node.func.id]
                if len(node.args) > where:
                    sites.append((module, node.lineno, node.func.id, node.args[where]))
    return sites


SITES = _call_sites()


def test_the_call_sites_are_found() -> None:
    functions = {function for _, _, function, _ in SITES}
    assert functions >= {"modifier_total", "note_used", "fire"} and len(SITES) >= 35


@pytest.mark.parametrize(
    ("module", "line", "function", "arg"),
    SITES,
    ids=[f"{m}:{line}:{fn}({ast.unparse(arg)})" for m, line, fn, arg in SITES],  # the same in every worker
)
def test_each_call_names_an_effect_of_the_registry(
    module: str, line: int, function: str, arg: ast.expr
) -> None:
    if isinstance(arg, ast.Constant):
        name = arg.value
    else:
        assert isinstance(arg, ast.Name), f"{module}:{line}: {function} names its effect by an expression"
        name = getattr(importlib.import_module(module), arg.id)
    assert name in KINDS, f"{module}:{line}: {function}({name!r}) names no effect"
    wanted = Trigger if function == "fire" else Lasting
    assert isinstance(KINDS[name], wanted) and (function == "fire") == isinstance(KINDS[name], Trigger), (
        f"{module}:{line}: {function}({name!r}) takes a {wanted.__name__.lower()}"
    )


def test_no_module_passes_an_effect_as_a_string() -> None:
    literal = [f"{m}:{line}" for m, line, _, arg in SITES if isinstance(arg, ast.Constant)]
    assert literal == []


@pytest.mark.parametrize("constant", NAMES + TRIGGERS)
def test_each_name_is_its_kinds(constant: str) -> None:
    name = getattr(modifiers, constant)
    kind = KINDS[name]
    assert kind_name(kind.schema, "effect") == name
    assert type(kind).__name__.upper() == constant.replace("_", "")
    assert isinstance(kind, Trigger) == (constant in TRIGGERS)
