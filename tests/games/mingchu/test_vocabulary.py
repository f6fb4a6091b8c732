"""Every effect, condition and score type of the card vocabulary works in the interpreter."""

from __future__ import annotations

import typing
from collections import Counter

import pytest
from pydantic import TypeAdapter

from sim.core.decisions import Pending
from sim.games.mingchu.rules import effects_schema as es
from sim.games.mingchu.rules.effects import apply_effects, condition_met, measure, score_rule
from sim.games.mingchu.rules.game import DECISIONS
from sim.games.mingchu.rules.state import Industry

from .helpers import new_state, place

EFFECTS = [
    {"effect": "gain_coins", "amount": 3},
    {"effect": "lose_coins", "amount": 30},
    {"effect": "gain_workers", "amount": 2},
    {"effect": "lose_workers", "amount": 9},
    {"effect": "gain_favor", "amount": 2},
    {"effect": "reclaim_favor", "amount": 1},
    {"effect": "worker_track", "steps": 2},
    {"effect": "income_track", "steps": -1},
    {"effect": "gain_goods", "good": "马", "amount": 2},
    {"effect": "gain_goods", "good": "盐", "to": "warehouse"},
    {"effect": "lose_goods", "keep": ["粮食"]},
    {"effect": "draw_grace", "amount": 2},
    {"effect": "gain_vp", "amount": -2},
    {"effect": "bank", "coins": 5, "grace_cards": 1},
    {"effect": "free_build", "discount": 2},
    {"effect": "free_road"},
    {"effect": "bonus_moves", "amount": 2},
    {"effect": "move_to_capital"},
    {"effect": "monopoly_permit"},
    {"effect": "hire_retainer"},
    {"effect": "take_score_card"},
    {"effect": "random_coins", "faces": [1, 2]},
    {"effect": "discount", "action": "build", "amount": 2},
    {"effect": "sell_bonus", "good": "盐", "amount": 1},
    {"effect": "produce_bonus", "amount": 1},
    {"effect": "extra_moves", "amount": 1},
    {"effect": "forbid", "action": "sell"},
    {"effect": "income_bonus", "amount": 2},
    {
        "effect": "if",
        "condition": {"condition": "at_place", "place": "京城"},
        "then": [{"effect": "gain_coins", "amount": 1}],
        "otherwise": [{"effect": "gain_goods", "good": "盐"}],
    },
    {"effect": "others", "effects": [{"effect": "gain_goods", "good": "马"}]},
    {"effect": "each_round", "effects": [{"effect": "gain_coins", "amount": 1}]},
    {"effect": "on_event", "effects": [{"effect": "gain_favor", "amount": 1}], "event": "洪武开篇"},
    {"effect": "on_delivery", "effects": [{"effect": "gain_vp", "amount": 1}], "deck": "洪武"},
]
EFFECT = TypeAdapter(es.Effect)


def test_the_list_covers_every_effect_type():
    names = {
        typing.get_args(cls.model_fields["effect"].annotation)[0]
        for cls in typing.get_args(es.Effect.__origin__)
    }
    assert names == {e["effect"] for e in EFFECTS}


def _board():
    state = new_state()
    state.pending = Pending()
    player = state.players[0]
    player.managers = [place(state, "延安府"), place(state, "开封府")]
    player.packs = [Counter({"粮食": 1, "盐": 1}), Counter()]
    player.coins, player.workers = 10, 3
    player.grace_cards = ["赏银"]
    state.players[1].held[0] = 2
    state.industries[place(state, "延安府")] = Industry(0)
    return state


@pytest.mark.parametrize("data", EFFECTS, ids=lambda d: d["effect"])
def test_every_effect_applies_and_its_choices_resolve(data):
    state = _board()
    apply_effects(state, 0, [EFFECT.validate_python(data)])
    for _ in range(10):  # resolve the choices the effect asked for, first option each time
        if not state.pending:
            break
        decision = state.decision()
        DECISIONS.apply(state, decision, DECISIONS.legal(state, decision)[0])
    assert not state.pending
    player = state.players[0]
    assert player.coins >= 0 and player.workers >= 0 and state.backpack_room(0, "粮食") >= 0


def test_effects_do_what_they_say():
    state = _board()
    player = state.players[0]
    apply_effects(state, 0, [EFFECT.validate_python({"effect": "lose_coins", "amount": 30})])
    assert player.coins == 10 + 3 * 9 - 30 and player.loans == 3  # forced loans (M71)
    apply_effects(state, 0, [EFFECT.validate_python({"effect": "reclaim_favor", "amount": 5})])
    assert state.players[1].held[0] == 0 and player.hand == 2
    apply_effects(state, 0, [EFFECT.validate_python({"effect": "lose_goods", "keep": ["粮食"]})])
    assert player.backpack == {"粮食": 1}
    apply_effects(state, 0, [EFFECT.validate_python({"effect": "move_to_capital"})])
    assert player.managers == [state.capital, state.capital]


MEASURES = typing.get_args(es.Measure)


@pytest.mark.parametrize("name", MEASURES)
def test_every_measure_and_condition_evaluates(name):
    state = _board()
    value = measure(state, 0, name)
    assert isinstance(value, int) and value >= 0
    for cond in (
        es.AtLeast(condition="at_least", measure=name, value=0),
        es.AtMost(condition="at_most", measure=name, value=value),
        es.Most(condition="most", measure=name),
        es.Least(condition="least", measure=name),
    ):
        assert isinstance(condition_met(state, 0, cond), bool)
    assert condition_met(state, 0, es.AtLeast(condition="at_least", measure=name, value=value))
    assert score_rule(state, 0, es.ScorePer(score="per", measure=name, points=2, per=1, max=3)) == min(
        3, 2 * value
    )
