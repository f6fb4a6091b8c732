"""A game package's own texts (``<game>/texts/<lang>.py``, ``sim.texts.package_texts``): every file
has the same keys with the same ``{placeholders}``, every key the game's code names is in every file,
and every key of the files is one the code names (literally, or under a prefix it completes at run
time: ``"measure." + name``), so a translation, or a new language, is one file."""

from __future__ import annotations

import ast
import pkgutil
from pathlib import Path

import pytest

import sim.games
from sim.texts import package_languages, package_texts
from tests.texts.test_one_catalogue import fields

LOOKUPS = {"say": 1, "signed": 1, "_say": 0, "template": 1, "said": 0, "Said": 0}
"""The game's text lookups (``texts.say``, ``texts.signed``, the narrator's ``_say``, the rules'
``texts.said`` and its class ``Said``) and where the key is among their arguments."""
SIGNED = ("up", "down")
"""``signed(lang, key, amount)`` reads ``key.up`` or ``key.down``."""

GAMES = [
    f"sim.games.{m.name}"
    for m in pkgutil.iter_modules(sim.games.__path__)
    if m.ispkg and package_languages(f"sim.games.{m.name}")
]


def _key(node: ast.expr, constants: dict[str, str]) -> tuple[str, bool] | None:
    """The key an argument names: a literal (exact), or a literal or module constant with a run-time
    end (``"measure." + name``, ``ACTION_TEXT + eff.action``: a prefix); None when it names neither."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value, True
    if isinstance(node, ast.IfExp):  # "a" if x else "b": both are checked by the caller's walk
        return None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = node.left
        if isinstance(left, ast.Constant) and isinstance(left.value, str):
            return left.value, False
        if isinstance(left, ast.Name) and left.id in constants:
            return constants[left.id], False
    return None


def used_keys(package: str) -> tuple[set[str], set[str]]:
    """The keys the package's code names (outside ``texts/``), and the prefixes it completes at run time."""
    root = Path(__import__(package, fromlist=["_"]).__file__).parent
    exact, prefixes = set(), set()
    for path in sorted(root.rglob("*.py")):
        parts = path.relative_to(root).parts
        if "texts" in parts and parts != ("texts", "__init__.py"):  # the language files themselves
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        delegating = {  # a lookup's own body (a function's, a class's) hands on the key it was given
            id(call)
            for func in ast.walk(tree)
            if isinstance(func, ast.FunctionDef | ast.ClassDef) and func.name in LOOKUPS
            for call in ast.walk(func)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or id(node) in delegating:
                continue
            func = node.func
            name = (
                func.id
                if isinstance(func, ast.Name)
                else func.attr
                if isinstance(func, ast.Attribute)
                else ""
            )
            if name not in LOOKUPS or len(node.args) <= LOOKUPS[name]:
                continue
            arg = node.args[LOOKUPS[name]]
            options = [arg.body, arg.orelse] if isinstance(arg, ast.IfExp) else [arg]
            for option in options:
                found = _key(option, constants)
                assert found is not None, f"{path.name}:{node.lineno}: a text key the test cannot read"
                key, whole = found
                if not whole:
                    prefixes.add(key)
                elif name == "signed":
                    exact |= {f"{key}.{end}" for end in SIGNED}
                else:
                    exact.add(key)
    return exact, prefixes


@pytest.mark.parametrize("package", GAMES)
def test_every_language_file_has_the_same_keys_and_placeholders(package):
    langs = package_languages(package)
    first = package_texts(package, langs[0])
    for lang in langs[1:]:
        texts = package_texts(package, lang)
        assert set(texts) == set(first), lang
        differ = {key: fields(text) ^ fields(texts[key]) for key, text in first.items()}
        assert {key: d for key, d in differ.items() if d} == {}, lang


@pytest.mark.parametrize("package", GAMES)
def test_every_key_the_code_names_is_in_every_language_file(package):
    exact, prefixes = used_keys(package)
    assert len(exact) > 20  # the walk finds the lookups
    for lang in package_languages(package):
        texts = package_texts(package, lang)
        assert sorted(exact - set(texts)) == [], lang
        assert [p for p in sorted(prefixes) if not any(k.startswith(p) for k in texts)] == [], lang


@pytest.mark.parametrize("package", GAMES)
def test_every_key_of_the_files_is_named_by_the_code(package):
    exact, prefixes = used_keys(package)
    texts = package_texts(package, package_languages(package)[0])
    unused = [k for k in texts if k not in exact and not any(k.startswith(p) for p in prefixes)]
    assert unused == []


def test_mingchu_ships_its_texts_and_every_completed_key_is_there():
    """The keys 明初商途 completes at run time: what a discount or a ban applies to, each measure, each
    ledger amount, how a water route is crossed, the phases told, and in the rules' action
    descriptions each way of moving, each place a good goes and each card row that can run out."""
    import typing

    from sim.games.mingchu.rules import effects_schema as es
    from sim.games.mingchu.rules import pickers, production, turn
    from sim.games.mingchu.rules.kinds import KINDS
    from sim.games.mingchu.story import ledger, narrator

    package = "sim.games.mingchu"
    assert "sim.games.mingchu" in GAMES and "zh" in package_languages(package)
    actions = set(typing.get_args(es.DiscountTarget)) - {"favor"}  # a toll in 恩义 has its own text
    actions |= set(typing.get_args(es.Forbid.model_fields["action"].annotation))
    needed = {f"action.{a}" for a in actions}
    needed |= {f"measure.{m}" for m in typing.get_args(es.Measure)}
    needed |= {f"ledger.{name}" for name in ledger.AMOUNTS}
    needed |= {f"water_mode.{mode}" for mode in ("step", "horse", "bonus", "workers")}  # M27
    needed |= {f"phase.{stage}" for stage in (*narrator.PHASES, "production")}
    needed |= {f"move_mode.{mode}" for mode in turn.MOVE_MODES}
    needed |= {f"act.good_to.{dest}" for dest in production.DESTINATIONS}
    rows = [kind.kind for kind in KINDS if isinstance(kind, pickers.PickCardKind)]
    assert sorted(rows) == ["pick_score", "pick_tianwei"]
    needed |= {f"act.pick_card.none.{row}" for row in rows}
    for lang in package_languages(package):
        assert sorted(needed - set(package_texts(package, lang))) == [], lang
