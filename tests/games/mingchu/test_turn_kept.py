"""The turn's legal list, built from shared records and kept routes, gives what a fresh computation gives.

The list's records come from tables shared by every game (``actions.made1`` / ``made2``, the
``Transport`` and ``Move`` tables), the 伙计 cost from plain ints on the topology, the warehouse
routes from ``state.route_cache``. After every decision of whole random and heuristic games at 4 and
5 players, the legal list is compared with the one a copy on a new topology with no kept routes
computes, every seat's warehouse routes with a fresh search, its 伙计 cost with the params' track,
and its modifier totals and ``forbid`` answers with a plain sum over its sources.
"""

from __future__ import annotations

import pytest

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules import quick, turn
from sim.games.mingchu.rules.economy import worker_step_cost
from sim.games.mingchu.rules.effects_schema import MODIFIER_TYPES
from sim.games.mingchu.rules.modifiers import forbidden, modifier_total
from sim.games.mingchu.rules.state import Topology

from .helpers import RULES, lineup

PARAMS = load_config(SPEC.default_config).params


def _plain_mods(state, seat: int) -> list:
    """The seat's active modifiers: the round's, its 门客's passives, its 家族 cards' modifiers."""
    player = state.players[seat]
    mods = list(state.round_mods[seat])
    for card in player.retainers:
        mods += state.topo.retainers[card].passive
    for family in player.families:
        mods += [e for e in state.topo.families[family].effects if isinstance(e, MODIFIER_TYPES)]
    return mods


def _plain_total(mods: list, kind: str, action, good) -> int:
    total = 0
    for mod in mods:
        if mod.effect != kind:
            continue
        if action is not None and getattr(mod, "action", None) != action:
            continue
        if getattr(mod, "good", None) not in (None, good):
            continue
        total += mod.amount
    return total


def _as_tuple(route) -> tuple:
    return (route.workers, route.coins, route.favor, route.new_temp)


def _on_new_topology(state):
    fresh = state.clone()
    fresh.topo = Topology(state.params)
    fresh.route_cache = fresh.board_cache = fresh.price_cache = None
    return fresh


class _Checks:
    """An ``on_step`` hook comparing the list's parts with fresh ones before each action."""

    def __init__(self) -> None:
        self.decisions = self.totals = self.with_round_mods = self.warehouse = 0

    def __call__(self, state, seat, action, description) -> None:
        self.decisions += 1
        track = state.params.worker_track
        for s in range(state.n):
            mods = _plain_mods(state, s)
            self.with_round_mods += bool(state.round_mods[s])
            actions = {None, *(getattr(m, "action", None) for m in mods)}
            goods = {None, *(getattr(m, "good", None) for m in mods)}
            for kind in ({m.effect for m in mods} | {"discount", "extra_moves"}) - {"forbid"}:
                for act in actions:
                    for good in goods:
                        want = _plain_total(mods, kind, act, good)
                        assert modifier_total(state, s, kind, action=act, good=good) == want
                        self.totals += 1
            for act in ("build", "road", "hire", "sell", "reserve", "loan"):
                want = any(m.effect == "forbid" and m.action == act for m in mods)
                assert forbidden(state, s, act) == want
            nxt = state.players[s].worker_pos + 1
            hire = _plain_total(mods, "discount", "hire", None)
            assert worker_step_cost(state, s) == (
                None if nxt >= len(track) else max(0, track[nxt].cost - hire)
            )
        if self.decisions % 3 == 0 or state.pending.next.kind == "turn":
            fresh = _on_new_topology(state)
            assert list(RULES.legal_actions(state)) == list(RULES.legal_actions(fresh))
            if not state.temp_roads:
                for s in range(state.n):
                    kept = quick._warehouse_routes(state, s)
                    want = quick._warehouse_routes(fresh, s)
                    assert {m: _as_tuple(r) for m, r in kept.items()} == {
                        m: _as_tuple(r) for m, r in want.items()
                    }
                    self.warehouse += bool(want)


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("n", [4, 5])
def test_turn_list_parts_equal_fresh_ones_after_every_decision(kind: str, n: int):
    seed = 11 + n
    checks = _Checks()
    record = play_game(SPEC, PARAMS, n, seed, lineup(kind, n, seed), on_step=checks, catch_errors=False)
    assert record.actions == checks.decisions > 500
    assert checks.totals > 1000 and checks.with_round_mods > 0  # the comparisons above did happen
    assert checks.warehouse > 100


def test_shared_records_are_mades():
    """``made1`` / ``made2`` and the ``Transport`` and ``Move`` tables give ``made``'s one record per value."""
    assert A.made1(A.BuildRoad, 7) is A.made(A.BuildRoad, 7) == A.BuildRoad(7)
    assert A.made2(A.Sell, "丝绸", 3) is A.made(A.Sell, "丝绸", 3) == A.Sell("丝绸", 3)
    assert A.made2(A.Deliver, "x#2", 5) == A.Deliver("x#2", 5)
    for count, to_warehouse, manager in ((1, True, 0), (3, False, 1), (1, False, 1)):
        record = quick._transport("丝绸", count, to_warehouse, manager)
        assert record is A.made(A.Transport, "丝绸", count, to_warehouse, manager)
        assert record == A.Transport("丝绸", count, to_warehouse, manager)
    assert quick._transport("丝绸", 2, True, 5000) == A.Transport("丝绸", 2, True, 5000)  # outside the table
    late = turn._road_moves(200)
    assert [m.road for m in turn._road_moves(150)] == [150] * len(turn.MOVE_MODES)
    assert turn._road_moves(200) is late and late[turn.STEP] == A.Move(200, "step")
