"""§14 T38-T44: turn order, scout, wild cards, develop, sell, Gloucester, cards and network."""

from __future__ import annotations

from sim.games.brass.rules.board import WILD_INDUSTRY, WILD_LOCATION
from sim.games.brass.rules.build import legal_builds
from sim.games.brass.rules.cards import Pass, Scout
from sim.games.brass.rules.develop import Develop, DevelopAnother, FreeDevelop, develop_options
from sim.games.brass.rules.kinds import Stop
from sim.games.brass.rules.sell import Sell, sell_options
from sim.games.brass.rules.supply import ChooseBeer, ChooseIron
from tests.games.brass.helpers import act, ind_id, legal, link, new_state, pass_round, place


def test_t38_turn_order_by_money_spent():
    state = new_state()
    state.spent = [20, 10]
    state.actions_left = 1
    state.turn_pos = 1
    act(state, Pass(state.hands[1][0]))
    assert state.order == [1, 0] and state.spent == [0, 0]


def test_t38_ties_keep_previous_relative_order():
    state = new_state(3)
    state.order = [2, 0, 1]
    pass_round(state)
    assert state.order == [2, 0, 1]


def test_t39_scout_rules():
    state = new_state()
    state.hands[0] = ["Dudley", "Birmingham", "Coventry"]
    assert Scout(("Birmingham", "Coventry", "Dudley")) in legal(state)
    act(state, Scout(("Birmingham", "Coventry", "Dudley")))
    assert sorted(state.hands[0]) == [WILD_INDUSTRY, WILD_LOCATION]
    assert state.wild_location == 3 and state.wild_industry == 3
    assert not [a for a in legal(state) if isinstance(a, Scout)]  # holding wilds
    state.hands[0] += ["Dudley", "Dudley"]
    assert not [a for a in legal(state) if isinstance(a, Scout)]
    act(state, Pass(WILD_LOCATION))
    assert state.wild_location == 4 and WILD_LOCATION not in state.discards[0]


def test_t39_scout_needs_three_cards():
    state = new_state()
    state.hands[0] = ["Dudley", "Birmingham"]
    assert not [a for a in legal(state) if isinstance(a, Scout)]


def test_t40_farm_breweries_need_an_industry_card():
    state = new_state()
    farm = state.board.loc_index["FarmBrewery_North"]
    farm_slot = state.board.loc_slots[farm][0]
    state.hands[0] = [WILD_LOCATION]
    assert not [b for b in legal_builds(state, 0) if b.slot == farm_slot]
    state.hands[0] = [WILD_INDUSTRY, "brewery-card"]
    cards = {b.card for b in legal_builds(state, 0) if b.slot == farm_slot}
    assert cards == {WILD_INDUSTRY, "brewery-card"}  # first-build exception: anywhere
    place(state, 0, "Dudley", "coal", 1)
    assert not [b for b in legal_builds(state, 0) if b.slot == farm_slot]  # not in network
    link(state, 0, "Cannock-FarmNorth")
    assert {b.card for b in legal_builds(state, 0) if b.slot == farm_slot} == cards


def test_t41_develop_uses_one_iron_and_skips_lightbulbs():
    state = new_state()
    a = place(state, 1, "Dudley", "iron", 1, res=1)
    b = place(state, 1, "Birmingham", "iron", 2, res=1)
    pottery = ind_id(state, "pottery")
    assert pottery not in develop_options(state, 0)
    act(state, Develop(state.hands[0][0], "cotton"))
    assert set(legal(state)) == {ChooseIron(a), ChooseIron(b)}  # any iron works, no connection
    act(state, ChooseIron(b))
    assert state.slot_res[a] == 1 and state.slot_res[b] == 0
    assert state.mat[0][ind_id(state, "cotton")][0] == 2
    assert DevelopAnother("pottery") not in legal(state)
    act(state, Stop())
    assert not state.pending


def test_t41_develop_two_tiles_in_one_action():
    state = new_state()
    state.iron_cubes = 10
    act(state, Develop(state.hands[0][0], "coal"))
    act(state, DevelopAnother("coal"))
    assert state.mat[0][ind_id(state, "coal")][:2] == [0, 1]
    assert state.money[0] == 17 - 2 and state.iron_cubes == 8


def _gloucester_sale(state, money=17):
    state.money[0] = money
    state.iron_cubes = 0
    link(state, 0, "Gloucester-Worcester")
    goods = place(state, 0, "Worcester", "cotton", 2)
    state.mslot_buys = [frozenset({0})] * len(state.mslot_buys)
    state.mslot_beer = [1] * len(state.mslot_beer)
    glou = state.mslot_loc.index(state.board.loc_index["Gloucester"])
    return goods, glou


def test_t42_sell_at_gloucester_takes_merchant_beer_and_bonus():
    state = new_state()
    goods, glou = _gloucester_sale(state)
    act(state, Sell(state.hands[0][0], goods, glou))
    assert state.mslot_beer[glou] == 0
    options = legal(state)
    assert FreeDevelop("cotton") in options and FreeDevelop("pottery") not in options and Stop() in options
    act(state, FreeDevelop("coal"))
    assert state.mat[0][ind_id(state, "coal")][0] == 0
    assert state.slot_flipped[goods]


def test_t42_sell_refused_without_connection_goods_or_beer():
    state = new_state()
    goods, glou = _gloucester_sale(state)
    assert (goods, glou) in sell_options(state, 0)
    state.mslot_buys = [frozenset({1})] * len(state.mslot_buys)  # merchants want manufactured goods
    assert sell_options(state, 0) == []
    state.mslot_buys = [frozenset({0})] * len(state.mslot_buys)
    state.mslot_beer = [0] * len(state.mslot_beer)  # no beer anywhere
    assert sell_options(state, 0) == []
    state.mslot_beer = [1] * len(state.mslot_beer)
    state.link_owner[state.board.link_index["Gloucester-Worcester"]] = -1  # not connected
    assert sell_options(state, 0) == []


def test_t43_gloucester_develop_ignores_iron_cost():
    state = new_state()
    goods, glou = _gloucester_sale(state, money=0)
    assert develop_options(state, 0) == []
    act(state, Sell(state.hands[0][0], goods, glou))
    act(state, FreeDevelop("iron"))
    assert state.money[0] == 0 and state.mat[0][ind_id(state, "iron")][0] == 0


def test_t44_location_card_only_there_industry_card_only_in_network():
    state = new_state()
    state.hands[0] = ["Dudley"]
    places = {state.board.slot_loc[b.slot] for b in legal_builds(state, 0)}
    assert places == {state.board.loc_index["Dudley"]}
    place(state, 0, "Coventry", "pottery", 2)
    link(state, 0, "Birmingham-Coventry")
    link(state, 1, "Birmingham-Dudley")
    place(state, 1, "Dudley", "coal", 2, res=2)
    state.hands[0] = ["iron-card"]
    places = {state.board.loc_names[state.board.slot_loc[b.slot]] for b in legal_builds(state, 0)}
    assert places == {"Birmingham"}  # Dudley is connected but not in the network; Coventry has our tile


def test_sell_second_tile_in_same_action():
    state = new_state()
    state.money[0] = 50
    link(state, 0, "Birmingham-Oxford")
    a = place(state, 0, "Birmingham", "cotton", 2)
    b = place(state, 0, "Birmingham", "manufacturer", 3)  # needs no beer
    state.mslot_buys = [frozenset({0, 1})] * len(state.mslot_buys)
    state.mslot_beer = [1] * len(state.mslot_beer)
    oxford = state.mslot_loc.index(state.board.loc_index["Oxford"])
    act(state, Sell(state.hands[0][0], a, oxford))
    options = legal(state)
    assert any(o.__class__.__name__ == "SellAnother" and o.slot == b for o in options)
    assert all(not isinstance(o, ChooseBeer) for o in options)
