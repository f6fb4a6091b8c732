"""明初商途's routes and setup-luck goals: their plays, and a setup replayed with other play randomness."""

from __future__ import annotations

import numpy as np

from sim.bots import play_game
from sim.config import load_config
from sim.core.play import setup_rng
from sim.games import get_game
from sim.games.mingchu.goals.routes import PLAYS, route_players, setup_bots
from sim.runner.plan import game_seed, game_seeds

SPEC = get_game("mingchu")
PARAMS = load_config(SPEC.default_config).params


def dealt(
    seed: int, n: int = 4, play_seed: int | None = None, bots: tuple[str, ...] = ("industrialist",) * 4
):
    """(the setup as the first decision sees it, the finished game's record)."""
    first: list[tuple] = []

    def look(state, seat, action, text) -> None:
        if not first:
            first.append(
                (list(state.draft_columns), list(state.score_row), list(state.tianwei_row),
                 list(state.retainer_row), list(state.event_deck), {k: list(v) for k, v in state.order_decks.items()},
                 sorted(state.industries), list(state.grace_deck))
            )  # fmt: skip

    options = {} if play_seed is None else {"play_seed": play_seed}
    record = play_game(SPEC, PARAMS, n, seed, list(bots), on_step=look, catch_errors=False, **options)
    return first[0], record


def test_replays_of_a_setup_share_the_deal_and_differ_in_play():
    setup, game = dealt(11)
    replays = [dealt(11, play_seed=s) for s in (101, 102, 103)]
    assert all(other == setup for other, _ in replays)  # the same deal every time
    outcomes = {(tuple(r.scores), r.actions) for r in [game] + [r for _, r in replays]}
    assert len(outcomes) >= 3  # the play differs
    assert dealt(12)[0] != setup  # another seed, another deal


def test_the_setup_stream_is_the_games_own_without_a_play_seed():
    # the default (no play seed) is unchanged: same record twice, and the rules' stream is setup_rng(seed)
    one, two = dealt(13)[1], dealt(13)[1]
    assert (one.scores, one.actions) == (two.scores, two.actions)
    state = SPEC.game.initial_state(PARAMS, 4, setup_rng(13))
    assert state.rng.bit_generator.state == setup_rng(13).bit_generator.state


def test_game_seeds_group_replays_by_setup():
    assert [game_seeds(1, 5, i) for i in range(4)] == [(game_seed(1, 5, i), None) for i in range(4)]
    seeds = [game_seeds(1, 5, i, replays=3) for i in range(9)]
    assert [s for s, _ in seeds] == [game_seed(1, 5, i // 3) for i in range(9)]
    assert [p is None for _, p in seeds] == [True, False, False] * 3  # replay 0 is the setup's own game
    plays = [p for _, p in seeds if p is not None]
    assert len(set(plays)) == len(plays) and not set(plays) & {s for s, _ in seeds}


def test_the_plays():
    lineup = ("runner", "industrialist", "roadbuilder")
    assert route_players(lineup) == (
        *lineup,
        "rollout:2@runner",
        "rollout:2@industrialist",
        "rollout:2@roadbuilder",
    )
    assert route_players(("runner", "random", "runner")) == ("runner", "rollout:2@runner")
    assert setup_bots(lineup) == ("industrialist",) and setup_bots(("runner",)) == ("runner",)
    plays = {play.key: play for play in PLAYS}
    assert plays["setups"].replays > 1 and 0 < plays["routes"].share < 1
    assert all(np.isfinite(play.share) for play in PLAYS)
