"""A small hand-made map and a state builder for Steam scenario tests.

Map (axial q, r; pointy-topped):  A(0,0) red, B(2,0) blue, C(0,2) yellow, D(5,0) purple,
town T(4,2). Hill at (2,1), river at (3,1). Sides: 0 E, 1 NE, 2 NW, 3 W, 4 SW, 5 SE.
"""

from __future__ import annotations

import numpy as np

from sim.games.steam.params import MapSpec, SteamParams
from sim.games.steam.rules import flow
from sim.games.steam.rules.state import SteamState

E, NE, NW, W, SW, SE = range(6)

TEST_MAP = {
    "name": "test",
    "players": [3, 4, 5, 6],
    "grid": [
        {"r": -1, "q": 0, "hexes": "......."},
        {"r": 0, "q": -1, "hexes": "........"},
        {"r": 1, "q": -1, "hexes": "...hr..."},
        {"r": 2, "q": -2, "hexes": "........."},
        {"r": 3, "q": -2, "hexes": "........."},
    ],
    "cities": [
        {"id": "A", "q": 0, "r": 0, "colour": "red", "cubes": 0},
        {"id": "B", "q": 2, "r": 0, "colour": "blue", "cubes": 0},
        {"id": "C", "q": 0, "r": 2, "colour": "yellow", "cubes": 0},
        {"id": "D", "q": 5, "r": 0, "colour": "purple", "cubes": 0},
    ],
    "towns": [{"id": "T", "q": 4, "r": 2}],
}


def params(rules: str = "base", **changes) -> SteamParams:
    return SteamParams(rules=rules, map="test", board=MapSpec.model_validate(TEST_MAP), **changes)


def make(rules: str = "base", n: int = 3, cash: int = 50, **changes) -> SteamState:
    """A fresh game on the test map, put into seat 0's build turn with ``cash`` each."""
    state = flow.setup(
        params(rules, base_initial_order="random", random_order_compensation=False, **changes),
        n,
        np.random.default_rng(0),
    )
    state.order = list(range(n))
    for s in range(n):
        state.cash[s] = cash
    state.money_in = cash * n
    build_turn(state, 0)
    return state


def build_turn(state: SteamState, seat: int, builds: int = 3) -> None:
    state.phase = "build"
    state.queue = [seat]
    state.builds_left = builds


def hx(state: SteamState, q: int, r: int) -> int:
    return state.hm.index[(q, r)]


def name(state: SteamState, place: str) -> int:
    return state.hm.hex_of(place)
