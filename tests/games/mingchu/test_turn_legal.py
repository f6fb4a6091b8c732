"""The turn's legal list helpers give what their plain definitions give, at every decision.

``TurnKind.legal`` and its quick-action and "at any time" lists read the players' goods through
helpers written for speed (``backpack_rooms``, ``goods_in``, ``goods_total``, ``manager_places``,
``payment``, ``forbidden``). Here each is compared, after every decision of whole random and heuristic games at
4 and 5 players, with a plain restatement of the rule it computes; and the turn's list is checked
to hold each option once, its moves before its main actions, ``EndTurn`` and then the quick actions.
"""

from __future__ import annotations

from collections import Counter

import pytest

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules import turn
from sim.games.mingchu.rules.modifiers import forbidden
from sim.games.mingchu.rules.orders import payment

from .helpers import lineup

PARAMS = load_config(SPEC.default_config).params
FORBIDDABLE = ("build", "road", "hire", "sell", "reserve", "loan")


def _room(state, seat: int, good: str) -> int:
    """M08: the board's slots less the goods carried; a ``horse_slot`` good may also use the 马匹格."""
    goods = state.topo.goods
    carried = Counter()
    for pack in state.players[seat].packs:
        carried.update(pack)
    horses = sum(k for g, k in carried.items() if goods[g].horse_slot)
    others = sum(carried.values()) - horses
    slots, horse_slots = PARAMS.rules.backpack_slots, PARAMS.rules.horse_slots
    room = slots - others - max(0, horses - horse_slots)
    if goods[good].horse_slot:
        room += max(0, horse_slots - horses)
    return max(0, room)


def _payment(state, seat: int, key: str, place: int):
    """Goods of the 掌柜 there first, then the warehouse at the 京城, then a wild good for each
    missing one that may be replaced; None when that does not cover the order."""
    player = state.players[seat]
    goods = state.topo.goods
    carried = Counter()
    for i in state.packs_at(seat, place):
        carried.update(player.packs[i])
    stored = Counter(player.warehouse) if place in state.capitals_with_warehouse() else Counter()
    taken_bp, taken_wh, missing = Counter(), Counter(), []
    for good, need in state.topo.orders[state.order_card[key]].goods.items():
        for _ in range(need):
            source = carried if carried[good] > 0 else stored if stored[good] > 0 else None
            if source is None:
                missing.append(good)
                continue
            source[good] -= 1
            (taken_bp if source is carried else taken_wh)[good] += 1
    for good in missing:
        if goods[good].not_substitutable or goods[good].wild:
            return None
        wild = [
            (w, c, t)
            for w in goods
            if goods[w].wild
            for c, t in ((carried, taken_bp), (stored, taken_wh))
            if c[w]
        ]
        if not wild:
            return None
        w, source, taken = wild[0]
        source[w] -= 1
        taken[w] += 1
    return +taken_bp, +taken_wh


def _forbidden(state, seat: int, action: str) -> bool:
    """A ``forbid`` of ``action`` among the round's modifiers, the 门客 passives, the 家族 effects."""
    player = state.players[seat]
    mods = list(state.round_mods[seat])
    for card in player.retainers:
        mods += state.topo.retainers[card].passive
    for family in player.families:
        mods += state.topo.families[family].effects
    return any(getattr(m, "effect", None) == "forbid" and m.action == action for m in mods)


class _Checks:
    """An ``on_step`` hook comparing the helpers with the plain definitions before each action."""

    def __init__(self) -> None:
        self.decisions = self.payments = self.turns = 0

    def __call__(self, state, seat, action, description) -> None:
        self.decisions += 1
        goods = list(state.topo.goods)
        for s, player in enumerate(state.players):
            total = sum(sum(pack.values()) for pack in player.packs)
            assert player.goods_total() == total
            rooms = [_room(state, s, g) for g in goods]
            assert [state.backpack_room(s, g) for g in goods] == rooms
            assert state.backpack_full(s) == (max(rooms) == 0)
            assert state.manager_places(s) == sorted(set(player.managers))
            for place in set(player.managers):
                packs = state.packs_at(s, place)
                fresh = Counter()
                for i in packs:
                    fresh.update(player.packs[i])
                assert dict(state.goods_in(s, packs)) == dict(fresh)
            for action_name in FORBIDDABLE:
                assert forbidden(state, s, action_name) == _forbidden(state, s, action_name)
            keys = [o.order for o in state.public_orders] + [player.personal_order] * bool(
                player.personal_order
            )
            for key in keys:
                place = state.topo.order_place[state.order_card[key]]
                if place in player.managers:
                    got = payment(state, s, key, place)
                    want = _payment(state, s, key, place)
                    assert (got and (+got[0], +got[1])) == want, (key, place)
                    self.payments += 1
        decision = state.pending.next
        if decision.kind == "turn" and decision.data["manager"] is not None:
            self._turn_list(state, decision)

    def _turn_list(self, state, decision) -> None:
        legal = list(SPEC.game.legal_actions(state))
        assert len(set(legal)) == len(legal)
        end = legal.index(A.made(A.EndTurn))
        main = (A.Move, A.BuildIndustry, A.BuildRoad, A.HireWorker)
        assert all(isinstance(a, main) for a in legal[:end])
        assert not any(isinstance(a, (*main, A.EndTurn)) for a in legal[end + 1 :])
        kinds = [type(a) for a in legal[:end]]
        assert kinds == sorted(kinds, key=main.index)  # moves, builds, roads, then hiring
        self.turns += 1


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("n", [4, 5])
def test_turn_helpers_equal_their_definitions_after_every_decision(kind: str, n: int):
    seed = 3 + n
    bots = lineup(kind, n, seed)
    checks = _Checks()
    record = play_game(SPEC, PARAMS, n, seed, bots, on_step=checks, catch_errors=False)
    assert record.actions == checks.decisions > 500
    assert checks.turns > 200 and checks.payments > 50  # the comparisons above did happen


def test_move_records_follow_the_modes():
    """``legal_moves`` picks a road's records by position: each position names its own mode."""
    moves = turn._road_moves(3)
    assert [m.mode for m in moves] == list(turn.MOVE_MODES)
    assert [m.road for m in moves] == [3] * len(turn.MOVE_MODES)
    positions = (turn.YIDAO, turn.YIDAO_PAID, turn.HORSE, turn.BONUS, turn.STEP, turn.WORKERS)
    assert [moves[i].mode for i in positions] == ["yidao", "yidao_paid", "horse", "bonus", "step", "workers"]
    assert turn._road_moves(3) is moves  # one record per road and mode, shared by the lists
