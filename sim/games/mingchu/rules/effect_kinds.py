"""明初商途's card effects, one class each: its schema, what it does, what bots think it is worth, its text.

A card says what it does with small mappings such as ``{effect: gain_coins, amount: 3}``; the
pydantic model that validates one (``schema``) lives in ``effects_schema.py`` (pydantic models are
not compiled). The class of an effect holds the rest:

- ``apply``: carry it out for a seat (choices become pending decisions);
- ``value`` / ``usable``: the heuristic bots' rough worth of it, and of what of it can be used now;
- ``text``: a few words for the play log, from the game's texts (``texts/<lang>.py``: ``effect.<name>``).

``KINDS`` maps each ``effect`` name to its class, listing every effect once. A new effect is a
schema model in ``effects_schema.py`` (a member of its ``Effect`` union) and a class here in
``KINDS``; building ``KINDS`` (``conditions.kind_table``, as for the conditions and score rules)
checks that the two lists agree and names a model without a class.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final

from sim.core.decisions import Decision

from ..texts import LANG, say, signed
from . import effects_schema as es
from .building import build_cost, road_cost
from .conditions import condition_met, condition_text, kind_name, kind_table
from .draws import roll
from .economy import add_goods, draw_grace, pay_coins, remove_good
from .paths import sale_prices
from .state import MingchuState, order_info

RIVAL_WEIGHT = 1.0
"""What an effect on every other player is worth to the player, against the same effect on them:
the player's standing moves by that much against each rival at once, so taking 4 VP from each of
k rivals counts about as much as gaining 4 (a rank is won against every rival alike)."""

ACTION_TEXT = "action."
"""The key prefix of what a ``discount`` or ``forbid`` modifier applies to, in the game's texts
(``action.build`` ...)."""


# --- what things are worth here and now: the rules' numbers (``state.params``) and the seat's state ----------


WAR_ROUNDS = 2.0
"""Rounds the 靖难 period is expected to last from its start (its end depends on play)."""
NEED_ROUNDS = 2.0
"""Rounds ahead a seat keeps cash for (``Beliefs.need_per_round`` each)."""


@dataclass(frozen=True)
class Beliefs:
    """What a bot believes of play that the valuation cannot compute from the state: rough rates,
    measured from the heuristics' games and tunable per bot (a config's ``bots:`` block; ``sim bots
    tune`` fits them). The valuation reads the beliefs of the bot deciding (``believe``)."""

    play_coins_per_vp: float = 4.0
    """Coins a point costs in play while rounds are left (an industry, an order's goods): a coin spent
    early buys more points than the ``scoring.coins_per_vp`` it scores when held to the end."""
    need_per_round: float = 6.0
    """Coins a seat spends in a round on its plan (builds, hires, water fees, foreign goods), at most
    ``NEED_ROUNDS`` rounds ahead: the cash it keeps before anything is banked."""
    sales_per_round: float = 4.0
    """Goods a seat sells in a round (in its turns and in production), all goods together: the bots
    earn 14 to 30 coins a round, mostly from sales (300 games of the bundled config)."""
    grace_kept: float = 0.7
    """The share of a 皇恩卡's worth a drawn card brings on average: not every card is usable when
    drawn, and some are never."""
    worker_vp: float = 0.25
    """Points a 伙计 brings through the 驿道 and road steps it pays for, roughly."""
    build_extra_vp: float = 0.5
    """Points an industry brings besides ``scoring.industry_vp``, on average (a 皇恩计分卡 or 专营
    threshold counting industries, now and then)."""


BELIEF_FIELDS: Final = tuple(f.name for f in fields(Beliefs))
"""The ``bots:`` weights that set a bot's beliefs."""
DEFAULT_BELIEFS: Final = Beliefs()
_BELIEFS: list[Beliefs] = [DEFAULT_BELIEFS]
"""The beliefs of the bot deciding now (one game decides one move at a time in a process)."""


def believe(beliefs: Beliefs) -> None:
    """Value from now on with ``beliefs``: each bot sets its own before it decides."""
    _BELIEFS[0] = beliefs


def beliefs() -> Beliefs:
    """The beliefs the valuation reads now (``believe``)."""
    return _BELIEFS[0]


class Rates:
    """The rules' numbers the valuation reads, copied once per game's parameters (``rates``)."""

    def __init__(self, params: Any) -> None:
        scoring, loans, setup = params.scoring, params.loans, params.setup
        self.coins_per_vp = float(scoring.coins_per_vp)
        self.banked_coins_per_vp = float(scoring.banked_coins_per_vp)
        self.banked_card_vp = float(scoring.banked_card_vp)
        self.loan_vp = float(scoring.loan_vp)
        self.industry_vp = float(scoring.industry_vp)
        self.failed_order_vp = float(scoring.failed_order_vp)
        self.favor_given_vp = float(scoring.favor_given_vp)
        self.loan_amount = float(loans.amount)
        self.interest = float(loans.interest)
        self.repay = float(loans.repay)
        self.later_extra = -setup.later_events_minus_players
        self.ends_this_round = params.rules.final_event_ends == "this_round"
        self.later_final = setup.later_final_event
        self.grace_worths: dict[
            tuple[Beliefs, float], float
        ] = {}  # ``grace_worth`` by beliefs, ``rounds_left``


_RATES: list[Any] = [None, None]
"""The parameters last read and their ``Rates``."""


def rates(state: MingchuState) -> Rates:
    """The ``Rates`` of the state's parameters (read again only when the parameters change)."""
    params = state.params
    if _RATES[0] is not params:
        _RATES[0], _RATES[1] = params, Rates(params)
    found: Rates = _RATES[1]
    return found


def rounds_left(state: MingchuState) -> float:
    """Rounds still to play, this one included: the events left in the period's deck, then the
    靖难 war (``WAR_ROUNDS``) and the later period's (players + ``later_events_minus_players``
    rounds, one less: the orders often run out first). About 10 at the start of a 5-player game of
    the bundled config, whose games last 9.7 rounds on average (300 games of the heuristics)."""
    r = rates(state)
    if state.final_round:
        return 1.0
    later = float(state.n + r.later_extra) - 1.0 + (0.0 if r.ends_this_round else 1.0)
    if state.period == "后期":
        last = r.ends_this_round and state.next_event == r.later_final
        return 1.0 if last else 1.0 + len(state.event_deck) + (0.0 if r.ends_this_round else 1.0)
    if state.period == "靖难":
        return WAR_ROUNDS / 2 + later
    return len(state.event_deck) + WAR_ROUNDS + later


def vp_coins(state: MingchuState) -> float:
    """Coins a point is worth now: ``scoring.coins_per_vp`` in the last round (coins only score),
    nearer ``Beliefs.play_coins_per_vp`` the more rounds are left (coins still buy points), never
    more than the end's rate."""
    end = rates(state).coins_per_vp
    play = _BELIEFS[0].play_coins_per_vp
    if end <= play:
        return end
    return play + (end - play) / rounds_left(state)


def coins_needed(state: MingchuState, seat: int) -> float:
    """Cash the seat keeps for its plan in the rounds after this one (``Beliefs.need_per_round``), with the
    interest its loans will cost; none in the last round."""
    later = rounds_left(state) - 1.0
    if later <= 0:
        return 0.0
    loans = state.players[seat].loans * rates(state).interest * later
    return _BELIEFS[0].need_per_round * min(later, NEED_ROUNDS) + loans


def loan_cost(state: MingchuState) -> float:
    """What one loan costs in coins now, net of the coins it brings: its points at the end
    (``scoring.loan_vp``, or the ``loans.repay`` coins that avoid them while a round is left for
    it) and its interest each round left, less ``loans.amount``."""
    r = rates(state)
    left = rounds_left(state)
    points = -r.loan_vp * vp_coins(state)
    end = points if left <= 1 else min(points, r.repay)
    return end + r.interest * (left - 1.0) - r.loan_amount


def payment_value(state: MingchuState, seat: int, coins: int) -> float:
    """Paying ``coins`` now, in coins: the coins, and the loans the rules force when the seat has
    fewer (M71: one ``loan_cost`` each)."""
    player = state.players[seat]
    short = coins - player.coins
    if short <= 0:
        return -float(coins)
    amount = max(1, state.params.loans.amount)
    loans = -(-short // amount)
    return -float(coins) - loans * loan_cost(state)


def good_worth(state: MingchuState, seat: int, good: str) -> float:
    """What one ``good`` yields the seat from here: the best price where its 掌柜 stand or one road
    on, what an order the seat holds pays for it (its points over the goods it asks), and a 铁's
    upgrade (one more good each production left, at half its value, for an own industry not
    upgraded yet); a 马 as a good sold."""
    info = state.topo.goods[good]
    best = 0.0
    if good in state.topo.sellable:
        prices = sale_prices(state, seat, good, in_production=False)
        for at in set(state.players[seat].managers):
            best = max(best, float(prices[at]))
            for _, other in state.topo.adjacent[at]:
                best = max(best, float(prices[other]))
    key = state.players[seat].personal_order
    if key is not None:
        order = order_info(state, key)
        asked = order.goods.get(good, 0)
        if asked:
            share = order.points * vp_coins(state) / max(1, sum(order.goods.values()))
            best = max(best, info.base_value + share)
    if info.upgrades:
        productions = min(rounds_left(state) - 1.0, 3.0)
        for place, ind in state.industries.items():
            if ind.owner == seat and ind.upgraded_by is None:
                made = state.topo.goods[state.topo.site[place].good].base_value
                best = max(best, 0.5 * made * productions)
    return best


def grace_worth(state: MingchuState) -> float:
    """A 皇恩卡 drawn: ``Beliefs.grace_kept`` of the mean over the deck's copies of a card's worth now
    (``effects_value`` with the state, for no seat in particular), a card that harms played on a
    rival. For no seat, a card's worth reads the state only through ``rounds_left`` (and the
    parameters), so it is kept by that number with the ``Rates``: the same in every game of the
    parameters and beliefs, whichever games a process played before (same seed, same results)."""
    r = rates(state)
    believed = _BELIEFS[0]
    key = (believed, rounds_left(state))
    worth = r.grace_worths.get(key)
    if worth is None:
        total, copies = 0.0, 0
        for card in state.params.cards.皇恩:
            value = effects_value(card.effects, state, None)
            total += card.count * (abs(value) if card.target == "any" else max(0.0, value))
            copies += card.count
        worth = r.grace_worths[key] = believed.grace_kept * total / max(1, copies)
    return worth


PER_ROUND: dict[str, float] = {
    "build": 0.5,
    "road": 0.25,  # 伙计 saved, at half a coin each
    "hire": 0.3,
    "water": 0.3,
    "foreign_production": 0.6,
    "loan_interest": 0.3,
    "favor": 3.0,  # tolls: the bots pay 2 to 5 markers a round
    "reserve": 0.3,
    "loan": 0.1,
}
"""How often a seat does an action in a round, selling aside (``Beliefs.sales_per_round``) (a ``discount`` of 1 on it saves that many coins a
round; a ``forbid`` costs about as much); rough rates."""
ROAD_SAVED = 2.0
"""Coins a road not walked saves on the way to an order (a step of the turn, a 伙计 or a marker)."""


def _hops(state: MingchuState, source: int) -> list[int]:
    """Roads from ``source`` to every place (a breadth-first search; 99 where none leads)."""
    hops = [99] * len(state.topo.adjacent)
    hops[source] = 0
    queue = [source]
    i = 0
    while i < len(queue):
        place = queue[i]
        i += 1
        for _, other in state.topo.adjacent[place]:
            if hops[other] == 99:
                hops[other] = hops[place] + 1
                queue.append(other)
    return hops


MOVE_WORTH = 0.3
"""Coins a move saves when it is wanted (a 伙计 or 恩义 not paid for a road, a turn's goal reached)."""


def size_plain(eff: Any) -> int:
    """How many of the effect a card gives, for its worth: ``amount`` or ``steps``, else 1 (the plain
    statement ``_size`` is checked against)."""
    return getattr(eff, "amount", None) or getattr(eff, "steps", None) or 1


def _size(eff: Any) -> int:
    """``size_plain``, the speed kernel: the fields read from the model's field dict (a pydantic
    model, ``extra="forbid"``), where a missing field is a ``get`` miss instead of ``getattr``'s miss
    through the model's ``__getattr__`` (about 1 µs a call, ~1 ms of a 5-player heuristic game)."""
    values = eff.__dict__
    return values.get("amount") or values.get("steps") or 1


class EffectKind:
    """One effect of the card vocabulary. Subclasses set ``schema`` and ``worth`` and override what
    differs: ``apply`` always, ``text`` for the play log, ``value`` / ``usable`` when the worth is
    not ``worth`` per unit (``amount`` or ``steps``)."""

    schema: ClassVar[type] = object
    """The pydantic model of the effect in ``effects_schema``."""
    worth: ClassVar[float] = 0.0
    """The heuristic bots' value of one unit of the effect (negative: harmful)."""
    reads_coins: ClassVar[bool] = False
    """Whether the effect's ``usable`` worth depends on the holder's coins (a free build or 驿道:
    affordable or not; an ``if``: its condition may count them)."""
    sells_goods: ClassVar[bool] = False
    """Whether the effect pays through the goods a seat sells or makes (a bot that sells all it
    has weighs it more)."""

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        """Carry out the effect for ``seat``."""
        raise NotImplementedError(type(self).__name__)

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A rough worth of the effect to the player who receives it (``state``: now, if given)."""
        return self.worth * _size(eff)

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """The worth of what of the effect the player can use now (``room``: goods space left per
        good, shared by a card's effects; ``moves_wanted``: steps the active 掌柜 still needs)."""
        return self.value(eff, state, seat)

    def text(self, eff: Any, lang: str = LANG) -> str:
        """The effect in a few words of ``lang`` (its template in the game's texts and the fields it
        shows)."""
        raise NotImplementedError(type(self).__name__)

    def income_bonus(self, eff: Any) -> int:
        """What the effect adds to the round's income total (``IncomeBonus``; 0 for the others)."""
        return 0


# --- one-shot effects --------------------------------------------------------------------------------


class GainCoins(EffectKind):
    schema = es.GainCoins
    worth = 1.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].coins += eff.amount
        state.players[seat].coins_earned += eff.amount

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.gain_coins", amount=eff.amount)


class LoseCoins(EffectKind):
    schema = es.LoseCoins
    worth = -1.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        pay_coins(state, seat, eff.amount)

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """The coins, and the loans the rules force on a seat that has fewer (``payment_value``)."""
        return payment_value(state, seat, eff.amount)

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.lose_coins", amount=eff.amount)


class GainWorkers(EffectKind):
    schema = es.GainWorkers
    worth = 2.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].workers += eff.amount

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A 伙计 pays a road step or a share of a 驿道: a coin each with a state."""
        return 1.0 * eff.amount if state is not None else self.worth * _size(eff)

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.gain_workers", amount=eff.amount)


class LoseWorkers(EffectKind):
    schema = es.LoseWorkers
    worth = -2.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        player.workers = max(0, player.workers - eff.amount)

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.lose_workers", amount=eff.amount)


class GainFavor(EffectKind):
    schema = es.GainFavor
    worth = 1.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        moved = min(eff.amount, player.supply)
        player.supply -= moved
        player.hand += moved

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A marker in hand pays a toll or a war commitment: half a coin each with a state."""
        return 0.5 * eff.amount if state is not None else self.worth * _size(eff)

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only the markers left in the seat's supply."""
        return 0.5 * min(eff.amount, state.players[seat].supply)

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.gain_favor", amount=eff.amount)


class ReclaimFavor(EffectKind):
    schema = es.ReclaimFavor
    worth = 1.5

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        for _ in range(eff.amount):
            holder = max((q for q in range(state.n) if q != seat), key=lambda q: state.players[q].held[seat])
            if state.players[holder].held[seat] == 0:
                return
            state.players[holder].held[seat] -= 1
            player.hand += 1

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A marker back no longer costs ``scoring.favor_given_vp`` at the end (at ``vp_coins``);
        typically the others hold one of the seat's markers a third of the time."""
        if state is None:
            return self.worth * _size(eff)
        return -rates(state).favor_given_vp * vp_coins(state) * eff.amount / 3

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only as many markers as the others hold."""
        held = 0
        for q in range(state.n):
            if q != seat:
                held += state.players[q].held[seat]
        return -rates(state).favor_given_vp * vp_coins(state) * min(eff.amount, held)

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.reclaim_favor", amount=eff.amount)


class WorkerTrack(EffectKind):
    schema = es.WorkerTrack
    worth = 8.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        last = len(state.params.worker_track) - 1
        player.worker_pos = max(0, min(last, player.worker_pos + eff.steps))

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """About a 伙计 more each production left, a quarter of a point each (at ``vp_coins``)."""
        if state is None:
            return self.worth * _size(eff)
        return eff.steps * (rounds_left(state) - 1.0) * 0.25 * vp_coins(state)

    def text(self, eff: Any, lang: str = LANG) -> str:
        return signed(lang, "effect.worker_track", eff.steps)


class IncomeTrack(EffectKind):
    schema = es.IncomeTrack
    worth = 3.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        """Move the 皇恩轨 ``steps`` spaces (no rewards); a persistent marker moves with it (M22)."""
        player = state.players[seat]
        ats = [space.at for space in state.params.income_track]
        fields = {"income_best" if state.params.rules.income_level == "best" else "income_marker"}
        if state.params.rules.income_track == "persistent":
            fields.add("income_marker")
        for field in sorted(fields):
            index = sum(1 for at in ats if at <= getattr(player, field)) - 1
            index = max(-1, min(len(ats) - 1, index + eff.steps))
            setattr(player, field, ats[index] if index >= 0 else 0)

    def text(self, eff: Any, lang: str = LANG) -> str:
        return signed(lang, "effect.income_track", eff.steps)


class GainGoods(EffectKind):
    schema = es.GainGoods
    worth = 4.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        if eff.to == "backpack" and state.params.rules.backpack == "per_manager":
            state.pending.push(Decision("card_goods", seat, {"good": eff.good, "left": eff.amount}))
        else:
            add_goods(state, seat, eff.good, eff.amount, to=eff.to)

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A typical good: three quarters of its base value (``goods``) each."""
        if state is None:
            return self.worth * _size(eff)
        return 0.75 * state.topo.goods[eff.good].base_value * eff.amount

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Goods only as far as the backpack (or warehouse) has room, each at what it yields the
        seat from here (``good_worth``: a price in reach, an order's need, an upgrade)."""
        if eff.good not in room:
            room[eff.good] = (
                state.warehouse_room(seat) if eff.to == "warehouse" else state.backpack_room(seat, eff.good)
            )
        fits = min(eff.amount, room[eff.good])
        room[eff.good] -= fits
        return good_worth(state, seat, eff.good) * fits if fits else 0.0

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(
            lang,
            "effect.gain_goods.warehouse" if eff.to == "warehouse" else "effect.gain_goods",
            amount=eff.amount,
            good=eff.good,
        )


class LoseGoods(EffectKind):
    schema = es.LoseGoods
    worth = -6.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        for store in (*player.packs, player.warehouse):
            for good in sorted(store):
                if (eff.good is not None and good != eff.good) or good in eff.keep:
                    continue
                remove_good(store, good, store[good] if eff.amount is None else min(eff.amount, store[good]))

    def text(self, eff: Any, lang: str = LANG) -> str:
        what = eff.good or say(lang, "effect.lose_goods.every_good")
        if eff.amount is None:
            amount = say(lang, "effect.lose_goods.all")
        else:
            amount = say(lang, "effect.lose_goods.count", amount=eff.amount)
        keep = ""
        if eff.keep:
            keep = say(lang, "effect.lose_goods.keep", goods=say(lang, "sep.list").join(eff.keep))
        return say(lang, "effect.lose_goods", what=what, amount=amount, keep=keep)


class DrawGrace(EffectKind):
    schema = es.DrawGrace
    worth = 3.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        draw_grace(state, seat, eff.amount)

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """The deck's average card (``grace_worth``) each."""
        if state is None:
            return self.worth * _size(eff)
        return grace_worth(state) * eff.amount

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.draw_grace", amount=eff.amount)


class GainVP(EffectKind):
    schema = es.GainVP
    worth = 8.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].vp_bonus += eff.amount

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """The points at what a point is worth in coins now (``vp_coins``)."""
        if state is None:
            return self.worth * _size(eff)
        return vp_coins(state) * eff.amount

    def text(self, eff: Any, lang: str = LANG) -> str:
        return signed(lang, "effect.gain_vp", eff.amount)


class Bank(EffectKind):
    schema = es.Bank
    worth = 1.5

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        moved = min(eff.coins, player.coins)
        player.coins -= moved
        player.banked_coins += moved
        for _ in range(min(eff.grace_cards, len(player.grace_cards))):
            player.grace_cards.pop()
            player.banked_cards += 1

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """Per round left, one use at the end: ``coins`` surplus coins score at the banked rate
        instead of the held one, each card at ``banked_card_vp`` instead of being played."""
        if state is None:
            return self.worth * _size(eff)
        r = rates(state)
        points = eff.coins * (1.0 / r.banked_coins_per_vp - 1.0 / r.coins_per_vp)
        points += eff.grace_cards * r.banked_card_vp
        return max(0.0, points * r.coins_per_vp - eff.grace_cards * grace_worth(state)) / rounds_left(state)

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """The points banking gains now against what the coins and cards would do: coins beyond
        what the seat needs (``coins_needed``) would score at ``coins_per_vp``; needed ones would buy
        points in play (``Beliefs.play_coins_per_vp``) or, spent short, force loans; a card would be played
        (``grace_worth``). In coins at ``vp_coins``; below 0 for an early seat that needs its cash."""
        r = rates(state)
        player = state.players[seat]
        moved = min(eff.coins, player.coins)
        surplus = min(moved, max(0.0, player.coins - coins_needed(state, seat)))
        needed = moved - surplus
        held_rate = 1.0 / r.coins_per_vp
        play_rate = max(held_rate, 1.0 / _BELIEFS[0].play_coins_per_vp)
        points = moved / r.banked_coins_per_vp - surplus * held_rate - needed * play_rate
        cards = min(eff.grace_cards, len(player.grace_cards))
        points += cards * r.banked_card_vp
        return points * vp_coins(state) - cards * grace_worth(state)

    def text(self, eff: Any, lang: str = LANG) -> str:
        parts = []
        if eff.coins:
            parts.append(say(lang, "effect.bank.coins", coins=eff.coins))
        if eff.grace_cards:
            parts.append(say(lang, "effect.bank.grace_cards", grace_cards=eff.grace_cards))
        return say(lang, "effect.bank", parts=say(lang, "effect.bank.and").join(parts))


class FreeBuild(EffectKind):
    schema = es.FreeBuild
    worth = 12.0
    reads_coins = True

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        data = {"discount": eff.discount, "ignore_monopoly": eff.ignore_monopoly}
        state.pending.push(Decision("bonus_build", seat, data))

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """The coins it saves (``discount``, or a typical site's 6) and 2 for the action it spares."""
        if state is None:
            return self.worth * _size(eff)
        return (6.0 if eff.discount is None else float(eff.discount)) + 2.0

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only where a 掌柜 could build now."""
        places = set(state.players[seat].managers)
        if not any(build_cost(state, seat, p, eff.discount, eff.ignore_monopoly) is not None for p in places):
            return 0.0
        return self.value(eff, state, seat)

    def text(self, eff: Any, lang: str = LANG) -> str:
        if eff.discount is None:
            text = say(lang, "effect.free_build")
        else:
            text = say(lang, "effect.free_build.discount", discount=eff.discount)
        return say(lang, "effect.free_build.any_monopoly", text=text) if eff.ignore_monopoly else text


class FreeRoad(EffectKind):
    schema = es.FreeRoad
    worth = 8.0
    reads_coins = True

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.pending.push(Decision("bonus_road", seat, {"discount": eff.discount}))

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """The 伙计 it saves (``discount``, or a typical 驿道's 2, a coin each) and 2 for the action."""
        if state is None:
            return self.worth * _size(eff)
        return (2.0 if eff.discount is None else float(eff.discount)) + 2.0

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only where a road next to a 掌柜 could be built now."""
        places = set(state.players[seat].managers)
        roads = {r for p in places for r, _ in state.topo.adjacent[p]}
        if not any(road_cost(state, seat, r, eff.discount) is not None for r in roads):
            return 0.0
        return self.value(eff, state, seat)

    def text(self, eff: Any, lang: str = LANG) -> str:
        if eff.discount is None:
            return say(lang, "effect.free_road")
        return say(lang, "effect.free_road.discount", discount=eff.discount)


class BonusMoves(EffectKind):
    schema = es.BonusMoves
    worth = 2.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].bonus_moves += eff.amount

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """Typically half the moves are wanted, each saving ``MOVE_WORTH``."""
        if state is None:
            return self.worth * _size(eff)
        return 0.5 * MOVE_WORTH * eff.amount

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only as many moves as the active 掌柜 still needs to reach its goal."""
        wanted = moves_wanted - state.players[seat].bonus_moves
        return self.worth * min(eff.amount, wanted) if wanted > 0 else 0.0

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.bonus_moves", amount=eff.amount)


class MoveToCapital(EffectKind):
    schema = es.MoveToCapital
    worth = -3.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        player.managers = [state.capital for _ in player.managers]

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Roads the 掌柜 are carried: when the seat's order is delivered in the 京城 and its goods
        are in a pack, the roads that pack's 掌柜 is spared (``ROAD_SAVED`` each) less a quarter of
        that for each road the other is carried from where it stood; else ``worth``, as without a
        state."""
        player = state.players[seat]
        key = player.personal_order
        if key is None:
            return self.worth
        order = order_info(state, key)
        if state.topo.place_index[order.place] != state.capital or len(player.packs) != len(player.managers):
            return self.worth
        carrier = -1
        for i in range(len(player.packs)):
            pack = player.packs[i]
            if all(pack.get(good, 0) >= count for good, count in order.goods.items()):
                carrier = i
        if carrier < 0:
            return self.worth
        hops = _hops(state, state.capital)
        value = 0.0
        for i in range(len(player.managers)):
            roads = float(hops[player.managers[i]])
            value += ROAD_SAVED * roads if i == carrier else -0.25 * ROAD_SAVED * roads
        return value

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.move_to_capital")


class MonopolyPermit(EffectKind):
    schema = es.MonopolyPermit
    worth = 6.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].permits += eff.amount

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.monopoly_permit", amount=eff.amount)


class HireRetainer(EffectKind):
    schema = es.HireRetainer
    worth = 8.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        if len(state.players[seat].retainers) < state.params.rules.max_retainers:
            state.pending.push(Decision("pick_retainer", seat))

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only while the player holds fewer than the most 门客 allowed."""
        if len(state.players[seat].retainers) >= state.params.rules.max_retainers:
            return 0.0
        return self.value(eff, state, seat)

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.hire_retainer")


class TakeScoreCard(EffectKind):
    schema = es.TakeScoreCard
    worth = 8.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        if state.score_row:
            state.pending.push(Decision("pick_score", seat))

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only while a 皇恩计分卡 lies face up."""
        return self.value(eff, state, seat) if state.score_row else 0.0

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.take_score_card")


class RandomCoins(EffectKind):
    schema = es.RandomCoins
    worth = 2.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        coins = int(eff.faces[roll(state, seat, len(eff.faces))])
        state.players[seat].coins += coins
        state.players[seat].coins_earned += coins

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """The faces' mean (``worth`` without a state)."""
        if state is None:
            return self.worth * _size(eff)
        return sum(float(f) for f in eff.faces) / max(1, len(eff.faces))

    def text(self, eff: Any, lang: str = LANG) -> str:
        faces = say(lang, "effect.random_coins.or").join(str(f) for f in eff.faces)
        return say(lang, "effect.random_coins", faces=faces)


# --- lasting effects: modifiers for the round (or while a card is held) and triggers -------------------


class Lasting(EffectKind):
    """An effect that lasts: played, it joins the seat's modifiers for the round (``modifiers.py``
    reads them; a 门客's passive lasts while held). Its schema is one of ``es.MODIFIER_TYPES``."""

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.round_mods[seat].append(eff)


def _own_industries(state: MingchuState, seat: int, good: str | None) -> int:
    """The seat's industries (making ``good``, when given)."""
    count = 0
    for place, ind in state.industries.items():
        if ind.owner == seat and (good is None or state.topo.site[place].good == good):
            count += 1
    return count


class Discount(Lasting):
    schema = es.Discount
    worth = 2.0

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A round's saving: the amount as often as the seat does the action (``PER_ROUND``; the
        interest of the loans it holds)."""
        if state is None or seat is None:
            return self.worth * _size(eff)
        often = _BELIEFS[0].sales_per_round if eff.action == "sell" else PER_ROUND.get(eff.action, 0.3)
        if eff.action == "loan_interest":
            often = min(1.0, float(eff.amount) / max(1.0, rates(state).interest)) * (
                state.players[seat].loans + often
            )
            return often
        return often * eff.amount

    def text(self, eff: Any, lang: str = LANG) -> str:
        if eff.action == "favor":  # a toll in 恩义 markers (only ever less)
            return say(lang, "effect.discount.favor", amount=eff.amount)
        unit = say(lang, "unit.workers" if eff.action == "road" else "unit.coins")
        action = say(lang, ACTION_TEXT + eff.action)
        return signed(lang, "effect.discount", eff.amount, action=action, unit=unit)


class SellBonus(Lasting):
    schema = es.SellBonus
    worth = 2.0
    sells_goods = True

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A round's extra coins: the amount on the goods the seat sells in a round
        (``Beliefs.sales_per_round``), for one good its share: one of the sellable goods, three shares for
        each own industry making it."""
        if state is None or seat is None:
            return self.worth * _size(eff)
        if eff.good is None:
            return _BELIEFS[0].sales_per_round * eff.amount
        own = _own_industries(state, seat, eff.good)
        total = _own_industries(state, seat, None)
        share = (1.0 + 3.0 * own) / (len(state.topo.sellable) + 3.0 * total)
        return _BELIEFS[0].sales_per_round * share * eff.amount

    def text(self, eff: Any, lang: str = LANG) -> str:
        good = eff.good or say(lang, "effect.sell_bonus.any_good")
        return signed(lang, "effect.sell_bonus", eff.amount, good=good)


class ProduceBonus(Lasting):
    schema = es.ProduceBonus
    worth = 4.0
    sells_goods = True

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A round's production: the amount on each own industry it applies to (a third of one
        for the industries still to come), at half the good's base value."""
        if state is None or seat is None:
            return self.worth * _size(eff)
        count = _own_industries(state, seat, eff.good) + (0.33 if eff.good is not None else 1.0)
        base = state.topo.goods[eff.good].base_value if eff.good is not None else 6
        return 0.5 * base * count * eff.amount

    def text(self, eff: Any, lang: str = LANG) -> str:
        good = eff.good or say(lang, "effect.produce_bonus.any_good")
        return signed(lang, "effect.produce_bonus", eff.amount, good=good)


class ExtraMoves(Lasting):
    schema = es.ExtraMoves
    worth = 2.0

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A round's moves: one per 掌柜' turn, each at ``MOVE_WORTH``."""
        if state is None:
            return self.worth * _size(eff)
        return 2.0 * MOVE_WORTH * eff.amount

    def text(self, eff: Any, lang: str = LANG) -> str:
        return signed(lang, "effect.extra_moves", eff.amount)


class Forbid(Lasting):
    schema = es.Forbid
    worth = -4.0

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.forbid", action=say(lang, ACTION_TEXT + eff.action))


class IncomeBonus(Lasting):
    schema = es.IncomeBonus
    worth = 1.0

    def income_bonus(self, eff: Any) -> int:
        amount: int = eff.amount
        return amount

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """A round's income total on the 本轮收入总和轨 (not coins): a quarter of a coin a unit."""
        if state is None:
            return self.worth * _size(eff)
        return 0.25 * eff.amount

    def text(self, eff: Any, lang: str = LANG) -> str:
        return signed(lang, "effect.income_bonus", eff.amount)


class Trigger(Lasting):
    """A triggered passive (``modifiers.fire``): its ``effects`` happen each time the trigger comes."""

    uses: ClassVar[float] = 1.0
    """How often the trigger is expected to fire while the card lasts (a rough guess)."""

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        return self.uses * effects_value(eff.effects)


class EachRound(Trigger):
    schema = es.EachRound
    uses = 4.0  # about four rounds left on average

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """Once each round left (``rounds_left``; ``uses`` without a state)."""
        if state is None:
            return self.uses * effects_value(eff.effects)
        return rounds_left(state) * effects_value(eff.effects, state, seat)

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.each_round", effects=effects_text(eff.effects, lang))


class OnDelivery(Trigger):
    schema = es.OnDelivery
    uses = 2.0  # two more deliveries

    def text(self, eff: Any, lang: str = LANG) -> str:
        where = say(lang, "effect.on_delivery.place", place=eff.place) if eff.place is not None else ""
        deck = say(lang, "effect.on_delivery.deck", deck=eff.deck) if eff.deck is not None else ""
        effects = effects_text(eff.effects, lang)
        return say(lang, "effect.on_delivery", where=where, deck=deck, effects=effects)


class OnEvent(Trigger):
    schema = es.OnEvent
    uses = 1.0  # one event that applies to the player

    def text(self, eff: Any, lang: str = LANG) -> str:
        if eff.event is not None:
            event = say(lang, "effect.on_event.named", event=eff.event)
        else:
            event = say(lang, "effect.on_event.this_round")
        return say(lang, "effect.on_event", event=event, effects=effects_text(eff.effects, lang))


# --- composite effects ---------------------------------------------------------------------------------


class If(EffectKind):
    schema = es.If
    reads_coins = True

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        for sub in eff.then if condition_met(state, seat, eff.condition) else eff.otherwise:
            apply_effect(state, seat, sub)

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """The branch the player's condition picks now (both branches' mean without a state)."""
        if state is not None and seat is not None:
            branch = eff.then if condition_met(state, seat, eff.condition) else eff.otherwise
            return effects_value(branch, state, seat)
        return 0.5 * (effects_value(eff.then) + effects_value(eff.otherwise))

    def text(self, eff: Any, lang: str = LANG) -> str:
        otherwise = ""
        if eff.otherwise:
            otherwise = say(lang, "effect.if.otherwise", effects=effects_text(eff.otherwise, lang))
        condition = condition_text(eff.condition, lang)
        return say(
            lang, "effect.if", condition=condition, then=effects_text(eff.then, lang), otherwise=otherwise
        )


class Others(EffectKind):
    schema = es.Others

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        for step in range(1, state.n):
            for sub in eff.effects:
                apply_effect(state, (seat + step) % state.n, sub)

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """What the effects are worth to a rival, negated (``RIVAL_WEIGHT``)."""
        return -(RIVAL_WEIGHT * effects_value(eff.effects))

    def text(self, eff: Any, lang: str = LANG) -> str:
        return say(lang, "effect.others", effects=effects_text(eff.effects, lang))


def _name(schema: Any) -> str:
    """The ``effect`` name a schema model accepts."""
    return kind_name(schema, "effect")


KINDS: dict[str, EffectKind] = kind_table(
    "effect",
    es.Effect,
    (
        GainCoins(),
        LoseCoins(),
        GainWorkers(),
        LoseWorkers(),
        GainFavor(),
        ReclaimFavor(),
        WorkerTrack(),
        IncomeTrack(),
        GainGoods(),
        LoseGoods(),
        DrawGrace(),
        GainVP(),
        Bank(),
        FreeBuild(),
        FreeRoad(),
        BonusMoves(),
        MoveToCapital(),
        MonopolyPermit(),
        HireRetainer(),
        TakeScoreCard(),
        RandomCoins(),
        Discount(),
        SellBonus(),
        ProduceBonus(),
        ExtraMoves(),
        Forbid(),
        IncomeBonus(),
        If(),
        Others(),
        EachRound(),
        OnEvent(),
        OnDelivery(),
    ),
)
"""Every effect of the card vocabulary by its ``effect`` name."""

ABILITY_USES = EachRound.uses
"""How often a 门客's ability (once a round, M39) is expected to be used while the card is held,
without a state: as often as a passive that fires each round."""


def held_value(ability: Any, passive: Any, state: MingchuState, seat: int) -> float:
    """What a card held from now to the end yields the seat, in coins: its ability (once a round)
    in each round left where it pays (its value when above 0: it is used only then), its
    passives' modifiers each round left, its triggers as often as they fire."""
    left = rounds_left(state)
    value = left * max(0.0, effects_value(ability, state, seat))
    for eff in passive:
        kind = KINDS[eff.effect]
        each = kind.value(eff, state, seat)
        value += each if isinstance(kind, Trigger) else left * each
    return value


def apply_effect(state: MingchuState, seat: int, eff: Any) -> None:
    """Carry out one effect for ``seat``; choices become pending decisions on the stack."""
    KINDS[eff.effect].apply(state, seat, eff)


def effect_value(eff: Any, state: MingchuState | None = None, seat: int | None = None) -> float:
    """One effect's term of ``effects_value``."""
    return KINDS[eff.effect].value(eff, state, seat)


def effects_value(effects: Any, state: MingchuState | None = None, seat: int | None = None) -> float:
    """A rough worth of a list of effects to the player who receives them.

    Composite effects are valued through what they contain: an ``if`` by the branch the player's
    condition picks now (both branches' mean without a state), effects on the others negatively,
    triggered passives by how often they are expected to fire (``Trigger.uses``)."""
    total = 0.0
    for eff in effects:
        total += effect_value(eff, state, seat)
    return total


def usable_value(state: MingchuState, seat: int, effects: Any, moves_wanted: int = 0) -> float:
    """``effects_value`` of what can be used now: a bonus build/road/retainer/score card only where
    possible, goods only as far as the backpack (or warehouse) has room, bonus moves only as many
    as the active 掌柜 still needs to reach its goal (``moves_wanted``)."""
    total = 0.0
    room: dict[str, int] = {}
    for eff in effects:
        total += KINDS[eff.effect].usable(eff, state, seat, room, moves_wanted)
    return total


def effect_text(eff: Any, lang: str = LANG) -> str:
    """One effect in a few words of ``lang`` (the game's own language unless told)."""
    return KINDS[eff.effect].text(eff, lang)


def effects_text(effects: Any, lang: str = LANG) -> str:
    """Several effects, joined (``sep.comma``); ``effects.none`` (``无``) when there are none."""
    return say(lang, "sep.comma").join(effect_text(e, lang) for e in effects) or say(lang, "effects.none")
