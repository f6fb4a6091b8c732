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

import numpy as np
import pytest

from sim.config import load_config
from sim.core.play import bot_rng, setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots import HeuristicBot, _values, free_distances, road_weights

from .helpers import PERSONAS

RULES = SPEC.game
PARAMS = load_config(SPEC.default_config).params
SKIPPED = ("buyback", "trade_offer", "trade_answer")
"""Decisions answered from a plan made at an earlier decision (a fresh bot has none). The trade
offer itself (``trade_bots.propose_value``) is worked out once per turn or production step by
design: the fresh bot is given the one the bot made."""


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
                assert bot._within(view, at, reach) == [p for p, d in enumerate(fresh_dist) if d <= reach]
                within += 1
            if compared % 40 == 0:  # from every place, over the seat's 驿道 now
                for source in range(len(view.topo.places)):
                    assert free_distances(view, seat, source) == _reference_distances(view, seat, source)
                    distances += 1
        if kind == "random":
            action = legal[int(play.integers(len(legal)))]
        RULES.apply(state, action)
    assert compared > 300 and distances > 200 and within > 300, (compared, distances, within)
