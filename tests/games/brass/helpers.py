"""Small builders for hand-made Brass positions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sim.config import load_config
from sim.config.resources import default_config
from sim.core.play import setup_rng
from sim.games.brass.rules.game import BrassGame
from sim.games.brass.rules.state import BrassState

ROOT = Path(__file__).resolve().parents[3]
"""The repository root."""
BASE = default_config("brass")
PARAMS = load_config(BASE).params
GAME = BrassGame()


def new_state(n: int = 2, seed: int = 0) -> BrassState:
    """A fresh game with seat 0 to act first (2 actions, as in a normal round)."""
    state = GAME.initial_state(PARAMS, n, setup_rng(seed))
    state.order = list(range(n))
    state.round_in_era = 2
    state.round = 2
    state.actions_left = 2
    return state


def fresh(n: int = 2, seed: int = 0) -> BrassState:
    """A game exactly as set up (first canal round), seats in order 0..n-1."""
    state = GAME.initial_state(PARAMS, n, setup_rng(seed))
    state.order = list(range(n))
    return state


def ind_id(state: BrassState, industry: str) -> int:
    return state.board.ind_index[industry]


def level_index(state: BrassState, industry: str, level: int) -> int:
    tiles = state.board.tiles[ind_id(state, industry)]
    return next(i for i, t in enumerate(tiles) if t.level == level)


def slot_in(state: BrassState, place: str, industry: str) -> int:
    """First free slot of a place accepting the industry (single-icon slots first)."""
    board = state.board
    ind = ind_id(state, industry)
    slots = [s for s in board.loc_slots[board.loc_index[place]] if ind in board.slot_inds[s]]
    free = [s for s in slots if state.slot_owner[s] < 0]
    free.sort(key=lambda s: len(board.slot_inds[s]))
    return free[0]


def place(
    state: BrassState,
    seat: int,
    where: str,
    industry: str,
    level: int = 1,
    flipped: bool = False,
    res: int | None = None,
) -> int:
    """Put a tile on the board directly; returns its slot."""
    s = slot_in(state, where, industry)
    ind = ind_id(state, industry)
    lvl = level_index(state, industry, level)
    tile = state.board.tiles[ind][lvl]
    state.slot_owner[s] = seat
    state.slot_ind[s] = ind
    state.slot_level[s] = lvl
    state.slot_flipped[s] = flipped
    if res is None:
        res = 0 if flipped else (tile.produce or tile.produce_canal)
    state.slot_res[s] = res
    return s


def link(state: BrassState, seat: int, name: str) -> int:
    j = state.board.link_index[name]
    state.link_owner[j] = seat
    state.links_left[seat] -= 1
    return j


def set_lowest(state: BrassState, seat: int, industry: str, level: int) -> None:
    """Remove lower levels from the seat's mat so that `level` is the lowest."""
    ind = ind_id(state, industry)
    for i, tile in enumerate(state.board.tiles[ind]):
        if tile.level < level:
            state.mat[seat][ind][i] = 0


def act(state: BrassState, action: Any) -> None:
    """Apply an action after checking it is legal."""
    legal = GAME.legal_actions(state)
    assert action in legal, f"{action} not legal; {len(legal)} legal actions"
    GAME.apply(state, action)


def legal(state: BrassState) -> list[Any]:
    return GAME.legal_actions(state)


def pass_round(state: BrassState) -> None:
    """Every remaining action of the current round is a Pass."""
    start = state.round
    while state.round == start and not state.finished:
        options = GAME.legal_actions(state)
        passes = [a for a in options if type(a).__name__ == "Pass"]
        GAME.apply(state, passes[0] if passes else options[0])
