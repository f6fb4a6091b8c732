"""§14 T10-T17: coal and iron markets, selling cubes on build."""

from __future__ import annotations

from sim.games.brass.rules.build import BuildIndustry, legal_builds
from sim.games.brass.rules.resources import IRON, buy_cost, buy_from_market
from tests.games.brass.helpers import PARAMS, act, link, new_state, place, slot_in


def test_t10_empty_markets():
    assert buy_cost(PARAMS.coal_market, 0, 4) == 32
    assert buy_cost(PARAMS.iron_market, 0, 5) == 30


def test_t11_start_markets():
    assert [buy_cost(PARAMS.iron_market, 8, k) for k in (1, 3, 10)] == [2, 7, 40]
    assert [buy_cost(PARAMS.coal_market, 8, k) for k in (1, 3)] == [4, 13]
    assert buy_cost(PARAMS.coal_market, 13, 10) == 35


def test_t12_full_iron_market_buy_two():
    state = new_state()
    state.iron_cubes = 10
    buy_from_market(state, 0, IRON, 2)
    assert state.money[0] == 15 and state.iron_cubes == 8
    assert buy_cost(PARAMS.iron_market, state.iron_cubes, 1) == 2


def _iron_works_at_coalbrookdale(state):
    place(state, 1, "Coalbrookdale", "coal", 2)
    state.hands[0] = ["Coalbrookdale"] + state.hands[0][1:]
    slot = slot_in(state, "Coalbrookdale", "iron")
    act(state, BuildIndustry("Coalbrookdale", slot, "iron"))
    return slot


def test_t13_iron_works_sells_two_into_start_market():
    state = new_state()
    slot = _iron_works_at_coalbrookdale(state)
    assert state.iron_cubes == 10
    assert state.money[0] == 17 - 5 + 2
    assert state.slot_res[slot] == 2 and not state.slot_flipped[slot]


def test_t14_iron_works_sells_all_four_and_flips():
    state = new_state()
    state.iron_cubes = 6
    slot = _iron_works_at_coalbrookdale(state)
    assert state.money[0] == 17 - 5 + 6
    assert state.slot_res[slot] == 0 and state.slot_flipped[slot]
    assert state.income_space[0] == 13 and state.income_level(0) == 2


def test_t15_coal_mine_connected_to_merchant_sells_one():
    state = new_state()
    link(state, 0, "Coalbrookdale-Shrewsbury")
    state.hands[0] = ["Coalbrookdale"] + state.hands[0][1:]
    slot = slot_in(state, "Coalbrookdale", "coal")
    act(state, BuildIndustry("Coalbrookdale", slot, "coal"))
    assert state.coal_cubes == 14 and state.money[0] == 17 - 5 + 1
    assert state.slot_res[slot] == 1 and not state.slot_flipped[slot]


def test_t16_unconnected_coal_mine_sells_nothing():
    state = new_state()
    state.hands[0] = ["Coalbrookdale"] + state.hands[0][1:]
    slot = slot_in(state, "Coalbrookdale", "coal")
    act(state, BuildIndustry("Coalbrookdale", slot, "coal"))
    assert state.coal_cubes == 13 and state.slot_res[slot] == 2


def test_t17_iron_works_affordability_depends_on_coal_source():
    state = new_state()
    state.money[0] = 5
    state.hands[0] = ["Dudley"] * 8
    iron_slot = slot_in(state, "Dudley", "iron")
    build = BuildIndustry("Dudley", iron_slot, "iron")
    mine = place(state, 1, "Dudley", "coal", 1, res=1)
    assert build in legal_builds(state, 0)
    state.slot_owner[mine] = -1
    link(state, 1, "Birmingham-Dudley")
    link(state, 1, "Birmingham-Oxford")
    assert state.coal_cubes == 13
    assert build not in legal_builds(state, 0)
    state.money[0] = 6
    assert build in legal_builds(state, 0)
