"""The ``rollout`` bot: the game's heuristics propose, playouts decide."""

from __future__ import annotations

import dataclasses

from sim.bots import is_known_bot, make_bot
from sim.bots.rollout import RolloutBot
from sim.config import load_config
from sim.core.play import play_game
from sim.games import get_game

TOY = get_game("toy")
PARAMS = load_config(TOY.default_config).params


class Lazy:
    """Takes the first legal action: a poor heuristic whose advice playouts should overrule."""

    name = "lazy"

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view, legal, rng):
        return legal[0]


SPEC = dataclasses.replace(TOY, bots={**TOY.bots, "lazy": Lazy}, default_bots=("lazy", "greedy"), search_policy="greedy")


def wins(lineup: list[str], games: int) -> float:
    share = 0.0
    for seed in range(games):
        seats = lineup if seed % 2 == 0 else lineup[::-1]
        record = play_game(SPEC, PARAMS, 2, seed, seats, catch_errors=False)
        share += sum(1 / len(record.winner_seats) for s in record.winner_seats if seats[s] == lineup[0])
    return share / games


def test_rollout_names():
    assert is_known_bot(TOY, "rollout") and is_known_bot(TOY, "rollout:3")
    assert not is_known_bot(TOY, "rollout:0")
    assert isinstance(make_bot(TOY, "rollout:3", 1), RolloutBot)


def test_rollout_is_deterministic_under_the_seed():
    first = play_game(SPEC, PARAMS, 2, 3, ["rollout:2", "lazy"], catch_errors=False)
    again = play_game(SPEC, PARAMS, 2, 3, ["rollout:2", "lazy"], catch_errors=False)
    assert first.scores == again.scores and first.actions == again.actions


def test_playouts_overrule_a_poor_adviser():
    # lazy never beats greedy; advised by both, the rollout bot plays about as well as greedy
    assert wins(["lazy", "greedy"], 20) == 0.0
    assert wins(["rollout:2", "greedy"], 60) > 0.35
