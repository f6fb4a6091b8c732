"""The turn list's road and 皇恩卡 parts and the used-card rows give what the plain rules give, after
every decision.

``turn.road_options`` reads the seat's supply, ``forbid`` and road discount once per list instead of
once per road (``building.road_cost``), over the roads of a place kept on the topology
(``Topology.roads_at``). After every decision of whole random and heuristic games at 4 and 5
players, for every seat and every place of its 掌柜, it is compared with the list ``road_cost`` and
``roads_near`` give (M31), and every place's kept roads with ``roads_near``. ``modifiers.used_cards``
(which cards ``note_used`` writes a ``used`` row for) sums each card's terms read once per game; it is
compared with the sum over each of ``lasting_sources``' effects, for every seat and every kind,
action and good its modifiers name. ``anytime.grace_options`` reads each card's plays from a table;
it is compared with the plays and discards the cards' targets allow (M29). ``turn.legal_moves`` reads
the water discount once and takes ``paths.water_fee``'s formula; every seat's fee on every water road
is compared with ``water_fee``, and the open turn's moves with a list built from ``water_fee``
(M24-M28).
"""

from __future__ import annotations

import pytest

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules import anytime, turn
from sim.games.mingchu.rules.building import road_cost, roads_near
from sim.games.mingchu.rules.economy import can_give_favor
from sim.games.mingchu.rules.modifiers import lasting_sources, modifier_total, used_cards
from sim.games.mingchu.rules.paths import water_fee
from sim.games.mingchu.rules.state import OFFICIAL

from .helpers import lineup

PARAMS = load_config(SPEC.default_config).params


def _plain_used(state, seat: int, kind: str, action, good) -> list:
    """The cards among ``lasting_sources`` whose effects of ``kind`` matching ``action`` / ``good`` sum
    to something."""
    used = []
    for deck, card, lasting in lasting_sources(state, seat):
        total = 0
        for eff in lasting:
            if eff.effect != kind or (action is not None and getattr(eff, "action", None) != action):
                continue
            if getattr(eff, "good", None) in (None, good):
                total += eff.amount
        if card is not None and total:
            used.append((deck, card))
    return used


def _plain_grace(state, seat: int) -> list:
    player = state.players[seat]
    legal = []
    for card in sorted(set(player.grace_cards)):
        targets = range(state.n) if state.topo.grace[card].target == "any" else [seat]
        legal += [A.PlayGrace(card, t) for t in targets]
        legal += [A.DiscardGrace(card)] if player.supply > 0 else []
    return legal


def _plain_moves(state, seat: int, data: dict) -> list:
    """M24-M28 per road next to the 掌柜, each road's water fee from ``water_fee``."""
    topo, player = state.topo, state.players[seat]
    if data["moves"] >= topo.max_steps_per_turn:
        return []
    manager = data["manager"]
    pack = player.packs[state.pack_index(manager)]
    horse = not player.horse_used[manager] and any(g in topo.free_move_goods for g in pack)
    extra = modifier_total(state, seat, "extra_moves")
    step = data["steps"] < topo.moves_per_turn + extra
    workers = player.workers >= topo.workers_per_free_step
    legal = []
    for road in topo.adjacent_roads[player.managers[manager]]:
        kind, owner = topo.road_kind[road], state.yidao.get(road)
        if owner is None and kind == "dashed":
            continue
        if kind != "water" and owner in (seat, OFFICIAL):
            legal.append(A.Move(road, "yidao"))
            continue
        if water_fee(state, seat, road) > player.coins:
            continue
        if owner is not None and kind != "water" and can_give_favor(state, seat, (owner,)):
            legal.append(A.Move(road, "yidao_paid"))
        if kind == "dashed":
            continue
        if horse:
            legal.append(A.Move(road, "horse"))
        elif player.bonus_moves > 0:
            legal.append(A.Move(road, "bonus"))
        legal += [A.Move(road, "step")] if step else []
        legal += [A.Move(road, "workers")] if workers else []
    return legal


def _plain_roads(state, seat: int, place: int) -> list:
    return [A.BuildRoad(r) for r in roads_near(state, [place]) if road_cost(state, seat, r) is not None]


class _Checks:
    def __init__(self) -> None:
        self.decisions = self.roads = self.no_road = self.used = self.grace = self.fees = self.moves = (
            self.water_moves
        ) = 0

    def __call__(self, state, seat, action, description) -> None:
        self.decisions += 1
        topo = state.topo
        decision = state.pending.next
        if decision.kind == "turn" and decision.data["manager"] is not None:
            want = _plain_moves(state, decision.seat, decision.data)
            assert turn.legal_moves(state, decision.seat, decision.data) == want
            self.moves += bool(want)
            self.water_moves += any(topo.road_coins[m.road] for m in want)
        if self.decisions == 1:  # the topology does not change in a game
            assert [topo.roads_at[p] for p in range(len(topo.places))] == [
                roads_near(state, [p]) for p in range(len(topo.places))
            ]
        for s in range(state.n):
            for place in sorted(set(state.players[s].managers)):
                want = _plain_roads(state, s, place)
                assert turn.road_options(state, s, topo.roads_at[place]) == want, (s, place)
                self.roads += bool(want)
                self.no_road += not want and state.players[s].supply > 0
            water = modifier_total(state, s, "discount", action="water")
            for road, fee in enumerate(topo.road_coins):
                if fee:
                    assert max(0, fee - water) == water_fee(state, s, road)
                    self.fees += 1
            want = _plain_grace(state, s)
            assert anytime.grace_options(state, s) == want, s
            self.grace += bool(want)
            effects = [e for _, card, lasting in lasting_sources(state, s) if card for e in lasting]
            kinds = {e.effect for e in effects if hasattr(e, "amount")} | {"discount", "sell_bonus"}
            actions = {None, *(getattr(e, "action", None) for e in effects)}
            goods = {None, *(getattr(e, "good", None) for e in effects)}
            for kind in kinds:
                for act in actions:
                    for good in goods:
                        want = _plain_used(state, s, kind, act, good)
                        assert used_cards(state, s, kind, act, good) == want, (s, kind, act, good)
                        self.used += bool(want)


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("n", [4, 5])
def test_turn_parts_equal_plain_ones_after_every_decision(kind: str, n: int):
    seed = 23 + n
    checks = _Checks()
    record = play_game(SPEC, PARAMS, n, seed, lineup(kind, n, seed), on_step=checks, catch_errors=False)
    assert record.actions == checks.decisions > 500
    assert (
        checks.roads > 100
        and checks.no_road > 100
        and checks.used > 100
        and checks.grace > 100
        and checks.fees > 100
    )
    assert checks.moves > 100 and checks.water_moves > 10
