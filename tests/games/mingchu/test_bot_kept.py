"""What the heuristic bots keep between decisions gives what a fresh bot computes.

A ``HeuristicBot`` keeps its plan, goals, prices, distances and build values across decisions
(``bots.py``). A stale kept value is a wrong choice, so at every decision of whole random and
heuristic games at 4 and 5 players a bot that has seen every earlier decision of its seat values
each legal action (on the view it is given, as in ``play_game``) exactly as a new bot with the same
tie-break salt does, and picks the same action. In random games the bot only shadows the seat (its
pick is not played), so the kept values also meet the states of moves no bot would make.
The distances the bot reads (``free_distances``, a queue-ordered search) equal those of a plain
Dijkstra search with a heap, from every place, now and then in each game; the places within a turn's
moves of each 掌柜 that the bot keeps (``_within``, for the best prices) equal those of the distances
searched anew, and the order targets it keeps while the orders stay the same (``_order_targets``) a
new bot's, at every decision.
"""

from __future__ import annotations

import heapq
from collections import Counter

import numpy as np
import pytest

from sim.config import load_config
from sim.core.play import bot_rng, setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.choice import _DIRECT, _direct, _entry, _values
from sim.games.mingchu.bots.distances import free_distances, lowered_distances, road_weights
from sim.games.mingchu.bots.heuristic import HeuristicBot
from sim.games.mingchu.bots.plan import same_counts
from sim.games.mingchu.bots.reads import Context
from sim.games.mingchu.bots.values import ActionValues
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.paths import road_usable
from sim.games.mingchu.rules.state import OFFICIAL

from .helpers import PERSONAS

RULES = SPEC.game
PARAMS = load_config(SPEC.default_config).params
SKIPPED = ("buyback", "trade_offer", "trade_answer")
"""Decisions answered from a plan made at an earlier decision (a fresh bot has none). The trade
offer itself (``trade_bots.propose_value``) is worked out once per turn or production step by
design: the fresh bot is given the one the bot made."""


def _reference_weights(state, seat: int) -> list[float]:
    """``road_weights`` by the rules' words: -1 where a road cannot be walked (M28), 0.01 on an own
    or 官府 驿道 off the water, else 1."""
    weights = []
    for road, info in enumerate(state.topo.roads):
        if not road_usable(state, road):
            weights.append(-1.0)
        elif state.yidao.get(road) in (seat, OFFICIAL) and info.kind != "water":
            weights.append(0.01)
        else:
            weights.append(1.0)
    return weights


def _reference_distances(state, seat: int, source: int) -> list[float]:
    """Dijkstra's search with a heap of (distance, place): ``free_distances``' weights and order."""
    weights = road_weights(state, seat)
    dist = [99.0] * len(state.topo.adjacent)
    dist[source] = 0.0
    heap = [(0.0, source)]
    done = set()
    while heap:
        d, place = heapq.heappop(heap)
        if place in done:
            continue
        done.add(place)
        for road, other in state.topo.adjacent[place]:
            w = weights[road]
            if w >= 0 and other not in done and d + w < dist[other]:
                dist[other] = d + w
                heapq.heappush(heap, (d + w, other))
    return dist


def test_same_counts_compares_as_dict_does():
    """A pack (a ``Counter``) against its plain copy: the same answer as ``dict`` equality, a good
    listed with 0 included."""
    rng = np.random.default_rng(3)
    goods = ["丝", "茶", "盐", "铁"]
    checked = 0
    for _ in range(400):
        pack = Counter({g: int(rng.integers(0, 3)) for g in goods if rng.random() < 0.6})
        kept = {g: int(rng.integers(0, 3)) for g in goods if rng.random() < 0.6}
        if rng.random() < 0.3:
            kept = dict(pack)
        assert same_counts(pack, kept) == (dict(pack) == kept), (pack, kept)
        checked += same_counts(pack, kept)
    assert checked > 50


@pytest.mark.parametrize("kind", ["random", "heuristic"])
@pytest.mark.parametrize("n", [4, 5])
def test_kept_bot_values_equal_a_fresh_bots_after_every_decision(kind: str, n: int):
    seed = 11 + n
    state = RULES.initial_state(PARAMS, n, setup_rng(seed))
    bots = [HeuristicBot(seat, PERSONAS[(seat + seed) % 3]) for seat in range(n)]
    rngs = [bot_rng(seed, seat) for seat in range(n)]
    play = np.random.default_rng(seed)
    compared = distances = within = 0
    while not RULES.is_terminal(state):
        seat = RULES.current_player(state)
        legal = RULES.legal_actions(state)
        bot = bots[seat]
        view = RULES.view(state, seat)
        action = bot.choose(view, legal, rngs[seat])
        decision = view.decision()
        if len(legal) > 1 and decision.kind not in SKIPPED:
            fresh = HeuristicBot(seat, bot.name)
            fresh._ties.salt = bot._ties.salt  # the same tie-breaks
            fresh._trade_plan = bot._trade_plan  # an offer is made once per turn or step, by design
            assert fresh.choose(view, legal, np.random.default_rng(0)) == action, (state.round, decision.kind)
            turn = decision.kind == "turn"
            kept = _values(bot, view, legal, bot._context(view, decision.kind), turn)
            assert kept == _values(fresh, view, legal, fresh._context(view, decision.kind), turn), (
                state.round,
                decision.kind,
            )
            compared += 1
            assert bot._order_targets(view) == HeuristicBot(seat, bot.name)._order_targets(
                view
            )  # kept per orders
            reach = view.params.rules.moves_per_turn + 0.5  # the places ``_best_price`` reads, kept
            for at in view.players[seat].managers:
                fresh_dist = free_distances(view, seat, at)
                assert bot._distances(view, at) == fresh_dist  # kept, or lowered from an earlier search
                assert bot._within(view, at, reach) == [p for p, d in enumerate(fresh_dist) if d <= reach]
                within += 1
            player = view.players[seat]  # the plan's goods compared as ``dict`` compares them
            for pack, kept_pack in zip(player.packs, bot._plan_packs, strict=True):
                assert same_counts(pack, kept_pack) == (dict(pack) == kept_pack)
            assert same_counts(player.warehouse, bot._plan_store) == (
                dict(player.warehouse) == bot._plan_store
            )
            assert road_weights(view, seat) == _reference_weights(view, seat)
            if compared % 40 == 0:  # from every place, over the seat's 驿道 now
                for source in range(len(view.topo.places)):
                    assert free_distances(view, seat, source) == _reference_distances(view, seat, source)
                    distances += 1
        if kind == "random":
            action = legal[int(play.integers(len(legal)))]
        RULES.apply(state, action)
    assert compared > 300 and distances > 200 and within > 300, (compared, distances, within)


def test_values_call_the_table_functions_directly():
    """``_values`` calls the frequent value functions as methods (``_DIRECT``): every number has its
    call in ``_direct``, and the types whose table function is one of them are found with it."""
    assert sorted(_DIRECT.values()) == list(range(1, len(_DIRECT) + 1))
    assert _entry(A.Move, True)[2] == _DIRECT[ActionValues._move]
    assert _entry(A.GoodTo, False)[2] == _DIRECT[ActionValues._good_to]
    assert _entry(A.Sell, True)[2] == _DIRECT[ActionValues._sell]
    assert _entry(A.EndTurn, True)[2] == 0  # a constant: called through the table
    with pytest.raises(ValueError, match="no value function"):
        state = RULES.initial_state(PARAMS, 4, setup_rng(1))
        _direct(
            HeuristicBot(0, "runner"), len(_DIRECT) + 1, state, A.EndTurn(), Context("turn", {}, {}, None)
        )


@pytest.mark.parametrize("n", [4, 5])
def test_lowered_distances_equal_a_new_search_as_roads_get_cheaper(n: int):
    """Through a heuristic game, whenever a seat's road weights change (a 驿道 built), the distances
    lowered from those of the previous weights (``lowered_distances``) equal a new search from every
    place; weights that got dearer (the game backwards) give None."""
    seed = 30 + n
    state = RULES.initial_state(PARAMS, n, setup_rng(seed))
    bots = [HeuristicBot(seat, PERSONAS[seat % 3]) for seat in range(n)]
    rngs = [bot_rng(seed, seat) for seat in range(n)]
    searched = {seat: (road_weights(state, seat), None) for seat in range(n)}
    places = range(len(state.topo.places))
    lowered = dearer = 0
    while not RULES.is_terminal(state):
        seat = RULES.current_player(state)
        RULES.apply(state, bots[seat].choose(RULES.view(state, seat), RULES.legal_actions(state), rngs[seat]))
        for q in range(n):
            before, dists = searched[q]
            weights = road_weights(state, q)
            if weights == before:
                continue
            fresh = [free_distances(state, q, p, weights) for p in places]
            if dists is not None:
                for p in places:
                    assert lowered_distances(state, weights, before, dists[p]) == fresh[p]
                    assert lowered_distances(state, before, weights, fresh[p]) is None
                    lowered += 1
                    dearer += 1
            searched[q] = (weights, fresh)
    assert lowered > 100 and dearer > 100, (lowered, dearer)
