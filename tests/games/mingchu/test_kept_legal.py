"""What the engine keeps between decisions gives what a fresh computation gives.

The legal lists read values kept across decisions: routes, carrier and sale tables and the industry
table in ``state.route_cache``, per-road cost tables (kept through a 驿道 build, brought up to date), distances in
``state.price_cache``. A stale kept value is a rules bug, so after every decision of whole random
and heuristic games at 4 and 5 players the legal list is compared with the one a copy of the state
with no kept values computes, every kept per-road and per-place cost table with one derived afresh from the board,
and every kept route table (a dict, or a list by place) that applies now with a fresh search; a route
read the other way round from kept routes (``route_between``) with the one a fresh search finds.
"""

from __future__ import annotations

import pytest

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules.modifiers import modifier_total
from sim.games.mingchu.rules.paths import NO_ROADS, _board_edges, _routes_dict, route_between, routes_from

from .helpers import RULES, lineup

PARAMS = load_config(SPEC.default_config).params


def _fresh(state):
    fresh = state.clone()
    fresh.route_cache = fresh.board_cache = fresh.price_cache = None
    return fresh


def _as_tuples(routes: dict) -> list:
    return [(p, r.workers, r.coins, r.favor, r.new_temp) for p, r in routes.items()]


def _links(state, edges: list, temp: frozenset) -> list:
    """Per place, each usable road next to it as ``paths._settle`` reads it: what it adds to a packed
    (cost, roads) key, the road and the place it leads to, packed in one int; a temporary road
    without 驿道 (one that cost a 伙计) adds no cost (M17)."""
    bits = len(state.topo.places).bit_length()
    shift = bits + len(edges).bit_length()
    rows = []
    for pairs in state.topo.adjacent:
        row = []
        for road, other in pairs:
            if edges[road] == (1, 0, 0, 1) and road in temp:
                step = 1
            elif edges[road] is None:
                continue
            else:
                step = edges[road][3] << bits | 1
            row.append(step << shift | road << bits | other)
        rows.append(row)
    return rows


class _Checks:
    """An ``on_step`` hook comparing the kept values with fresh ones before each action."""

    def __init__(self) -> None:
        self.decisions = self.tables = self.laid = self.routes = self.singles = 0

    def __call__(self, state, seat, action, description) -> None:
        kept = list(RULES.legal_actions(state))
        assert kept == list(RULES.legal_actions(_fresh(state))), (state.round, state.stage, action)
        self.decisions += 1
        for key, table in list((state.route_cache or {}).items()):
            if isinstance(key[1], tuple) and key[1][0] == "roads":
                who, (_, water) = key[0], key[1]
                edges = _board_edges(state, who, water)
                assert table == (
                    [0 if e is None else e[0] for e in edges],
                    [0 if e is None else e[1] for e in edges],
                    [0 if e is None else e[2] for e in edges],
                    [-1 if e is None else e[3] for e in edges],
                    _links(state, edges, frozenset()),
                ), key
                self.tables += 1
        temp = frozenset(state.temp_roads) if state.temp_roads else NO_ROADS
        fresh = None
        for key, routes in list((state.route_cache or {}).items()):
            who, source = key[0], key[1]
            if isinstance(source, tuple) and source[:1] == ("links",) and key[-1] == temp:
                edges = _board_edges(state, who, source[1])  # with this step's temporary roads
                assert routes == _links(state, edges, temp), key
                self.laid += 1
            if isinstance(source, tuple) and source[:1] == ("single",) and key[-1] == temp:
                _, target, water = source
                if water == modifier_total(state, who, "discount", action="water"):
                    fresh = fresh or _fresh(state)
                    for place in range(len(routes)):  # read the other way round: a fresh search's
                        if routes[place]:
                            kept_route = route_between(state, who, place, target)
                            assert _as_tuples({0: kept_route}) == _as_tuples(
                                {0: route_between(fresh, who, place, target)}
                            ), (key, place)
                            self.singles += 1
            water = key[2] if isinstance(source, int) else None
            if isinstance(source, tuple) and source[:1] == ("found",):  # a list by place
                _, source, water = source
                routes = _routes_dict(state, who, source, water, key[-1], routes)
            if water is None or key[-1] != temp:
                continue  # a table derived from routes, or routes over other temporary roads
            if water != modifier_total(state, who, "discount", action="water"):
                continue  # kept for a water discount the seat no longer has
            fresh = fresh or _fresh(state)
            assert _as_tuples(routes) == _as_tuples(routes_from(fresh, who, source)), key
            self.routes += 1


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("n", [4, 5])
def test_kept_values_equal_fresh_ones_after_every_decision(kind: str, n: int):
    seed = 7 + n
    bots = lineup(kind, n, seed)
    checks = _Checks()
    record = play_game(SPEC, PARAMS, n, seed, bots, on_step=checks, catch_errors=False)
    assert record.actions == checks.decisions > 500
    assert (
        checks.tables > 100 and checks.laid > 100 and checks.routes > 100 and checks.singles > 100
    )  # the comparisons above did happen
