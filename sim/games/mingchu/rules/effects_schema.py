"""The closed card vocabulary of 明初商途: effects, conditions and scoring rules.

Every card in ``configs/mingchu/*.yaml`` says what it does with these small mappings,
e.g. ``{effect: gain_coins, amount: 3}``. Each family is a pydantic discriminated
union, so an unknown ``effect`` or a bad parameter fails validation; the card models
in ``params.py`` re-raise the error with the card id. ``docs/cards.md`` documents
every type with examples; each effect's class in ``effect_kinds.py`` carries it out, values it
for the bots and words it, and ``conditions.py`` evaluates conditions and scoring rules.
"""

from __future__ import annotations

import typing
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator

from sim.texts import message


class _Item(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --- measures: what conditions and scoring rules count -------------------------------------------

Measure = Literal[
    "coins",  # coins in hand
    "workers",  # 伙计 tokens in hand
    "worker_track",  # position on the 伙计人数轨 (0 = start)
    "income",  # the 皇恩轨 value: best 本轮收入总和轨 value reached (or the marker, rules.income_level)
    "round_income",  # the last production's income (coins from production sales + income_bonus)
    "industries",  # industries the player built (optionally of one `good`)
    "upgrades",  # upgrade markers the player placed
    "roads",  # 驿道 the player built
    "orders_completed",  # orders the player delivered (all periods)
    "orders_reserved",  # personal (reserved, unfinished) orders
    "goods",  # goods in the backpack and warehouse (optionally of one `good`)
    "loans",  # unpaid loans
    "retainers",  # 门客 held
    "grace_cards",  # 皇恩卡 in hand
    "favor_held",  # other players' 恩义 markers the player holds
    "favor_given",  # the player's own markers held by other players
    "war_markers",  # markers the player committed in the war (both sides)
]


# --- immediate effects ----------------------------------------------------------------------------


class GainCoins(_Item):
    effect: Literal["gain_coins"]
    amount: int = Field(ge=0)  # 0: the card does nothing (a tuning sweep may start there)


class LoseCoins(_Item):
    """Pay coins to the supply; a player who cannot pay takes a loan (M71)."""

    effect: Literal["lose_coins"]
    amount: int = Field(ge=1)


class GainWorkers(_Item):
    """Gain 伙计 tokens."""

    effect: Literal["gain_workers"]
    amount: int = Field(ge=0)  # 0: the card does nothing (a tuning sweep may start there)


class LoseWorkers(_Item):
    """Lose 伙计 tokens (as many as held, at most ``amount``)."""

    effect: Literal["lose_workers"]
    amount: int = Field(ge=1)


class GainFavor(_Item):
    """Take own 恩义 markers from supply into hand (usable to pay, commit in war, swap for 伙计)."""

    effect: Literal["gain_favor"]
    amount: int = Field(ge=0)  # 0: the card does nothing (a tuning sweep may start there)


class ReclaimFavor(_Item):
    """Take back own markers held by other players (most-holding player first), free."""

    effect: Literal["reclaim_favor"]
    amount: int = Field(ge=1)


class WorkerTrack(_Item):
    """Move on the 伙计人数轨 without paying (negative = back), clamped to the track."""

    effect: Literal["worker_track"]
    steps: int = Field(ge=-5, le=5)


class IncomeTrack(_Item):
    """Move the best 本轮收入总和轨 (皇恩轨) level by ``steps`` track spaces, no rewards gained."""

    effect: Literal["income_track"]
    steps: int = Field(ge=-5, le=5)


class GainGoods(_Item):
    """Goods from the supply into the backpack (or the 京城 warehouse); overflow is lost."""

    effect: Literal["gain_goods"]
    good: str
    amount: int = Field(default=1, ge=1)
    to: Literal["backpack", "warehouse"] = "backpack"


class LoseGoods(_Item):
    """Lose goods from backpack and warehouse: one `good`, or every good not in `keep`."""

    effect: Literal["lose_goods"]
    good: str | None = None
    amount: int | None = Field(default=None, ge=1)  # None = all of them
    keep: tuple[str, ...] = ()


class DrawGrace(_Item):
    """Draw 皇恩卡 from the deck."""

    effect: Literal["draw_grace"]
    amount: int = Field(default=1, ge=1)


class GainVP(_Item):
    """Victory points kept until the end (an order reward, a scoring reward option)."""

    effect: Literal["gain_vp"]
    amount: int = Field(ge=-20, le=20)


class Bank(_Item):
    """Put coins and/or 皇恩卡 from hand under the 掌柜板 (they score at the end, M63)."""

    effect: Literal["bank"]
    coins: int = Field(default=0, ge=0)
    grace_cards: int = Field(default=0, ge=0)

    @model_validator(mode="after")
    def _not_empty(self) -> Bank:
        if self.coins == 0 and self.grace_cards == 0:
            raise ValueError(message("effect_bank_empty"))
        return self


class FreeBuild(_Item):
    """Build an industry at a 掌柜's place now, ``discount`` coins cheaper (None = free)."""

    effect: Literal["free_build"]
    discount: int | None = Field(default=None, ge=1)
    ignore_monopoly: bool = False


class FreeRoad(_Item):
    """Build a 驿道 next to a 掌柜 now, paying ``discount`` fewer 伙计 (None = free)."""

    effect: Literal["free_road"]
    discount: int | None = Field(default=None, ge=1)


class BonusMoves(_Item):
    """Free steps this turn (or the next turn if played outside one); they ignore 驿道 (M73)."""

    effect: Literal["bonus_moves"]
    amount: int = Field(ge=1, le=6)


class MoveToCapital(_Item):
    """Both 掌柜 are moved to the 京城."""

    effect: Literal["move_to_capital"]


class MonopolyPermit(_Item):
    """Permits to build a 专营 industry without the income-track threshold."""

    effect: Literal["monopoly_permit"]
    amount: int = Field(default=1, ge=1)


class HireRetainer(_Item):
    """Take a 门客 (face-up, blind draw, or pay to refresh the row first), at most 3 held (M69)."""

    effect: Literal["hire_retainer"]


class TakeScoreCard(_Item):
    """Choose one of the face-up 皇恩计分卡."""

    effect: Literal["take_score_card"]


class RandomCoins(_Item):
    """Roll the die: gain one of ``faces`` coins at random (赌徒)."""

    effect: Literal["random_coins"]
    faces: tuple[int, ...] = Field(min_length=2)


# --- ongoing modifiers (events: for the round; 门客 passive: while held) ----------------------------

DiscountTarget = Literal["build", "road", "hire", "water", "foreign_production", "loan_interest", "favor"]


class Discount(_Item):
    """Pay ``amount`` less (coins; 伙计 for ``road``; 恩义 markers per toll payment for ``favor``);
    never below 0. Negative = surcharge (except ``favor``, which only discounts)."""

    effect: Literal["discount"]
    action: DiscountTarget
    amount: int = Field(ge=-5, le=10)


class SellBonus(_Item):
    """Sales of ``good`` (None = any) pay ``amount`` more (negative = less); cap still applies."""

    effect: Literal["sell_bonus"]
    good: str | None = None
    amount: int = Field(ge=-5, le=5)


class ProduceBonus(_Item):
    """Own industries of ``good`` (None = any) produce ``amount`` extra goods."""

    effect: Literal["produce_bonus"]
    good: str | None = None
    amount: int = Field(ge=-1, le=3)


class ExtraMoves(_Item):
    """Each turn's move allowance is ``amount`` steps larger (negative = smaller)."""

    effect: Literal["extra_moves"]
    amount: int = Field(ge=-2, le=3)


class Forbid(_Item):
    """An action cannot be taken."""

    effect: Literal["forbid"]
    action: Literal["build", "road", "hire", "sell", "reserve", "loan"]


class IncomeBonus(_Item):
    """Add ``amount`` to the round's income-track total."""

    effect: Literal["income_bonus"]
    amount: int = Field(ge=-10, le=10)


# --- composite effects: a condition, the other players -------------------------------------------


class If(_Item):
    """``then`` when the player meets ``condition`` now, else ``otherwise`` (if X then Y)."""

    effect: Literal["if"]
    condition: Condition
    then: tuple[Effect, ...] = Field(min_length=1)
    otherwise: tuple[Effect, ...] = ()


class Others(_Item):
    """``effects`` happen to every other player (each in turn order after the player)."""

    effect: Literal["others"]
    effects: tuple[Effect, ...] = Field(min_length=1)


OrderDeckName = Literal["洪武", "建文特别", "燕王特别", "建文", "永乐"]


# --- triggered passives: effects that happen on a trigger while the card lasts -------------------


class EachRound(_Item):
    """At the start of every round (round 1 too, before production), ``effects`` happen."""

    effect: Literal["each_round"]
    effects: tuple[Effect, ...] = Field(min_length=1)


class OnEvent(_Item):
    """When the round's event applies to the player (M43): ``effects`` happen, after the event's.
    ``event``: only that event card (None = any)."""

    effect: Literal["on_event"]
    effects: tuple[Effect, ...] = Field(min_length=1)
    event: str | None = None


class OnDelivery(_Item):
    """When the player delivers an order (after its rewards): ``effects`` happen.
    ``deck``: only orders of that order deck; ``place``: only orders delivered there (None = any)."""

    effect: Literal["on_delivery"]
    effects: tuple[Effect, ...] = Field(min_length=1)
    deck: OrderDeckName | None = None
    place: str | None = None


Effect = Annotated[
    GainCoins
    | LoseCoins
    | GainWorkers
    | LoseWorkers
    | GainFavor
    | ReclaimFavor
    | WorkerTrack
    | IncomeTrack
    | GainGoods
    | LoseGoods
    | DrawGrace
    | GainVP
    | Bank
    | FreeBuild
    | FreeRoad
    | BonusMoves
    | MoveToCapital
    | MonopolyPermit
    | HireRetainer
    | TakeScoreCard
    | RandomCoins
    | Discount
    | SellBonus
    | ProduceBonus
    | ExtraMoves
    | Forbid
    | IncomeBonus
    | If
    | Others
    | EachRound
    | OnEvent
    | OnDelivery,
    Field(discriminator="effect"),
]

TRIGGER_TYPES = (EachRound, OnEvent, OnDelivery)
"""Effects that do something each time their trigger comes, while they last."""
MODIFIER_TYPES = (Discount, SellBonus, ProduceBonus, ExtraMoves, Forbid, IncomeBonus, *TRIGGER_TYPES)
"""Effects that last (rules changed, triggers armed) rather than doing something once."""
LASTING = tuple(sorted(typing.get_args(cls.model_fields["effect"].annotation)[0] for cls in MODIFIER_TYPES))
"""The ``effect`` names a ``passive`` may use."""


def _lasting(effect):
    if not isinstance(effect, MODIFIER_TYPES):
        raise ValueError(
            message("effect_not_lasting", effect=effect.effect, lasting=[f"`{name}`" for name in LASTING])
        )
    return effect


Passive = Annotated[Effect, AfterValidator(_lasting)]
"""A 门客's ``passive``: an effect that lasts (a modifier or a trigger)."""


# --- conditions (event tasks) ------------------------------------------------------------------


class AtLeast(_Item):
    condition: Literal["at_least"]
    measure: Measure
    value: int = Field(ge=0)
    good: str | None = None


class AtMost(_Item):
    condition: Literal["at_most"]
    measure: Measure
    value: int = Field(ge=0)
    good: str | None = None


class Most(_Item):
    """Has the highest value among all players (ties all qualify), and more than 0."""

    condition: Literal["most"]
    measure: Measure
    good: str | None = None


class Least(_Item):
    """Has the lowest value among all players (ties all qualify)."""

    condition: Literal["least"]
    measure: Measure
    good: str | None = None


class AtPlace(_Item):
    """At least ``managers`` of the player's 掌柜 stand at ``place`` (``京城``: the capital now)."""

    condition: Literal["at_place"]
    place: str
    managers: int = Field(default=1, ge=1, le=2)


class WarWon(_Item):
    """The war is over and ``side`` won it (燕王 = 永乐); false before the war ends."""

    condition: Literal["war_won"]
    side: Literal["建文", "燕王"]


class AllOf(_Item):
    condition: Literal["all_of"]
    conditions: tuple[Condition, ...] = Field(min_length=1)


class AnyOf(_Item):
    condition: Literal["any_of"]
    conditions: tuple[Condition, ...] = Field(min_length=1)


class Not(_Item):
    condition: Literal["not"]
    of: Condition


Condition = Annotated[
    AtLeast | AtMost | Most | Least | AtPlace | WarWon | AllOf | AnyOf | Not, Field(discriminator="condition")
]
CAPITAL = "京城"
"""The place name conditions use for the capital of the moment (应天府, or 顺天府 after a 燕王 win)."""


# --- scoring rules (皇恩计分卡, 天威卡) -----------------------------------------------------------


class ScorePer(_Item):
    """``points`` per ``per`` units of ``measure`` (optionally one good), at most ``max`` in total."""

    score: Literal["per"]
    measure: Measure
    points: int = Field(ge=-10, le=10)
    per: int = Field(default=1, ge=1)
    good: str | None = None
    max: int | None = None


class ScoreFlat(_Item):
    score: Literal["flat"]
    points: int = Field(ge=-30, le=30)


class ScoreIf(_Item):
    """``points`` when ``condition`` holds at the end, else ``otherwise``."""

    score: Literal["if"]
    condition: Condition
    points: int = Field(ge=-30, le=30)
    otherwise: int = Field(default=0, ge=-30, le=30)


ScoreRule = Annotated[ScorePer | ScoreFlat | ScoreIf, Field(discriminator="score")]

for _model in (AllOf, AnyOf, Not, If, Others, EachRound, OnEvent, OnDelivery):
    _model.model_rebuild()


# --- what a card refers to (checked against the map and the goods by params.py) -------------------


def references(item) -> tuple[set[str], set[str], set[str]]:
    """(goods, places, event cards) named anywhere inside an effect, condition, score rule or card."""
    goods: set[str] = set()
    places: set[str] = set()
    events: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, tuple | list):
            for sub in node:
                walk(sub)
            return
        if not isinstance(node, BaseModel):
            return
        if isinstance(node, _Item):
            good = getattr(node, "good", None)
            if good is not None:
                goods.add(good)
            goods.update(getattr(node, "keep", ()))
            place = getattr(node, "place", None)
            if place is not None and place != CAPITAL:
                places.add(place)
            if isinstance(node, OnEvent) and node.event is not None:
                events.add(node.event)
        for name in type(node).model_fields:
            value = getattr(node, name)
            if isinstance(value, BaseModel | tuple | list):
                walk(value)

    walk(item)
    return goods, places, events
