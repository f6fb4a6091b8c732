"""The base config matches the reference component counts; bad values fail with a clear message."""

from __future__ import annotations

import pickle

import pytest
from pydantic import ValidationError

from sim.config import ConfigError, load_config
from sim.core.play import setup_rng
from sim.games.brass import SPEC
from sim.games.brass.params import BrassParams
from sim.games.brass.rules import board as board_module
from sim.games.brass.rules.board import board_for
from tests.games.brass.helpers import BASE, GAME, PARAMS


def test_component_totals():
    board = board_for(PARAMS)
    assert sum(t.n for ind in PARAMS.industries for t in ind.tiles) == 45
    assert len(PARAMS.board_links) == 39
    assert sum(1 for link in PARAMS.board_links if not link.canal) == 8
    assert sum(1 for link in PARAMS.board_links if not link.rail) == 1
    assert len(board.slot_loc) == 49
    assert [len(board.deck(n)) for n in (2, 3, 4)] == [40, 54, 64]
    assert [len(board.merchant_slots(n)) for n in (2, 3, 4)] == [5, 7, 9]


def test_board_cache_is_keyed_on_content():
    copy = pickle.loads(pickle.dumps(PARAMS))  # what every chunk of a parallel run gets
    assert copy is not PARAMS and board_for(copy) is board_for(PARAMS)
    state = GAME.initial_state(copy, 2, setup_rng(0))
    assert pickle.loads(pickle.dumps(state)).board is state.board
    other = load_config(BASE, overrides={"starting_money": "20"}).params
    assert board_for(other) is not board_for(PARAMS) and board_for(other) != board_for(PARAMS)
    for money in range(40):  # many different params: the cache stays bounded
        board_for(PARAMS.model_copy(update={"starting_money": money}))
    assert len(board_module._BOARDS) <= board_module._MAX_BOARDS


def test_spec_default_config_is_base():
    assert (
        SPEC.default_config.resolve() == BASE.resolve()
    )  # configs/brass/ is a link to the package's configs/
    assert load_config(SPEC.default_config).game == "brass"


@pytest.mark.parametrize("variant", ["cheap-loans", "double-merchant-beer", "prototype-manufacturer-iv"])
def test_variants_load(variant):
    cfg = load_config(BASE.parent / f"{variant}.yaml")
    assert cfg.params != PARAMS


def test_bad_slot_industry_is_named():
    data = PARAMS.model_dump()
    data["towns"][0]["slots"] = ["cotton/steel"]
    with pytest.raises(ValidationError, match="Belper.*steel"):
        BrassParams.model_validate(data)


def test_merchant_tiles_must_fill_the_slots():
    data = PARAMS.model_dump()
    data["merchant_tiles"] = data["merchant_tiles"][:-1]
    with pytest.raises(ValidationError, match="4 players"):
        BrassParams.model_validate(data)


def test_deck_too_small_for_the_deal():
    data = PARAMS.model_dump()
    data["hand_size"] = 20
    with pytest.raises(ValidationError, match="hand_size 20"):
        BrassParams.model_validate(data)


def test_negative_card_count_refused():
    data = PARAMS.model_dump()
    data["location_cards"][0]["counts"] = [0, 0, -1]
    with pytest.raises(ValidationError, match="greater than or equal to 0"):
        BrassParams.model_validate(data)


def test_prototype_variant_changes_one_tile_only():
    cfg = load_config(BASE.parent / "prototype-manufacturer-iv.yaml")
    base = {i.id: i for i in PARAMS.industries}
    new = {i.id: i for i in cfg.params.industries}
    changed = [
        (ind, a.id) for ind in base for a, b in zip(base[ind].tiles, new[ind].tiles, strict=True) if a != b
    ]
    assert changed == [("manufacturer", "L4")]
    assert new["manufacturer"].tiles[3].cost == 14 and new["manufacturer"].tiles[3].income == 7


def test_loan_floor_below_the_income_track_is_refused():
    data = PARAMS.model_dump()
    data["loan"]["min_level"] = -12
    with pytest.raises(
        ValidationError, match=r"loan\.min_level\s+-12 is off the income track; allowed -10\.\.30"
    ):
        BrassParams.model_validate(data)
    with pytest.raises(ConfigError, match=r"--set loan\.min_level=-12: 'loan\.min_level' = -12: -12 is off"):
        load_config(BASE, overrides={"loan.min_level": "-12"})
    data["loan"]["min_level"] = -10
    assert BrassParams.model_validate(data).loan.min_level == -10


def test_start_space_off_the_income_track_is_refused():
    data = PARAMS.model_dump()
    data["income_track"]["start_space"] = 100
    data["loan"]["min_level"] = -12  # not judged against a broken track
    with pytest.raises(ValidationError, match=r"income_track\.start_space: 100 .*0\.\.99") as raised:
        BrassParams.model_validate(data)
    assert raised.value.error_count() == 1
