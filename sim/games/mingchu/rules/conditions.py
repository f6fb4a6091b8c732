"""What the card vocabulary counts and tests (effects_schema.py): measures, conditions, score rules,
each evaluated for a player and worded for the play log (the game's texts, ``texts/<lang>.py``:
``measure.<name>``, ``condition.<name>``, ``score.<name>``).

Measures are functions in a registry by name (``MEASURES``, checked against ``effects_schema.Measure``
on import): a new measure is its name in the schema and one ``@counts`` function here.
Conditions and score rules are shaped like the effects (``effect_kinds.py``): one class per kind,
holding its evaluation (``met`` / ``points``) and its ``text``, in a registry by the kind's name
(``CONDITIONS``, ``SCORES``; ``kind_table`` builds each and checks it against the schema's union).
A new kind is a model in ``effects_schema.py`` and a class here in the registry; without the class,
importing this module fails with a message naming the kind."""

from __future__ import annotations

import typing
from collections.abc import Callable
from typing import Any, ClassVar

from ..texts import LANG, say
from . import effects_schema as es
from .state import MingchuState


def kind_name(schema: Any, field: str) -> str:
    """The name a schema model accepts in its ``field`` (``effect``, ``condition``, ``score``)."""
    return str(typing.get_args(schema.model_fields[field].annotation)[0])


def kind_table(field: str, union: Any, kinds: tuple[Any, ...]) -> dict[str, Any]:
    """The registry of one part of the card vocabulary: each kind class's instance by the name its
    ``schema`` accepts in ``field``. Every model of the schema's ``union`` has exactly one class: a
    model without one, a second class for a name, or a class of no model fails here, naming it."""
    table: dict[str, Any] = {}
    for kind in kinds:
        name = kind_name(kind.schema, field)
        if name in table:
            raise TypeError(
                f"{field} kind `{name}` has two classes: {type(table[name]).__name__}, {type(kind).__name__}"
            )
        table[name] = kind
    models = typing.get_args(typing.get_args(union)[0])
    for schema in models:
        name = kind_name(schema, field)
        if name not in table or table[name].schema is not schema:
            raise TypeError(
                f"{field} kind `{name}` ({schema.__name__} in effects_schema.py) has no class in its registry"
            )
    for name, kind in table.items():
        if kind.schema not in models:
            raise TypeError(
                f"{field} kind `{name}` ({type(kind).__name__}) has no model in effects_schema.py"
            )
    return table


MeasureOf = Callable[[MingchuState, int, str | None], int]
"""How one measure counts for a player: ``(state, seat, good)``, ``good`` None unless the measure
takes one (``industries``, ``goods``)."""

MEASURES: dict[str, MeasureOf] = {}
"""Every measure of the vocabulary by its name in ``effects_schema.Measure`` (``measure_table``
checks that both name the same ones)."""


def counts(name: str) -> Callable[[MeasureOf], MeasureOf]:
    """Registers the function below as the measure ``name``."""

    def register(function: MeasureOf) -> MeasureOf:
        MEASURES[name] = function
        return function

    return register


@counts("coins")
def _coins(state: MingchuState, seat: int, good: str | None) -> int:
    return state.players[seat].coins


@counts("workers")
def _workers(state: MingchuState, seat: int, good: str | None) -> int:
    return state.players[seat].workers


@counts("worker_track")
def _worker_track(state: MingchuState, seat: int, good: str | None) -> int:
    return state.players[seat].worker_pos


@counts("income")
def _income(state: MingchuState, seat: int, good: str | None) -> int:
    return state.income_level(seat)


@counts("round_income")
def _round_income(state: MingchuState, seat: int, good: str | None) -> int:
    return state.players[seat].income_round


@counts("industries")
def _industries(state: MingchuState, seat: int, good: str | None) -> int:
    """Industries the player owns, of ``good`` when it names one."""
    site = state.topo.site
    return sum(
        1
        for place, ind in state.industries.items()
        if ind.owner == seat and (good is None or site[place].good == good)
    )


@counts("upgrades")
def _upgrades(state: MingchuState, seat: int, good: str | None) -> int:
    return sum(1 for ind in state.industries.values() if ind.upgraded_by == seat)


@counts("roads")
def _roads(state: MingchuState, seat: int, good: str | None) -> int:
    return sum(1 for owner in state.yidao.values() if owner == seat)


@counts("orders_completed")
def _orders_completed(state: MingchuState, seat: int, good: str | None) -> int:
    return len(state.players[seat].completed)


@counts("orders_reserved")
def _orders_reserved(state: MingchuState, seat: int, good: str | None) -> int:
    return int(state.players[seat].personal_order is not None)


@counts("goods")
def _goods(state: MingchuState, seat: int, good: str | None) -> int:
    """Goods in the backpack and the warehouse, of ``good`` when it names one."""
    player = state.players[seat]
    if good is None:
        return player.goods_total() + sum(player.warehouse.values())
    return player.backpack.get(good, 0) + player.warehouse.get(good, 0)


@counts("loans")
def _loans(state: MingchuState, seat: int, good: str | None) -> int:
    return state.players[seat].loans


@counts("retainers")
def _retainers(state: MingchuState, seat: int, good: str | None) -> int:
    return len(state.players[seat].retainers)


@counts("grace_cards")
def _grace_cards(state: MingchuState, seat: int, good: str | None) -> int:
    return len(state.players[seat].grace_cards)


@counts("favor_held")
def _favor_held(state: MingchuState, seat: int, good: str | None) -> int:
    """Other players' markers the player holds."""
    return sum(k for q, k in enumerate(state.players[seat].held) if q != seat)


@counts("favor_given")
def _favor_given(state: MingchuState, seat: int, good: str | None) -> int:
    """The player's own markers other players hold."""
    return sum(state.players[q].held[seat] for q in range(state.n) if q != seat)


@counts("war_markers")
def _war_markers(state: MingchuState, seat: int, good: str | None) -> int:
    return sum(state.players[seat].war)


def measure_table(table: dict[str, MeasureOf]) -> dict[str, MeasureOf]:
    """``table`` checked against the schema: a measure ``effects_schema.Measure`` names without a
    function here, or one here the schema does not name, fails (on import, for ``MEASURES``), naming it."""
    named = set(typing.get_args(es.Measure))
    missing = sorted(named - table.keys())
    extra = sorted(table.keys() - named)
    if missing or extra:
        raise TypeError(
            f"measures without a function in conditions.py: {missing}; functions of no measure in "
            f"effects_schema.Measure: {extra}"
        )
    return table


measure_table(MEASURES)


def measure(state: MingchuState, seat: int, name: str, good: str | None = None) -> int:
    """The value of one ``Measure`` for a player."""
    return MEASURES[name](state, seat, good)


def _measure(name: str, good: str | None, lang: str) -> str:
    """A measure's words (``measure.<name>``), of one good when it names one."""
    words = say(lang, "measure." + name)
    return say(lang, "measure.of_good", good=good, measure=words) if good else words


class ConditionKind:
    """One condition of the card vocabulary (an event task, a scoring condition, an ``if`` effect's
    test). Subclasses set ``schema`` and override ``met`` and ``text``."""

    schema: ClassVar[type] = object
    """The pydantic model of the condition in ``effects_schema``."""

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        """Whether ``seat`` meets the condition now."""
        raise NotImplementedError(type(self).__name__)

    def text(self, cond: Any, lang: str = LANG) -> str:
        """The condition in a few words of ``lang``."""
        raise NotImplementedError(type(self).__name__)


class AtLeast(ConditionKind):
    schema = es.AtLeast

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        return measure(state, seat, cond.measure, cond.good) >= cond.value

    def text(self, cond: Any, lang: str = LANG) -> str:
        return say(
            lang, "condition.at_least", measure=_measure(cond.measure, cond.good, lang), value=cond.value
        )


class AtMost(ConditionKind):
    schema = es.AtMost

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        return measure(state, seat, cond.measure, cond.good) <= cond.value

    def text(self, cond: Any, lang: str = LANG) -> str:
        return say(
            lang, "condition.at_most", measure=_measure(cond.measure, cond.good, lang), value=cond.value
        )


class Most(ConditionKind):
    schema = es.Most

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        """The most of every player (ties count), and more than none."""
        value = measure(state, seat, cond.measure, cond.good)
        values = [measure(state, q, cond.measure, cond.good) for q in range(state.n)]
        return value > 0 and value == max(values)

    def text(self, cond: Any, lang: str = LANG) -> str:
        return say(lang, "condition.most", measure=_measure(cond.measure, cond.good, lang))


class Least(ConditionKind):
    schema = es.Least

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        """The least of every player (ties count)."""
        value = measure(state, seat, cond.measure, cond.good)
        values = [measure(state, q, cond.measure, cond.good) for q in range(state.n)]
        return value == min(values)

    def text(self, cond: Any, lang: str = LANG) -> str:
        return say(lang, "condition.least", measure=_measure(cond.measure, cond.good, lang))


class AtPlace(ConditionKind):
    schema = es.AtPlace

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        place = state.capital if cond.place == es.CAPITAL else state.topo.place_index[cond.place]
        return state.players[seat].managers.count(place) >= cond.managers

    def text(self, cond: Any, lang: str = LANG) -> str:
        return say(
            lang, "condition.at_place.both" if cond.managers > 1 else "condition.at_place", place=cond.place
        )


class WarWon(ConditionKind):
    schema = es.WarWon

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        return state.war_winner == cond.side

    def text(self, cond: Any, lang: str = LANG) -> str:
        return say(lang, "condition.war_won", side=cond.side)


class AllOf(ConditionKind):
    schema = es.AllOf

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        return all(condition_met(state, seat, sub) for sub in cond.conditions)

    def text(self, cond: Any, lang: str = LANG) -> str:
        return say(lang, "condition.all_of.and").join(condition_text(c, lang) for c in cond.conditions)


class AnyOf(ConditionKind):
    schema = es.AnyOf

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        return any(condition_met(state, seat, sub) for sub in cond.conditions)

    def text(self, cond: Any, lang: str = LANG) -> str:
        return say(lang, "condition.any_of.or").join(condition_text(c, lang) for c in cond.conditions)


class Not(ConditionKind):
    schema = es.Not

    def met(self, state: MingchuState, seat: int, cond: Any) -> bool:
        return not condition_met(state, seat, cond.of)

    def text(self, cond: Any, lang: str = LANG) -> str:
        return say(lang, "condition.not", condition=condition_text(cond.of, lang))


CONDITIONS: dict[str, ConditionKind] = kind_table(
    "condition",
    es.Condition,
    (AtLeast(), AtMost(), Most(), Least(), AtPlace(), WarWon(), AllOf(), AnyOf(), Not()),
)
"""Every condition of the card vocabulary by its ``condition`` name."""


def condition_met(state: MingchuState, seat: int, cond: Any) -> bool:
    """Whether ``seat`` meets an event task, scoring condition or ``if`` effect's condition."""
    return CONDITIONS[cond.condition].met(state, seat, cond)


def condition_text(cond: Any, lang: str = LANG) -> str:
    """An event task or a scoring condition in a few words of ``lang``."""
    return CONDITIONS[cond.condition].text(cond, lang)


# --- score rules (皇恩计分卡, 天威卡) ----------------------------------------------------------------


class ScoreKind:
    """One scoring rule of a 皇恩计分卡 or 天威卡. Subclasses set ``schema`` and override ``points``
    and ``text``."""

    schema: ClassVar[type] = object
    """The pydantic model of the rule in ``effects_schema``."""

    def points(self, state: MingchuState, seat: int, rule: Any) -> int:
        """Points the rule gives ``seat`` at the end."""
        raise NotImplementedError(type(self).__name__)

    def text(self, rule: Any, lang: str = LANG) -> str:
        """The rule in a few words of ``lang``."""
        raise NotImplementedError(type(self).__name__)


class ScorePer(ScoreKind):
    schema = es.ScorePer

    def points(self, state: MingchuState, seat: int, rule: Any) -> int:
        points: int = measure(state, seat, rule.measure, rule.good) // rule.per * rule.points
        if rule.max is not None:
            points = max(-rule.max, min(rule.max, points))
        return points

    def text(self, rule: Any, lang: str = LANG) -> str:
        per = say(lang, "score.per.every", per=rule.per) if rule.per > 1 else say(lang, "score.per.each")
        cap = say(lang, "score.per.cap", max=rule.max) if rule.max is not None else ""
        measure = _measure(rule.measure, rule.good, lang)
        return say(lang, "score.per", per=per, measure=measure, points=rule.points, cap=cap)


class ScoreFlat(ScoreKind):
    schema = es.ScoreFlat

    def points(self, state: MingchuState, seat: int, rule: Any) -> int:
        points: int = rule.points
        return points

    def text(self, rule: Any, lang: str = LANG) -> str:
        return say(lang, "score.flat", points=rule.points)


class ScoreIf(ScoreKind):
    schema = es.ScoreIf

    def points(self, state: MingchuState, seat: int, rule: Any) -> int:
        points: int = rule.points if condition_met(state, seat, rule.condition) else rule.otherwise
        return points

    def text(self, rule: Any, lang: str = LANG) -> str:
        otherwise = say(lang, "score.if.otherwise", otherwise=rule.otherwise) if rule.otherwise else ""
        condition = condition_text(rule.condition, lang)
        return say(lang, "score.if", condition=condition, points=rule.points, otherwise=otherwise)


SCORES: dict[str, ScoreKind] = kind_table("score", es.ScoreRule, (ScorePer(), ScoreFlat(), ScoreIf()))
"""Every scoring rule of the card vocabulary by its ``score`` name."""


def score_rule(state: MingchuState, seat: int, rule: Any) -> int:
    """Points one scoring rule of a 皇恩计分卡 / 天威卡 gives at the end."""
    return SCORES[rule.score].points(state, seat, rule)


def score_text(rule: Any, lang: str = LANG) -> str:
    """A scoring rule of a 皇恩计分卡 or 天威卡 in a few words of ``lang``."""
    return SCORES[rule.score].text(rule, lang)
