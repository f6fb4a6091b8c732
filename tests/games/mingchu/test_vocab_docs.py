"""docs/cards.md documents every effect and condition type, and its examples are valid cards."""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter

from sim.games.mingchu.params import EventCard, RetainerCard
from sim.games.mingchu.rules import effects_schema as es

DOC = (Path(__file__).resolve().parents[3] / "docs" / "cards.md").read_text(encoding="utf-8")


def _tags(union, field: str) -> set[str]:
    return {
        typing.get_args(cls.model_fields[field].annotation)[0] for cls in typing.get_args(union.__origin__)
    }


def test_every_effect_and_condition_has_a_row():
    first_cells = re.findall(r"^\| (`[^|]+)\|", DOC, flags=re.M)
    rows = {name for cell in first_cells for name in re.findall(r"`([a-z_]+)`", cell)}
    assert _tags(es.Effect, "effect") <= rows
    assert _tags(es.Condition, "condition") <= rows


EXAMPLES = re.findall(r"`(\{(?:effect|condition): [^`]+\})`", DOC)


@pytest.mark.parametrize("text", EXAMPLES)
def test_the_examples_validate(text):
    data = yaml.safe_load(text)
    adapter = TypeAdapter(es.Effect if "effect" in data else es.Condition)
    adapter.validate_python(data)


BLOCKS = re.findall(r"```yaml\n(.*?)```", DOC, flags=re.S)


@pytest.mark.parametrize("block", BLOCKS)
def test_the_card_examples_are_valid_cards(block):
    (card,) = yaml.safe_load(block)
    model = RetainerCard if "passive" in card or "ability" in card else EventCard
    model.model_validate(card)


def test_the_retainer_example_shows_two_kinds_of_passive():
    (card,) = yaml.safe_load(next(b for b in BLOCKS if "passive" in b))
    assert [p.effect for p in RetainerCard.model_validate(card).passive] == ["each_round", "discount"]
