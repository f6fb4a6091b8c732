"""The route search and the route cache a 驿道 build keeps give the routes a fresh search gives.

``paths.routes_from`` scans its frontier instead of using a heap, and ``keep_routes_after_road``
keeps the cached routes a new 驿道 leaves unchanged. Both are checked against the plain
statement of the rule, ``paths.routes_plain`` (cheapest cost, then fewest roads; ties by the order a
heap would settle places in), on positions reached by random play of the default map.
"""

from __future__ import annotations

import numpy as np

from sim.config import load_config
from sim.core.play import setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.modifiers import modifier_total
from sim.games.mingchu.rules.paths import (
    _routes_dict,
    route_between,
    routes_and_singles,
    routes_from,
    routes_plain,
)
from sim.games.mingchu.rules.state import MingchuState

from .helpers import RULES

PARAMS = load_config(SPEC.default_config).params


def _water(state: MingchuState, seat: int) -> int:
    return modifier_total(state, seat, "discount", action="water")


def _as_tuples(routes: dict) -> dict:
    return {p: (r.workers, r.coins, r.favor, r.new_temp) for p, r in routes.items()}


def _random_positions(games: int, stop_round: int = 8):
    """States met during random 5-player games on the default map, one every few decisions."""
    for seed in range(games):
        state, rng = RULES.initial_state(PARAMS, 5, setup_rng(seed)), np.random.default_rng(seed)
        steps = 0
        while not RULES.is_terminal(state) and state.round < stop_round:
            legal = RULES.legal_actions(state)
            action = legal[int(rng.integers(len(legal)))]
            RULES.apply(state, action)
            steps += 1
            yield state, action, steps


def test_routes_match_a_reference_search():
    """Every seat, every source, temporary roads included: the same routes as the reference."""
    checked = 0
    for state, _, steps in _random_positions(3):
        if steps % 97:
            continue
        for seat in range(state.n):
            for source in range(len(state.topo.places)):
                assert _as_tuples(routes_from(state, seat, source)) == _as_tuples(
                    routes_plain(state, seat, source)
                )
                checked += 1
    assert checked > 1000


def test_routes_kept_after_a_road_build_are_the_fresh_ones():
    """After each 驿道 built in play, every route the cache kept equals a fresh search's, and the
    cache kept some (else the test would prove nothing)."""
    kept = 0
    for state, action, _ in _random_positions(6, stop_round=12):
        if not isinstance(action, A.BuildRoad) or not state.route_cache:
            continue
        fresh = state.clone()
        fresh.route_cache = None
        for key, routes in list(state.route_cache.items()):
            seat, source = key[0], key[1]
            if key[-1]:
                continue  # routes over temporary roads
            if isinstance(source, tuple) and source[0] == "found":  # a list by place (``routes_by_place``)
                _, source, water = source
                routes = _routes_dict(state, seat, source, water, key[-1], routes)
            elif isinstance(source, int):
                water = key[2]
            else:
                continue
            if water == _water(state, seat):  # kept for the water discount the seat has now
                assert _as_tuples(routes) == _as_tuples(routes_from(fresh, seat, source))
                kept += 1
    assert kept > 20


def test_route_between_is_the_full_search_route():
    """``route_between`` stops its search at the target: the route it gives (or None) is the one the
    full search gives, with and without the full routes kept, temporary roads included."""
    checked = with_temp = 0
    for state, _, steps in _random_positions(3):
        if steps % 89:
            continue
        for seat in range(state.n):
            for source in range(0, len(state.topo.places), 3):
                full = routes_from(state, seat, source)
                for target in range(len(state.topo.places)):
                    fresh = state.shallow_copy()
                    fresh.route_cache = fresh.board_cache = None
                    alone = route_between(fresh, seat, source, target)
                    assert not any(
                        isinstance(key[1], int) for key in fresh.route_cache or {}
                    )  # no routes kept
                    kept = route_between(state, seat, source, target)
                    expected = full.get(target)
                    assert (alone is None) == (kept is None) == (expected is None)
                    if expected is not None:
                        assert _as_tuples({0: alone}) == _as_tuples({0: kept}) == _as_tuples({0: expected})
                    checked += 1
                    with_temp += bool(state.temp_roads)
    assert checked > 3000 and with_temp > 100


def test_a_route_read_the_other_way_round_is_the_one_a_search_finds():
    """``route_between`` reads the route from a place to a 掌柜 the other way round from the routes
    kept from the 掌柜 when it is the only cheapest one (``routes_and_singles``): always the route a
    search from the place finds, temporary roads included; and some are read that way, some not."""
    read = searched = with_temp = 0
    for state, _, steps in _random_positions(3):
        if steps % 53:
            continue
        for seat in range(state.n):
            for target in state.players[seat].managers:
                kept = state.shallow_copy()
                kept.route_cache = {}
                routes_and_singles(kept, seat, target)
                single = next(v for k, v in kept.route_cache.items() if k[1][:2] == ("single", target))
                for place in range(len(state.topo.places)):
                    fresh = state.shallow_copy()
                    fresh.route_cache = None
                    expected = route_between(fresh, seat, place, target)
                    got = route_between(kept, seat, place, target)
                    assert (got is None) == (expected is None)
                    if expected is not None:
                        assert _as_tuples({0: got}) == _as_tuples({0: expected}), (seat, place, target)
                    read += single[place]
                    searched += not single[place]
                    with_temp += bool(state.temp_roads) and single[place]
    assert read > 3000 and searched > 300 and with_temp > 300
