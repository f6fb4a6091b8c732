"""The novice only reserves and fulfils orders: over several games at 4 and 5 players, its turns hold
nothing but sending a 掌柜, walking, reserving, delivering and lying the 掌柜 down, and outside its
turns it builds, sells from its pack, plays cards, borrows, trades and fights in the war never."""

from __future__ import annotations

from collections import Counter

import pytest

from sim.core.play import play_game
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.novice import NEVER, TURN_ACTIONS
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.orders import order_info

from .helpers import PARAMS

MAIN_ACTIONS = (A.EndTurn, A.BuildIndustry, A.BuildRoad, A.HireWorker)
"""The actions that end a turn (M41)."""
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
    assert "novice" in SPEC.bots.bots
    assert SPEC.bots.bots["novice"](0).name == "novice"


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


def _lacking(state, seat: int) -> Counter:
    """Goods the seat's reserved order lacks, counting both 掌柜' packs and the warehouse."""
    player = state.players[seat]
    if player.personal_order is None:
        return Counter()
    held = Counter()
    for store in (*player.packs, player.warehouse):
        held.update({good: k for good, k in store.items() if k > 0})
    return Counter(order_info(state, player.personal_order).goods) - held


def _watch(n: int, seed: int):
    """Play one game, checking the novice's every production choice; returns (the record, its seat,
    per seat the turns and idle turns recounted from the actions, the purchases it made)."""
    bots = TABLES[n]
    seat = bots.index("novice")
    turns, idle, bought = [0] * n, [0] * n, []
    done_in_turn = [False] * n

    def hook(state, who, action, _text):
        kind = state.decision().kind
        if kind == "turn":
            if isinstance(action, A.SelectManager):
                return
            if isinstance(action, MAIN_ACTIONS):
                turns[who] += 1
                idle[who] += isinstance(action, A.EndTurn) and not done_in_turn[who]
                done_in_turn[who] = False
            else:
                done_in_turn[who] = True
        if who == seat and isinstance(action, A.ProduceForeign):
            good = state.topo.site[action.place].good
            assert _lacking(state, seat)[good] > 0, f"bought {good}, not lacking for its order"
            bought.append(good)
        if who == seat:
            assert not isinstance(action, A.TakeLoan), "a loan by choice"

    record = play_game(SPEC, PARAMS, n, seed, bots, on_step=hook, catch_errors=False)
    return record, seat, turns, idle, bought


@pytest.mark.parametrize("n", [4, 5])
def test_novice_buys_only_what_its_order_lacks_and_never_borrows(n):
    bought = []
    for seed in range(3):
        _, _, _, _, goods = _watch(n, seed)
        bought += goods
    assert bought  # it does buy goods for its orders


def test_idle_turns_match_a_recount_from_the_play():
    waited = 0
    for seed in range(3):
        record, seat, turns, idle, _ = _watch(5, seed)
        assert [row["turns"] for row in record.breakdown] == turns
        assert [row["idle_turns"] for row in record.breakdown] == idle
        assert idle[seat] < turns[seat]  # the novice does something in some turns
        waited += idle[seat]
        assert turns[seat] == 2 * record.rounds  # two 掌柜 act each round (M23)
    assert waited > 0  # the counter is exercised: the novice waits in some of these games
