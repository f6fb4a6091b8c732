"""One catalogue per language (``sim.texts.en``, ``sim.texts.zh``) holds every text a user reads: the
console's messages, the report's, the card lab's, ``sim run``'s summary and ``sim play``'s log. Every
key is in every language with the same ``{placeholders}``, no key is defined in two sections (the
console's and the report's old catalogues merged without overwriting one another), the toolkit keeps
no inline ``{"en": ..., "zh": ...}`` table of its own, and a new language is one file."""

from __future__ import annotations

import ast
import string
import sys
from pathlib import Path
from types import ModuleType

import pytest

import sim.texts
from sim.report.labels import glossary, header, shared_terms, t
from sim.texts import (
    LANGS,
    SECTIONS,
    KeyCollision,
    catalogue,
    collisions,
    en,
    join_sections,
    languages,
    message,
    zh,
)

ROOT = Path(__file__).resolve().parents[2]
GRAMMAR_FIELDS = {"plural", "expected", "choices", "field_type"}
"""Fields only one language's wording needs (an English plural ending, pydantic's English "'a' or 'b'"
and type word): ``tests/cli/test_lang_everywhere.py`` says why."""
ONE_LANGUAGE_FIELDS: dict[str, set[str]] = {
    "variant_play": {"play", "play_key"},  # English names a play by its code, Chinese by its display name
    "play_seats": {"phase", "phase_key"},  # likewise a phase
    "deck_study.left_out": {"count"},  # Chinese counts the flagged cards before naming them
}
"""Key -> fields one language's text has and the other's deliberately lacks, beyond ``GRAMMAR_FIELDS``
and the fields named after a language (``game_named``'s ``{en}``/``{zh}``)."""
GAME_DISPLAY_NAMES = {"DISPLAY_NAMES"}
"""Tables of a game's own display names (the synthetic game's, like each game's ``names.py``)."""


def fields(text: str) -> set[str]:
    """The ``{placeholders}`` of a ``str.format`` text, those inside a format spec included."""
    found = set()
    for _, name, spec, _ in string.Formatter().parse(text):
        if name is not None:
            found.add(name.split(".")[0].split("[")[0])
            found |= fields(spec or "")
    return found


def test_every_section_has_the_same_keys_in_every_language():
    for section in (*SECTIONS, "HEADERS"):
        assert set(getattr(en, section)) == set(getattr(zh, section)), section
    # TERMS is the one section with keys deliberately in one language: a term a language lacks shows as
    # its code (sim.report.names), so English leaves out the terms whose English word is the code itself
    assert set(en.TERMS) <= set(zh.TERMS)
    assert all(code.isascii() for code in set(zh.TERMS) - set(en.TERMS))
    assert len(en.GLOSSARY) == len(zh.GLOSSARY)
    assert set(catalogue("en")) == set(catalogue("zh"))
    assert len(catalogue("en")) > 800  # the console's, the report's, the card lab's and the play log's


def test_every_placeholder_matches_across_languages():
    languages_ = set(LANGS)
    differ = {}
    for key in catalogue("en"):
        mine, theirs = (fields(catalogue(lang)[key]) - GRAMMAR_FIELDS - languages_ for lang in ("en", "zh"))
        if mine ^ theirs != ONE_LANGUAGE_FIELDS.get(key, set()):
            differ[key] = mine ^ theirs
    for section in ("HEADERS", "TERMS"):
        for key, text in getattr(en, section).items():
            if fields(text) != fields(getattr(zh, section)[key]):
                differ[f"{section}:{key}"] = fields(text) ^ fields(getattr(zh, section)[key])
    assert differ == {}


def test_the_old_catalogues_merged_without_a_silent_overwrite():
    for module in (en, zh):
        assert collisions(module) == {}
        joined = catalogue(module.__name__.rpartition(".")[2])
        assert len(joined) == sum(len(getattr(module, section)) for section in SECTIONS)
        for section in SECTIONS:  # each key reads its own section's text
            for key, text in getattr(module, section).items():
                assert joined[key] is text, (section, key)
    assert t("sec_goals", "zh") == zh.MESSAGES["sec_goals"]  # the report's lookup
    assert message("set_error", error="x").in_lang("zh") == zh.ERRORS["set_error"].format(error="x")
    assert t("set_error", "en", error="x") == message("set_error", error="x")  # one key space


def test_a_key_in_two_sections_is_refused():
    doubled = ModuleType("doubled")
    doubled.ERRORS = {"same": "a", "other": "b"}
    doubled.MESSAGES = {"same": "c"}
    assert collisions(doubled) == {"same": ["ERRORS", "MESSAGES"]}
    with pytest.raises(KeyCollision, match="same in ERRORS, MESSAGES"):
        join_sections(doubled)


def inline_language_tables() -> list[str]:
    """Dict literals of the toolkit (not a game's, not the catalogue's; the command line's included)
    keyed by two languages."""
    found = []
    for path in sorted((ROOT / "sim").rglob("*.py")):
        parts = path.relative_to(ROOT / "sim").parts
        if parts[0] in ("games", "texts"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = {
            id(node.value): target.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Assign | ast.AnnAssign)
            for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict) and named.get(id(node)) not in GAME_DISPLAY_NAMES:
                keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
                if {"en", "zh"} <= keys:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    return found


def test_the_toolkit_keeps_no_inline_table_of_languages():
    assert inline_language_tables() == []


NEW_LANGUAGE = '''"""A third language for the test: the English catalogue with two texts of its own."""
from sim.texts.en import CARDS, CONSOLE, ERRORS, GLOSSARY, HEADERS, MESSAGES, TERMS

MESSAGES = {**MESSAGES, "sec_goals": "Designziele"}
ERRORS = {**ERRORS, "set_error": "--set: Fehler {error}"}
'''


@pytest.fixture
def third_language(tmp_path, monkeypatch):
    """A language module ``xx`` in a folder of the ``sim.texts`` package: one file, nothing else."""
    (tmp_path / "xx.py").write_text(NEW_LANGUAGE, encoding="utf-8")
    monkeypatch.setattr(sim.texts, "__path__", [*sim.texts.__path__, str(tmp_path)])
    yield "xx"
    module = sys.modules.pop("sim.texts.xx", None)
    sim.texts._JOINED.pop(module, None)


def test_a_new_language_is_one_file(third_language, monkeypatch):
    assert third_language in languages() and third_language not in LANGS
    assert t("sec_goals", third_language) == "Designziele"
    assert message("set_error", error="x").in_lang(third_language) == "--set: Fehler x"
    assert message("set_error", error="x").in_lang("no_such_language") == "--set: x"  # English
    assert header("card", third_language) == header("card", "en")
    assert shared_terms(third_language) == shared_terms("en") and glossary(third_language) == glossary("en")
    monkeypatch.setattr(sim.texts, "LANGS", languages())
    tables = sim.texts.table("deck_study")  # a module's table of texts by key and language
    assert tables["title"][third_language] == tables["title"]["en"]
    assert sim.texts.words("run_summary")[third_language]["seats"] == en.CONSOLE["run_summary.seats"]
