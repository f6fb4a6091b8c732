"""Checklist items beyond the §14 scenarios: overbuilding, brewery barrels, refills, bonuses, limits."""

from __future__ import annotations

from sim.games.brass.rules.build import BuildIndustry, legal_builds
from sim.games.brass.rules.links import BuildLink, link_options
from sim.games.brass.rules.rounds import start_rail_era
from sim.games.brass.rules.sell import Sell
from sim.games.brass.rules.state import RAIL
from tests.games.brass.helpers import act, fresh, legal, link, new_state, place, set_lowest, slot_in


def test_b29_overbuild_opponent_coal_only_when_coal_is_gone():
    state = new_state()
    mine = place(state, 1, "Dudley", "coal", 1, res=0, flipped=True)
    set_lowest(state, 0, "coal", 2)
    state.hands[0] = ["Dudley"]
    state.coal_cubes = 1
    assert BuildIndustry("Dudley", mine, "coal") not in legal_builds(state, 0)
    state.coal_cubes = 0
    assert BuildIndustry("Dudley", mine, "coal") in legal_builds(state, 0)
    place(state, 1, "Cannock", "coal", 2, res=1)  # any coal anywhere blocks it
    assert BuildIndustry("Dudley", mine, "coal") not in legal_builds(state, 0)


def test_b29_no_overbuild_of_opponent_goods():
    state = new_state()
    cotton = place(state, 1, "Worcester", "cotton", 1)
    set_lowest(state, 0, "cotton", 2)
    state.hands[0] = ["Worcester"]
    assert all(b.slot != cotton for b in legal_builds(state, 0))


def test_b28_overbuild_own_tile_discards_its_cubes():
    state = new_state()
    mine = place(state, 0, "Dudley", "coal", 1, res=2)
    set_lowest(state, 0, "coal", 2)
    state.hands[0] = ["Dudley"]
    act(state, BuildIndustry("Dudley", mine, "coal"))
    assert state.slot_level[mine] == 1 and state.slot_res[mine] == 3 and state.slot_owner[mine] == 0


def test_b18_brewery_barrels_by_era():
    state = new_state()
    state.hands[0] = ["Stafford", "Stafford"]
    slot = slot_in(state, "Stafford", "brewery")
    act(state, BuildIndustry("Stafford", slot, "brewery"))
    assert state.slot_res[slot] == 1
    state = new_state()
    state.era = RAIL
    set_lowest(state, 0, "brewery", 2)
    state.hands[0] = ["Stafford"]
    act(state, BuildIndustry("Stafford", slot, "brewery"))
    assert state.slot_res[slot] == 2


def test_b16_single_icon_slot_first():
    state = new_state()
    state.hands[0] = ["Kidderminster"]
    slots = {b.slot for b in legal_builds(state, 0) if b.industry == "cotton"}
    board = state.board
    assert len(slots) == 1 and board.slot_inds[slots.pop()] == (board.ind_index["cotton"],)
    place(state, 1, "Kidderminster", "cotton", 1)  # single slot taken: the dual slot is used
    slots = {b.slot for b in legal_builds(state, 0) if b.industry == "cotton"}
    assert len(slots) == 1 and len(board.slot_inds[slots.pop()]) == 2


def test_b20_first_link_anywhere_then_only_from_network():
    state = new_state()
    assert len(link_options(state, 0)) == 31  # every canal link
    act(state, BuildLink(state.hands[0][0], "Leek-Stoke"))
    names = {state.board.link_names[j] for j in link_options(state, 0)}
    assert names == {"Stoke-Stone", "Stoke-Warrington"}


def test_link_tiles_run_out():
    state = new_state()
    state.links_left[0] = 0
    assert link_options(state, 0) == []


def test_b36_merchant_beer_refilled_and_level_one_removed():
    state = fresh()
    state.mslot_beer = [0] * len(state.mslot_beer)
    low = place(state, 0, "Dudley", "coal", 1, res=2)
    keep = place(state, 0, "Birmingham", "cotton", 2)
    start_rail_era(state)
    assert state.mslot_beer == [1 if b else 0 for b in state.mslot_buys]
    assert state.slot_owner[low] == -1 and state.slot_owner[keep] == 0


def _sell_with_bonus(merchant_name, road, town):
    state = new_state(4)
    link(state, 0, road)
    goods = place(state, 0, town, "cotton", 2)
    state.mslot_buys = [frozenset({0})] * len(state.mslot_buys)
    state.mslot_beer = [1] * len(state.mslot_beer)
    m = state.mslot_loc.index(state.board.loc_index[merchant_name])
    act(state, Sell(state.hands[0][0], goods, m))
    assert state.mslot_beer[m] == 0
    return state


def test_b31_warrington_money_and_nottingham_vp():
    state = _sell_with_bonus("Warrington", "Stoke-Warrington", "Stoke-on-Trent")
    assert state.money[0] == 17 + 5
    state = _sell_with_bonus("Nottingham", "Derby-Nottingham", "Derby")
    assert state.vp[0] == 3


def test_shrewsbury_bonus_vp():
    state = new_state()
    link(state, 0, "Coalbrookdale-Shrewsbury")
    link(state, 0, "Coalbrookdale-Kidderminster")
    goods = place(state, 0, "Kidderminster", "cotton", 2)
    state.mslot_buys = [frozenset({0})] * len(state.mslot_buys)
    state.mslot_beer = [1] * len(state.mslot_beer)
    m = state.mslot_loc.index(state.board.loc_index["Shrewsbury"])
    act(state, Sell(state.hands[0][0], goods, m))
    assert state.vp[0] == 4 and state.mslot_beer[m] == 0
    assert legal(state)  # the action continues (more sales or stop)
