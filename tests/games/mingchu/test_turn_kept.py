"""The values the turn's legal list keeps per topology give what a fresh computation gives.

``modifiers.source_terms`` keeps, per seat, the table every modifier look-up reads with the sources
it was made from (the 门客 and 家族 cards held, the round's modifier objects); ``orders.order_place``
keeps where each order instance is delivered; ``quick._warehouse_routes`` keeps each seat's answer
with what it read. After every decision of whole random and heuristic games at 4 and 5 players, each
seat's modifier totals and ``forbid`` answers are compared with a plain sum over its sources, and
the legal list and every seat's warehouse routes with those a copy on a new topology with no kept
routes computes.
"""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC, quick
from sim.games.mingchu.effects_schema import MODIFIER_TYPES
from sim.games.mingchu.modifiers import _merged_terms, forbidden, modifier_total, source_terms
from sim.games.mingchu.orders import order_place
from sim.games.mingchu.state import Topology

from .helpers import RULES, lineup, play_until

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
    """An ``on_step`` hook comparing the kept values with fresh ones before each action."""

    def __init__(self) -> None:
        self.decisions = self.totals = self.with_round_mods = self.warehouse = 0

    def __call__(self, state, seat, action, description) -> None:
        self.decisions += 1
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
            player = state.players[s]
            fresh = _merged_terms(state, state.round_mods[s], list(player.retainers), list(player.families))
            assert source_terms(state, s) == fresh
        for public in state.public_orders:
            card = state.order_card[public.order]
            assert order_place(state, public.order) == state.topo.place_index[state.topo.orders[card].place]
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
def test_kept_turn_values_equal_fresh_ones_after_every_decision(kind: str, n: int):
    seed = 11 + n
    checks = _Checks()
    record = play_game(SPEC, PARAMS, n, seed, lineup(kind, n, seed), on_step=checks, catch_errors=False)
    assert record.actions == checks.decisions > 500
    assert checks.totals > 1000 and checks.with_round_mods > 0  # the comparisons above did happen
    assert checks.warehouse > 100


def _with_round_mods():
    state = RULES.initial_state(PARAMS, 5, np.random.default_rng(4))
    return play_until(state, lambda s: any(s.round_mods) and s.pending.next.kind == "turn", rng_seed=4)


def test_a_kept_table_serves_only_the_sources_it_was_made_from():
    """An entry made from equal but other modifier objects (as after a copy), or from other cards,
    is made afresh, not read."""
    state = _with_round_mods()
    seat = next(s for s in range(state.n) if state.round_mods[s])
    player, mods = state.players[seat], state.round_mods[seat]
    retainers, families = list(player.retainers), list(player.families)
    wrong = {"discount": ((None, None, 99),)}
    fresh = _merged_terms(state, mods, retainers, families)
    assert source_terms(state, seat) == fresh  # the seat has an entry from here on
    for kept in (
        (retainers, families, [copy.deepcopy(m) for m in mods], wrong),
        (retainers, [*families, "x"], list(mods), wrong),
        ([*retainers, "y"], families, list(mods), wrong),
    ):
        state.topo.source_terms[seat] = kept
        assert source_terms(state, seat) == fresh
    state.topo.source_terms[seat] = (retainers, families, list(mods), wrong)
    assert source_terms(state, seat) is wrong  # the very sources: read, not made again


@pytest.mark.parametrize("how", ["pickle", "deepcopy"])
def test_copies_of_the_topology_give_the_same_totals(how: str):
    state = _with_round_mods()
    for s in range(state.n):
        source_terms(state, s)  # fill the table before copying
    other = pickle.loads(pickle.dumps(state)) if how == "pickle" else copy.deepcopy(state)
    for s in range(state.n):
        assert source_terms(other, s) == source_terms(state, s)
        for kind in ("discount", "extra_moves", "sell_bonus"):
            assert modifier_total(other, s, kind) == modifier_total(state, s, kind)
    assert list(RULES.legal_actions(other)) == list(RULES.legal_actions(state))
