"""Every tunable number and card of 明初商途, validated from ``configs/mingchu/*.yaml``.

Top-level keys: ``map``, ``goods``, ``worker_track``, ``income_track``, ``loans``, ``start``,
``setup``, ``scoring``, ``rules`` (switches for ambiguous readings) and ``cards`` (one list
per deck, keyed by the deck's Chinese name). Every list item has a unique ``id`` so a variant
or ``--set cards.门客.赌徒.cost=4`` can address it. Card effects use the vocabulary of
``effects_schema.py`` (documented in ``docs/cards.md``).
"""

from __future__ import annotations

from collections.abc import Iterable
from contextvars import ContextVar
from typing import Literal, get_args

from pydantic import Field, ValidationError, field_validator, model_validator

from sim.core.rules_model import RulesModel
from sim.texts import joined, message, validation_message

from .rules.effects_schema import (
    AllOf,
    Condition,
    Effect,
    Passive,
    ScoreIf,
    ScoreRule,
    references,
)

MAX_PLAYERS = 5  # the largest table (SPEC.player_counts)
_DECK: ContextVar[str | None] = ContextVar("mingchu_deck", default=None)
"""The deck (``Decks`` field) whose cards are being validated, for a card's error to name it."""


def _describe_error(err: dict) -> str:
    """``where (got value): message``, the value first so long messages cannot hide it."""
    where = ".".join(str(p) for p in err["loc"]) or message("card_whole")
    value = err.get("input")
    got = message("card_problem_got", value=repr(value)) if not isinstance(value, dict | list) else ""
    return message("card_problem", where=where, got=got, error=validation_message(err))


class _Card(RulesModel):
    """Base of every card: validation errors inside are re-raised naming the card id."""

    id: str = Field(min_length=1)
    count: int = Field(default=1, ge=0, le=10)  # 0 = not in the deck (a variant removing the card)

    @model_validator(mode="wrap")
    @classmethod
    def _name_the_card(cls, data, handler, info):
        try:
            return handler(data)
        except ValidationError as exc:
            card = data.get("id", "?") if isinstance(data, dict) else "?"
            problems = joined([_describe_error(err) for err in exc.errors()])
            deck = _deck_of(cls, (info.context or {}).get("deck"))
            raise ValueError(message("card_problems", kind=deck, card=card, problems=problems)) from None


def _deck_of(card_class: type, given: str | None = None) -> str:
    """The deck a card error names (门客, not RetainerCard): the deck being validated, else ``given``
    (the validation context's ``deck``), else every deck of that card class (下赏/上赏)."""
    deck = _DECK.get() or given
    if deck:
        return deck
    decks = [
        name for name, field in Decks.model_fields.items() if get_args(field.annotation)[:1] == (card_class,)
    ]
    return "/".join(decks) or card_class.__name__


# --- map ------------------------------------------------------------------------------------------


class IndustrySite(RulesModel):
    good: str
    cost: int = Field(ge=0, le=40)


class Place(RulesModel):
    id: str = Field(min_length=1)  # e.g. 应天府, 徐州, 肃州卫
    kind: Literal["府", "州", "卫", "司"] | None = None  # informational
    industry: IndustrySite | None = None


class Road(RulesModel):
    """A link between two places. ``dashed`` roads are usable only once a 驿道 is on them (M28)."""

    id: str = Field(min_length=1)  # convention: "甲-乙"
    a: str
    b: str
    kind: Literal["solid", "dashed", "water"] = "solid"
    yidao_cost: int = Field(default=2, ge=0, le=6)  # 伙计 to build a 驿道 here (M31)
    coins: int = Field(default=0, ge=0, le=10)  # water routes: coins per use (M27)


class MapParams(RulesModel):
    places: tuple[Place, ...] = Field(min_length=2)
    roads: tuple[Road, ...] = Field(min_length=1)
    capital: str  # 京城 at the start (应天府)
    second_capital: str  # 京城 after a 燕王 victory (顺天府, 两京制)


# --- goods and tracks -----------------------------------------------------------------------------


class Good(RulesModel):
    id: str = Field(min_length=1)
    base_value: int = Field(ge=1, le=30)
    monopoly_threshold: int | None = Field(default=None, ge=0)
    """专营 good: a 皇恩轨 value that raises the 专营 cap by 1 (``monopoly: cap``), or that
    building this good's industry needs (``monopoly: threshold``); see docs/rules/mingchu.md M30."""
    sellable: bool = True  # 火药: False
    rots: bool = False  # 荔枝: returned to supply at settlement (M48)
    uncapped_in_production: bool = False  # 荔枝: no price cap when sold in production
    wild: bool = False  # 黄金: counts as any good for an order
    not_substitutable: bool = False  # 和田玉: 黄金 cannot stand in for it
    free_moves: int = Field(default=0, ge=0, le=3)  # 马: free steps per round when carried
    upgrades: bool = False  # 铁: spent to upgrade an industry
    horse_slot: bool = False  # may use the extra 马匹格


class WorkerStep(RulesModel):
    """One space of the 伙计人数轨: tokens gained each production, coins to advance onto it."""

    tokens: int = Field(ge=0, le=10)
    cost: int = Field(ge=0, le=40)


class IncomeSpace(RulesModel):
    """A rewarded space of the 本轮收入总和轨, reached with ``at`` or more income in a round."""

    id: str
    at: int = Field(ge=0)
    rewards: tuple[Effect, ...] = ()
    once: bool = False  # each player gains it only the first time (门客, 皇恩计分卡)


class LoanParams(RulesModel):
    amount: int = Field(default=9, ge=1)
    interest: int = Field(default=1, ge=0)
    repay: int = Field(default=13, ge=1)
    max_per_player: int = Field(default=10, ge=0)


class StartParams(RulesModel):
    """Resources each player has before the family cards are added."""

    coins: int = Field(default=0, ge=0)
    workers: int = Field(default=0, ge=0)
    favor_markers: int = Field(default=40, ge=10)  # own 恩义 markers in supply (M66)


class SetupParams(RulesModel):
    opening_event: str  # 洪武开篇
    hongwu_final_event: str  # 洪武驾崩
    war_event: str  # 靖难之役
    later_final_event: str  # 天数将至
    official_setup_cards: int = Field(default=2, ge=0)  # M03
    public_orders: int = Field(default=3, ge=1)  # M06
    visible_retainers: int = Field(default=3, ge=1)  # M05
    score_cards_extra: int = Field(default=2, ge=0)  # players + this many 皇恩计分卡 (M04)
    special_orders_per_side: int = Field(default=3, ge=1)  # M52
    war_track: int = Field(default=3, ge=1)  # M44
    hongwu_events_minus_players: int = Field(default=1)  # players - 1 洪武 events (M02)
    later_events_minus_players: int = Field(default=0)  # players + 0 later events (M58)
    draft_family_per_column: int = Field(default=2, ge=1)  # M09
    setup_road_max_cost: int = Field(default=1, ge=0)  # M12: "造价为1木材" read as yidao_cost <= this


class SeatParams(RulesModel):
    """Seat-order counterfactuals and compensation (docs/goals.md "Seat fairness, explained and
    fixed"); the defaults are the rules. A shift rotates one phase's seat order alone: seat s acts
    where seat s - shift acted by the rules."""

    draft_shift: int = Field(default=0, ge=0)  # M09: the draft, from the last player backwards
    placement_shift: int = Field(default=0, ge=0)  # M11/M12: 掌柜 and 官府驿道 placement
    play_shift: int = Field(default=0, ge=0)  # M13/M51: the first round's start player
    points: tuple[int, ...] = ()  # points each seat scores (start of the score track), by seat


class ScoringParams(RulesModel):
    coins_per_vp: int = Field(default=10, ge=1)  # M60
    industry_vp: int = 1  # M61
    banked_coins_per_vp: int = Field(default=5, ge=1)  # M63
    banked_card_vp: int = 1  # M63
    loan_vp: int = -5  # M64
    failed_order_vp: int = -5  # M64
    favor_given_vp: int = -1  # M64


class PersonaWeights(RulesModel):
    """A heuristic's weights a variant may set (``bots:``; ``sim bots tune`` fits them): each left
    out keeps the bot's own (``bots.PERSONAS``). The boxes ``sim bots tune`` searches are in
    ``bot_weights.BOXES``."""

    build: float | None = Field(default=None, ge=0, allow_inf_nan=False)  # how much it values building
    road: float | None = Field(default=None, ge=0, allow_inf_nan=False)  # ... building 驿道
    hire: float | None = Field(default=None, ge=0, allow_inf_nan=False)  # ... hiring 伙计
    chase_orders: float | None = Field(default=None, ge=0, le=1, allow_inf_nan=False)  # planning for orders
    sell_all: bool | None = None  # sells what its orders need when the price is good, for the income track
    loans_for_builds: bool | None = None  # borrows for a build its coins do not reach
    war_all_favor: bool | None = None  # commits every 恩义 marker to the 靖难 war (else at most 2)
    # what it believes of play (``effect_kinds.Beliefs``): rough rates the valuation reads
    play_coins_per_vp: float | None = Field(
        default=None, gt=0, allow_inf_nan=False
    )  # coins a point costs in play
    need_per_round: float | None = Field(default=None, ge=0, allow_inf_nan=False)  # cash kept per round ahead
    sales_per_round: float | None = Field(default=None, ge=0, allow_inf_nan=False)  # goods sold per round
    grace_kept: float | None = Field(
        default=None, ge=0, le=1, allow_inf_nan=False
    )  # a drawn 皇恩卡's share used
    worker_vp: float | None = Field(default=None, ge=0, allow_inf_nan=False)  # points a 伙计 brings
    build_extra_vp: float | None = Field(
        default=None, ge=0, allow_inf_nan=False
    )  # an industry's points beyond the rules'


class BotWeights(RulesModel):
    """``bots:``: weights of the heuristic bots for this variant, by bot name (not rules: a variant
    studied with bots tuned to it)."""

    runner: PersonaWeights = PersonaWeights()
    industrialist: PersonaWeights = PersonaWeights()
    roadbuilder: PersonaWeights = PersonaWeights()


class RuleSwitches(RulesModel):
    """Readings of ambiguous rules (see docs/rules/mingchu.md for the sentence each rests on)."""

    backpack: Literal["per_manager", "shared"] = "per_manager"  # M08: each 掌柜 carries its own goods
    backpack_slots: int = Field(default=6, ge=1)  # M08: the board's 6 slots, shared by both 掌柜
    horse_slots: int = Field(default=1, ge=0)
    warehouse_capacity: int = Field(default=4, ge=0)  # M67
    max_retainers: int = Field(default=3, ge=0)  # M69
    retainer_refresh_cost: int = Field(default=3, ge=0)  # M69
    moves_per_turn: int = Field(default=3, ge=0)  # M24
    build_max_moved: int = Field(default=1, ge=0)  # M30
    road_max_moved: int = Field(default=2, ge=0)  # M31
    hire_max_moved: int = Field(default=3, ge=0)  # M32
    workers_per_free_step: int = Field(default=1, ge=1)  # M26
    max_steps_per_turn: int = Field(default=8, ge=3)  # safety: path length of one turn (free roads)
    income_track: Literal["persistent", "per_round"] = "persistent"  # M22: the marker only advances
    monopoly: Literal["cap", "threshold"] = "cap"  # M30: "增加专营产业上限" = a cap on 专营 industries
    income_rewards: Literal["current_space", "all_reached"] = "current_space"  # M22
    income_level: Literal["best", "marker"] = "best"  # M30/M55: best value reached, or the marker now
    price_sources: Literal["sites", "built"] = "sites"  # M18: 产地 = printed sites or built ones
    foreign_uses_per_round: int = Field(default=1, ge=0)  # M19/M20: uses of one foreign industry
    war_tie_winner: Literal["建文", "燕王"] = "燕王"  # M54
    war_coins_per_marker: int = Field(default=3, ge=1)  # M45
    special_order_war_markers: int = Field(default=2, ge=0)  # M54
    final_event_ends: Literal["this_round", "next_round"] = "this_round"  # M59
    warehouse_in_both_capitals: bool = True  # M58 两京制
    end_tiebreak: Literal["coins", "shared"] = "coins"  # M65
    pay_favor_with_held_first: bool = True  # M21: pay with third players' held markers before own
    event_markers_return_to: Literal["hand", "supply"] = "hand"  # M42: "玩家获得上面自己的恩义标记"
    quick_actions_per_turn: int = Field(default=15, ge=1)  # safety cap on free quick actions per turn
    trading: bool = True  # M40/M75: players trade coins, 皇恩卡 and 恩义 ("你可以随时与其他玩家进行...交易")
    trade_offers_per_turn: int = Field(default=1, ge=0)  # offers per turn or production step (safety cap)
    trade_max_coins: int = Field(default=10, ge=1)  # largest coin amount one offer lists
    trade_max_favor: int = Field(default=3, ge=1)  # most 恩义 markers one offer lists


# --- cards ----------------------------------------------------------------------------------------

Period = Literal["洪武", "靖难", "后期"]
OrderDeck = Literal["洪武", "建文特别", "燕王特别", "建文", "永乐"]


class EventCard(_Card):
    """任务事件卡: a task (condition) and effects for the next round (M42/M43)."""

    period: Period
    side: Literal["建文", "燕王"] | None = None  # 后期 only: in the deck only after this side won the war
    role: Literal["normal", "opening", "final", "war"] = "normal"
    task: Condition | None = None
    effects: tuple[Effect, ...] = ()

    def shuffled_in(self, period: str, war_winner: str | None) -> bool:
        """Whether the card is a normal event of ``period``'s deck after ``war_winner`` won (M02/M58)."""
        return self.period == period and self.role == "normal" and self.side in (None, war_winner)


class OrderCard(_Card):
    """订单卡: deliver ``goods`` at ``place``; scores ``points`` at the end."""

    deck: OrderDeck
    place: str
    goods: dict[str, int] = Field(min_length=1)
    points: int = Field(ge=0, le=30)
    rewards: tuple[Effect, ...] = ()  # on delivery, besides the reward card


class RewardCard(_Card):
    """下赏/上赏: play it and choose one option (a list of effects)."""

    options: tuple[tuple[Effect, ...], ...] = Field(min_length=1)


class RetainerCard(_Card):
    """门客: a once-per-round ability (tap) and/or passive modifiers while held."""

    ability: tuple[Effect, ...] = ()
    passive: tuple[Passive, ...] = ()  # lasting effects only: modifiers and triggers


class GraceCard(_Card):
    """皇恩卡: effects on the player who plays it, or on a chosen player when ``target: any``."""

    target: Literal["self", "any"] = "self"
    effects: tuple[Effect, ...] = Field(min_length=1)


class FamilyCard(_Card):
    """初始家族卡: a place (an industry there if it has a site) and starting resources."""

    place: str
    coins: int = Field(default=0, ge=0)
    workers: int = Field(default=0, ge=0)
    goods: dict[str, int] = Field(default_factory=dict)
    effects: tuple[Effect, ...] = ()


class OfficialSetupCard(_Card):
    """初始官府产业卡: places that get an 官府 industry."""

    places: tuple[str, ...] = Field(min_length=1)
    upgraded: tuple[str, ...] = ()


class ScoreCard(_Card):
    """皇恩计分卡 (positive) or 天威卡 (negative): scored at the end."""

    scoring: tuple[ScoreRule, ...] = Field(min_length=1)


class Decks(RulesModel):
    """One list per deck. A variant drops a card with ``count: 0`` or by listing its id under
    ``remove: {门客: [赌徒]}``. A removed card is validated in its place like the others (so an
    error names the right card), then dropped."""

    事件: tuple[EventCard, ...]
    订单: tuple[OrderCard, ...]
    下赏: tuple[RewardCard, ...]
    上赏: tuple[RewardCard, ...]
    门客: tuple[RetainerCard, ...]
    皇恩: tuple[GraceCard, ...]
    家族: tuple[FamilyCard, ...]
    官府产业: tuple[OfficialSetupCard, ...]
    皇恩计分: tuple[ScoreCard, ...]
    天威: tuple[ScoreCard, ...]

    @model_validator(mode="before")
    @classmethod
    def _drop_removed(cls, data):
        if not isinstance(data, dict):
            return data
        data = dict(data)
        remove = data.pop("remove", None) or {}
        if not isinstance(remove, dict):
            raise ValueError(message("remove_not_mapping", remove=repr(remove)))
        for deck, ids in remove.items():
            if deck not in cls.model_fields:
                raise ValueError(message("remove_unknown_deck", deck=deck, decks=list(cls.model_fields)))
            ids = [ids] if isinstance(ids, str) else list(ids or [])
            cards = data.get(deck) or []
            known = [c.get("id") for c in cards if isinstance(c, dict)]
            for card in ids:
                if card not in known:
                    raise ValueError(
                        message("remove_unknown_card", deck=deck, card=card, ids=[str(k) for k in known])
                    )
            data[deck] = [
                {**c, "count": 0} if isinstance(c, dict) and c.get("id") in ids else c for c in cards
            ]
        return data

    @field_validator("*", mode="wrap")
    @classmethod
    def _name_the_deck(cls, value, handler, info):
        """A card's error names the deck it is in (``_DECK``)."""
        token = _DECK.set(info.field_name)
        try:
            return handler(value)
        finally:
            _DECK.reset(token)

    @model_validator(mode="after")
    def _drop_count_zero(self) -> Decks:
        kept = {
            deck: tuple(c for c in getattr(self, deck) if c.count > 0) for deck in type(self).model_fields
        }
        return self.model_copy(update=kept)


class ForcedCard(RulesModel):
    """A card given to a seat for a causal study (docs/card-lab.md): ``seat`` gets this copy of
    ``card`` when the rules first give it a card of ``deck``, in place of the card it would have got."""

    deck: Literal["门客", "家族"]
    card: str = Field(min_length=1)
    seat: int = Field(ge=0, le=MAX_PLAYERS - 1)


# --- the whole model ------------------------------------------------------------------------------


def _unique(kind: str, ids: Iterable[str]) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise ValueError(message("duplicate_id", kind=kind, item=item))
        seen.add(item)


def _effect_refs(effects: Iterable) -> Iterable[str]:
    for eff in effects:
        for name in ("good",):
            value = getattr(eff, name, None)
            if value is not None:
                yield value
        yield from getattr(eff, "keep", ())


def _condition_goods(cond) -> Iterable[str]:
    if cond is None:
        return
    if isinstance(cond, AllOf):
        for sub in cond.conditions:
            yield from _condition_goods(sub)
    elif cond.good is not None:
        yield cond.good


class MingchuParams(RulesModel):
    """The validated parameters of one 明初商途 variant."""

    map: MapParams
    goods: tuple[Good, ...] = Field(min_length=1)
    worker_track: tuple[WorkerStep, ...] = Field(min_length=2)
    income_track: tuple[IncomeSpace, ...] = Field(min_length=1)
    loans: LoanParams = LoanParams()
    start: StartParams = StartParams()
    setup: SetupParams
    scoring: ScoringParams = ScoringParams()
    rules: RuleSwitches = RuleSwitches()
    seats: SeatParams = SeatParams()
    cards: Decks
    forced_cards: tuple[ForcedCard, ...] = ()
    bots: BotWeights = BotWeights()

    @model_validator(mode="after")
    def _cross_check(self) -> MingchuParams:
        places = {p.id for p in self.map.places}
        goods = {g.id for g in self.goods}
        _unique("map.places", (p.id for p in self.map.places))
        _unique("map.roads", (r.id for r in self.map.roads))
        _unique("goods", (g.id for g in self.goods))
        _unique("income_track", (s.id for s in self.income_track))
        for cap in (self.map.capital, self.map.second_capital):
            if cap not in places:
                raise ValueError(message("map_capital", capital=cap))
        for place in self.map.places:
            if place.industry and place.industry.good not in goods:
                raise ValueError(message("map_industry_good", place=place.id, good=place.industry.good))
        for road in self.map.roads:
            for end in (road.a, road.b):
                if end not in places:
                    raise ValueError(message("map_road_place", road=road.id, place=end))
            if road.a == road.b:
                raise ValueError(message("map_road_loop", road=road.id))
        ats = [s.at for s in self.income_track]
        if ats != sorted(ats):
            raise ValueError(message("income_track_order"))
        for space in self.income_track:
            self._check_goods(f"income_track {space.id!r}", _effect_refs(space.rewards), goods)
        for deck, cards in self.cards:
            _unique(f"cards.{deck}", (c.id for c in cards))
            for card in cards:
                self._check_card(f"cards.{deck} {card.id!r}", card, places, goods)
        self._check_setup()
        self._check_forced()
        return self

    def _check_forced(self) -> None:
        seats: set[tuple[str, int]] = set()
        for forced in self.forced_cards:
            ids = [c.id for c in getattr(self.cards, forced.deck)]
            if forced.card not in ids:
                raise ValueError(message("forced_no_card", deck=forced.deck, card=forced.card, ids=ids))
            if (forced.deck, forced.seat) in seats:
                raise ValueError(message("forced_twice", seat=forced.seat, deck=forced.deck))
            seats.add((forced.deck, forced.seat))

    @staticmethod
    def _check_goods(where: str, refs: Iterable[str], goods: set[str]) -> None:
        for ref in refs:
            if ref not in goods:
                raise ValueError(message("unknown_good", where=where, good=ref))

    def _check_card(self, where: str, card, places: set[str], goods: set[str]) -> None:
        effects = []
        for name in ("effects", "ability", "passive", "rewards"):
            effects.extend(getattr(card, name, ()))
        for option in getattr(card, "options", ()):
            effects.extend(option)
        self._check_goods(where, _effect_refs(effects), goods)
        self._check_goods(where, _condition_goods(getattr(card, "task", None)), goods)
        for rule in getattr(card, "scoring", ()):
            good = getattr(rule, "good", None)
            if good is not None:
                self._check_goods(where, [good], goods)
            if isinstance(rule, ScoreIf):
                self._check_goods(where, _condition_goods(rule.condition), goods)
        self._check_goods(where, getattr(card, "goods", {}).keys(), goods)
        nested_goods, nested_places, nested_events = references(card)  # inside if / others / triggers too
        self._check_goods(where, sorted(nested_goods), goods)
        for event in sorted(nested_events - {c.id for c in self.cards.事件}):
            raise ValueError(message("unknown_event", where=where, event=event))
        for place in [
            *sorted(nested_places),
            getattr(card, "place", None),
            *getattr(card, "places", ()),
            *getattr(card, "upgraded", ()),
        ]:
            if place is not None and place not in places:
                raise ValueError(message("unknown_place", where=where, place=place))

    def _check_setup(self) -> None:
        events = {c.id: c for c in self.cards.事件}
        want = {
            "opening_event": ("洪武", "opening"),
            "hongwu_final_event": ("洪武", "final"),
            "war_event": ("靖难", "war"),
            "later_final_event": ("后期", "final"),
        }
        for field, (period, role) in want.items():
            card_id = getattr(self.setup, field)
            card = events.get(card_id)
            if card is None:
                raise ValueError(message("setup_no_event", field=field, card=card_id))
            if (card.period, card.role) != (period, role):
                raise ValueError(
                    message("setup_event_kind", field=field, card=card_id, period=period, role=role)
                )
        for card in self.cards.事件:
            if card.side is not None and (card.period, card.role) != ("后期", "normal"):
                raise ValueError(message("event_side", card=card.id, side=card.side))
        for period, side, extra in (
            ("洪武", None, self.setup.hongwu_events_minus_players),
            ("后期", "建文", self.setup.later_events_minus_players),
            ("后期", "燕王", self.setup.later_events_minus_players),
        ):
            normal = sum(c.count for c in self.cards.事件 if c.shuffled_in(period, side))
            if normal < 5 - extra:
                after = message("events_after_win", side=side) if side else ""
                raise ValueError(
                    message("events_too_few", period=period, after=after, need=5 - extra, have=normal)
                )
        for deck in ("建文特别", "燕王特别"):
            n = sum(c.count for c in self.cards.订单 if c.deck == deck)
            if n < self.setup.special_orders_per_side:
                raise ValueError(
                    message("special_orders_few", deck=deck, have=n, need=self.setup.special_orders_per_side)
                )
        have = {
            deck: sum(c.count for c in getattr(self.cards, deck)) for deck in ("天威", "皇恩计分", "门客")
        }
        if have["天威"] < MAX_PLAYERS:
            raise ValueError(message("tianwei_few", need=MAX_PLAYERS, players=MAX_PLAYERS, have=have["天威"]))
        if have["皇恩计分"] < MAX_PLAYERS + self.setup.score_cards_extra:
            extra = self.setup.score_cards_extra
            raise ValueError(
                message("score_cards_few", need=MAX_PLAYERS + extra, players=MAX_PLAYERS, extra=extra,
                        have=have["皇恩计分"])
            )  # fmt: skip
        if have["门客"] < MAX_PLAYERS + 1 + self.setup.visible_retainers:
            visible = self.setup.visible_retainers
            raise ValueError(
                message("retainers_few", need=MAX_PLAYERS + 1 + visible, columns=MAX_PLAYERS + 1,
                        players=MAX_PLAYERS, visible=visible, have=have["门客"])
            )  # fmt: skip
        if sum(c.count for c in self.cards.家族) < MAX_PLAYERS + 1:
            family = sum(c.count for c in self.cards.家族)
            raise ValueError(message("family_few", need=MAX_PLAYERS + 1, players=MAX_PLAYERS, have=family))
        if sum(c.count for c in self.cards.官府产业) < self.setup.official_setup_cards:
            raise ValueError(message("official_few"))
