"""明初商途's card effects, one class each: its schema, what it does, what bots think it is worth, its text.

A card says what it does with small mappings such as ``{effect: gain_coins, amount: 3}``; the
pydantic model that validates one (``schema``) lives in ``effects_schema.py`` (pydantic models are
not compiled). The class of an effect holds the rest:

- ``apply``: carry it out for a seat (choices become pending decisions);
- ``value`` / ``usable``: the heuristic bots' rough worth of it, and of what of it can be used now;
- ``text``: a few Chinese words for the play log.

``KINDS`` maps each ``effect`` name to its class, listing every effect once. A new effect is a
schema model in ``effects_schema.py`` (a member of its ``Effect`` union) and a class here in
``KINDS``; a test checks that the two lists agree.
"""

from __future__ import annotations

import typing
from typing import Any, ClassVar

from sim.core.decisions import Decision
from sim.games.mingchu import effects_schema as es
from sim.games.mingchu.building import build_cost, road_cost
from sim.games.mingchu.conditions import condition_met, condition_text
from sim.games.mingchu.draws import roll
from sim.games.mingchu.economy import add_goods, draw_grace, pay_coins, remove_good
from sim.games.mingchu.state import MingchuState

RIVAL_WEIGHT = 1.0
"""What an effect on every other player is worth to the player, against the same effect on them:
the player's standing moves by that much against each rival at once, so taking 4 VP from each of
k rivals counts about as much as gaining 4 (a rank is won against every rival alike)."""

ACTIONS = {
    "build": "建造产业",
    "road": "修建驿道",
    "hire": "雇伙计",
    "water": "水路费",
    "foreign_production": "借用产业",
    "loan_interest": "贷款利息",
    "sell": "卖货",
    "reserve": "预约订单",
    "loan": "借贷",
}
"""What a ``discount`` or ``forbid`` modifier applies to, in Chinese."""


def _signed(amount: int, up: str, down: str) -> str:
    return f"{up}{amount}" if amount >= 0 else f"{down}{-amount}"


def _size(eff: Any) -> int:
    """How many of the effect a card gives, for its worth: ``amount`` or ``steps``, else 1."""
    # the effect's field values (a pydantic model, ``extra="forbid"``): a field the effect lacks
    # reads None here without ``getattr``'s slow miss through the model's ``__getattr__``
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

    def text(self, eff: Any) -> str:
        """The effect in a few Chinese words."""
        raise NotImplementedError(type(self).__name__)


# --- one-shot effects --------------------------------------------------------------------------------


class GainCoins(EffectKind):
    schema = es.GainCoins
    worth = 1.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].coins += eff.amount
        state.players[seat].coins_earned += eff.amount

    def text(self, eff: Any) -> str:
        return f"得{eff.amount}铜币"


class LoseCoins(EffectKind):
    schema = es.LoseCoins
    worth = -1.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        pay_coins(state, seat, eff.amount)

    def text(self, eff: Any) -> str:
        return f"失{eff.amount}铜币"


class GainWorkers(EffectKind):
    schema = es.GainWorkers
    worth = 2.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].workers += eff.amount

    def text(self, eff: Any) -> str:
        return f"得{eff.amount}伙计"


class LoseWorkers(EffectKind):
    schema = es.LoseWorkers
    worth = -2.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        player.workers = max(0, player.workers - eff.amount)

    def text(self, eff: Any) -> str:
        return f"失{eff.amount}伙计"


class GainFavor(EffectKind):
    schema = es.GainFavor
    worth = 1.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        moved = min(eff.amount, player.supply)
        player.supply -= moved
        player.hand += moved

    def text(self, eff: Any) -> str:
        return f"取{eff.amount}个恩义标记入手"


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

    def text(self, eff: Any) -> str:
        return f"收回他人持有的{eff.amount}个恩义"


class WorkerTrack(EffectKind):
    schema = es.WorkerTrack
    worth = 8.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        last = len(state.params.worker_track) - 1
        player.worker_pos = max(0, min(last, player.worker_pos + eff.steps))

    def text(self, eff: Any) -> str:
        return "伙计人数轨" + _signed(eff.steps, "前进", "后退") + "格"


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

    def text(self, eff: Any) -> str:
        return "皇恩轨" + _signed(eff.steps, "前进", "后退") + "格"


class GainGoods(EffectKind):
    schema = es.GainGoods
    worth = 4.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        if eff.to == "backpack" and state.params.rules.backpack == "per_manager":
            state.pending.push(Decision("card_goods", seat, {"good": eff.good, "left": eff.amount}))
        else:
            add_goods(state, seat, eff.good, eff.amount, to=eff.to)

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Goods only as far as the backpack (or warehouse) has room."""
        if eff.good not in room:
            room[eff.good] = (
                state.warehouse_room(seat) if eff.to == "warehouse" else state.backpack_room(seat, eff.good)
            )
        fits = min(eff.amount, room[eff.good])
        room[eff.good] -= fits
        return self.worth * fits if fits else 0.0

    def text(self, eff: Any) -> str:
        where = "（入京城仓库）" if eff.to == "warehouse" else ""
        return f"得{eff.amount}{eff.good}{where}"


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

    def text(self, eff: Any) -> str:
        what = eff.good or "所有货物"
        amount = "全部" if eff.amount is None else f"{eff.amount}个"
        keep = f"（保留{'、'.join(eff.keep)}）" if eff.keep else ""
        return f"失去{what}{amount}{keep}"


class DrawGrace(EffectKind):
    schema = es.DrawGrace
    worth = 3.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        draw_grace(state, seat, eff.amount)

    def text(self, eff: Any) -> str:
        return f"抽{eff.amount}张皇恩卡"


class GainVP(EffectKind):
    schema = es.GainVP
    worth = 8.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].vp_bonus += eff.amount

    def text(self, eff: Any) -> str:
        return _signed(eff.amount, "得", "扣") + "分"


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

    def text(self, eff: Any) -> str:
        parts = [f"{eff.coins}铜币"] * bool(eff.coins) + [f"{eff.grace_cards}张皇恩卡"] * bool(
            eff.grace_cards
        )
        return f"将{'和'.join(parts)}压在掌柜板下"


class FreeBuild(EffectKind):
    schema = es.FreeBuild
    worth = 12.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        data = {"discount": eff.discount, "ignore_monopoly": eff.ignore_monopoly}
        state.pending.push(Decision("bonus_build", seat, data))

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only where a 掌柜 could build now."""
        places = set(state.players[seat].managers)
        if not any(build_cost(state, seat, p, eff.discount, eff.ignore_monopoly) is not None for p in places):
            return 0.0
        return self.value(eff, state, seat)

    def text(self, eff: Any) -> str:
        text = "免费建造产业" if eff.discount is None else f"建造产业少付{eff.discount}铜币"
        return text + ("（不受专营限制）" if eff.ignore_monopoly else "")


class FreeRoad(EffectKind):
    schema = es.FreeRoad
    worth = 8.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.pending.push(Decision("bonus_road", seat, {"discount": eff.discount}))

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only where a road next to a 掌柜 could be built now."""
        places = set(state.players[seat].managers)
        roads = {r for p in places for r, _ in state.topo.adjacent[p]}
        if not any(road_cost(state, seat, r, eff.discount) is not None for r in roads):
            return 0.0
        return self.value(eff, state, seat)

    def text(self, eff: Any) -> str:
        return "免费修建驿道" if eff.discount is None else f"修建驿道少付{eff.discount}伙计"


class BonusMoves(EffectKind):
    schema = es.BonusMoves
    worth = 2.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].bonus_moves += eff.amount

    def usable(
        self, eff: Any, state: MingchuState, seat: int, room: dict[str, int], moves_wanted: int
    ) -> float:
        """Only as many moves as the active 掌柜 still needs to reach its goal."""
        wanted = moves_wanted - state.players[seat].bonus_moves
        return self.worth * min(eff.amount, wanted) if wanted > 0 else 0.0

    def text(self, eff: Any) -> str:
        return f"奖励移动{eff.amount}步"


class MoveToCapital(EffectKind):
    schema = es.MoveToCapital
    worth = -3.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        player = state.players[seat]
        player.managers = [state.capital for _ in player.managers]

    def text(self, eff: Any) -> str:
        return "两名掌柜移至京城"


class MonopolyPermit(EffectKind):
    schema = es.MonopolyPermit
    worth = 6.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.players[seat].permits += eff.amount

    def text(self, eff: Any) -> str:
        return f"专营上限+{eff.amount}"


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

    def text(self, eff: Any) -> str:
        return "雇佣一名门客"


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

    def text(self, eff: Any) -> str:
        return "选一张皇恩计分卡"


class RandomCoins(EffectKind):
    schema = es.RandomCoins
    worth = 2.0

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        coins = int(eff.faces[roll(state, seat, len(eff.faces))])
        state.players[seat].coins += coins
        state.players[seat].coins_earned += coins

    def text(self, eff: Any) -> str:
        return f"掷骰得{'/'.join(str(f) for f in eff.faces)}铜币之一"


# --- lasting effects: modifiers for the round (or while a card is held) and triggers -------------------


class Lasting(EffectKind):
    """An effect that lasts: played, it joins the seat's modifiers for the round (``modifiers.py``
    reads them; a 门客's passive lasts while held). Its schema is one of ``es.MODIFIER_TYPES``."""

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        state.round_mods[seat].append(eff)


class Discount(Lasting):
    schema = es.Discount
    worth = 2.0

    def text(self, eff: Any) -> str:
        if eff.action == "favor":  # a toll in 恩义 markers (only ever less)
            return f"每次过路少付{eff.amount}个恩义标记"
        unit = "伙计" if eff.action == "road" else "铜币"
        return ACTIONS[eff.action] + _signed(eff.amount, "少付", "多付") + unit


class SellBonus(Lasting):
    schema = es.SellBonus
    worth = 2.0

    def text(self, eff: Any) -> str:
        return f"卖{eff.good or '货物'}每个" + _signed(eff.amount, "多得", "少得") + "铜币"


class ProduceBonus(Lasting):
    schema = es.ProduceBonus
    worth = 4.0

    def text(self, eff: Any) -> str:
        return f"{eff.good or '每个'}产业" + _signed(eff.amount, "多产", "少产") + "个"


class ExtraMoves(Lasting):
    schema = es.ExtraMoves
    worth = 2.0

    def text(self, eff: Any) -> str:
        return "每回合移动" + _signed(eff.amount, "多", "少") + "步"


class Forbid(Lasting):
    schema = es.Forbid
    worth = -4.0

    def text(self, eff: Any) -> str:
        return f"不得{ACTIONS[eff.action]}"


class IncomeBonus(Lasting):
    schema = es.IncomeBonus
    worth = 1.0

    def text(self, eff: Any) -> str:
        return "本轮收入" + _signed(eff.amount, "加", "减") + "铜币"


class Trigger(Lasting):
    """A triggered passive (``modifiers.fire``): its ``effects`` happen each time the trigger comes."""

    uses: ClassVar[float] = 1.0
    """How often the trigger is expected to fire while the card lasts (a rough guess)."""

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        return self.uses * effects_value(eff.effects)


class EachRound(Trigger):
    schema = es.EachRound
    uses = 4.0  # about four rounds left on average

    def text(self, eff: Any) -> str:
        return f"每轮开始时：{effects_text(eff.effects)}"


class OnDelivery(Trigger):
    schema = es.OnDelivery
    uses = 2.0  # two more deliveries

    def text(self, eff: Any) -> str:
        where = f"在{eff.place}" if eff.place is not None else ""
        deck = f"{eff.deck}" if eff.deck is not None else ""
        return f"{where}交付{deck}订单时：{effects_text(eff.effects)}"


class OnEvent(Trigger):
    schema = es.OnEvent
    uses = 1.0  # one event that applies to the player

    def text(self, eff: Any) -> str:
        event = f"事件「{eff.event}」" if eff.event is not None else "本轮事件"
        return f"{event}适用于自己时：{effects_text(eff.effects)}"


# --- composite effects ---------------------------------------------------------------------------------


class If(EffectKind):
    schema = es.If

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        for sub in eff.then if condition_met(state, seat, eff.condition) else eff.otherwise:
            apply_effect(state, seat, sub)

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """The branch the player's condition picks now (both branches' mean without a state)."""
        if state is not None and seat is not None:
            branch = eff.then if condition_met(state, seat, eff.condition) else eff.otherwise
            return effects_value(branch, state, seat)
        return 0.5 * (effects_value(eff.then) + effects_value(eff.otherwise))

    def text(self, eff: Any) -> str:
        otherwise = f"；否则{effects_text(eff.otherwise)}" if eff.otherwise else ""
        return f"若{condition_text(eff.condition)}则{effects_text(eff.then)}{otherwise}"


class Others(EffectKind):
    schema = es.Others

    def apply(self, state: MingchuState, seat: int, eff: Any) -> None:
        for step in range(1, state.n):
            for sub in eff.effects:
                apply_effect(state, (seat + step) % state.n, sub)

    def value(self, eff: Any, state: MingchuState | None, seat: int | None) -> float:
        """What the effects are worth to a rival, negated (``RIVAL_WEIGHT``)."""
        return -(RIVAL_WEIGHT * effects_value(eff.effects))

    def text(self, eff: Any) -> str:
        return f"其他玩家各{effects_text(eff.effects)}"


def _name(schema: Any) -> str:
    """The ``effect`` name a schema model accepts."""
    return str(typing.get_args(schema.model_fields["effect"].annotation)[0])


KINDS: dict[str, EffectKind] = {
    _name(kind.schema): kind
    for kind in (
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
    )
}
"""Every effect of the card vocabulary by its ``effect`` name."""

ABILITY_USES = EachRound.uses
"""How often a 门客's ability (once a round, M39) is expected to be used while the card is held: as
often as a passive that fires each round."""


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


def effect_text(eff: Any) -> str:
    """One effect in a few Chinese words."""
    return KINDS[eff.effect].text(eff)


def effects_text(effects: Any) -> str:
    """Several effects, joined; ``无`` when there are none."""
    return "，".join(effect_text(e) for e in effects) or "无"
