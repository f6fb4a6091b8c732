"""One dispatch style for the card vocabulary: effects, conditions and score rules each have a registry
of kind classes (``conditions.kind_table``), one class per model of the schema's union, and a kind
of the schema without its class fails, naming it."""

from __future__ import annotations

import typing
from typing import Annotated, Literal, Union

import pytest
from pydantic import BaseModel, Field

from sim.games.mingchu.rules import conditions as cd
from sim.games.mingchu.rules import effect_kinds as ek
from sim.games.mingchu.rules import effects_schema as es

REGISTRIES = {
    "effect": (es.Effect, ek.KINDS),
    "condition": (es.Condition, cd.CONDITIONS),
    "score": (es.ScoreRule, cd.SCORES),
}


def models(union) -> tuple[type, ...]:
    return typing.get_args(typing.get_args(union)[0])


def with_model(union, model: type, field: str):
    """The schema's union with one more model (a new kind)."""
    return Annotated[Union[(*models(union), model)], Field(discriminator=field)]  # noqa: UP007


@pytest.mark.parametrize("field", REGISTRIES)
def test_every_schema_kind_has_exactly_one_class(field):
    union, table = REGISTRIES[field]
    assert len(table) == len(models(union)) == len({type(kind) for kind in table.values()})
    assert {kind.schema for kind in table.values()} == set(models(union))
    for name, kind in table.items():
        assert cd.kind_name(kind.schema, field) == name
    # rebuilt from its classes, the registry passes its own check
    assert cd.kind_table(field, union, tuple(table.values())) == table


@pytest.mark.parametrize("field", REGISTRIES)
def test_a_new_kind_without_a_class_fails_naming_it(field):
    union, table = REGISTRIES[field]
    hoard = type("Hoard", (BaseModel,), {"__annotations__": {field: Literal["hoard"]}})
    with pytest.raises(
        TypeError, match=rf"^{field} kind `hoard` \(Hoard in effects_schema.py\) has no class"
    ):
        cd.kind_table(field, with_model(union, hoard, field), tuple(table.values()))


@pytest.mark.parametrize("field", REGISTRIES)
def test_a_kind_with_two_classes_or_no_model_fails_naming_it(field):
    union, table = REGISTRIES[field]
    name, kind = next(iter(table.items()))
    twice = type(f"Second{type(kind).__name__}", (), {"schema": kind.schema})()
    with pytest.raises(TypeError, match=rf"^{field} kind `{name}` has two classes"):
        cd.kind_table(field, union, (*table.values(), twice))
    hoard = type("Hoard", (BaseModel,), {"__annotations__": {field: Literal["hoard"]}})
    orphan = type("HoardKind", (), {"schema": hoard})()
    with pytest.raises(TypeError, match=rf"^{field} kind `hoard` \(HoardKind\) has no model"):
        cd.kind_table(field, union, (*table.values(), orphan))


def test_conditions_and_score_rules_dispatch_through_their_classes():
    at_least = es.AtLeast(condition="at_least", measure="coins", value=3)
    rule = es.ScoreIf(score="if", condition=at_least, points=4, otherwise=-1)
    assert cd.condition_text(at_least) == cd.CONDITIONS["at_least"].text(at_least) == "铜币至少3"
    assert cd.score_text(rule) == cd.SCORES["if"].text(rule) == "若铜币至少3得4分，否则-1分"


def test_effect_questions_are_the_kind_classes():
    """What the bots and the narrator ask of an effect is a property of its class, not its name."""
    assert {name for name, kind in ek.KINDS.items() if kind.reads_coins} == {"if", "free_build", "free_road"}
    assert {name for name, kind in ek.KINDS.items() if kind.sells_goods} == {"sell_bonus", "produce_bonus"}
    bonus = es.IncomeBonus(effect="income_bonus", amount=3)
    coins = es.GainCoins(effect="gain_coins", amount=3)
    assert ek.KINDS["income_bonus"].income_bonus(bonus) == 3
    assert ek.KINDS["gain_coins"].income_bonus(coins) == 0


def test_every_measure_of_the_schema_has_one_function_and_a_missing_one_fails_naming_it():
    assert set(cd.MEASURES) == set(typing.get_args(es.Measure))
    assert cd.measure_table(dict(cd.MEASURES)) == cd.MEASURES
    without = {name: f for name, f in cd.MEASURES.items() if name != "loans"}
    with pytest.raises(TypeError, match=r"without a function in conditions.py: \['loans'\]"):
        cd.measure_table(without)
    with pytest.raises(TypeError, match=r"of no measure in effects_schema.Measure: \['hoard'\]"):
        cd.measure_table({**cd.MEASURES, "hoard": cd.MEASURES["coins"]})


def test_measures_count_what_their_names_say_through_a_game():
    """Measured every 40 actions of a heuristic game, against counts written out here."""
    from sim.config import load_config
    from sim.core.play import play_game
    from sim.games.mingchu import SPEC

    from .helpers import lineup

    seen = []

    def check(state, seat, action, description):
        if len(seen) % 40 == 0:
            for q, player in enumerate(state.players):
                owned = [p for p, ind in state.industries.items() if ind.owner == q]
                assert cd.measure(state, q, "coins") == player.coins
                assert cd.measure(state, q, "industries") == len(owned)
                for good in {state.topo.site[p].good for p in owned}:
                    of_good = sum(1 for p in owned if state.topo.site[p].good == good)
                    assert cd.measure(state, q, "industries", good) == of_good
                stock = {g: player.backpack.get(g, 0) + player.warehouse.get(g, 0) for g in player.backpack}
                for good, amount in stock.items():
                    assert cd.measure(state, q, "goods", good) == amount
                given = sum(other.held[q] for r, other in enumerate(state.players) if r != q)
                assert cd.measure(state, q, "favor_given") == given
                assert cd.measure(state, q, "roads") == list(state.yidao.values()).count(q)
        seen.append(action)

    params = load_config(SPEC.default_config).params
    record = play_game(SPEC, params, 5, 3, lineup("heuristic", 5, 3), on_step=check, catch_errors=False)
    assert not record.error and len(seen) > 400
