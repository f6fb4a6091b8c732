"""§14 T18-T31: coal distance, connectivity, links, eras, deck sizes."""

from __future__ import annotations

import pytest

from sim.games.brass.rules.build import BuildIndustry, legal_builds
from sim.games.brass.rules.cards import Pass
from sim.games.brass.rules.kinds import Stop
from sim.games.brass.rules.links import BuildLink, BuildSecondLink, link_options
from sim.games.brass.rules.state import RAIL
from sim.games.brass.rules.supply import ChooseCoal
from tests.games.brass.helpers import (
    GAME,
    act,
    fresh,
    legal,
    link,
    new_state,
    pass_round,
    place,
    set_lowest,
    slot_in,
)


def _build_iron_at_dudley(state):
    state.hands[0] = ["Dudley"] * 8
    slot = slot_in(state, "Dudley", "iron")
    act(state, BuildIndustry("Dudley", slot, "iron"))
    return slot


def test_t18_nearest_mine_first():
    state = new_state()
    link(state, 1, "Dudley-Wolverhampton")
    link(state, 1, "Cannock-Wolverhampton")
    near = place(state, 1, "Wolverhampton", "coal", 2, res=1)
    far = place(state, 1, "Cannock", "coal", 2, res=1)
    _build_iron_at_dudley(state)
    assert state.slot_res[near] == 0 and state.slot_res[far] == 1
    assert state.money[0] == 17 - 5 + 2  # coal free; 2 iron sold to the market


def test_t19_second_coal_from_next_mine_before_market():
    state = new_state()
    link(state, 1, "Dudley-Wolverhampton")
    link(state, 1, "Cannock-Wolverhampton")
    link(state, 1, "Birmingham-Dudley")
    link(state, 1, "Birmingham-Oxford")  # market reachable too
    near = place(state, 1, "Wolverhampton", "coal", 2, res=1)
    far = place(state, 1, "Cannock", "coal", 2, res=1)
    set_lowest(state, 0, "manufacturer", 3)  # MF III needs 2 coal, £12
    slot = slot_in(state, "Birmingham", "manufacturer")  # mines 2 and 3 links away
    state.hands[0] = ["Birmingham"] * 8
    act(state, BuildIndustry("Birmingham", slot, "manufacturer"))
    assert state.slot_res[near] == 0 and state.slot_res[far] == 0
    assert state.coal_cubes == 13 and state.money[0] == 17 - 12
    assert state.slot_flipped[near] and state.slot_flipped[far]


def test_t20_flipped_mine_is_skipped():
    state = new_state()
    link(state, 1, "Dudley-Wolverhampton")
    link(state, 1, "Cannock-Wolverhampton")
    empty = place(state, 1, "Wolverhampton", "coal", 2, flipped=True)
    far = place(state, 1, "Cannock", "coal", 2, res=2)
    _build_iron_at_dudley(state)
    assert state.slot_res[far] == 1 and state.slot_res[empty] == 0
    assert state.money[0] == 17 - 5 + 2


def test_t21_equidistant_mines_player_chooses():
    state = new_state()
    link(state, 1, "Dudley-Wolverhampton")
    link(state, 1, "Dudley-Kidderminster")
    link(state, 1, "Coalbrookdale-Kidderminster")
    a = place(state, 1, "Wolverhampton", "coal", 2, res=1)
    b = place(state, 1, "Kidderminster", "coal", 2, res=1)
    c = place(state, 1, "Coalbrookdale", "coal", 2, res=1)
    state.hands[0] = ["Dudley"] * 8
    act(state, BuildIndustry("Dudley", slot_in(state, "Dudley", "iron"), "iron"))
    assert set(legal(state)) == {ChooseCoal(a), ChooseCoal(b)}  # c is farther: not offered
    act(state, ChooseCoal(b))
    assert state.slot_res[b] == 0 and state.slot_res[a] == 1 and state.slot_res[c] == 1
    assert not state.pending


def _rail(state):
    state.era = RAIL
    state.round_in_era = 2


def test_t22_rail_coal_reachable_through_the_new_link():
    state = new_state()
    _rail(state)
    place(state, 0, "Dudley", "iron", 2, flipped=True)
    mine = place(state, 1, "Wolverhampton", "coal", 2, res=1)
    j = state.board.link_index["Dudley-Wolverhampton"]
    assert j in link_options(state, 0)
    act(state, BuildLink(state.hands[0][0], "Dudley-Wolverhampton"))
    assert state.slot_res[mine] == 0 and state.money[0] == 17 - 5


def test_t23_coal_needs_mine_or_merchant_connection():
    state = new_state()
    state.hands[0] = ["Dudley"] * 8
    build = BuildIndustry("Dudley", slot_in(state, "Dudley", "iron"), "iron")
    assert build not in legal_builds(state, 0)
    link(state, 1, "Birmingham-Dudley")
    link(state, 1, "Birmingham-Oxford")
    state.coal_cubes = 0
    state.money[0] = 12
    assert build not in legal_builds(state, 0)  # £5 + £8 > £12
    state.money[0] = 13
    act(state, build)
    assert state.money[0] == 13 - 5 - 8 + 2


def test_t24_link_types_by_era():
    state = new_state()
    idx = state.board.link_index
    assert idx["Belper-Leek"] not in link_options(state, 0)
    assert idx["Burton-Walsall"] in link_options(state, 0)
    _rail(state)
    place(state, 1, "Burton-on-Trent", "coal", 2, res=3)
    assert idx["Burton-Walsall"] not in link_options(state, 0)
    assert idx["Burton-Derby"] in link_options(state, 0)


def test_t25_double_rail():
    state = new_state()
    _rail(state)
    place(state, 0, "Birmingham", "manufacturer", 2, flipped=True)
    place(state, 1, "Birmingham", "iron", 2, flipped=True)
    mine = place(state, 1, "Dudley", "coal", 2, res=3)
    act(state, BuildLink(state.hands[0][0], "Birmingham-Dudley"))
    # no beer anywhere: the second link is not offered, the step closes itself
    assert not state.pending and state.money[0] == 12 and state.slot_res[mine] == 2
    state = new_state()
    _rail(state)
    place(state, 0, "Birmingham", "manufacturer", 2, flipped=True)
    mine = place(state, 1, "Dudley", "coal", 2, res=3)
    far_beer = place(state, 1, "Stafford", "brewery", 2, res=2)  # opponent's, not connected
    act(state, BuildLink(state.hands[0][0], "Birmingham-Dudley"))
    assert not state.pending and state.slot_res[far_beer] == 2
    state = new_state()
    _rail(state)
    place(state, 0, "Birmingham", "manufacturer", 2, flipped=True)
    mine = place(state, 1, "Dudley", "coal", 2, res=3)
    brewery = place(state, 1, "Walsall", "brewery", 2, res=2)
    act(state, BuildLink(state.hands[0][0], "Birmingham-Dudley"))
    options = legal(state)
    assert Stop() in options
    assert BuildSecondLink("Birmingham-Walsall") in options  # the opponent's beer connects to it
    assert BuildSecondLink("Dudley-Kidderminster") not in options  # beer not connected to it
    act(state, BuildSecondLink("Birmingham-Walsall"))
    assert state.money[0] == 17 - 15
    assert state.slot_res[mine] == 1 and state.slot_res[brewery] == 1
    assert state.link_owner[state.board.link_index["Birmingham-Walsall"]] == 0


def test_t25_own_brewery_anywhere_and_not_merchant_beer():
    state = new_state()
    _rail(state)
    place(state, 0, "Birmingham", "manufacturer", 2, flipped=True)
    place(state, 1, "Dudley", "coal", 2, res=3)
    link(state, 1, "Birmingham-Oxford")  # Oxford merchant beer must not count
    act(state, BuildLink(state.hands[0][0], "Birmingham-Dudley"))
    assert not state.pending
    state = new_state()
    _rail(state)
    place(state, 0, "Birmingham", "manufacturer", 2, flipped=True)
    place(state, 1, "Dudley", "coal", 2, res=3)
    own = place(state, 0, "Stafford", "brewery", 2, res=1)
    act(state, BuildLink(state.hands[0][0], "Birmingham-Dudley"))
    assert BuildSecondLink("Birmingham-Tamworth") in legal(state)
    act(state, BuildSecondLink("Dudley-Wolverhampton"))  # extends from the first link
    assert state.slot_res[own] == 0 and state.slot_flipped[own]


def test_t26_era_tile_availability():
    state = new_state()
    _rail(state)
    state.hands[0] = ["Birmingham"] * 8
    builds = legal_builds(state, 0)
    assert not [b for b in builds if b.industry == "cotton"]  # Cotton I is canal-only
    state.hands[0] = ["Stafford"] * 8
    state.money[0] = 30
    assert any(b.industry == "pottery" for b in legal_builds(state, 0))  # Pottery I allowed
    devs = [a for a in legal(state) if type(a).__name__ == "Develop" and a.industry == "cotton"]
    assert devs  # the blocking Cotton I must be developed away


def test_t27_canal_one_tile_per_place_per_player():
    state = new_state()
    place(state, 0, "Birmingham", "manufacturer", 1)
    state.hands[0] = ["Birmingham"] * 8
    assert [b for b in legal_builds(state, 0) if state.slot_owner[b.slot] != 0] == []
    state.hands[1] = ["Birmingham"] * 8
    assert legal_builds(state, 1)
    set_lowest(state, 0, "manufacturer", 2)
    mf = [b for b in legal_builds(state, 0) if state.slot_owner[b.slot] == 0]
    assert mf and all(b.industry == "manufacturer" for b in mf)  # own overbuild only


def test_t28_end_of_canal_era_cleanup_and_rescoring():
    state = fresh()
    keep = place(state, 0, "Birmingham", "manufacturer", 2, flipped=True)  # 5 VP
    gone = place(state, 0, "Coventry", "pottery", 1, flipped=True)  # 10 VP, level 1
    link(state, 0, "Birmingham-Coventry")
    while state.era == 0:
        pass_round(state)
    assert all(o < 0 for o in state.link_owner)
    assert state.slot_owner[keep] == 0 and state.slot_owner[gone] == -1
    assert state.links_left[0] == 14
    # link: Birmingham MF II (1) + Coventry pottery I (1) = 2; industries 5 + 10
    assert state.vp[0] == 2 + 15
    while not state.finished:
        pass_round(state)
    assert state.vp[0] == 17 + 5


@pytest.mark.parametrize("n,rounds,canal,rail", [(2, 10, 19, 20), (3, 9, 17, 18), (4, 8, 15, 16)])
def test_t29_pass_only_game_length(n, rounds, canal, rail):
    state = fresh(n)
    actions = {0: [0] * n, 1: [0] * n}
    canal_rounds = 0
    while not state.finished:
        seat = GAME.current_player(state)
        options = [a for a in GAME.legal_actions(state) if isinstance(a, Pass)]
        actions[state.era][seat] += 1
        era, rnd = state.era, state.round
        GAME.apply(state, options[0])
        if era == 0 and state.round != rnd:
            canal_rounds += 1
    assert canal_rounds == rounds and state.round == 2 * rounds
    assert actions[0] == [canal] * n and actions[1] == [rail] * n
    deck_size = len(state.board.deck(n))
    assert n * canal + n * state.board.params.setup_discards == deck_size  # every card played (canal)
    assert n * rail == deck_size and sum(len(d) for d in state.discards) == deck_size  # and in rail


def test_t30_canal_to_rail_reshuffle_2p():
    state = fresh(2)
    while state.era == 0:
        pass_round(state)
    assert len(state.deck) == 24 and [len(h) for h in state.hands] == [8, 8]
    assert not any(state.discards)


@pytest.mark.parametrize("n,deck", [(2, 22), (3, 27), (4, 28)])
def test_t31_draw_deck_after_setup(n, deck):
    state = fresh(n)
    assert len(state.deck) == deck
    assert all(len(h) == 8 for h in state.hands) and all(len(d) == 1 for d in state.discards)


def test_tie_needing_every_cube_asks_nothing():
    state = new_state()
    link(state, 1, "Dudley-Wolverhampton")
    link(state, 1, "Dudley-Kidderminster")
    link(state, 1, "Birmingham-Dudley")
    a = place(state, 1, "Wolverhampton", "coal", 2, res=1)
    b = place(state, 1, "Kidderminster", "coal", 2, res=1)
    set_lowest(state, 0, "manufacturer", 3)  # MF III needs 2 coal
    state.hands[0] = ["Birmingham"] * 8
    slot = slot_in(state, "Birmingham", "manufacturer")
    act(state, BuildIndustry("Birmingham", slot, "manufacturer"))
    assert not state.pending and state.slot_res[a] == 0 and state.slot_res[b] == 0
