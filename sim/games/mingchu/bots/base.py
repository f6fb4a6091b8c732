"""Who a heuristic bot is and what it reads once per game: its seat and persona, its keyed
tie-breaks, and the settings of the game's parameters it reads at many decisions.

The bot is one compiled class built as a line of classes, one module each, every one adding what
one family of its decisions reads (``heuristic.py`` lists them). A compiled (mypyc) class has one
base class that is not a trait, and a method called on ``self`` of a trait type is looked up by
search rather than by its slot: a line of plain classes keeps every call and field read of the
bot as direct as in one class. A class may call only its own and lower methods (``ValueReads``,
the lowest, declares the higher ones the values read: ``bots/reads.py``).
"""

from __future__ import annotations

from typing import Any, Final

from sim.core.tiebreak import KeyedTies

from ..rules.state import MingchuState
from .personas import PERSONAS, persona_for
from .values import ActionValues

NEVER: Final = float("-inf")
"""A value no choice is ever made for (a build or 驿道 not possible now, an action left unvalued):
below every best value."""


class BotBase(ActionValues):
    """The bot's seat, persona and tie-breaks, and the settings it reads from the game's parameters."""

    def __init__(self, seat: int, persona: str) -> None:
        self.seat = seat
        self.name = persona
        self.persona = PERSONAS[persona]
        self._war_contrarian = {}
        self._income_weights = {}
        self._income_params = None
        self._ties = KeyedTies()  # tie-breaks fixed by the situation, not by the stream's history
        self._params_of: Any = None  # the parameters the settings below were read from (``_read_params``)
        self._later_final: Any = None
        self._ends_this_round = False
        self._build_moves = 0  # the rules' move limits before a build and a 驿道 (``_goal``)
        self._road_moves = 0
        self._reach = 0.0  # a turn's moves and a half (``_best_price``)
        self._sell_caps = {}  # (``_read_params``)
        self._hire_cap = 0.0

    def _read_params(self, params: Any) -> None:
        """The settings the bot reads at many decisions, copied once per game's parameters (a read
        of the parameters' models costs several times a compiled class's)."""
        rules = params.rules
        self._params_of = params
        self.persona = persona_for(params, self.name)  # the config's ``bots:`` weights, if any
        self._later_final = params.setup.later_final_event
        self._ends_this_round = rules.final_event_ends == "this_round"
        self._build_moves = rules.build_max_moved
        self._road_moves = rules.road_max_moved
        self._reach = rules.moves_per_turn + 0.5
        self._sell_caps = {good.id: 2.0 + 4.0 * (good.base_value + 1) for good in params.goods}
        self._hire_cap = float(self.persona.hire)

    def _last_round(self, state: MingchuState) -> bool:
        """The game ends after this round's actions (M59: 天数将至 revealed, ``final_event_ends``)."""
        if state.final_round:
            return True
        params = state.params
        if params is not self._params_of:
            self._read_params(params)
        return self._ends_this_round and state.next_event == self._later_final
