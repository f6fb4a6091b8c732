"""The route lists the production legal list keeps (``paths.routes_by_place``) give what a fresh
search gives, and its industry tables (kept across 驿道 builds) what a fresh listing gives, after
every decision of whole games.

``legal_produce`` reads each 掌柜's routes as a list by place and keeps that list (with the order the
places were first reached in) instead of a dict; ``routes_from`` later builds its dict from the kept
list. Both are checked here against a copy of the state with nothing kept: the list, the order and
the dict built from them, for random and heuristic games at 4 and 5 players.
"""

from __future__ import annotations

import numpy as np
import pytest

from sim.config import load_config
from sim.core.play import play_game, setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules.modifiers import modifier_total
from sim.games.mingchu.rules.paths import NO_ROADS, _board_edges, _routes_dict, routes_by_place, routes_from
from sim.games.mingchu.rules.production import _industries

from .helpers import RULES, lineup

PARAMS = load_config(SPEC.default_config).params


def _fresh(state):
    fresh = state.clone()
    fresh.route_cache = fresh.board_cache = fresh.price_cache = None
    return fresh


def _rows(routes) -> list:
    return [None if r is None else (r.workers, r.coins, r.favor, r.new_temp) for r in routes]


class _Checks:
    """An ``on_step`` hook comparing every kept route list that applies now with a fresh search."""

    def __init__(self) -> None:
        self.lists = self.dicts = self.tables = 0

    def __call__(self, state, seat, action, description) -> None:
        temp = frozenset(state.temp_roads) if state.temp_roads else NO_ROADS
        for key, kept in list((state.route_cache or {}).items()):
            who, what = key[0], key[1]
            if isinstance(what, tuple) and what[:1] == ("produce",):  # kept across 驿道 builds
                _, discount, count = what
                if count == len(state.industries):
                    assert kept == _industries(_fresh(state), who, discount), key
                    self.tables += 1
                continue
            if not (isinstance(what, tuple) and what[:1] == ("found",)) or key[-1] != temp:
                continue
            _, source, water = what
            if water != modifier_total(state, who, "discount", action="water"):
                continue  # kept for a water discount the seat no longer has
            found = kept[0]
            expected = routes_from(_fresh(state), who, source)
            order = list(_routes_dict(state, who, source, water, temp, kept))
            assert order == list(expected), key  # the dict's order: the places first reached
            assert _rows(found) == _rows([expected.get(p) for p in range(len(found))]), key
            self.lists += 1
            # the dict ``routes_from`` builds from the kept list is the fresh one, in the same order
            built = routes_from(state.shallow_copy(), who, source)
            assert list(built) == list(expected), key
            assert _rows(built.values()) == _rows(expected.values()), key
            self.dicts += 1


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("n", [4, 5])
def test_kept_route_lists_equal_fresh_searches_after_every_decision(kind: str, n: int):
    seed = 11 + n
    checks = _Checks()
    play_game(SPEC, PARAMS, n, seed, lineup(kind, n, seed), on_step=checks, catch_errors=False)
    assert checks.lists > 100 and checks.dicts == checks.lists and checks.tables > 100  # they happened


def test_the_list_read_from_a_kept_dict_is_that_dict():
    """With the dict already kept, the list holds the same routes, by place."""
    state = RULES.initial_state(PARAMS, 5, setup_rng(3))
    for seat in range(state.n):
        for source in range(len(state.topo.places)):
            routes = routes_from(state, seat, source)
            found = routes_by_place(state, seat, source)
            assert _rows(found) == _rows([routes.get(p) for p in range(len(found))])
            fresh = _fresh(state)
            assert _rows(routes_by_place(fresh, seat, source)) == _rows(found)


def _first_reached(state, seat: int, source: int) -> list[int]:
    """The places in the order a plain Dijkstra's search over (cost, roads, place) first reaches them,
    each settled place trying its roads in the map's order (written apart from ``paths._order``)."""
    edges = list(_board_edges(state, seat, modifier_total(state, seat, "discount", action="water")))
    for road in state.temp_roads:
        if edges[road] == (1, 0, 0, 1):
            edges[road] = (0, 0, 0, 0)  # a temporary road is free this step
    best = {source: (0, 0)}
    order, done = [source], set()
    while len(done) < len(best):
        place = min((key, p) for p, key in best.items() if p not in done)[1]
        done.add(place)
        cost, roads = best[place]
        for road, other in state.topo.adjacent[place]:
            if edges[road] is None:
                continue
            new = (cost + edges[road][3], roads + 1)
            if other not in best:
                order.append(other)
            if other not in done and (other not in best or new < best[other]):
                best[other] = new
    return order


def test_the_dict_lists_the_places_in_the_order_first_reached():
    """``routes_from``'s dict holds the places in the order first reached, found from the kept keys
    (``paths._order``), temporary roads included."""
    checked = with_temp = 0
    for seed in range(2):
        state = RULES.initial_state(PARAMS, 5, setup_rng(seed))
        rng = np.random.default_rng(seed)
        steps = 0
        while not RULES.is_terminal(state) and state.round < 8:
            legal = RULES.legal_actions(state)
            RULES.apply(state, legal[int(rng.integers(len(legal)))])
            steps += 1
            if steps % 41:
                continue
            for seat in range(state.n):
                for source in range(0, len(state.topo.places), 4):
                    assert list(routes_from(_fresh(state), seat, source)) == _first_reached(
                        state, seat, source
                    )
                    checked += 1
                    with_temp += bool(state.temp_roads)
    assert checked > 300 and with_temp > 10
