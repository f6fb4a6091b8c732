"""§14 T32-T37: link and industry scoring, tie-breaks, flipping opponents' tiles."""

from __future__ import annotations

from sim.games.brass.rules import game as rules
from sim.games.brass.rules.build import BuildIndustry
from sim.games.brass.rules.rounds import link_value, score_era
from sim.games.brass.rules.sell import Sell
from sim.games.brass.rules.state import RAIL
from sim.games.brass.rules.supply import ChooseBeer
from tests.games.brass.helpers import act, legal, link, new_state, place, slot_in


def test_t32_link_to_merchant_scores_printed_icons():
    state = new_state()
    j = link(state, 0, "Birmingham-Oxford")
    place(state, 1, "Birmingham", "cotton", 1, flipped=True)
    assert link_value(state, j) == 3
    score_era(state)
    assert state.vp[0] == 3 and state.vp[1] == 5


def test_t33_link_sums_icons_of_both_ends():
    state = new_state()
    j = link(state, 0, "Birmingham-Dudley")
    place(state, 1, "Birmingham", "cotton", 1, flipped=True)  # 1 icon
    place(state, 0, "Birmingham", "manufacturer", 1, flipped=True)  # 2 icons
    place(state, 1, "Dudley", "coal", 2, flipped=True)  # 1 icon
    assert link_value(state, j) == 4


def test_t34_unflipped_tiles_score_nothing():
    state = new_state()
    j = link(state, 0, "Birmingham-Dudley")
    place(state, 0, "Birmingham", "cotton", 2)
    place(state, 0, "Dudley", "coal", 2, res=3)
    assert link_value(state, j) == 0
    score_era(state)
    assert state.vp == [0, 0]
    assert state.stats[0].get("vp_industries_canal", 0) == 0


def test_t35_kidderminster_worcester_link_counts_the_south_farm():
    state = new_state()
    j = link(state, 0, "Kidderminster-Worcester")
    farm = place(state, 1, "FarmBrewery_South", "brewery", 1, res=1)
    assert link_value(state, j) == 0
    state.slot_res[farm] = 0
    state.slot_flipped[farm] = True
    assert link_value(state, j) == 2


def test_t36_tie_broken_by_income_level_then_money():
    state = new_state(3)
    state.vp = [30, 30, 30]
    state.income_space = [11, 12, 14]  # levels 1, 1, 2
    state.money = [20, 10, 0]
    assert rules.ranking(state) == [2, 3, 1]
    state.income_space = [11, 12, 11]
    state.money = [20, 10, 20]
    assert rules.ranking(state) == [1, 3, 1]


def test_t37_using_an_opponents_last_beer_flips_it_for_the_owner():
    state = new_state()
    link(state, 0, "Birmingham-Oxford")
    brewery = place(state, 1, "Walsall", "brewery", 1, res=1)
    link(state, 1, "Birmingham-Walsall")
    goods = place(state, 0, "Birmingham", "cotton", 2)
    state.mslot_buys = [frozenset({0})] * len(state.mslot_buys)
    state.mslot_beer = [0] * len(state.mslot_beer)
    oxford = state.mslot_loc.index(state.board.loc_index["Oxford"])
    act(state, Sell(state.hands[0][0], goods, oxford))
    assert state.slot_flipped[brewery] and state.income_space[1] == 14
    assert state.slot_flipped[goods] and state.income_space[0] == 14


def test_t37_using_an_opponents_last_coal_flips_it_for_the_owner():
    state = new_state()
    mine = place(state, 1, "Dudley", "coal", 1, res=1)
    state.hands[0] = ["Dudley"] * 8
    act(state, BuildIndustry("Dudley", slot_in(state, "Dudley", "iron"), "iron"))
    assert state.slot_flipped[mine] and state.income_space[1] == 14


def test_merchant_beer_choice_is_offered_and_gives_the_bonus():
    state = new_state()
    link(state, 0, "Birmingham-Oxford")
    own = place(state, 0, "Stafford", "brewery", 2, res=1)
    goods = place(state, 0, "Birmingham", "cotton", 2)
    state.mslot_buys = [frozenset({0})] * len(state.mslot_buys)
    state.mslot_beer = [1] * len(state.mslot_beer)
    oxford = state.mslot_loc.index(state.board.loc_index["Oxford"])
    act(state, Sell(state.hands[0][0], goods, oxford))
    assert set(legal(state)) == {ChooseBeer(own, False), ChooseBeer(oxford, True)}
    act(state, ChooseBeer(oxford, True))
    assert state.mslot_beer[oxford] == 0 and state.slot_res[own] == 1
    assert state.income_space[0] == 10 + 2 + 4  # Oxford +2 spaces, Cotton II +4


def test_rail_era_scoring_keeps_canal_totals_separate():
    state = new_state()
    place(state, 0, "Birmingham", "cotton", 2, flipped=True)
    score_era(state)
    state.era = RAIL
    score_era(state)
    assert state.stats[0]["vp_industries_canal"] == 5 and state.stats[0]["vp_industries_rail"] == 5


def test_t34_vp_ledger_reconciles_in_played_games():
    from sim.core.play import play_game
    from sim.games.brass import SPEC
    from tests.games.brass.helpers import PARAMS

    for n, seed in [(2, 5), (3, 6), (4, 7)]:
        bots = ["industrialist", "merchant", "potter", "networker"][:n]
        record = play_game(SPEC, PARAMS, n, seed, bots, catch_errors=False)
        for score, row in zip(record.scores, record.breakdown, strict=True):
            parts = ("vp_links_canal", "vp_links_rail", "vp_industries_canal", "vp_industries_rail")
            total = sum(row[p] for p in parts) + row["vp_merchant_bonus"] - row["vp_lost_shortfall"]
            assert total == score
        assert max(record.scores) > 40  # heuristic games score in both eras
