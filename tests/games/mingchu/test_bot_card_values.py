"""The heuristic bots value the vocabulary's composite kinds by what they contain, so a card study
of such a card measures bots that want it (a kind they valued at 0 would be ignored)."""

from __future__ import annotations

from pydantic import TypeAdapter

from sim.core.play import setup_rng
from sim.games.mingchu.params import MingchuParams
from sim.games.mingchu.rules import effects_schema as es
from sim.games.mingchu.rules.effect_kinds import effects_value

from .helpers import RULES, fixture_data, place

EFFECTS = TypeAdapter(tuple[es.Effect, ...])
COINS = [{"effect": "gain_coins", "amount": 3}]


def value(*effects: dict, state=None, seat=None) -> float:
    return effects_value(EFFECTS.validate_python(effects), state, seat)


def test_a_passive_firing_each_round_is_worth_more_than_one_gain():
    assert value({"effect": "each_round", "effects": COINS}) > value(*COINS) > 0
    assert value({"effect": "on_delivery", "effects": COINS}) > 0
    assert value({"effect": "on_event", "effects": COINS}) > 0


def test_a_loss_for_the_others_is_a_gain_and_their_gain_a_loss():
    assert value({"effect": "others", "effects": [{"effect": "lose_coins", "amount": 2}]}) > 0
    assert value({"effect": "others", "effects": COINS}) < 0


def test_an_if_is_valued_by_the_branch_the_condition_picks_now():
    state = RULES.initial_state(MingchuParams.model_validate(fixture_data()), 4, setup_rng(0))
    state.players[0].managers = [place(state, "西安府")]
    at = {"condition": "at_place", "place": "西安府"}
    elsewhere = {"condition": "not", "of": at}
    paid = {"effect": "if", "condition": at, "then": COINS}
    unpaid = {"effect": "if", "condition": elsewhere, "then": COINS}
    assert value(paid, state=state, seat=0) == value(*COINS)
    assert value(unpaid, state=state, seat=0) == 0
    assert value(paid) == value(unpaid) == 0.5 * value(*COINS)  # no state: both branches' mean


def test_taking_points_from_every_rival_counts_as_much_as_gaining_them():
    """The ranking moves by 4 against each rival either way (issue 20 item 4)."""
    rivals_lose = value({"effect": "others", "effects": [{"effect": "gain_vp", "amount": -4}]})
    assert rivals_lose == value({"effect": "gain_vp", "amount": 4}) > 0
