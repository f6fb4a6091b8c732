"""Fixture params and small state builders for the 明初商途 tests."""

from __future__ import annotations

from pathlib import Path

import yaml

from sim.config import load_config
from sim.core.play import setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules.state import MingchuState

FIXTURE = Path(__file__).resolve().parent / "fixtures/small.yaml"
PARAMS = load_config(FIXTURE).params
RULES = SPEC.game
PERSONAS = ("runner", "industrialist", "roadbuilder")
"""The bundled heuristics, rotated over the seats by ``lineup``."""


def fixture_data() -> dict:
    """The fixture as a plain dict (for validation tests)."""
    data = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k not in ("game", "extends", "description")}


def new_state(n: int = 4, seed: int = 0) -> MingchuState:
    """A game right after setup's first decision is pending (the draft)."""
    return RULES.initial_state(PARAMS, n, setup_rng(seed))


def play_until(state: MingchuState, stop, rng_seed: int = 0, cap: int = 50_000) -> MingchuState:
    """Random legal actions until ``stop(state)`` or the end."""
    import numpy as np

    rng = np.random.default_rng(rng_seed)
    for _ in range(cap):
        if RULES.is_terminal(state) or stop(state):
            return state
        legal = RULES.legal_actions(state)
        RULES.apply(state, legal[int(rng.integers(len(legal)))])
    raise AssertionError("cap reached")


def place(state: MingchuState, name: str) -> int:
    return state.topo.place_index[name]


def lineup(kind: str, n: int, seed: int) -> list[str]:
    """All-random seats, or the three heuristics rotated over the seats (the rotation varies by seed)."""
    return ["random"] * n if kind == "random" else [PERSONAS[(s + seed) % 3] for s in range(n)]
