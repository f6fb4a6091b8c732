"""The effect table: one class per effect of the card vocabulary, each with its schema, worth and text."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter

from sim.games.mingchu.rules import effect_kinds as ek
from sim.games.mingchu.rules import effects_schema as es

EFFECT = TypeAdapter(es.Effect)
SCHEMAS = typing.get_args(typing.get_args(es.Effect)[0])
DOC = (Path(__file__).resolve().parents[3] / "docs" / "cards.md").read_text(encoding="utf-8")
EXAMPLES = [yaml.safe_load(text) for text in re.findall(r"`(\{effect: [^`]+\})`", DOC)]
COMPOSITE = {"if", "others", *(ek._name(schema) for schema in es.TRIGGER_TYPES)}


def test_the_table_lists_every_schema_effect_once():
    assert len(SCHEMAS) == len(ek.KINDS) == len({type(kind) for kind in ek.KINDS.values()})
    assert {kind.schema for kind in ek.KINDS.values()} == set(SCHEMAS)
    for name, kind in ek.KINDS.items():
        assert ek._name(kind.schema) == name


def test_lasting_classes_are_the_schema_modifiers():
    lasting = {kind.schema for kind in ek.KINDS.values() if isinstance(kind, ek.Lasting)}
    triggers = {kind.schema for kind in ek.KINDS.values() if isinstance(kind, ek.Trigger)}
    assert lasting == set(es.MODIFIER_TYPES)
    assert triggers == set(es.TRIGGER_TYPES)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda ex: str(ex))
def test_every_documented_example_has_a_chinese_text_and_a_worth(example):
    eff = EFFECT.validate_python(example)
    text = ek.effect_text(eff)
    assert text and not text.isascii(), text
    assert re.search(r"[a-z_]{3,}", text) is None, text  # no code name inside the text
    if eff.effect not in COMPOSITE:
        assert ek.effect_value(eff) == ek.KINDS[eff.effect].worth * ek._size(eff) != 0


def test_composite_texts_word_what_they_hold():
    gain = {"effect": "gain_coins", "amount": 3}
    at_capital = {"condition": "at_place", "place": "京城"}
    either = {
        "effect": "if",
        "condition": at_capital,
        "then": [gain],
        "otherwise": [{"effect": "draw_grace"}],
    }
    assert ek.effect_text(EFFECT.validate_python(either)) == "若有掌柜在京城则得3铜币；否则抽1张皇恩卡"
    others = {"effect": "others", "effects": [{"effect": "lose_coins", "amount": 2}]}
    assert ek.effect_text(EFFECT.validate_python(others)) == "其他玩家各失2铜币"
    delivery = {"effect": "on_delivery", "deck": "洪武", "effects": [gain]}
    assert ek.effect_text(EFFECT.validate_python(delivery)) == "交付洪武订单时：得3铜币"


def test_composites_are_worth_what_they_hold():
    gain = {"effect": "gain_coins", "amount": 3}
    assert ek.effect_value(EFFECT.validate_python({"effect": "others", "effects": [gain]})) == -3.0
    assert ek.effect_value(EFFECT.validate_python({"effect": "each_round", "effects": [gain]})) == 12.0
    either = {"effect": "if", "condition": {"condition": "at_least", "measure": "coins", "value": 1}}
    assert ek.effect_value(EFFECT.validate_python({**either, "then": [gain], "otherwise": []})) == 1.5
