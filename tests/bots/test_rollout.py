"""The ``rollout`` bot: the game's heuristics propose, playouts decide."""

from __future__ import annotations

import numpy as np

from sim.bots import is_known_bot, make_bot, play_game
from sim.bots.rollout import RolloutBot
from sim.config import load_config
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


SPEC = TOY.with_bots(
    bots={**TOY.bots.bots, "lazy": Lazy}, default_bots=("lazy", "greedy"), search_policy="greedy"
)


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


def played(spec, lineup: list[str], seed: int = 3) -> RolloutBot:
    """The rollout bot of seat 1 after one game of ``lineup`` (its name first) under ``spec``."""
    made: list[RolloutBot] = []

    def factory(seat: int) -> RolloutBot:
        made.append(RolloutBot(spec, seat, 2))
        return made[-1]

    timed = spec.with_bots(bots={**spec.bots.bots, "probe": factory})
    play_game(timed, PARAMS, 2, seed, ["probe", *lineup], catch_errors=False)
    return made[0]


def test_disagreements_not_worth_a_search_take_the_policys_pick():
    asked: list[tuple] = []

    def never(state, candidates) -> bool:
        asked.append(tuple(candidates))
        return False

    bot = played(SPEC.with_bots(search_worthy=never), ["lazy"])
    assert asked and all(len(c) > 1 for c in asked)  # asked only where the advisers disagree
    assert bot.searched == 0 and bot.playouts == 0
    searching = played(SPEC.with_bots(search_worthy=lambda state, candidates: True), ["lazy"])
    assert (
        searching.searched > 0 and searching.playouts == 2 * 2 * searching.searched
    )  # 2 candidates, 2 samples


def test_never_searching_plays_like_the_policy():
    # every disagreement settled by greedy's pick: as strong as greedy against lazy
    spec = SPEC.with_bots(search_worthy=lambda state, candidates: False)
    shares = []
    for seed in range(20):
        record = play_game(spec, PARAMS, 2, seed, ["rollout:2", "lazy"], catch_errors=False)
        shares.append(1 / len(record.winner_seats) if 0 in record.winner_seats else 0.0)
    assert sum(shares) / len(shares) > 0.9


def test_a_horizon_cuts_the_playouts_short_and_stays_deterministic():
    full = played(SPEC, ["lazy"])
    short_spec = SPEC.with_bots(search_horizon=1)
    short = played(short_spec, ["lazy"])
    assert full.playouts and short.playouts
    assert short.playout_actions / short.playouts < full.playout_actions / full.playouts
    first = play_game(short_spec, PARAMS, 2, 5, ["rollout:2", "lazy"], catch_errors=False)
    again = play_game(short_spec, PARAMS, 2, 5, ["rollout:2", "lazy"], catch_errors=False)
    assert first.scores == again.scores and first.actions == again.actions


def test_a_playout_stops_at_the_round_end_its_horizon_names():
    game = SPEC.game
    state = game.initial_state(PARAMS, 2, np.random.default_rng(4))
    seat = game.current_player(state)
    observation = game.observation(state, seat)
    start = game.round_number(state)
    action = game.legal_actions(state)[0]
    for horizon in (1, 2):
        end = RolloutBot(SPEC, seat, 2)._play_out(observation, action, 11, horizon)
        assert game.round_number(end) == start + horizon and not game.is_terminal(end)
    assert game.is_terminal(RolloutBot(SPEC, seat, 2)._play_out(observation, action, 11, 0))


def test_a_horizon_may_be_set_per_decision():
    asked: list[int] = []

    def horizon(state, candidates) -> int:
        asked.append(len(candidates))
        return 1

    per_decision = played(SPEC.with_bots(search_horizon=horizon), ["lazy"])
    fixed = played(SPEC.with_bots(search_horizon=1), ["lazy"])
    assert len(asked) == per_decision.searched > 0 and all(n > 1 for n in asked)
    assert (per_decision.searched, per_decision.playout_actions) == (fixed.searched, fixed.playout_actions)
