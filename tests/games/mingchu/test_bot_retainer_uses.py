"""Each 门客 ability of the bundled deck is used where it pays and left where it does not: the
heuristic bots value an effect by what it yields the seat here and now, in the rules' numbers
(``effect_kinds``: ``rounds_left``, ``vp_coins``, ``loan_cost``, ``good_worth``).

Each position is a real game of the bundled config (5 players) played by the heuristic bots to
its first turn, then the fields a test is about set by hand."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from sim.config import load_config
from sim.core.decisions import Decision, Pending
from sim.core.play import setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.heuristic import PERSONAS, HeuristicBot
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.effect_kinds import coins_needed, loan_cost, rounds_left

from .helpers import RULES, place

BASE = load_config(SPEC.default_config).params
STREAMS = range(4)


def first_turn(seed: int = 0, params=BASE):
    """A 5-player game of the bundled config, played by the heuristic bots up to its first turn."""
    state = RULES.initial_state(params, 5, setup_rng(seed))
    bots = [HeuristicBot(s, PERSONAS_ROTATION[s % 3]) for s in range(5)]
    rng = np.random.default_rng(seed)
    while state.decision().kind != "turn":
        legal = RULES.legal_actions(state)
        RULES.apply(state, bots[state.decision().seat].choose(state, legal, rng))
    return state


PERSONAS_ROTATION = sorted(PERSONAS)


def position(card: str, at: str = "应天府", seed: int = 0, last: bool = False, params=BASE):
    """Seat 0 in its turn holding ``card`` alone, both 掌柜 at ``at``, no goods and no order;
    ``last``: the game's last round."""
    state = first_turn(seed, params)
    player = state.players[0]
    player.retainers = [card]
    player.tapped = set()
    player.managers = [place(state, at), place(state, at)]
    player.packs = [Counter(), Counter()]
    player.personal_order = None
    state.public_orders = []
    state.stage, state.step = "actions", 0
    state.pending = Pending([Decision("turn", 0, {"manager": 0, "steps": 0, "moves": 0, "quick": 0})])
    state.final_round = last
    return state


def used(state, card: str) -> set[bool]:
    """Whether each personality, over several streams, uses ``card`` rather than ending the turn."""
    use = A.UseRetainer(card)
    picks = set()
    for persona in PERSONAS:
        for seed in STREAMS:
            bot = HeuristicBot(0, persona)
            picks.add(bot.choose(state, [use, A.EndTurn()], np.random.default_rng(seed)) == use)
    return picks


# --- 管家: bank only what the seat will not need, and only when the banked rate beats the held one --


def test_the_steward_does_not_bank_the_cash_of_round_one():
    state = position("管家")
    assert rounds_left(state) > 5
    state.players[0].coins = 10  # about what a build costs: needed for the plan
    assert used(state, "管家") == {False}


def test_the_steward_banks_surplus_coins_in_the_last_round():
    state = position("管家", last=True)
    state.players[0].coins = 25
    assert coins_needed(state, 0) == 0
    assert used(state, "管家") == {True}


def test_the_steward_does_not_bank_when_held_coins_score_more():
    cheap = BASE.model_copy(update={"scoring": BASE.scoring.model_copy(update={"coins_per_vp": 2})})
    state = position("管家", last=True, params=cheap)  # a held coin scores 1/2, a banked one 1/5
    state.players[0].coins = 25
    assert used(state, "管家") == {False}


# --- 相士: 2 coins for a 皇恩卡, not when the coins would be a loan ---------------------------------


def test_the_physiognomist_is_used_with_coins_to_spare():
    state = position("相士")
    state.players[0].coins = 12
    assert used(state, "相士") == {True}


def test_the_physiognomist_is_not_used_when_it_forces_a_loan():
    state = position("相士")
    state.players[0].coins = 1
    assert loan_cost(state) > 0
    assert used(state, "相士") == {False}


# --- 铁匠: 4 coins for a 铁, used when the iron pays more ----------------------------------------


def test_the_smith_is_used_when_an_order_asks_for_iron():
    state = position("铁匠")
    state.players[0].coins = 12
    state.order_card["测试.宁夏屯垦"] = "宁夏屯垦"  # 铁 and 木材 for 3 points
    state.players[0].personal_order = "测试.宁夏屯垦"
    assert used(state, "铁匠") == {True}


def test_the_smith_is_used_for_an_upgrade_and_not_for_a_sale_below_its_cost():
    state = position("铁匠", at="太原府")  # the 铁 site: 3 coins here, 4 one road on
    state.players[0].coins = 12
    own = [ind for ind in state.industries.values() if ind.owner == 0]
    assert own  # the seat's 家族 industry, not upgraded yet: a 铁 upgrades it
    assert used(state, "铁匠") == {True}
    for ind in own:
        ind.upgraded_by = 0
    assert used(state, "铁匠") == {False}


def test_the_smith_is_not_used_when_it_forces_a_loan():
    state = position("铁匠")
    state.players[0].coins = 2
    state.order_card["测试.宁夏屯垦"] = "宁夏屯垦"
    state.players[0].personal_order = "测试.宁夏屯垦"
    assert used(state, "铁匠") == {False}


# --- the free gains: used whenever there is something to gain ----------------------------------


@pytest.mark.parametrize("card", ["赌徒", "账房先生", "镖师"])
def test_a_free_gain_is_used(card):
    assert used(position(card), card) == {True}


def test_the_persuader_takes_markers_only_while_some_are_left():
    state = position("说客")
    assert used(state, "说客") == {True}
    state.players[0].supply = 0
    assert used(state, "说客") == {False}


def test_the_advocate_reclaims_markers_only_when_others_hold_some():
    state = position("讼师")
    for player in state.players:
        player.held = [0] * state.n
    assert used(state, "讼师") == {False}
    state.players[2].held[0] = 2
    assert used(state, "讼师") == {True}


# --- a 皇恩卡 that moves both 掌柜 to the 京城: played only when the 京城 is where they go ----------


def test_the_summons_is_played_only_to_carry_an_order_s_goods_to_the_capital():
    state = position("赌徒", at="西安府")
    assert state.topo.place_index["应天府"] == state.capital
    state.players[0].grace_cards = ["召见"]  # both 掌柜 to the 京城, 2 coins
    play = A.PlayGrace("召见", 0)

    def pick():
        return HeuristicBot(0, "runner").choose(state, [play, A.EndTurn()], np.random.default_rng(0))

    assert pick() == A.EndTurn()  # no order
    state.order_card["测试.筑南京城"] = "筑南京城"  # 2 木材 to 应天府
    state.players[0].personal_order = "测试.筑南京城"
    assert pick() == A.EndTurn()  # its goods not at hand yet
    state.players[0].packs[0]["木材"] = 2
    assert pick() == play
