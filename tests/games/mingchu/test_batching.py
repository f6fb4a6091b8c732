"""Batched micro-steps reach exactly the outcomes the one-step-at-a-time rules reach.

Buying back 恩义 (M50) is one choice per holder of how many markers, and a turn with one 掌柜
left starts with it chosen. Each test enumerates every outcome reachable from small hand-built
positions, under the batched decisions and under a reference model of the unbatched rule. The
last test guards the caches the faster production legality keeps: a clone shares them unchanged.
"""

from __future__ import annotations

import pytest

from sim.core.decisions import Decision
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules import turn
from sim.games.mingchu.rules.game import KIND

from .helpers import RULES, new_state, play_until


def _position(coins: int, held: dict[int, int], seat: int = 0):
    """A 4-player state with ``seat`` about to buy back: ``held[q]`` of its markers held by ``q``."""
    state = new_state(4)
    for player in state.players:
        player.held = [0] * state.n
        player.coins = 10
    state.players[seat].coins = coins
    for q, k in held.items():
        state.players[q].held[seat] = k
        state.players[seat].supply -= k
    state.pending.clear()
    state.stage, state.step = "settle_buyback", 0
    return state


def _fingerprint(state) -> tuple:
    return tuple((p.coins, p.supply, tuple(p.held)) for p in state.players)


def _unbatched(state, seat: int) -> set:
    """Reference: one marker at a time from any holder while a coin is left, stopping at any point."""
    outcomes = {_fingerprint(state)}
    if state.players[seat].coins < 1:
        return outcomes
    for q in range(state.n):
        if q != seat and state.players[q].held[seat] > 0:
            after = state.clone()
            after.players[seat].coins -= 1
            after.players[q].coins += 1
            after.players[q].held[seat] -= 1
            after.players[seat].supply += 1
            outcomes |= _unbatched(after, seat)
    return outcomes


def _batched(state, seat: int) -> set:
    """Every outcome of the engine's ``buyback`` decision, followed to where it closes."""
    if not state.pending or state.pending.next.kind != "buyback":
        return {_fingerprint(state)}
    decision = state.pending.next
    outcomes = set()
    for action in KIND["buyback"].legal(state, decision):
        after = state.clone()
        KIND["buyback"].apply(after, after.pending.next, action)
        outcomes |= _batched(after, seat)
    return outcomes


@pytest.mark.parametrize(
    ("coins", "held"),
    [
        (0, {1: 2}),
        (1, {1: 1}),
        (2, {1: 2, 2: 1}),
        (3, {1: 1, 2: 1, 3: 1}),
        (4, {1: 3, 3: 2}),
        (5, {1: 2, 2: 2, 3: 2}),
        (9, {2: 3}),
    ],
)
def test_buyback_batches_reach_the_same_outcomes(coins, held):
    state = _position(coins, held)
    reference = _unbatched(state, 0)
    state.pending.push(Decision("buyback", 0))
    assert _batched(state, 0) == reference


def test_buyback_asks_once_per_holder_and_closes_itself():
    state = _position(5, {1: 2, 2: 2})
    state.pending.push(Decision("buyback", 0))
    legal = RULES.legal_actions(state)
    assert legal == [A.BuyBack(1, 1), A.BuyBack(1, 2), A.BuyBack(2, 1), A.BuyBack(2, 2), A.Done()]
    KIND["buyback"].apply(state, state.pending.next, A.BuyBack(1, 2))
    assert RULES.legal_actions(state) == [A.BuyBack(2, 1), A.BuyBack(2, 2), A.Done()]
    KIND["buyback"].apply(state, state.pending.next, A.BuyBack(2, 2))
    assert not state.pending and state.step == 1  # only ``Done`` was left: closed without asking


def test_a_turn_with_one_manager_left_starts_with_it_chosen():
    state = play_until(new_state(4, seed=3), lambda s: s.stage == "actions" and s.pending)
    seat = state.pending.next.seat
    state.pending.pop()
    for acted in ([True, False], [False, True]):
        state.players[seat].acted = list(acted)
        batched = state.clone()
        turn.start_turn(batched, seat)
        reference = state.clone()  # the unbatched turn: the one option, SelectManager, taken
        reference.pending.push(Decision("turn", seat, {"manager": None, "steps": 0, "moves": 0, "quick": 0}))
        (only,) = RULES.legal_actions(reference)
        RULES.apply(reference, only)
        assert batched == reference
        assert RULES.legal_actions(batched) == RULES.legal_actions(reference)
    state.players[seat].acted = [False, False]
    turn.start_turn(state, seat)
    assert state.pending.next.data["manager"] is None  # two to choose from: asked as before


def test_a_clone_is_untouched_by_the_original_filling_shared_caches():
    """Route and production tables are shared by a clone (cache dicts are copied shallowly): they
    must never be changed in place, or the clone would change as the original plays on."""
    import pickle

    import numpy as np

    for seed in range(4):
        state, rng = new_state(4, seed=seed), np.random.default_rng(seed)
        while not RULES.is_terminal(state) and state.round < 6:
            legal = RULES.legal_actions(state)
            clone = state.clone() if state.pending.next.kind == "produce" else None
            frozen = pickle.dumps(clone)
            RULES.apply(state, legal[int(rng.integers(len(legal)))])
            if not RULES.is_terminal(state):
                RULES.legal_actions(state)  # fills the caches of the production step
            assert pickle.dumps(clone) == frozen
