"""Static board data derived once from the params: indices, adjacency, income track, decks."""

from __future__ import annotations

from collections import Counter, OrderedDict
from typing import Any

from ..params import INDUSTRIES, BrassParams, TileLevel

WILD_LOCATION = "wild_location"
WILD_INDUSTRY = "wild_industry"
WILDS = (WILD_LOCATION, WILD_INDUSTRY)

_BOARDS: OrderedDict[str, Board] = OrderedDict()
"""Boards by the JSON of their params (content, not object identity), least recently used first."""
_MAX_BOARDS = 16
_last: list[tuple[BrassParams, Board]] = []
"""The last params object asked for and its board: skips the JSON key for repeated calls."""


class Board:
    """Index-based lookup tables for one params object (shared, read-only, by every state)."""

    def __init__(self, params: BrassParams, key: str | None = None) -> None:
        self.params = params
        self.key = params.model_dump_json() if key is None else key
        """The params as JSON: two boards are equal when their params are."""
        self.ind_index = {name: i for i, name in enumerate(INDUSTRIES)}
        by_id: dict[str, Any] = {ind.id: ind for ind in params.industries}
        self.tiles: list[list[TileLevel]] = [
            sorted(by_id[n].tiles, key=lambda t: t.level) for n in INDUSTRIES
        ]
        self.sold: list[bool] = [by_id[n].sold for n in INDUSTRIES]
        self.loc_names: list[str] = []
        self.loc_kind: list[str] = []
        self.slot_loc: list[int] = []
        self.slot_inds: list[tuple[int, ...]] = []
        self.loc_slots: list[list[int]] = []
        for kind, places in (("town", params.towns), ("farm", params.farms)):
            for place in places:
                loc = len(self.loc_names)
                self.loc_names.append(place.id)
                self.loc_kind.append(kind)
                self.loc_slots.append([])
                for inds in place.slot_industries():
                    self.loc_slots[loc].append(len(self.slot_loc))
                    self.slot_loc.append(loc)
                    self.slot_inds.append(tuple(self.ind_index[i] for i in inds))
        self.loc_inds: list[frozenset[int]] = [
            frozenset(i for s in slots for i in self.slot_inds[s]) for slots in self.loc_slots
        ]
        self.loc_ind_slots: list[list[list[int]]] = [
            [[s for s in slots if i in self.slot_inds[s]] for i in range(len(INDUSTRIES))]
            for slots in self.loc_slots
        ]
        """loc_ind_slots[place][industry] = the place's slots showing that industry, in slot order."""
        self.loc_ind_order: list[tuple[int, ...]] = [tuple(sorted(inds)) for inds in self.loc_inds]
        """Industries a place has a slot for, in industry order."""
        self.slot_single = [len(inds) == 1 for inds in self.slot_inds]
        self.slot_bit = [1 << self.loc_slots[loc].index(s) for s, loc in enumerate(self.slot_loc)]
        """Bit of each slot in its place's occupancy mask (bit k: the place's k-th slot)."""
        self.free_picks = [
            [
                [self._free_pick(slots, mask, ind) for ind in range(len(INDUSTRIES))]
                for mask in range(1 << len(slots))
            ]
            for slots in self.loc_slots
        ]
        """free_picks[place][occupancy mask][industry]: free slots a new tile may take (B16)."""
        self.merchant_locs: list[int] = []
        self.merchant_icons: dict[int, int] = {}
        self.merchant_bonus: dict[int, tuple[str, int]] = {}
        for merchant in params.merchants:
            loc = len(self.loc_names)
            self.loc_names.append(merchant.id)
            self.loc_kind.append("merchant")
            self.loc_slots.append([])
            self.loc_inds.append(frozenset())
            self.loc_ind_order.append(())
            self.loc_ind_slots.append([[] for _ in INDUSTRIES])
            self.free_picks.append([[() for _ in INDUSTRIES]])
            self.merchant_locs.append(loc)
            self.merchant_icons[loc] = merchant.link_icons
            self.merchant_bonus[loc] = (merchant.bonus, merchant.bonus_amount)
        self.is_merchant = [k == "merchant" for k in self.loc_kind]
        self.loc_index = {name: i for i, name in enumerate(self.loc_names)}
        self.n_locs = len(self.loc_names)
        self.build_locs = [i for i, k in enumerate(self.loc_kind) if k != "merchant"]
        self.loc_single: list[tuple[int]] = [(loc,) for loc in range(self.n_locs)]
        """place -> the one-place tuple (the places a location card builds in)."""
        self.town_locs = [i for i, k in enumerate(self.loc_kind) if k == "town"]
        self.link_names = [link.id for link in params.board_links]
        self.link_index = {name: i for i, name in enumerate(self.link_names)}
        self.link_ends = [tuple(self.loc_index[e] for e in link.ends) for link in params.board_links]
        self.link_ok = [(link.canal, link.rail) for link in params.board_links]
        self.loc_links: list[list[int]] = [[] for _ in range(self.n_locs)]
        for j, ends in enumerate(self.link_ends):
            for end in ends:
                self.loc_links[end].append(j)
        self.loc_link_ends: list[list[tuple[int, tuple[int, ...]]]] = [
            [(j, self.link_ends[j]) for j in links] for links in self.loc_links
        ]
        """place -> (link, its ends) of every link touching it."""
        self.level_of_space = params.income_track.levels()
        self.top_space = len(self.level_of_space) - 1
        self.highest_space: dict[int, int] = {}
        for space, level in enumerate(self.level_of_space):
            self.highest_space[level] = space
        self.card_location: dict[str, int] = {c.id: self.loc_index[c.id] for c in params.location_cards}
        self.card_industries: dict[str, tuple[int, ...]] = {
            c.id: tuple(self.ind_index[i] for i in c.industries) for c in params.industry_cards
        }
        self.card_industries[WILD_INDUSTRY] = tuple(range(len(INDUSTRIES)))
        self._deck_sizes: dict[int, int] = {}
        self.action_rows: dict[tuple[type, str], list[Any]] = {}
        """(action type, card) -> that card's actions by link or industry index (``memo.card_row``);
        for BuildIndustry, by slot and industry (``build.build_action``)."""

    def _free_pick(self, slots: list[int], mask: int, ind: int) -> tuple[int, ...]:
        """The first free single-icon slot showing ind, else one free slot per distinct icon set."""
        free = [s for k, s in enumerate(slots) if not mask >> k & 1 and ind in self.slot_inds[s]]
        for s in free:
            if len(self.slot_inds[s]) == 1:
                return (s,)
        picked: list[int] = []
        seen: set[tuple[int, ...]] = set()
        for s in free:
            if self.slot_inds[s] not in seen:
                seen.add(self.slot_inds[s])
                picked.append(s)
        return tuple(picked)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and (other is self or other.key == self.key)

    def __hash__(self) -> int:
        return hash(self.key)

    def __reduce__(self) -> tuple[object, tuple[BrassParams]]:
        """Unpickled states share the cached board of equal params instead of copying it."""
        return board_for, (self.params,)

    def deck_size(self, n_players: int) -> int:
        """Cards in the draw deck for this player count (cached)."""
        size = self._deck_sizes.get(n_players)
        if size is None:
            size = self._deck_sizes[n_players] = len(self.deck(n_players))
        return size

    def deck_counts(self, n_players: int) -> Counter[str]:
        """The dealt deck for this player count as a multiset (for the card conservation check)."""
        return Counter(self.deck(n_players))

    def deck(self, n_players: int) -> list[str]:
        """The draw deck (before shuffling) for this player count."""
        k = n_players - 2
        cards: list[str] = []
        card: Any
        for card in [*self.params.location_cards, *self.params.industry_cards]:
            cards.extend([card.id] * card.counts[k])
        return cards

    def merchant_slots(self, n_players: int) -> list[int]:
        """Merchant location of each merchant slot in use at this player count."""
        return [self.loc_index[m.id] for m in self.params.merchants for p in m.slot_players if p <= n_players]


def board_for(params: BrassParams) -> Board:
    """The Board for a params object, cached by content: equal params share one board.

    Every chunk of a parallel run unpickles its own params object; keying on ``id(params)``
    kept one board (and params) per object alive, so memory grew with the games run.
    """
    if _last and _last[0][0] is params:
        return _last[0][1]
    key = params.model_dump_json()
    board = _BOARDS.get(key)
    if board is None:
        board = Board(params, key)
        _BOARDS[key] = board
        while len(_BOARDS) > _MAX_BOARDS:
            _BOARDS.popitem(last=False)
    else:
        _BOARDS.move_to_end(key)
    _last[:] = [(params, board)]
    return board
