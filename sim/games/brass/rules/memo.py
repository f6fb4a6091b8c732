"""What legal moves and bots reuse between decisions: caches keyed on board content, and interned actions.

Two levels, both found by content (never by object identity) in ``state.memo``, which clones share:

* ``LayoutMemo``, keyed on where tiles and links are (``layout_key``): networks, occupancy masks
  (free slots), and per seat and mat the build targets (``build.SeatBuilds``); the connected
  components and the bots' link distances are shared by layouts with the same links
  (``state.memo["links"]``, keyed on the era and link owners).
* ``BoardMemo``, keyed on the cubes and barrels as well (``cubes_key``): coal and iron prices,
  link prices, and per seat and mat the build targets with their full price (``build.PricedTargets``).

Money, hands and the open step are applied on top at every decision, so a pass, a loan or a scout
leaves both valid, and buying iron for a develop keeps the layout. Nothing in a memo reads a state
after it was built, so a memo built from one state is right for every state with the same key.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .board import Board
    from .resources import BuildCosts
    from .state import BrassState

MAX_MEMOS = 64
"""Layouts per state lineage, and positions per layout, kept; older ones are dropped all at once."""


def layout_key(state: BrassState) -> tuple[int, ...]:
    """Where the tiles and links are (era, owners, industries, levels, links), as one tuple."""
    return (state.era, *state.slot_owner, *state.slot_ind, *state.slot_level, *state.link_owner)


def cubes_key(state: BrassState) -> tuple[int, ...]:
    """The cubes and barrels (both markets, then every tile's), as one tuple."""
    return (state.coal_cubes, state.iron_cubes, *state.slot_res)


class LayoutMemo:
    """Caches for one layout of tiles and links, whatever their cubes (see the module doc)."""

    __slots__ = (
        "comp",
        "masks",
        "ind_slots",
        "networks",
        "places",
        "pieces",
        "builds",
        "free_links",
        "canal_links",
        "links_needed",
        "positions",
    )

    def __init__(
        self, state: BrassState, links_needed: dict[tuple[int, ...], dict[int, int]], comp: list[int]
    ) -> None:
        self.comp = comp
        """Connected-component label of every place (shared by every layout with the same links)."""
        board = state.board
        self.masks = [0] * board.n_locs
        """Occupancy mask of every place (``Board.slot_bit``), to index ``Board.free_picks``."""
        slot_loc, slot_bit, slot_ind = board.slot_loc, board.slot_bit, state.slot_ind
        masks = self.masks
        ind_slots: list[list[int]] = [[] for _ in board.tiles]
        for s, owner in enumerate(state.slot_owner):
            if owner >= 0:
                masks[slot_loc[s]] |= slot_bit[s]
                ind_slots[slot_ind[s]].append(s)
        self.ind_slots = ind_slots
        """industry -> slots holding a tile of it, in slot order."""
        self.networks: dict[int, set[int]] = {}
        """seat -> places of its network."""
        self.places: dict[int, list[int]] = {}
        """seat -> its network places that are not merchants, sorted."""
        self.pieces: dict[int, bool] = {}
        """seat -> has any industry or link tile on the board."""
        self.builds: dict[tuple[Any, ...], Any] = {}
        """(seat, lowest level per industry, coal gone, iron gone) -> that seat's ``build.SeatBuilds``."""
        board = state.board
        era = state.era
        self.free_links = [
            j for j, owner in enumerate(state.link_owner) if owner < 0 and board.link_ok[j][era]
        ]
        """Links nobody has built that the era allows, in link order."""
        self.canal_links: dict[tuple[int, bool], list[tuple[int, int]]] = {}
        """Canal era: (seat, second) -> (link, price) of the links the seat may build (no coal, no beer)."""
        self.links_needed = links_needed
        """Source places -> links still to build to each place (``evaluate._links_needed``); shared by
        every layout with the same links and era."""
        self.positions: dict[tuple[int, ...], BoardMemo] = {}
        """cubes key -> the memo of that position."""


class BoardMemo:
    """Caches for one board position (a layout and its cubes); the layout's tables are shared between positions."""

    __slots__ = (
        "masks",
        "free_links",
        "canal_links",
        "networks",
        "places",
        "pieces",
        "builds",
        "links_needed",
        "costs",
        "links",
        "targets",
        "gone",
    )

    def __init__(self, state: BrassState, layout: LayoutMemo) -> None:
        from .resources import BuildCosts

        # the layout's tables, shared by reference (a reference to the layout itself would make a
        # cycle with ``layout.positions``, left for the garbage collector to find)
        self.masks = layout.masks
        self.free_links = layout.free_links
        self.canal_links = layout.canal_links
        self.networks = layout.networks
        self.places = layout.places
        self.pieces = layout.pieces
        self.builds = layout.builds
        self.links_needed = layout.links_needed
        self.costs: BuildCosts = BuildCosts(state, layout.comp, layout.ind_slots)
        """Coal and iron prices."""
        self.links: dict[tuple[int, bool], list[tuple[int, int]]] = {}
        """(seat, second rail) -> (link, full price) of every link the seat may build, money aside."""
        self.targets: dict[tuple[Any, ...], Any] = {}
        """seat builds key -> that seat's ``build.PricedTargets`` (targets priced in this position, money aside)."""
        self.gone: dict[int, bool] = {}
        """coal/iron industry -> no cube left on the board nor in its market."""

    def network(self, state: BrassState, seat: int) -> set[int]:
        """Places of the seat's network (``BrassState.network``)."""
        nets = self.networks
        net = nets.get(seat)
        if net is None:
            net = nets[seat] = state.network(seat)
        return net

    def build_places(self, state: BrassState, seat: int) -> list[int]:
        """The seat's network places an industry card builds in, sorted (``build.card_targets``)."""
        places = self.places.get(seat)
        if places is None:
            is_merchant = state.board.is_merchant
            places = self.places[seat] = sorted(
                loc for loc in self.network(state, seat) if not is_merchant[loc]
            )
        return places

    def has_pieces(self, state: BrassState, seat: int) -> bool:
        """Whether the seat has any tile or link on the board (``BrassState.has_pieces``)."""
        pieces = self.pieces
        has = pieces.get(seat)
        if has is None:
            has = pieces[seat] = state.has_pieces(seat)
        return has

    def free_pick(self, state: BrassState, loc: int, ind: int) -> tuple[int, ...]:
        """Free slots of a place a new tile of ind may take (``Board.free_picks``)."""
        return state.board.free_picks[loc][self.masks[loc]][ind]


def board_memo(state: BrassState) -> BoardMemo:
    """The memo of the state's current board position (built on first use).

    The position asked for last is compared field by field first (``memos["last"]``): a decision
    asks several times (legal moves, the bot, follow-up steps), and comparing lists costs less than
    building and hashing the keys."""
    memos = state.memo
    last = memos.get("last")
    if (
        last is not None
        and last[0] == state.era
        and last[1] == state.coal_cubes
        and last[2] == state.iron_cubes
        and last[3] == state.slot_res
        and last[4] == state.slot_owner
        and last[5] == state.link_owner
        and last[6] == state.slot_ind
        and last[7] == state.slot_level
    ):
        return last[8]
    memo = _board_memo(state)
    memos["last"] = (
        state.era,
        state.coal_cubes,
        state.iron_cubes,
        state.slot_res[:],
        state.slot_owner[:],
        state.link_owner[:],
        state.slot_ind[:],
        state.slot_level[:],
        memo,
    )
    return memo


def _board_memo(state: BrassState) -> BoardMemo:
    """``board_memo`` found by its keys."""
    memos = state.memo
    key = layout_key(state)
    layout = memos.get(key)
    if layout is None:
        if len(memos) >= MAX_MEMOS:
            memos.clear()
        links = (state.era, *state.link_owner)
        by_links = memos.setdefault("links", {})
        shared = by_links.get(links)
        if shared is None:
            from .resources import components

            shared = by_links[links] = ({}, components(state))
        layout = memos[key] = LayoutMemo(state, *shared)
    positions = layout.positions
    key = cubes_key(state)
    memo = positions.get(key)
    if memo is None:
        if len(positions) >= MAX_MEMOS:
            positions.clear()
        memo = positions[key] = BoardMemo(state, layout)
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


def card_row(board: Board, cls: type, card: str, names: Sequence[str]) -> list[Any]:
    """``[cls(card, name) for name in names]`` (shared actions), built once per board, type and card.

    ``names`` must be the same for a type on one board (link names, industry names)."""
    key = (cls, card)
    row = board.action_rows.get(key)
    if row is None:
        row = board.action_rows[key] = [action(cls, card, name) for name in names]
    return row
