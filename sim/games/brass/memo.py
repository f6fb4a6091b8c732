"""What legal moves and bots reuse between decisions: caches keyed on board content, and interned actions.

A ``BoardMemo`` holds everything derived from the board alone (era, tiles, cubes, links, markets):
connected components, coal and iron prices, each seat's network, and per seat the build targets
and link options with their full price. Money, hands and the open step are applied on top at
every decision, so a pass, a loan or a scout leaves the memo valid and the next decision costs
only the filtering by money and cards.

The memo is found by ``board_key`` (the board's content, never an object identity), in
``state.memo``, which clones share: equal content gives equal answers whichever state asks.
Nothing in a memo reads a state after it was built, so a memo built from one state is right
for every state with the same key.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sim.games.brass.resources import BuildCosts
    from sim.games.brass.state import BrassState

MAX_MEMOS = 64
"""Board positions kept per state lineage; older ones are dropped all at once."""


def board_key(state: BrassState) -> tuple[int, ...]:
    """Everything on the board that legal builds, links and their prices depend on, as one tuple."""
    return (
        state.era,
        state.coal_cubes,
        state.iron_cubes,
        *state.slot_owner,
        *state.slot_ind,
        *state.slot_level,
        *state.slot_res,
        *state.link_owner,
    )


class BoardMemo:
    """Caches for one board position (see the module doc); filled lazily by the legal-move code."""

    __slots__ = ("costs", "networks", "pieces", "builds", "links", "gone")

    def __init__(self, state: BrassState) -> None:
        from sim.games.brass.resources import BuildCosts

        self.costs: BuildCosts = BuildCosts(state)
        self.networks: dict[int, set[int]] = {}
        """seat -> places of its network."""
        self.pieces: dict[int, bool] = {}
        """seat -> has any industry or link tile on the board."""
        self.builds: dict[tuple[int, tuple[int, ...]], dict[Any, Any]] = {}
        """(seat, lowest level per industry) -> per card, its builds as (full price, action)."""
        self.links: dict[tuple[int, bool], list[tuple[int, int]]] = {}
        """(seat, second rail) -> (link, full price) of every link the seat may build, money aside."""
        self.gone: dict[int, bool] = {}
        """coal/iron industry -> no cube left on the board nor in its market."""

    def network(self, state: BrassState, seat: int) -> set[int]:
        net = self.networks.get(seat)
        if net is None:
            net = self.networks[seat] = state.network(seat)
        return net

    def has_pieces(self, state: BrassState, seat: int) -> bool:
        has = self.pieces.get(seat)
        if has is None:
            has = self.pieces[seat] = state.has_pieces(seat)
        return has


def board_memo(state: BrassState) -> BoardMemo:
    """The memo of the state's current board position (built on first use)."""
    key = board_key(state)
    memos = state.memo
    memo = memos.get(key)
    if memo is None:
        if len(memos) >= MAX_MEMOS:
            memos.clear()
        memo = memos[key] = BoardMemo(state)
    return memo


_INTERNED: dict[tuple[Any, ...], Any] = {}
"""Action records by (type, fields): equal actions are built once and shared (they are frozen)."""
_MAX_INTERNED = 200_000


def action(cls: type, *args: Any) -> Any:
    """The shared frozen action ``cls(*args)``."""
    key = (cls, *args)
    found = _INTERNED.get(key)
    if found is None:
        if len(_INTERNED) >= _MAX_INTERNED:
            _INTERNED.clear()
        found = _INTERNED[key] = cls(*args)
    return found
