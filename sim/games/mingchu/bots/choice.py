"""How a bot chooses an action: each legal action is valued (``bots/values.py``, trades
``bots/trade.py``) and the best one played, ties broken by keyed numbers (``sim.core.tiebreak``).

The rule, stated plainly first (``plain_values``, ``plain_pick``): every legal action is valued by
its type's function in the value table, and the action with the highest value plus ``TIE`` times
its keyed tie-break number is played, the first of equals. ``Chooser.choose`` plays by it through
the kernel below (``_values``), which values the same actions with fewer calls;
``tests/games/mingchu/test_bot_kernels.py`` plays whole games and checks the kernel's values and
choices against the plain rule's at every decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numpy as np

from ..rules import actions as A
from ..rules.effect_kinds import believe
from ..rules.state import MingchuState
from ..rules.trade import ProposeTrade
from .base import NEVER
from .buyback import buyback_plan
from .goal import TurnGoal
from .reads import Context
from .trade import DECISIONS as TRADE_DECISIONS
from .trade import choose as choose_trade
from .trade import propose_value
from .values import (
    CAPS,
    IN_TURN_OTHERWISE,
    OTHERWISE,
    PER_ACTION,
    TURN_CAPS,
    TURN_VALUES,
    VALUES,
    ActionValues,
    in_turn_otherwise,
    otherwise,
)

_VALUES = {**VALUES, ProposeTrade: propose_value}
_TURN_VALUES = {**TURN_VALUES, ProposeTrade: propose_value}
"""The value tables with trading (``trade_bots``): an offer is opened when a good one is ready."""

TIE: Final = 1e-3
"""The scale of the keyed tie-break added to each value: it decides between equal values only."""


def plain_values(
    bot: Any, state: MingchuState, legal: Sequence[Any], context: Context, turn: bool
) -> list[float]:
    """The rule: each legal action's value, by its type's function in ``_TURN_VALUES`` (in a turn)
    or ``_VALUES`` (``in_turn_otherwise`` / ``otherwise`` for a type the table does not list)."""
    table, other = (_TURN_VALUES, in_turn_otherwise) if turn else (_VALUES, otherwise)
    return [float(table.get(type(action), other)(bot, state, action, context)) for action in legal]


def plain_pick(bot: Any, state: MingchuState, legal: Sequence[Any], values: list[float], kind: str) -> Any:
    """The rule: the action with the highest value plus ``TIE`` times its keyed tie-break number (in
    [0, 1), keyed by the round and the decision's kind), the first of equals."""
    noise = bot._ties.noise(list(legal), state.round, kind)
    pick = 0
    for i in range(1, len(legal)):
        if values[i] + noise[i] * TIE > values[pick] + noise[pick] * TIE:
            pick = i
    return legal[pick]


class Chooser(TurnGoal):
    """The bot's choice at each decision: the decision's context, the values, the pick."""

    def __init__(self, seat: int, persona: str) -> None:
        super().__init__(seat, persona)
        self._buyback: dict[int, int] = {}  # holder -> markers to buy back in this settlement
        self._trade_plan: tuple = ()  # (turn key, the offer to make or None), ``trade_bots``
        self._best_value = NEVER  # the best of the last ``_values``

    def choose(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        if self._ties.salt is None:
            self._ties.start(rng)  # the game's salt, drawn once (a call less per decision after)
        if state.params is not self._params_of:
            self._read_params(state.params)
        believe(self.persona.beliefs)
        decision = state.decision()
        kind = decision.kind
        if kind == "buyback":
            return self._buy_back(state, legal, rng)
        if kind in TRADE_DECISIONS:
            return choose_trade(self, state, legal)  # (an offer list answers `in` without being made)
        # the distances live in the state's board cache; the plan (goods held and needed, order worths)
        # is kept while what it reads is the same (compared by content, see ``_plan_same``)
        if not self._plan_same(state):
            self._keep_plan(state)
        context = self._context(state, kind, decision.data)
        values = _values(self, state, legal, context, kind == "turn")
        # the best of value + a keyed number below TIE (the first best wins); only moves within TIE
        # of the best can win, so only theirs are drawn (loops, not ``max``: no call per decision)
        top = self._best_value - TIE
        close = [i for i, v in enumerate(values) if v >= top]
        if len(close) == 1:
            return legal[close[0]]
        noise = self._ties.noise([legal[i] for i in close], state.round, kind)
        if len(noise) != len(close):
            raise ValueError("one tie-break number per close action")
        pick = 0
        best = values[close[0]] + noise[0] * TIE
        for j in range(1, len(close)):
            total = values[close[j]] + noise[j] * TIE
            if total > best:
                pick, best = j, total
        return legal[close[pick]]

    def _buy_back(self, state: MingchuState, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        """Own 恩义 bought back while 3 coins are left (``buyback_plan``). The engine asks once per
        holder how many; the first time in a settlement the bot works out its plan, then answers
        from it."""
        decision = state.decision()
        if not decision.data:
            self._buyback = buyback_plan(state, self.seat, self._ties)
        settled = decision.data or ()
        for q in sorted(self._buyback):
            if q not in settled:
                return A.BuyBack(q, self._buyback[q])
        return A.Done()

    def _context(self, state: MingchuState, kind: str, data: dict | None = None) -> Context:
        """What the value functions read besides the state: the goods needed and required, the
        decision's ``data`` (given by ``choose``, else read from the state), and per kind the 掌柜
        collecting goods, the good placed, the turn's goal."""
        if self._required_cache is None:
            self._work_out_needs(state)
        required = self._required_cache
        if data is None:
            data = state.decision().data
        context = Context(kind, self._needed_cache, required, data)
        if kind in ("good_dest", "produce", "card_goods"):
            context.carrier = self._carrier(state)
        if kind in ("good_dest", "card_goods"):
            context.good = data["good"]
        if kind == "turn":
            if data["manager"] is not None:
                context.here = state.players[self.seat].managers[data["manager"]]
                key = self._goal_key(state, data)
                goal = self._goals.get(key)
                if goal is None:
                    goal = self._goals[key] = self._goal(state, data, key[3])
                context.goal = goal
                context.goal_dist = self._distances(state, context.goal[1])
                context.moves_wanted = self._moves_wanted(state, data, context)
        if kind == "war" and state.round not in self._war_contrarian:
            self._war_contrarian[state.round] = self._ties.chance(state.round, "war") < 0.3
        return context


# --- the kernel ---------------------------------------------------------------------------------
# ``_values`` gives each action ``plain_values``' value, or ``NEVER`` for one that cannot come
# within ``TIE`` of the best and so cannot be picked. It is the bot's innermost loop (tens of
# actions at each of some thousand decisions a game), so it saves calls: an action list holds runs
# of one type, so each type's entry is looked up once per run and kept per table (``_ENTRIES``);
# the frequent value functions are called as compiled methods by an integer code (``_direct``)
# rather than through the table's function object, which checks and converts each argument and
# boxes the value; and the cheap values with a known upper bound (``CAPS``, ``TURN_CAPS``) are
# worked out last, only while their bound reaches the best so far. ``choose`` then draws tie-break
# numbers only for the actions within ``TIE`` of the best: the others cannot win (``plain_pick``).

UNBOUNDED: Final = float("inf")
"""The bound of a value type that ``_values`` values first (no ``CAPS`` / ``TURN_CAPS`` entry)."""

_DIRECT: Final[dict[Any, int]] = {
    ActionValues._move: 1,
    ActionValues._sell: 2,
    ActionValues._good_to: 3,
    ActionValues._sell_produced: 4,
    ActionValues._produce_foreign: 5,
    ActionValues._build_in_turn: 6,
    ActionValues._road_in_turn: 7,
    ActionValues._hire: 8,
    ActionValues._reserve: 9,
    ActionValues._use_retainer: 10,
    ActionValues._play_grace: 11,
    ActionValues._play_reward: 12,
    ActionValues._deliver: 13,
    ActionValues._loan_in_turn: 14,
    ActionValues._place_manager: 15,
    ActionValues._discard_favor: 16,
    propose_value: 17,
}
"""The value functions ``_values`` calls directly (``_direct``), by a number: a compiled method
called as a method, not through the table's function object (which checks and converts each
argument and boxes the value)."""

_ENTRIES: Final[tuple[dict[type, tuple[Any, float, int]], dict[type, tuple[Any, float, int]]]] = ({}, {})
"""Outside a turn, in a turn: action type -> (its value function, its bound or ``UNBOUNDED``, its
``_DIRECT`` number or 0), from the tables below as ``_values`` meets the types."""


def _entry(kind: type, turn: bool) -> tuple[Any, float, int]:
    """(value function, bound, ``_DIRECT`` number) of an action type: the table's function
    (``otherwise`` / ``in_turn_otherwise`` for a type it does not list, bounded by its fixed value),
    the bound in ``CAPS`` / ``TURN_CAPS``, ``UNBOUNDED`` for a listed type without one."""
    if turn:
        table, caps, other, unlisted = _TURN_VALUES, TURN_CAPS, in_turn_otherwise, IN_TURN_OTHERWISE
    else:
        table, caps, other, unlisted = _VALUES, CAPS, otherwise, OTHERWISE
    if kind in caps:
        function, bound = table.get(kind, other), caps[kind]
    elif kind in table:
        function, bound = table[kind], UNBOUNDED
    else:
        function, bound = other, unlisted
    return function, bound, _DIRECT.get(function, 0)


def _direct(bot: Chooser, code: int, state: MingchuState, action: Any, context: Context) -> float:
    """The value of ``action`` by the ``_DIRECT`` function numbered ``code``."""
    if code == 1:
        return bot._move(state, action, context)
    if code == 2:
        return bot._sell(state, action, context)
    if code == 3:
        return bot._good_to(state, action, context)
    if code == 4:
        return bot._sell_produced(state, action, context)
    if code == 5:
        return bot._produce_foreign(state, action, context)
    if code == 6:
        return bot._build_in_turn(state, action, context)
    if code == 7:
        return bot._road_in_turn(state, action, context)
    if code == 8:
        return bot._hire(state, action, context)
    if code == 9:
        return bot._reserve(state, action, context)
    if code == 10:
        return bot._use_retainer(state, action, context)
    if code == 11:
        return bot._play_grace(state, action, context)
    if code == 12:
        return bot._play_reward(state, action, context)
    if code == 13:
        return bot._deliver(state, action, context)
    if code == 14:
        return bot._loan_in_turn(state, action, context)
    if code == 15:
        return bot._place_manager(state, action, context)
    if code == 16:
        return bot._discard_favor(state, action, context)
    if code == 17:
        return propose_value(bot, state, action, context)
    raise ValueError(f"no value function numbered {code}")


def _value_of(
    bot: Chooser, function: Any, code: int, state: MingchuState, action: Any, context: Context
) -> float:
    """``action``'s value by its entry: the ``_DIRECT`` method numbered ``code``, else ``function``."""
    if code:
        return float(_direct(bot, code, state, action, context))
    return float(function(bot, state, action, context))


def _values(
    bot: Chooser, state: MingchuState, legal: Sequence[Any], context: Context, turn: bool
) -> list[float]:
    """Each legal action's value (``_VALUES`` / ``_TURN_VALUES``), or ``NEVER`` for one that cannot
    come within ``TIE`` of the best: an action of a type with a bound (``CAPS`` / ``TURN_CAPS``, or
    the fixed value of a type the table does not list) is valued after the others, and only while
    its bound reaches the best value so far less ``TIE`` (``PER_ACTION``: the action's own,
    ``_turn_cap``). The best value is left in ``bot._best_value`` for ``choose``."""
    entries = _ENTRIES[1 if turn else 0]
    actions: list[Any] = legal if isinstance(legal, list) else list(legal)
    size = len(actions)
    values = [NEVER] * size
    bounded: list[int] = []
    best = NEVER
    last: Any = None  # the type of the previous action: a list holds runs of one type
    function: Any = None  # the entry of ``last``: value function, bound, ``_DIRECT`` number
    bound = UNBOUNDED
    code = 0
    for i in range(size):
        action = actions[i]
        kind = type(action)
        if kind is not last:
            found = entries.get(kind)
            if found is None:
                found = entries[kind] = _entry(kind, turn)
            function, bound, code = found
            last = kind
        if bound != UNBOUNDED:
            bounded.append(i)
            continue
        value = values[i] = _value_of(bot, function, code, state, action, context)
        if value > best:
            best = value
    floor = best - TIE
    last = None
    for j in range(len(bounded)):
        i = bounded[j]
        action = actions[i]
        kind = type(action)
        if kind is not last:
            function, bound, code = entries[kind]
            last = kind
        if (bot._turn_cap(state, action) if bound == PER_ACTION else bound) >= floor:
            value = values[i] = _value_of(bot, function, code, state, action, context)
            if value > best:
                best = value
                floor = best - TIE
    bot._best_value = best
    return values
