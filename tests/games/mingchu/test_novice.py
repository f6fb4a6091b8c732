"""The novice only reserves and fulfils orders: over several games at 4 and 5 players, its turns hold
nothing but sending a 掌柜, walking, reserving, delivering and lying the 掌柜 down, and outside its
turns it builds, sells from its pack, plays cards, borrows, trades and fights in the war never."""

from __future__ import annotations

from collections import Counter

import pytest

from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.novice import NEVER, TURN_ACTIONS

from .helpers import PARAMS

TABLES = {
    4: ["runner", "novice", "industrialist", "roadbuilder"],
    5: ["industrialist", "roadbuilder", "runner", "runner", "novice"],
}


def _novice_actions(n: int, seed: int) -> tuple[Counter, Counter]:
    """(turn action types, other action types) the novice chose in one game."""
    bots = TABLES[n]
    seat = bots.index("novice")
    turn, other = Counter(), Counter()

    def hook(state, who, action, _text):
        if who == seat:
            (turn if state.decision().kind == "turn" else other)[type(action).__name__] += 1

    record = play_game(SPEC, PARAMS, n, seed, bots, on_step=hook, catch_errors=False)
    assert record.end_reason
    return turn, other


def test_novice_is_listed():
    assert "novice" in SPEC.bots
    assert SPEC.bots["novice"](0).name == "novice"


@pytest.mark.parametrize("n", [4, 5])
def test_novice_only_reserves_walks_and_delivers(n):
    turn, other = Counter(), Counter()
    for seed in range(3):
        t, o = _novice_actions(n, seed)
        turn += t
        other += o
    allowed = {kind.__name__ for kind in TURN_ACTIONS}
    assert set(turn) <= allowed, f"turn actions beyond reserving and fulfilling: {set(turn) - allowed}"
    assert not set(other) & {kind.__name__ for kind in NEVER}
    assert "ProposeTrade" not in other
    # it does play: it reserves orders, walks them and delivers some
    assert turn["Reserve"] >= 3 and turn["Move"] > 0
    assert turn["Deliver"] + other["Deliver"] >= 1
