"""Every bundled 明初商途 card's effects, conditions and scoring rules keep their Chinese text.

The texts of every effect list, single effect, condition and scoring rule found anywhere in the
bundled configs' params are compared with ``fixtures/card_texts.json``. After a deliberate change of
a text or a bundled card, write the file again with ``python -m tests.games.mingchu.test_card_texts``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pydantic import BaseModel

from sim.config import load_config
from sim.games.mingchu.story.cardtext import condition_text, effect_text, effects_text, score_text

ROOT = Path(__file__).resolve().parents[3]
CONFIGS = sorted((ROOT / "configs" / "mingchu").glob("*.yaml"))
FIXTURE = Path(__file__).parent / "fixtures" / "card_texts.json"


def _is_effect(node: object) -> bool:
    return isinstance(node, BaseModel) and "effect" in type(node).model_fields


def card_texts(
    node: object, effects_only: bool = False, path: str = "", out: dict | None = None
) -> dict[str, str]:
    """``path -> text`` of every effect list, effect, condition and score rule inside ``node``."""
    out = {} if out is None else out
    if isinstance(node, tuple | list):
        if node and all(_is_effect(item) for item in node):
            out[path] = effects_text(node)
        for index, item in enumerate(node):
            card_texts(item, effects_only, f"{path}[{index}]", out)
    elif isinstance(node, dict):
        for key, value in node.items():
            card_texts(value, effects_only, f"{path}.{key}", out)
    elif isinstance(node, BaseModel):
        fields = type(node).model_fields
        if "effect" in fields:
            out[path] = effect_text(node)
        elif "score" in fields and not effects_only:  # a score rule (``if`` has a condition too)
            out[path] = score_text(node)
        elif "condition" in fields and not effects_only:
            out[path] = condition_text(node)
        for name in fields:
            card_texts(getattr(node, name), effects_only, f"{path}.{name}", out)
    return out


def bundled_texts() -> dict[str, dict[str, str]]:
    """The texts of every bundled config, by config file name."""
    return {config.name: card_texts(load_config(config).params) for config in CONFIGS}


def test_every_bundled_card_keeps_its_text():
    expected = json.loads(FIXTURE.read_text(encoding="utf-8"))
    actual = bundled_texts()
    assert sorted(actual) == sorted(expected)
    for name, texts in actual.items():
        assert len(texts) > 100, name  # the walk reaches the cards
        changed = {p: (expected[name].get(p), t) for p, t in texts.items() if expected[name].get(p) != t}
        assert not changed and texts.keys() == expected[name].keys(), (name, changed)


def test_every_effect_kind_of_the_bundled_cards_has_a_text():
    for config in CONFIGS:
        texts = card_texts(load_config(config).params, effects_only=True)
        assert len(texts) > 100, config.name
        raw = sorted({text for text in texts.values() if text.isascii()})
        assert raw == [], (config.name, raw)


if __name__ == "__main__":
    FIXTURE.write_text(
        json.dumps(bundled_texts(), ensure_ascii=False, indent=1, sort_keys=True) + "\n", "utf-8"
    )
    sys.exit(0)
