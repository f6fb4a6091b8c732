"""Config loading: layering, overrides by id, hashing, and clear errors for bad input."""

from __future__ import annotations

import pytest

from sim.config import ConfigError, load_config
from tests.runner.helpers import ROOT, TOY


def test_extends_merges_list_items_by_id_and_appends_new_ones():
    config = load_config(ROOT / "configs/toy/long.yaml")
    squares = {s.id: (s.position, s.points) for s in config.params.bonus_squares}
    assert config.params.target == 20
    assert squares == {"井": (5, 2), "塔": (9, 5), "桥": (15, 1)}


def test_override_addresses_list_item_by_chinese_id():
    config = load_config(TOY, {"bonus_squares.井.points": "4", "target": "15"})
    assert {s.id: s.points for s in config.params.bonus_squares}["井"] == 4
    assert config.params.target == 15
    assert config.label == "base[bonus_squares.井.points=4,target=15]"


def test_hash_is_stable_and_tracks_values():
    assert load_config(TOY).config_hash == load_config(TOY).config_hash
    assert load_config(TOY).config_hash != load_config(TOY, {"target": 13}).config_hash
    # The same numbers reached another way hash the same.
    assert load_config(TOY, {"target": 12}).config_hash == load_config(TOY).config_hash


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


BAD_CONFIGS = {
    "missing_file": (None, {}, ["nope.yaml", "not found"]),
    "yaml_syntax": ("game: toy\ntarget: [1, 2\n", {}, ["bad.yaml", "YAML syntax error", "line"]),
    "duplicate_key": (
        "game: toy\ntarget: 12\ntarget: 13\n",
        {},
        ["bad.yaml", "'target' appears twice", "line 3"],
    ),
    "not_a_mapping": ("- game\n- toy\n", {}, ["bad.yaml", "top level must be a mapping"]),
    "missing_game": ("target: 5\n", {}, ["bad.yaml", "missing 'game:'", "toy"]),
    "unknown_game": ("game: chess\n", {}, ["bad.yaml", "'chess'", "unknown game"]),
    "unknown_key": ("game: toy\ntarget: 12\ntraget: 3\n", {}, ["bad.yaml", "unknown key 'traget'", "3"]),
    "wrong_type": ("game: toy\ntarget: twelve\n", {}, ["bad.yaml", "'target'", "'twelve'", "integer"]),
    "out_of_range": (
        "game: toy\nmax_step: 50\n",
        {},
        ["bad.yaml", "'max_step'", "50", "less than or equal to 10"],
    ),
    "bad_list_item": (
        "game: toy\nbonus_squares:\n  - {id: 井, position: 0, points: 2}\n",
        {},
        ["bad.yaml", "bonus_squares.井.position", "0", "greater than or equal to 1"],
    ),
    "extends_missing": ("extends: base-missing.yaml\ngame: toy\n", {}, ["bad.yaml", "extends", "not found"]),
    "override_unknown_id": (
        "game: toy\nbonus_squares:\n  - {id: 井, position: 5, points: 2}\n",
        {"bonus_squares.塔.points": 3},
        ["--set bonus_squares.塔.points=3", "no item '塔'", "ids: 井"],
    ),
    "yes_for_a_number": (
        "game: toy\nhand_size: yes\n",
        {},
        ["bad.yaml", "'hand_size'", "where a number is expected"],
    ),
    "yes_for_a_number_out_of_range": (
        "game: toy\ntarget: yes\n",
        {},
        ["bad.yaml", "'target'", "reads yes/no"],
    ),
    "yes_for_a_number_in_a_list": (
        "game: toy\nbonus_squares:\n  - {id: 井, position: 5, points: no}\n",
        {},
        ["bad.yaml", "bonus_squares.井.points", "where a number is expected"],
    ),
    "integer_too_large": (
        "game: toy\ntarget: 99999999999999999999999\n",
        {},
        ["bad.yaml", "'target'", "too large"],
    ),
    "override_yes_for_a_number": (
        "game: toy\n",
        {"max_step": "yes"},
        ["--set max_step=", "where a number is expected"],
    ),
    "override_bad_value": (
        "game: toy\n",
        {"fail_rate": 2},
        ["--set fail_rate=2", "'fail_rate'", "less than or equal to 1"],
    ),
}


@pytest.mark.parametrize("kind", sorted(BAD_CONFIGS))
def test_bad_config_gives_one_clear_message(tmp_path, kind):
    text, overrides, expected = BAD_CONFIGS[kind]
    path = tmp_path / "nope.yaml" if text is None else write(tmp_path, "bad.yaml", text)
    with pytest.raises(ConfigError) as info:
        load_config(path, overrides)
    message = str(info.value)
    for fragment in expected:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert "Traceback" not in message and len(message.splitlines()) <= 3


def test_extends_cycle_is_reported(tmp_path):
    write(tmp_path, "a.yaml", "extends: b.yaml\ngame: toy\n")
    write(tmp_path, "b.yaml", "extends: a.yaml\n")
    with pytest.raises(ConfigError, match="cycle"):
        load_config(tmp_path / "a.yaml")


def test_error_names_the_file_that_set_the_bad_value(tmp_path):
    write(tmp_path, "base.yaml", "game: toy\ntarget: 12\n")
    write(tmp_path, "variant.yaml", "extends: base.yaml\ntarget: -1\n")
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path / "variant.yaml")
    assert "variant.yaml" in str(info.value) and "'target' = -1" in str(info.value)


def test_whole_config_check_names_every_source(tmp_path):
    write(
        tmp_path, "base.yaml", "game: toy\ntarget: 12\nbonus_squares:\n  - {id: 井, position: 5, points: 2}\n"
    )
    write(tmp_path, "short.yaml", "extends: base.yaml\n")
    with pytest.raises(ConfigError) as info:
        load_config(tmp_path / "short.yaml", {"target": 4})
    message = str(info.value)
    assert "base.yaml" in message and "short.yaml" in message and "--set target=4" in message
    assert "bonus square '井' at 5 is not before target 4" in message


def test_extends_names_a_bundled_config_from_any_folder(tmp_path):
    path = write(tmp_path, "mine.yaml", "extends: toy/base\ntarget: 15\n")
    config = load_config(path)
    assert config.game == "toy" and config.params.target == 15
    # A file beside the config still wins over a bundled config of the same name.
    (tmp_path / "toy").mkdir()
    write(tmp_path / "toy", "base.yaml", "game: toy\ntarget: 9\n")
    write(tmp_path, "near.yaml", "extends: toy/base.yaml\n")
    assert load_config(tmp_path / "near.yaml").params.target == 9


def test_a_card_gain_can_be_tuned_down_to_zero():
    """The README's `sim tune ... --range 0..6` starts at 0: a card that gives nothing is valid."""
    config = load_config(ROOT / "configs/mingchu/base.yaml", {"cards.门客.账房先生.ability.0.amount": 0})
    (card,) = [c for c in config.params.cards.门客 if c.id == "账房先生"]
    assert card.ability[0].amount == 0


def test_an_error_after_a_removed_card_names_the_card_it_is_in(tmp_path):
    path = write(
        tmp_path,
        "variant.yaml",
        "extends: mingchu/base\ncards:\n  门客:\n    - {id: 赌徒, count: 0}\n"
        "    - {id: 鲁班传人, passive: [{effect: discount, action: build, amount: 99}]}\n",
    )
    with pytest.raises(ConfigError) as info:
        load_config(path)
    assert "'cards.门客.鲁班传人'" in str(info.value) and "赌徒" not in str(info.value)
    removed = write(tmp_path, "removed.yaml", "extends: mingchu/base\ncards:\n  remove: {门客: [赌徒]}\n")
    assert "赌徒" not in [card.id for card in load_config(removed).params.cards.门客]


def test_extending_another_games_config_is_one_line(tmp_path):
    path = write(tmp_path, "mixed.yaml", "game: brass\nextends: mingchu/base\n")
    with pytest.raises(ConfigError) as info:
        load_config(path)
    message = str(info.value)
    assert "a config can only extend a config of the same game" in message and len(message.splitlines()) == 1
