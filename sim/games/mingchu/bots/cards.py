"""What cards are worth to a bot: orders (reserving, delivering), 门客 (drafting a column,
hiring, using one), 皇恩卡 and 赏 cards (playing, discarding), 恩义 discarded, and the 皇恩计分卡 or
天威卡 picked. A card counts what it can do now (``usable_value``) or over the rounds left
(``held_value``)."""

from __future__ import annotations

from ..rules import actions as A
from ..rules.effect_kinds import (  # each effect's worth is its class's (effect_kinds.py)
    KINDS,
    effects_value,
    held_value,
    usable_value,
)
from ..rules.effects import score_rule
from ..rules.orders import order_info
from ..rules.state import MingchuState
from .main_actions import MainActionValues
from .reads import Context


class CardValues(MainActionValues):
    """The values of orders, 门客, 皇恩卡, 赏 cards and the cards picked in settlements."""

    def _reserve(self, state: MingchuState, action: A.Reserve, context: Context) -> float:
        order = state.public_orders[action.slot].order
        if order != self._best_public(state) or self._order_worth(state, order) < self._reserve_bar(
            state, order
        ):
            return -1.0
        return 30.0 + 30.0 * self.persona.chase_orders

    def _deliver(self, state: MingchuState, action: A.Deliver, context: Context) -> float:
        return 200.0 + order_info(state, action.order).points

    def _use_retainer(self, state: MingchuState, action: A.UseRetainer, context: Context) -> float:
        value = self._usable_value(state, state.topo.retainers[action.card].ability, context)
        return 20.0 + value if value > 0 else -1.0

    def _retainer_value(self, state: MingchuState, card: str) -> float:
        """A 门客's worth while held (hiring one, or drafting it with its column): 2, plus what it
        yields this seat over the rounds left (``held_value``: the ability in the rounds it pays,
        each passive as often as the seat does what it modifies), each passive weighted by what this
        personality does most: one on builds by ``build / 40``, on 驿道 by ``road / 25``, one paying
        through sales by 1.5 for a seat that sells all it has, others by 1. (A field-dict read of
        ``action`` bought 0.05 ms of a ~29 ms game: the plain ``getattr`` stays.)"""
        info = state.topo.retainers[card]
        value = 2.0 + held_value(info.ability, (), state, self.seat)
        for eff in info.passive:
            action = getattr(eff, "action", None)
            if action == "build":
                weight = self.persona.build / 40
            elif action == "road":
                weight = self.persona.road / 25
            elif KINDS[eff.effect].sells_goods and self.persona.sell_all:
                weight = 1.5
            else:
                weight = 1.0
            value += weight * held_value((), (eff,), state, self.seat)
        return value

    def _usable_value(self, state: MingchuState, effects, context: Context) -> float:
        """``usable_value`` for the bot's seat, with the moves its active 掌柜 still wants (kept for the
        decision: a card played on each target, or in each of its options, is valued once)."""
        known = context.usable
        if known is None:
            known = context.usable = {}
        value = known.get(id(effects))
        if value is None:
            value = known[id(effects)] = usable_value(state, self.seat, effects, context.moves_wanted)
        return value

    def _play_grace(self, state: MingchuState, action: A.PlayGrace, context: Context) -> float:
        """A 皇恩卡 on oneself when usable now; a harmful one on the player with most orders."""
        seat = self.seat
        value = self._usable_value(state, state.topo.grace[action.card].effects, context)
        if action.target == seat:
            return 15.0 + value if value > 0 else -5.0
        if value < 0:
            leader = max(
                (q for q in range(state.n) if q != seat), key=lambda q: len(state.players[q].completed)
            )
            return 15.0 - value if action.target == leader else -5.0
        return -5.0

    def _play_reward(self, state: MingchuState, action: A.PlayReward, context: Context) -> float:
        option = state.topo.rewards[action.card].options[action.option]
        value = self._usable_value(state, option, context)
        return 15.0 + value if value > 0 else -5.0

    def _discard_favor(self, state: MingchuState, action: A.DiscardFavor, context: Context) -> float:
        short = self.persona.road > 30 and state.players[self.seat].workers < 2
        return 3.0 if short else -5.0

    def _column_value(self, state: MingchuState, column: int) -> float:
        """A draft column's worth (M09/M10): its 门客 valued as when hiring one (``_retainer_value``),
        each family card's coins, 伙计, goods and effects, and the industry it builds."""
        retainer, families = state.draft_columns[column]
        value = self._retainer_value(state, retainer) if retainer else 0.0
        for fid in families:
            card = state.topo.families[fid]
            site = state.topo.site[state.topo.place_index[card.place]]
            value += card.coins + 2 * card.workers + sum(card.goods.values()) * 3
            value += effects_value(card.effects, state, self.seat)
            if site is not None:
                value += site.cost * (1.0 + self.persona.build / 100)
        return value

    def _card_now(self, state: MingchuState, card: str, kind: str) -> float:
        cards = state.topo.score_cards if kind == "pick_score" else state.topo.tianwei
        return float(sum(score_rule(state, self.seat, rule) for rule in cards[card].scoring))
