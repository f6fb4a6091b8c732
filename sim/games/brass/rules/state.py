"""The game state: plain lists indexed by seat, slot, link and merchant slot (data only)."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

import numpy as np

from sim.core.decisions import Decision, Pending

from .board import Board

CANAL, RAIL = 0, 1
ERA_NAMES = ("canal", "rail")
TURN = "turn"
"""The decision kind of a seat's turn: its main actions (``rules.MAIN``)."""
_TURNS = tuple(Decision(TURN, seat) for seat in range(4))
"""Each seat's turn decision, made once (a turn has no data and is never changed): the hot path
asks for the open decision several times per action."""


@dataclass
class BrassState:
    """Everything that changes during a game. ``board`` is shared static data."""

    board: Board
    n_players: int
    rng: Any
    """The rules' ``np.random.Generator`` (None in a bot's view: hence not typed as one)."""
    era: int = CANAL
    round: int = 1
    round_in_era: int = 1
    order: list[int] = field(default_factory=list)
    turn_pos: int = 0
    actions_left: int = 1
    money: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    income_space: list[int] = field(default_factory=list)
    spent: list[int] = field(default_factory=list)
    hands: list[list[str]] = field(default_factory=list)
    discards: list[list[str]] = field(default_factory=list)
    deck: Any = field(default_factory=list)
    """The draw deck, a list of cards (in a bot's view a tuple of ``HIDDEN``: hence not typed as a list)."""
    wild_location: int = 0
    wild_industry: int = 0
    mat: list[list[list[int]]] = field(default_factory=list)
    """mat[seat][industry][level index] = tiles of that level still on the player mat."""
    links_left: list[int] = field(default_factory=list)
    slot_owner: list[int] = field(default_factory=list)
    slot_ind: list[int] = field(default_factory=list)
    slot_level: list[int] = field(default_factory=list)
    """Level index (0 = level 1) of the tile in each slot."""
    slot_flipped: list[bool] = field(default_factory=list)
    slot_res: list[int] = field(default_factory=list)
    link_owner: list[int] = field(default_factory=list)
    mslot_loc: list[int] = field(default_factory=list)
    mslot_buys: list[frozenset[int]] = field(default_factory=list)
    mslot_beer: list[int] = field(default_factory=list)
    coal_cubes: int = 0
    iron_cubes: int = 0
    pending: Pending = field(default_factory=Pending)
    """Open steps of the current action or round end (``Decision``s; ``pending.next`` first).

    Each step's kind (``rules.DECISIONS``) resolves it by itself when the rules leave no choice."""
    finished: bool = False
    stats: list[dict[str, float]] = field(default_factory=list)
    tile_log: list[dict[str, Any]] = field(default_factory=list)
    """One row per tile built (the ``tiles`` event table); updated when it flips, scores and leaves."""
    slot_log: list[int] = field(default_factory=list)
    """Row in ``tile_log`` of the tile now in each slot (-1: none logged)."""
    developed: list[list[int]] = field(default_factory=list)
    """developed[seat][industry] = tiles of that industry the seat developed away (tile bookkeeping)."""
    memo: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    """Caches keyed on board content (``memo.board_memo``), shared by clones; not part of the position."""

    def clone(self) -> BrassState:
        """Independent copy; the static board is shared (a bot's view, which has no rng, copies as one)."""
        rng = None
        if self.rng is not None:
            rng = np.random.Generator(type(self.rng.bit_generator)())
            rng.bit_generator.state = self.rng.bit_generator.state
        return BrassState(
            board=self.board,
            n_players=self.n_players,
            rng=rng,
            era=self.era,
            round=self.round,
            round_in_era=self.round_in_era,
            order=self.order[:],
            turn_pos=self.turn_pos,
            actions_left=self.actions_left,
            money=self.money[:],
            vp=self.vp[:],
            income_space=self.income_space[:],
            spent=self.spent[:],
            hands=[h[:] for h in self.hands],
            discards=[d[:] for d in self.discards],
            deck=self.deck[:],
            wild_location=self.wild_location,
            wild_industry=self.wild_industry,
            mat=[[lv[:] for lv in m] for m in self.mat],
            links_left=self.links_left[:],
            slot_owner=self.slot_owner[:],
            slot_ind=self.slot_ind[:],
            slot_level=self.slot_level[:],
            slot_flipped=self.slot_flipped[:],
            slot_res=self.slot_res[:],
            link_owner=self.link_owner[:],
            mslot_loc=self.mslot_loc[:],
            mslot_buys=self.mslot_buys[:],
            mslot_beer=self.mslot_beer[:],
            coal_cubes=self.coal_cubes,
            iron_cubes=self.iron_cubes,
            pending=self.pending.clone(),
            finished=self.finished,
            stats=[dict(s) for s in self.stats],
            tile_log=[dict(row) for row in self.tile_log],
            slot_log=self.slot_log[:],
            developed=[d[:] for d in self.developed],
            memo=self.memo,
        )

    def __eq__(self, other: object) -> bool:
        """Equal by value: every field, the rng by its bit generator's state."""
        if not isinstance(other, BrassState):
            return NotImplemented
        for f in _COMPARED:
            if getattr(self, f) != getattr(other, f):
                return False
        if self.rng is None or other.rng is None:
            return self.rng is other.rng
        return self.rng.bit_generator.state == other.rng.bit_generator.state

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the caches (rebuilt on demand); field by field, as a compiled class has no ``__dict__``."""
        data = {name: getattr(self, name) for name in FIELDS}
        data["memo"] = {}
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        """The fields ``__getstate__`` kept."""
        for name, value in data.items():
            setattr(self, name, value)

    def clear_slot(self, slot: int, reason: str) -> None:
        """Take the tile off a slot, noting why in its ``tiles`` event row (``removed``)."""
        if self.slot_log[slot] >= 0:
            self.tile_log[self.slot_log[slot]]["removed"] = reason
        self.slot_owner[slot] = -1
        self.slot_log[slot] = -1
        self.slot_res[slot] = 0
        self.slot_flipped[slot] = False

    # --- cheap queries ------------------------------------------------------
    def income_level(self, seat: int) -> int:
        return self.board.level_of_space[self.income_space[seat]]

    def lowest_level(self, seat: int, ind: int) -> int:
        """Level index of the lowest tile left on the mat for an industry, -1 if none."""
        for lvl, count in enumerate(self.mat[seat][ind]):
            if count:
                return lvl
        return -1

    def lowest_levels(self, seat: int) -> tuple[int, ...]:
        """``lowest_level`` of every industry, in industry order."""
        out = []
        for counts in self.mat[seat]:
            for lvl, count in enumerate(counts):
                if count:
                    out.append(lvl)
                    break
            else:
                out.append(-1)
        return tuple(out)

    def decision(self) -> Decision:
        """The open decision: the next step on ``pending``, else the turn of the seat whose turn it is
        (dispatched by kind through ``rules.DECISIONS``)."""
        if self.pending:
            return self.pending.next
        return _TURNS[self.order[self.turn_pos]]

    def current_seat(self) -> int:
        """The seat that must act: the open decision's."""
        return self.decision().seat

    def has_pieces(self, seat: int) -> bool:
        """True if the seat has any industry or link tile on the board."""
        return seat in self.slot_owner or seat in self.link_owner

    def network(self, seat: int) -> set[int]:
        """Places with the seat's industry tile or next to the seat's link tile."""
        places = {self.board.slot_loc[s] for s, o in enumerate(self.slot_owner) if o == seat}
        for j, owner in enumerate(self.link_owner):
            if owner == seat:
                places.update(self.board.link_ends[j])
        return places


FIELDS = tuple(f.name for f in fields(BrassState))
"""Every field of ``BrassState``, in order."""
_COMPARED = tuple(name for name in FIELDS if name not in ("rng", "memo"))


@dataclass(frozen=True)
class BrassObservation:
    """What one seat may see: the public state plus its own hand; hidden cards only as a pool.

    Hidden: other seats' hands (except wild cards, which are only taken by a public Scout),
    the deck's cards and order, and in the canal era the face-down setup discards of every
    seat (dealt face down, seen by nobody until the rail-era reshuffle).
    """

    seat: int
    public: BrassState
    """The state with hidden cards removed and a fixed dummy rng (future draws are hidden too)."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand (wilds included)."""
    deck_size: int
    facedown: int
    """Face-down cards at the bottom of every seat's discard pile (setup discards, canal era)."""
    unseen: tuple[str, ...]
    """Every card ``seat`` cannot see (deck, others' non-wild hands, face-down discards), sorted."""
