"""The heuristic bots read the variant's numbers (``state.params``): with coins worth more points
(``scoring.coins_per_vp`` 2 instead of 10) they play other moves on the same seeds and keep more
coins at the end (no last-round build, bank or repayment that scores less than the coins)."""

from __future__ import annotations

from statistics import mean

import numpy as np

from sim.config import load_config
from sim.core.play import setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.heuristic import PERSONAS, HeuristicBot

from .helpers import RULES

BASE = load_config(SPEC.default_config).params
CHEAP = BASE.model_copy(update={"scoring": BASE.scoring.model_copy(update={"coins_per_vp": 2})})
SEEDS = range(3)


def play(params, seed: int) -> tuple[list, list[int]]:
    """A 5-player game of the three heuristics: every action chosen, and each seat's final coins."""
    state = RULES.initial_state(params, 5, setup_rng(seed))
    names = sorted(PERSONAS)
    bots = [HeuristicBot(s, names[(s + seed) % 3]) for s in range(5)]
    rngs = [np.random.default_rng([seed, s]) for s in range(5)]
    chosen = []
    while not RULES.is_terminal(state):
        legal = RULES.legal_actions(state)
        seat = state.decision().seat
        action = bots[seat].choose(state, legal, rngs[seat]) if len(legal) > 1 else legal[0]
        chosen.append(action)
        RULES.apply(state, action)
    return chosen, [p.coins for p in state.players]


def test_coins_worth_more_points_change_the_choices_and_keep_more_coins():
    base = [play(BASE, seed) for seed in SEEDS]
    cheap = [play(CHEAP, seed) for seed in SEEDS]
    assert all(b[0] != c[0] for b, c in zip(base, cheap, strict=True))
    assert mean(c for _, coins in cheap for c in coins) > mean(c for _, coins in base for c in coins)
