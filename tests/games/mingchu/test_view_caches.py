"""A seat's view shares the state's route, price and board caches (``view.view``), so what a bot's
look-ups fill through one decision's view serves the next decisions. That is sound only because the
cached values are derived from public information: filled through views during heuristic play, every
entry equals what the full state computes afresh for the same key."""

from __future__ import annotations

import numpy as np

from sim.config import load_config
from sim.core.play import bot_rng, setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.heuristic import BOTS
from sim.games.mingchu.rules.view import view

from .helpers import RULES

PARAMS = load_config(SPEC.default_config).params
PERSONAS = ("runner", "industrialist", "roadbuilder")
CACHES = ("route_cache", "price_cache", "board_cache")


def test_a_view_shares_the_caches_even_before_they_are_filled():
    state = RULES.initial_state(PARAMS, 4, setup_rng(0))
    state.route_cache = state.price_cache = state.board_cache = None
    seen = view(state, 1)
    for name in CACHES:
        assert getattr(state, name) is not None and getattr(seen, name) is getattr(state, name)


def _fresh_fill(state, seat: int, persona: str) -> object:
    """A copy of ``state`` with empty caches of its own, filled by the legal list and by a new bot
    of the same persona choosing with full sight."""
    fresh = state.clone()
    fresh.route_cache = fresh.price_cache = fresh.board_cache = None
    legal = RULES.legal_actions(fresh)
    BOTS[persona](seat).choose(fresh, legal, np.random.default_rng(0))
    return fresh


def test_entries_filled_through_views_equal_the_full_states():
    """Whenever a bot's choosing added entries through its view (not the legal list's), every entry
    a full-sight fill also makes is compared; whole 5-player games."""
    added = 0
    for seed in range(2):
        n = 5
        state = RULES.initial_state(PARAMS, n, setup_rng(seed))
        personas = [PERSONAS[(seat + seed) % len(PERSONAS)] for seat in range(n)]
        bots = [BOTS[p](seat) for seat, p in enumerate(personas)]
        rngs = [bot_rng(seed, seat) for seat in range(n)]
        while not RULES.is_terminal(state):
            legal = RULES.legal_actions(state)
            seat = state.decision().seat
            seen = RULES.view(state, seat)
            before = {name: set(getattr(state, name)) for name in CACHES}
            action = bots[seat].choose(seen, legal, rngs[seat])
            if any(len(getattr(state, name)) > len(before[name]) for name in CACHES):
                fresh = _fresh_fill(state, seat, personas[seat])
                for name in CACHES:
                    shared, own = getattr(state, name), getattr(fresh, name) or {}
                    for key, value in own.items():
                        if key in shared:
                            assert shared[key] == value, (name, key)
                            added += key not in before[name]
            RULES.apply(state, action)
    assert added > 50
