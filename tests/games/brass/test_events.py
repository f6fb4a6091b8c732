"""The ``tiles`` event table: every tile built, and why it left the board (overbuilt, shortfall, era end)."""

from __future__ import annotations

from sim.core.play import setup_rng
from sim.games.brass import SPEC
from sim.games.brass.params import INDUSTRIES
from sim.games.brass.rules.build import BuildIndustry
from sim.games.brass.rules.cards import Pass
from sim.games.brass.rules.rounds import start_rail_era
from tests.games.brass.helpers import GAME, PARAMS, act, new_state, pass_round, set_lowest, slot_in


def _build(state, card, industry):
    """Seat 0 builds its lowest tile of industry in the town of card; returns the slot."""
    slot = slot_in(state, card, industry)
    act(state, BuildIndustry(card, slot, industry))
    return slot


def _removed(state):
    return [(row["industry"], row["level"], row["removed"]) for row in GAME.outcome(state).events["tiles"]]


def test_overbuilt_tile_is_marked():
    state = new_state()
    state.hands[0] = ["Dudley", "Dudley", "Dudley"]
    slot = _build(state, "Dudley", "coal")
    act(state, BuildIndustry("Dudley", slot, "coal"))  # Coal II over own Coal I
    assert _removed(state) == [("coal", 1, "overbuilt"), ("coal", 2, "")]


def test_level_one_tiles_are_marked_at_the_canal_era_end():
    state = new_state()
    state.money[0] = 30
    state.hands[0] = ["Worcester", "Dudley", "Dudley"]
    _build(state, "Worcester", "cotton")
    set_lowest(state, 0, "coal", 2)
    _build(state, "Dudley", "coal")
    start_rail_era(state)
    assert _removed(state) == [("cotton", 1, "canal_era_end"), ("coal", 2, "")]


def test_tile_removed_for_a_shortfall_is_marked():
    state = new_state()
    state.hands[0] = ["Worcester", "Dudley"]
    _build(state, "Worcester", "cotton")  # Cotton I, cost 12 -> £6
    act(state, Pass("Dudley"))
    state.income_space[0] = 7  # level -3
    state.money[0] = 0
    pass_round(state)
    assert state.money[0] == 3
    assert _removed(state) == [("cotton", 1, "shortfall")]


def _on_board(state):
    board = state.board
    return sorted(
        (
            owner,
            board.loc_names[board.slot_loc[s]],
            INDUSTRIES[state.slot_ind[s]],
            board.tiles[state.slot_ind[s]][state.slot_level[s]].level,
        )
        for s, owner in enumerate(state.slot_owner)
        if owner >= 0
    )


def test_rows_without_a_removal_are_exactly_the_tiles_left_on_the_board():
    reasons = set()
    for seed in range(3):
        bots = [SPEC.bots.bots[name](seat) for seat, name in enumerate(("industrialist", "random", "random"))]
        state = GAME.initial_state(PARAMS, 3, setup_rng(seed))
        rng = setup_rng(100 + seed)
        while not GAME.is_terminal(state):
            bot = bots[GAME.current_player(state)]
            GAME.apply(state, bot.choose(state, GAME.legal_actions(state), rng))
        rows = GAME.outcome(state).events["tiles"]
        assert all(set(row) == set(SPEC.report.event_tables["tiles"]) for row in rows)
        kept = [(r["seat"], r["place"], r["industry"], r["level"]) for r in rows if not r["removed"]]
        assert sorted(kept) == _on_board(state)
        reasons |= {r["removed"] for r in rows}
    assert reasons == {"", "overbuilt", "shortfall", "canal_era_end"}
