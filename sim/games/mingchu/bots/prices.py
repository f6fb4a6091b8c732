"""Where a bot's goods sell: the prices of a good at each place outside production
(``sale_prices``) and the best a 掌柜 can fetch by its next turn (``_best_price``), which decide
whether a spare good is sold here or carried on.

The rule is the best of ``sale_prices`` over the places within a turn's moves and a half of a
掌柜 (``_within``); the kernel keeps the prices while their sources stay the same and the best
price within reach by place, so a 掌柜 that moves looks up its new place's.
``tests/games/mingchu/test_bot_choices.py`` checks the kept prices against fresh ones.
"""

from __future__ import annotations

from typing import Any

from ..rules.paths import sale_prices
from ..rules.state import MingchuState
from .plan import Plan


class Prices(Plan):
    """The sale prices and best prices within reach, kept while what they read stays the same."""

    def __init__(self, seat: int, persona: str) -> None:
        super().__init__(seat, persona)
        self._best_prices: dict[str, float] = {}  # good -> ``_best_price``, with the prices
        self._best_at: list[int] = []  # the 掌柜' places when ``_best_prices`` were started
        self._tops: dict[str, list[int]] = {}  # good -> by place, the best price within reach (-1: not yet)
        self._prices: dict[str, list[int]] = {}  # good -> ``sale_prices`` by place (``_sale_prices``)
        # what ``_prices`` were worked out with (``_sale_prices``): industries, 驿道, modifiers
        self._prices_layout: Any = None
        self._prices_board: frozenset = frozenset()
        self._prices_mods: list = []
        self._prices_retainers: list[str] = []
        self._prices_families: list[str] = []

    def _best_price(self, state: MingchuState, good: str) -> float:
        """The best price ``good`` fetches where a 掌柜 can sell it by its next turn (a free distance
        within one turn's moves); 0 in the last round, when unsold goods are worth nothing. Kept with
        the prices (``_sale_prices``, whose key holds the 驿道 the distances read) while the 掌柜
        stand where they stood; the best price within reach of each place (``_tops``) is kept with
        the prices alone, so a 掌柜 that moves looks up its new place's."""
        if self._last_round(state):
            return 0.0
        prices = self._sale_prices(state, good)
        managers = state.players[self.seat].managers
        if managers != self._best_at:
            self._best_at = list(managers)
            self._best_prices = {}
        best = self._best_prices.get(good)
        if best is None:
            tops = self._tops.get(good)
            if tops is None:
                tops = self._tops[good] = [-1] * len(prices)
            best = 0.0
            for at in set(managers):
                top = tops[at]
                if top < 0:
                    top = tops[at] = self._top_price(state, prices, at)
                best = max(best, top)
            self._best_prices[good] = best
        return best

    def _top_price(self, state: MingchuState, prices: list[int], at: int) -> int:
        """The best of ``prices`` within a turn's moves and a half of ``at`` (``at`` itself is: no
        price is below 0)."""
        if state.params is not self._params_of:
            self._read_params(state.params)
        top = -1
        for place in self._within(state, at, self._reach):
            if prices[place] > top:
                top = prices[place]
        return top

    def _sale_prices(self, state: MingchuState, good: str) -> list[int]:
        """``sale_prices`` of ``good`` outside production. Kept while the industries (the price
        sources, the plan's ``_layout``), the dashed roads opened (in ``_board_key``) and
        the seat's modifiers (this round's, by content, its 门客 and 家族) stay the same."""
        player = state.players[self.seat]
        layout, board, mods = self._layout, self._board_key(state), state.round_mods[self.seat]
        if (
            (layout is not self._prices_layout and layout != self._prices_layout)
            or (board is not self._prices_board and board != self._prices_board)
            or mods != self._prices_mods
            or player.retainers != self._prices_retainers
            or player.families != self._prices_families
        ):
            self._prices_board = board
            self._prices_mods = list(mods)
            self._prices_retainers = list(player.retainers)
            self._prices_families = list(player.families)
            self._prices = {}
            self._best_prices = {}
            self._tops = {}
        self._prices_layout = layout  # the same industries: the next look-up compares identities
        prices = self._prices.get(good)
        if prices is None:
            prices = self._prices[good] = sale_prices(state, self.seat, good, in_production=False)
        return prices
