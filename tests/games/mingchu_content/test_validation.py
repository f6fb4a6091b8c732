"""Every 明初商途 content file validates, and a designer's typo fails with a message naming it."""

from __future__ import annotations

import pytest
import yaml

from sim.config import ConfigError, load_config
from tests.games.mingchu_content.helpers import BASE, CONFIG_DIR, variant_paths


def test_there_is_a_base_and_at_least_two_variants():
    names = {p.name for p in variant_paths()}
    assert "base.yaml" in names
    assert len(names) >= 3


@pytest.mark.parametrize("path", variant_paths(), ids=lambda p: p.stem)
def test_every_content_file_validates(path):
    cfg = load_config(path)
    assert cfg.game == "mingchu"
    assert cfg.params.map.capital == "应天府"


@pytest.mark.parametrize("path", [p for p in variant_paths() if p != BASE], ids=lambda p: p.stem)
def test_variants_extend_base_and_say_what_they_change(path):
    raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert raw["extends"] == "base.yaml"
    assert raw.get("description")


def test_files_are_labelled_as_prototype():
    for path in variant_paths():
        head = path.read_text(encoding="utf-8")[:600]
        assert "PROTOTYPE" in head or "原型" in head, path.name
    assert "prototype" in (CONFIG_DIR / "README.md").read_text(encoding="utf-8").lower()


def test_price_variant_changes_only_leather():
    base = load_config(BASE).params
    variant = load_config(CONFIG_DIR / "price-leather-7.yaml").params
    changed = [g.id for g, h in zip(base.goods, variant.goods, strict=True) if g != h]
    assert changed == ["皮革"]
    assert next(g for g in variant.goods if g.id == "皮革").base_value == 7


def test_a_misspelt_place_names_the_card():
    with pytest.raises(ConfigError) as err:
        load_config(BASE, overrides={"cards.订单.茶马司.place": "临桃府"})
    assert "茶马司" in str(err.value) and "临桃府" in str(err.value)


def test_a_misspelt_good_names_the_card():
    with pytest.raises(ConfigError) as err:
        load_config(BASE, overrides={"cards.家族.杭州胡氏.goods": "{茶: 1}"})
    assert "杭州胡氏" in str(err.value)


def test_one_card_value_can_be_overridden_by_id():
    cfg = load_config(BASE, overrides={"cards.门客.赌徒.ability": "[{effect: gain_coins, amount: 3}]"})
    gambler = next(c for c in cfg.params.cards.门客 if c.id == "赌徒")
    assert gambler.ability[0].effect == "gain_coins"
