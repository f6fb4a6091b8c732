"""A Chinese report names every parameter of the bundled 明初商途 configs by its parts' names."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.config import load_config
from sim.games.mingchu.names import DISPLAY_NAMES
from sim.report.names import Names

CONFIGS = sorted((Path(__file__).resolve().parents[3] / "configs" / "mingchu").glob("*.yaml"))


def leaf_paths(node: object, path: tuple[str, ...] = ()) -> list[str]:
    """The dotted path of every value in a config (list items by ``id``, else by position)."""
    if isinstance(node, dict):
        return [p for key, value in node.items() for p in leaf_paths(value, (*path, str(key)))]
    if isinstance(node, list | tuple):
        return [
            p
            for index, item in enumerate(node)
            for p in leaf_paths(
                item, (*path, str(item["id"]) if isinstance(item, dict) and "id" in item else str(index))
            )
        ]
    return [".".join(path)]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.name)
def test_every_parameter_path_part_has_a_chinese_name(config):
    zh = DISPLAY_NAMES["zh"]
    named = {**zh["terms"], **zh["params"]}
    paths = leaf_paths(load_config(config).params.model_dump(mode="python"))
    assert len(paths) > 500
    coded = {part for path in paths for part in path.split(".") if part.isascii() and not part.isdigit()}
    assert sorted(coded - set(named)) == []


def test_a_chinese_report_shows_rules_and_card_fields_without_code():
    names = Names.from_meta([], "zh")
    assert names.term("mingchu", "rules.build_max_moved") == "规则·建造前最多移动步数"
    shown = names.term("mingchu", "cards.事件.胡惟庸案.effects.0.steps")
    assert shown.endswith("步数") and not any(c.isascii() and c.isalpha() for c in shown), shown


def test_every_card_effect_has_a_chinese_name():
    from sim.games.mingchu.names import EFFECT_NAMES_ZH
    from sim.games.mingchu.rules.effect_kinds import KINDS

    assert set(EFFECT_NAMES_ZH) == set(KINDS)
    assert all(name and name.isascii() is False for name in EFFECT_NAMES_ZH.values())
