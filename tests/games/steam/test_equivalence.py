"""The fast listings and kept values agree with plain recomputation at every step of whole games.

Placements come from per-map tables, deliveries from one walk of the board kept by its content
and shared by every seat, the bots' link values from a per-phase table: each is checked against
the plain statement beside it (``track.track_options_plain``, ``track.town_options_plain``,
``goods.deliveries_plain``, ``SteamBot.link_value_plain``; the kept walk against a fresh one) at
every decision of random and heuristic games, Base and Standard.
"""

from __future__ import annotations

import itertools

import pytest

from sim.config import load_config
from sim.config.resources import config_root
from sim.core.play import play_game
from sim.games.steam import SPEC
from sim.games.steam.bots.heuristic import COUNTS, GRAPH, BuilderBot, IncomeBot
from sim.games.steam.rules import goods, track

GAMES = [
    ("base", 4, 0, ("builder", "income", "builder", "income")),
    ("base", 3, 1, ("random", "random", "random")),
    ("standard", 4, 2, ("income", "builder", "income", "builder")),
    ("standard", 3, 3, ("random", "builder", "random")),
]


def checked_game(config: str, n: int, seed: int, bots: tuple[str, ...], check) -> dict[str, int]:
    """Play one game, calling ``check(state, seat)`` before every action; counts what was checked."""
    params = load_config(config_root() / "steam" / f"{config}.yaml").params
    counts: dict[str, int] = {}

    def hook(state, seat, action, text):
        for name in check(state, seat):
            counts[name] = counts.get(name, 0) + 1

    record = play_game(SPEC, params, n, seed, list(bots), on_step=hook, catch_errors=False)
    assert record.end_reason in ("last_turn_played", "all_bankrupt")
    return counts


def placements(state, seat):
    if state.phase != "build" or state.pending:
        return
    assert track.track_options(state, seat) == track.track_options_plain(state, seat)
    assert track.town_options(state, seat) == track.town_options_plain(state, seat)
    yield "placements"


def deliveries(state, seat):
    if state.phase not in ("move", "select") or state.pending:
        return
    for other in state.order:
        for limit in (state.loco[other], state.loco[other] + 1):
            expected = goods.deliveries_plain(state, other, limit)
            assert goods.delivery_options(state, other, limit) == expected
            assert len(goods.delivery_options(state, other, limit, enough=4)) == min(4, len(expected))
    kept = goods.board_paths(state, max(state.loco) + 1)
    goods._BOARDS.clear()
    assert goods.board_paths(state, max(state.loco) + 1) == kept  # kept walk == a fresh one
    yield "deliveries"


def link_values(state, seat):
    if state.phase != "build" or state.pending:
        return
    for bot in (BuilderBot(seat), IncomeBot(seat)):
        phase = bot._values(state)
        nodes = [h for h in range(state.hm.size) if state.colour[h] is not None or state.town[h]]
        for a, b in itertools.permutations(nodes[:: max(1, len(nodes) // 12)], 2):
            fresh = {GRAPH: phase[GRAPH], COUNTS: phase[COUNTS]}
            expected = bot.link_value_plain(state, seat, a, b, phase)
            assert bot.link_value(state, seat, a, b, fresh) == expected  # exactly, in this direction
    yield "link values"


@pytest.mark.parametrize(
    ("config", "n", "seed", "bots"), GAMES, ids=[f"{c}-{n}p-{s}" for c, n, s, _ in GAMES]
)
def test_fast_listings_and_values_agree_with_plain_recomputation(config, n, seed, bots):
    def check(state, seat):
        yield from placements(state, seat)
        yield from deliveries(state, seat)
        yield from link_values(state, seat)

    counts = checked_game(config, n, seed, bots, check)
    assert counts["placements"] > 20 and counts["deliveries"] > 20 and counts["link values"] > 20
