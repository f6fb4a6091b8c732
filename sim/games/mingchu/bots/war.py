"""What the war's commitments are worth to a bot (靖难): the side ahead is supported, or with a
chance per round the other; held markers (all of them for the roadbuilder) and, with coins to
spare, coin markers committed."""

from __future__ import annotations

from ..rules import actions as A
from ..rules.periods import side_markers
from ..rules.state import SIDES, MingchuState
from .cards import CardValues
from .reads import Context


class WarValues(CardValues):
    """The value of a war commitment."""

    def _war_value(self, state: MingchuState, action: A.WarCommit, context: Context) -> float:
        player = state.players[self.seat]
        side = SIDES.index(action.side)
        totals = context.war_totals
        if totals is None:  # the same for every option of the decision
            totals = context.war_totals = [
                sum(side_markers(state, s, k) for s in range(state.n)) for k in range(2)
            ]
        ahead = 0 if totals[0] > totals[1] else 1
        preferred = 1 - ahead if self._war_contrarian.get(state.round) else ahead
        if side != preferred:
            return -1.0
        committed = sum(state.war_secret[self.seat])
        if action.source == "favor":
            limit = 99 if self.persona.war_all_favor else 2
            own = 0.1 if action.owner == self.seat else 0.0  # own markers in hand cost nothing else
            return 2.0 + own if committed < limit else -1.0
        return 1.5 if player.coins > 15 and committed < 3 else -1.0
