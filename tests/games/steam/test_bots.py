"""The heuristic bots: turn-order bids in built positions, and decisions without the rules' stream."""

from __future__ import annotations

import numpy as np
import pytest

from sim.config import load_config
from sim.config.resources import config_root
from sim.core.play import bot_rng, setup_rng
from sim.games.steam import SPEC
from sim.games.steam.bots.heuristic import BuilderBot
from sim.games.steam.rules import flow
from sim.games.steam.rules.actions import Bid, BidPass
from tests.games.steam.helpers import make

GAME = SPEC.game


def auction(cash: int = 20, high: int = -1, high_bidder: int = 1):
    """Standard, 3 players, seat 0 to act in the turn-order auction (seat ``high_bidder`` bid ``high``)."""
    state = make("standard", n=3, cash=cash)
    flow.start_auction(state)
    if high >= 0:
        a = state.auction
        a["high"], a["high_bidder"] = high, high_bidder
        a["bids"][high_bidder] = high
    return state


def first_pick_gain(bot: BuilderBot, state, seat: int) -> float:
    """What the first pick is worth to ``seat`` over picking after every other bidder."""
    others = [s for s in state.auction["bidders"] if s != seat]
    return bot.pick_value(state, seat, []) - bot.pick_value(state, seat, others)


def test_the_bot_bids_when_the_first_pick_is_worth_more_than_the_bid():
    state = auction(high=1)
    bot = BuilderBot(0)
    gain = first_pick_gain(bot, state, 0)
    action = bot.choose(state, GAME.legal_actions(state), np.random.default_rng(0))
    assert isinstance(action, Bid) and action.amount > 1
    assert action.amount * bot.personality.money_weight < gain  # the pick is worth more than the bid


def test_the_bot_drops_out_when_the_bid_exceeds_what_the_first_pick_is_worth():
    state = auction(high=5)
    bot = BuilderBot(0)
    cheapest = min(a.amount for a in GAME.legal_actions(state) if isinstance(a, Bid))
    assert cheapest * bot.personality.money_weight > first_pick_gain(bot, state, 0)
    action = bot.choose(state, GAME.legal_actions(state), np.random.default_rng(0))
    assert action == BidPass()


def test_the_bot_never_bids_the_cash_it_needs_for_upkeep():
    state = auction(cash=3, high=1)
    state.loco[0] = 3  # $3 of upkeep this turn and no income: nothing left to bid
    bot = BuilderBot(0)
    assert first_pick_gain(bot, state, 0) > 0
    assert Bid(2) in GAME.legal_actions(state)
    assert bot.choose(state, GAME.legal_actions(state), np.random.default_rng(0)) == BidPass()


def test_an_opening_bid_is_free_and_the_bot_makes_it():
    state = auction(cash=0)
    action = BuilderBot(0).choose(state, GAME.legal_actions(state), np.random.default_rng(0))
    assert action == Bid(0)


class Forbidden:
    """Stands in for the rules' random stream: any use of it fails the test."""

    def __getattr__(self, name):
        raise AssertionError(f"a bot used the rules' random stream ({name})")

    def __deepcopy__(self, memo):
        return self


@pytest.mark.parametrize("config", ["base", "rhine-ruhr-standard"])
def test_bots_never_touch_the_rules_random_stream(config):
    """Steam hides nothing but the future draws: the bots decide without the rules' stream."""
    params = load_config(config_root() / "steam" / f"{config}.yaml").params
    state = GAME.initial_state(params, 3, setup_rng(5))
    bots = [SPEC.bots.bots[name](s) for s, name in enumerate(["builder", "income", "builder"])]
    while not GAME.is_terminal(state):
        seat = GAME.current_player(state)
        legal = GAME.legal_actions(state)
        stream, state.rng = state.rng, Forbidden()
        action = bots[seat].choose(state, legal, bot_rng(5, seat))
        state.rng = stream
        GAME.apply(state, action)
    assert GAME.outcome(state).end_reason == "last_turn_played"
