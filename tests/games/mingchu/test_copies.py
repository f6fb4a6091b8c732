"""The hand-written shallow copies of the state and its players copy every field.

``Player.shallow_copy`` and ``MingchuState.shallow_copy`` list their fields one by one (a generic
copy costs about ten times more on the compiled classes, and a view is made at every decision), so a
field added to either class must be added there too: these tests fail until it is.
"""

from __future__ import annotations

from dataclasses import fields

from sim.games.mingchu.rules.state import MingchuState, Player

from .helpers import new_state, play_until


def _field_names(cls: type) -> list[str]:
    return [f.name for f in fields(cls) if not f.name.startswith("__")]


def test_a_player_copy_shares_every_field():
    state = play_until(new_state(4, seed=2), lambda s: s.round >= 3)
    for player in state.players:
        copy = player.shallow_copy()
        assert copy is not player
        for name in _field_names(Player):
            assert getattr(copy, name) is getattr(player, name), f"Player.shallow_copy misses {name}"


def test_a_state_copy_shares_every_field():
    state = play_until(new_state(4, seed=3), lambda s: s.round >= 3)
    state.route_cache, state.board_cache, state.price_cache = {}, {}, {}  # not None: identity checked
    copy = state.shallow_copy()
    assert copy is not state
    for name in _field_names(MingchuState):
        value = getattr(state, name)
        if isinstance(
            value, tuple
        ):  # compiled, a tuple field is stored unboxed: read back equal, not identical
            assert getattr(copy, name) == value, f"MingchuState.shallow_copy misses {name}"
        else:
            assert getattr(copy, name) is value, f"MingchuState.shallow_copy misses {name}"
    assert copy == state
