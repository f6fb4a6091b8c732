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


# --- removing cards and forcing cards (docs/card-lab.md) ------------------------------------------


def _variant_file(tmp_path, cards: dict):
    path = tmp_path / "variant.yaml"
    path.write_text(
        yaml.safe_dump({"game": "mingchu", "extends": str(BASE), "cards": cards}, allow_unicode=True),
        encoding="utf-8",
    )
    return path


def test_a_variant_removes_cards_by_count_or_by_list(tmp_path):
    base = {c.id for c in load_config(BASE).params.cards.门客}
    by_count = load_config(BASE, overrides={"cards.门客.赌徒.count": "0"}).params.cards.门客
    assert {c.id for c in by_count} == base - {"赌徒"}
    listed = load_config(_variant_file(tmp_path, {"remove": {"门客": ["马夫", "牙人"]}})).params.cards.门客
    assert {c.id for c in listed} == base - {"马夫", "牙人"}


def test_a_variant_replaces_a_card_by_its_id(tmp_path):
    path = _variant_file(
        tmp_path,
        {"门客": [{"id": "赌徒", "ability": [], "passive": [{"effect": "extra_moves", "amount": 1}]}]},
    )
    card = next(c for c in load_config(path).params.cards.门客 if c.id == "赌徒")
    assert card.ability == () and card.passive[0].effect == "extra_moves"


@pytest.mark.parametrize(
    ("remove", "named"),
    [
        ({"门客": ["赌鬼"]}, ["variant.yaml", "cards.remove.门客", "赌鬼"]),
        ({"门将": ["赌徒"]}, ["variant.yaml", "cards.remove.门将", "门将"]),
    ],
)
def test_an_unknown_id_or_deck_under_remove_is_named(tmp_path, remove, named):
    with pytest.raises(ConfigError) as err:
        load_config(_variant_file(tmp_path, {"remove": remove}))
    for text in named:
        assert text in str(err.value)


def test_removing_too_many_family_cards_says_how_many_are_needed():
    with pytest.raises(ConfigError) as err:
        load_config(
            BASE,
            overrides={
                "cards.家族.苏州沈氏.count": 0,
                "cards.家族.扬州程氏.count": 0,
                "cards.家族.太原亢氏.count": 0,
                "cards.家族.济南李氏.count": 0,
                "cards.家族.杭州胡氏.count": 0,
            },
        )
    assert "cards.家族" in str(err.value) and "has 5" in str(err.value)


@pytest.mark.parametrize(
    ("forced", "named"),
    [
        ({"deck": "门客", "card": "赌鬼", "seat": 0}, ["forced_cards", "赌鬼"]),
        ({"deck": "皇恩", "card": "赏银", "seat": 0}, ["forced_cards.0.deck", "皇恩"]),
        ({"deck": "门客", "card": "赌徒", "seat": 5}, ["forced_cards.0.seat", "5"]),
    ],
    ids=["unknown card", "unknown deck", "seat out of range"],
)
def test_a_bad_forced_card_is_named(forced, named):
    with pytest.raises(ConfigError) as err:
        load_config(BASE, overrides={"forced_cards": [forced]})
    for text in ["--set forced_cards", *named]:
        assert text in str(err.value)


def test_a_forced_seat_beyond_the_table_is_refused_at_setup():
    from sim.core.play import setup_rng
    from sim.games.mingchu import SPEC

    params = load_config(
        BASE, overrides={"forced_cards": [{"deck": "门客", "card": "赌徒", "seat": 4}]}
    ).params
    SPEC.game.initial_state(params, 5, setup_rng(0))
    with pytest.raises(ValueError, match="seat 4"):
        SPEC.game.initial_state(params, 4, setup_rng(0))
