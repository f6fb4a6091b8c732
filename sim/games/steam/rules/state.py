"""Steam's state (data only): players, the dynamic board (track, links, cubes) and the turn flow."""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sim.core.decisions import Decision, Pending

from ..params import SteamParams
from .hexmap import HexMap

UNOWNED = -1
DEAD = -2
"""Link owners: a seat, UNOWNED (claimable when incomplete), DEAD (a bankrupt player's complete link)."""

TILE_NAMES = {
    1: "Turn Order",
    2: "First Move",
    3: "Engineer",
    4: "First Build",
    5: "City Growth",
    6: "Locomotive",
    7: "Urbanization",
}
TURN_ORDER, FIRST_MOVE, ENGINEER, FIRST_BUILD, CITY_GROWTH, LOCOMOTIVE, URBANIZATION = range(1, 8)

AUCTIONS = ("seat_auction", "auction")
"""Phases whose seat to act is the auction's current bidder (else the first of ``queue``)."""
POINTS = "points"
"""The decision kind of a delivery's points: each scorer puts them on income or on VP."""


@dataclass(slots=True)
class Link:
    """Track from node ``a`` (city or town hex) through ``tiles`` to node ``b`` (-1 while incomplete)."""

    id: int
    owner: int
    a: int
    first_side: int
    """The side of ``a`` the link leaves by."""
    tiles: list[tuple[int, int, int]] = field(default_factory=list)
    """(hex, entry side, exit side) from ``a`` onwards."""
    b: int = -1
    extended: bool = True
    """Built or extended in its owner's current build turn (keeps an incomplete link owned)."""

    @property
    def complete(self) -> bool:
        return self.b >= 0

    def copy(self) -> Link:
        return Link(self.id, self.owner, self.a, self.first_side, self.tiles[:], self.b, self.extended)

    def open_end(self) -> tuple[int, int]:
        """(hex, side) the incomplete link points out of."""
        if self.tiles:
            h, _, out = self.tiles[-1]
            return h, out
        return self.a, self.first_side


@dataclass
class SteamState:
    params: SteamParams
    hm: HexMap
    n_players: int
    rng: np.random.Generator
    total_rounds: int

    # players
    cash: list[int] = field(default_factory=list)
    income: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    loco: list[int] = field(default_factory=list)
    bankrupt: list[bool] = field(default_factory=list)
    moved_loco: list[bool] = field(default_factory=list)
    """Used the free move-phase locomotive upgrade this turn."""
    vp_deliveries: list[int] = field(default_factory=list)
    income_deliveries: list[int] = field(default_factory=list)
    deliveries: list[int] = field(default_factory=list)
    capital_raised: list[int] = field(default_factory=list)

    # board
    colour: list[str | None] = field(default_factory=list)
    town: list[bool] = field(default_factory=list)
    growth: list[bool] = field(default_factory=list)
    cubes: list[list[str]] = field(default_factory=list)
    conn: list[dict[int, tuple[int, int]]] = field(default_factory=list)
    """conn[hex][side] = (other side, or -1 for a town tile's centre; link id)."""
    links: dict[int, Link] = field(default_factory=dict)
    next_link: int = 0
    tile_supply: int = 0
    bag: dict[str, int] = field(default_factory=dict)
    supply_sets: list[list[str]] = field(default_factory=list)
    delivered: dict[str, int] = field(default_factory=dict)
    new_city_supply: dict[str, int] = field(default_factory=dict)
    growth_left: int = 0

    # flow
    round: int = 1
    phase: str = "select"
    order: list[int] = field(default_factory=list)
    """Turn order of the players still in the game."""
    tiles: dict[int, int] = field(default_factory=dict)
    """seat -> action tile taken this turn."""
    last_tiles: dict[int, int] = field(default_factory=dict)
    special: dict[int, int] = field(default_factory=dict)
    """seat -> City Growth / Urbanization tile still to carry out in the build phase."""
    must_special: dict[int, bool] = field(default_factory=dict)
    """Base: the tile was paid for, so it must be carried out (when possible)."""
    queue: list[int] = field(default_factory=list)
    """Seats still to act in the current phase step, next first."""
    builds_left: int = 0
    move_round: int = 0
    auction: dict[str, Any] = field(default_factory=dict)
    pending: Pending = field(default_factory=Pending)
    advance_after_points: bool = False
    """A delivery's income/VP choices are open; the move turn ends after them."""
    ended: bool = False
    end_reason: str = ""

    # ledger and events
    money_in: int = 0
    money_out: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)

    def clone(self) -> SteamState:
        """An independent copy (params and the static map are shared; they never change).

        Written out field by field: a deep copy of the board took milliseconds."""
        new = copy.copy(self)
        for name in LIST_FIELDS:
            setattr(new, name, list(getattr(self, name)))
        for name in DICT_FIELDS:
            setattr(new, name, dict(getattr(self, name)))
        new.cubes = [c[:] for c in self.cubes]
        new.supply_sets = [c[:] for c in self.supply_sets]
        new.conn = [dict(c) if c else {} for c in self.conn]  # values are tuples
        new.links = {k: link.copy() for k, link in self.links.items()}
        new.events = [dict(e) for e in self.events]
        new.auction = copy.deepcopy(self.auction)
        new.pending = copy.deepcopy(self.pending)
        new.rng = copy_rng(self.rng) if isinstance(self.rng, np.random.Generator) else copy.deepcopy(self.rng)
        return new

    @property
    def rules(self) -> str:
        return self.params.rules

    def decision(self) -> Decision:
        """The open decision: a delivery's points on ``pending``, else the phase's for the seat to act
        (each phase is a decision kind of ``rules.DECISIONS``)."""
        if self.pending:
            return self.pending.next
        if self.phase in AUCTIONS:
            a = self.auction
            return Decision(self.phase, a["bidders"][a["ptr"]])
        return Decision(self.phase, self.queue[0] if self.queue else 0)

    def active(self, seat: int) -> bool:
        return not self.bankrupt[seat]


def copy_rng(rng: np.random.Generator) -> np.random.Generator:
    """A generator at the same point of the same stream (cheaper than a deep copy)."""
    bits = type(rng.bit_generator)()
    bits.state = rng.bit_generator.state
    return np.random.Generator(bits)


LIST_FIELDS = (
    "cash",
    "income",
    "vp",
    "loco",
    "bankrupt",
    "moved_loco",
    "vp_deliveries",
    "income_deliveries",
    "deliveries",
    "capital_raised",
    "colour",
    "town",
    "growth",
    "order",
    "queue",
)
"""State fields that are flat lists of immutable values."""
DICT_FIELDS = ("bag", "delivered", "new_city_supply", "tiles", "last_tiles", "special", "must_special")
"""State fields that are flat dicts of immutable values."""


@dataclass(frozen=True)
class SteamObservation:
    """Steam hides only the order of future draws: the whole board is public."""

    seat: int
    public: SteamState
