"""Track costs, placement legality, redirect, improve, ownership and urbanization."""

from __future__ import annotations

from sim.games.steam import SPEC
from sim.games.steam.rules import track
from sim.games.steam.rules.actions import BuildTown, BuildTrack, EndBuild, Redirect, Urbanize
from sim.games.steam.rules.state import UNOWNED
from tests.games.steam.helpers import NE, NW, SE, SW, E, W, build_turn, hx, make, name

GAME = SPEC.game


def legal_builds(state):
    return [a for a in GAME.legal_actions(state) if isinstance(a, BuildTrack)]


def test_track_costs_by_terrain_and_improvement():
    state = make()
    assert track.track_cost(state, hx(state, 1, 0)) == 2  # plain: 2 ends
    assert track.track_cost(state, hx(state, 3, 1)) == 3  # river
    assert track.track_cost(state, hx(state, 2, 1)) == 4  # hill
    GAME.apply(state, BuildTrack(hx(state, 2, 1), NW, SE))  # from B onto the hill
    assert state.cash[0] == 50 - 4
    assert track.track_cost(state, hx(state, 2, 1)) == 4  # two-track tile, no terrain


def test_town_tile_costs_one_per_exit_plus_one():
    state = make()
    t = name(state, "T")
    assert [track.town_cost(state, t, k) for k in (1, 2, 3, 4)] == [2, 3, 4, 5]


def test_new_track_must_grow_from_a_city_or_own_track():
    state = make()
    hexes = {a.hex for a in legal_builds(state)}
    assert hx(state, 1, 0) in hexes
    assert hx(state, 3, 2) not in hexes  # next to nothing
    assert not any(state.colour[a.hex] or state.town[a.hex] for a in legal_builds(state))
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, BuildTown)]  # T touches no city


def test_link_between_two_cities_is_complete_and_owned():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 1, 0), W, E))
    (link,) = state.links.values()
    assert (link.a, link.b, link.owner) == (name(state, "A"), name(state, "B"), 0)
    assert state.cash[0] == 48 and state.builds_left == 2


def test_track_into_a_town_then_a_town_tile_completes_the_link():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 5, 1), NW, SW))  # from D, pointing into T
    (link,) = state.links.values()
    assert link.b == -1
    t = name(state, "T")
    assert BuildTown(t, (NE,)) in GAME.legal_actions(state)
    cash = state.cash[0]
    GAME.apply(state, BuildTown(t, (NE,)))
    assert state.cash[0] == cash - 2
    assert link.b == t and link.owner == 0


def test_no_track_into_another_players_open_end():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 0, 1), NW, E))  # seat 0 from A toward (1,1)
    build_turn(state, 1)
    options = legal_builds(state)
    assert BuildTrack(hx(state, 1, 1), NE, W) not in options  # would meet seat 0's open end
    assert BuildTrack(hx(state, 1, 1), NE, SW) in options  # B to C is fine


def test_no_loop_back_to_the_start_city():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 0, 1), NW, E))  # A -> (1,1)
    options = [a for a in legal_builds(state) if a.hex == hx(state, 1, 1)]
    assert BuildTrack(hx(state, 1, 1), W, NW) in options
    # (1,1) NW is (1,0): fine; but from (1,0) W would be A again
    GAME.apply(state, BuildTrack(hx(state, 1, 1), W, NW))
    assert BuildTrack(hx(state, 1, 0), SE, W) not in legal_builds(state)


def test_redirect_last_tile_of_own_incomplete_link():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 0, 1), NW, E))
    (link,) = state.links.values()
    assert Redirect(link.id, SE) in GAME.legal_actions(state)
    cash = state.cash[0]
    GAME.apply(state, Redirect(link.id, SE))  # now into C
    assert state.cash[0] == cash - 2
    assert link.b == name(state, "C") and link.owner == 0 and len(link.tiles) == 1


def test_redirecting_an_unowned_link_does_not_keep_it():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 0, 1), NW, E))
    (link,) = state.links.values()
    link.owner = UNOWNED
    build_turn(state, 1)
    GAME.apply(state, Redirect(link.id, SW))  # still open, toward (-1,2)
    assert link.owner == 1 and link.b == -1
    GAME.apply(state, EndBuild())
    assert link.owner == UNOWNED


def test_improve_keeps_the_old_owner_and_costs_four_without_terrain():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 2, 1), NW, SE))  # seat 0 on the hill, from B
    build_turn(state, 1)
    GAME.apply(state, BuildTrack(hx(state, 1, 1), SW, E))  # seat 1 from C toward the hill
    cash = state.cash[1]
    assert track.track_cost(state, hx(state, 2, 1)) == 4
    GAME.apply(state, BuildTrack(hx(state, 2, 1), W, NE))  # second track on the hill tile
    assert state.cash[1] == cash - 4
    owners = {lid: state.links[lid].owner for _, lid in state.conn[hx(state, 2, 1)].values()}
    assert sorted(owners.values()) == [0, 1]


def test_unextended_incomplete_link_is_lost_after_the_next_build_turn():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 0, 1), NW, E))
    (link,) = state.links.values()
    GAME.apply(state, EndBuild())
    assert link.owner == 0  # kept through the turn it was built
    build_turn(state, 0)
    GAME.apply(state, EndBuild())
    assert link.owner == UNOWNED  # not extended in the next build turn
    build_turn(state, 1)
    GAME.apply(state, BuildTrack(hx(state, 1, 1), W, SW))  # seat 1 claims it and finishes A-C
    assert link.owner == 1 and link.b == name(state, "C")


def test_extended_link_stays_owned():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 0, 1), NW, E))
    (link,) = state.links.values()
    GAME.apply(state, EndBuild())
    build_turn(state, 0)
    GAME.apply(state, BuildTrack(hx(state, 1, 1), W, E))  # still open toward the hill
    GAME.apply(state, EndBuild())
    assert link.owner == 0 and len(link.tiles) == 2


def test_urbanization_completes_links_pointing_into_the_town():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 5, 1), NW, SW))  # D -> into T
    (link,) = state.links.values()
    t = name(state, "T")
    state.special[0] = 7
    moved = sorted(state.supply_sets[0])
    actions = [a for a in GAME.legal_actions(state) if isinstance(a, Urbanize)]
    assert Urbanize(t, "gray", 0) in actions
    GAME.apply(state, Urbanize(t, "gray", 0))
    assert state.colour[t] == "gray" and not state.town[t] and state.growth[t]
    assert link.b == t and link.owner == 0
    assert sorted(state.cubes[t]) == moved and state.supply_sets[0] == []
    assert state.new_city_supply["gray"] == 3
    assert not GAME.invariants(state)


def test_urbanization_removes_the_town_tile_and_its_spurs():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 5, 1), NW, SW))
    t = name(state, "T")
    GAME.apply(state, BuildTown(t, (NE, W)))  # completes D-T and adds a spur west
    assert len(state.links) == 2
    tiles = state.tile_supply
    state.special[0] = 7
    GAME.apply(state, Urbanize(t, "red", 0))
    assert state.tile_supply == tiles + 1
    assert len(state.links) == 1  # the spur went with the town tile
    assert not GAME.invariants(state)


def test_blocked_and_off_map_sides_are_never_offered():
    state = make()
    for a in legal_builds(state):
        assert state.hm.nb[a.hex][a.a] >= 0 and state.hm.nb[a.hex][a.b] >= 0


def test_town_tile_upgrade_pays_the_full_new_tile():
    state = make()
    GAME.apply(state, BuildTrack(hx(state, 5, 1), NW, SW))  # D -> into T
    t = name(state, "T")
    GAME.apply(state, BuildTown(t, (NE, W)))  # 2 exits: $3
    cash = state.cash[0]
    assert BuildTown(t, (SW,)) in GAME.legal_actions(state)  # the seat touches T now
    GAME.apply(state, BuildTown(t, (SW,)))  # now 3 exits: $4, no terrain
    assert state.cash[0] == cash - 4
    assert state.tile_supply == state.params.track_tiles - 2  # the upgrade swaps tiles
    assert not GAME.invariants(state)


def test_standard_builds_only_from_cash():
    state = make("standard", cash=1)
    assert not [a for a in GAME.legal_actions(state) if isinstance(a, (BuildTrack, BuildTown))]
    base = make("base", cash=1)
    assert [a for a in GAME.legal_actions(base) if isinstance(a, BuildTrack)]  # Base raises money
