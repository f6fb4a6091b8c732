"""The game-independent bots: named like any bot, deterministic under the seed, stronger than random."""

from __future__ import annotations

import pytest

from sim.bots import is_known_bot, make_bot, play_game
from sim.config import load_config
from sim.games import get_game

TOY = get_game("toy")
PARAMS = load_config(TOY.default_config).params


def win_share(bots: list[str], games: int) -> dict[str, float]:
    shares = dict.fromkeys(bots, 0.0)
    for seed in range(games):
        lineup = [bots[(seed + seat) % len(bots)] for seat in range(len(bots))]
        record = play_game(TOY, PARAMS, len(bots), seed, lineup, catch_errors=False)
        for seat in record.winner_seats:
            shares[lineup[seat]] += 1 / len(record.winner_seats) / games
    return shares


@pytest.mark.parametrize(("name", "known"), [("mcts", True), ("mcts:50", True), ("onestep", True),
                                              ("mcts:0", False), ("mcts:x", False), ("wizard", False)])  # fmt: skip
def test_bot_names(name, known):
    assert is_known_bot(TOY, name) is known
    if known:
        assert make_bot(TOY, name, 0) is not None


def test_the_game_own_bot_takes_precedence_over_a_generic_name():
    assert type(make_bot(TOY, "greedy", 0)).__module__ == "sim.games.toy.bots.greedy"


def test_search_is_deterministic_under_the_seed():
    first = play_game(TOY, PARAMS, 2, 7, ["mcts:30", "onestep"], catch_errors=False)
    again = play_game(TOY, PARAMS, 2, 7, ["mcts:30", "onestep"], catch_errors=False)
    assert first.scores == again.scores and first.actions == again.actions


def test_search_and_lookahead_beat_random_play():
    assert win_share(["mcts:60", "random"], 30)["mcts:60"] > 0.75
    assert win_share(["onestep", "random"], 100)["onestep"] > 0.6
