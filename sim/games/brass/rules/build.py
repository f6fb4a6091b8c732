"""Build an industry tile (B15-B20, B28, B29, B33, B38): where a card allows it, which slot, cost.

``BuildIndustry`` pays the tile's cost, places the seat's lowest tile of the industry, then
opens the steps ``coal`` and ``iron`` (the tile's resources, see ``supply``) and ``produce``
(cubes or barrels on the new tile, coal/iron sold to the market at once).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sim.core.decisions import Decision

from ..params import INDUSTRIES
from .board import WILD_LOCATION, Board
from .kinds import LegalContext, MainKind, StepKind, push_steps
from .memo import BoardMemo, action, board_memo
from .resources import (
    BREWERY,
    COAL,
    IRON,
    BuildCosts,
    distances,
    merchant_connected,
    pay,
    sell_to_market,
)
from .state import CANAL, ERA_NAMES, BrassState


@dataclass(frozen=True, slots=True)
class BuildIndustry:
    card: str
    slot: int
    industry: str


def card_targets(
    state: BrassState, seat: int, card: str, network: set[int] | None = None, memo: BoardMemo | None = None
) -> list[tuple[int, tuple[int, ...]]]:
    """(place, industries) a card lets the seat build, before slot and cost checks."""
    board = state.board
    all_inds = _ALL_INDS
    if card in board.card_location:
        return [(board.card_location[card], all_inds)]
    if card == WILD_LOCATION:
        return [(loc, all_inds) for loc in board.town_locs]
    inds = board.card_industries[card]
    if memo.has_pieces(state, seat) if memo is not None else state.has_pieces(seat):
        if network is None:
            network = memo.network(state, seat) if memo is not None else state.network(seat)
        is_merchant = board.is_merchant
        places = sorted(loc for loc in network if not is_merchant[loc])
    else:
        places = board.build_locs
    return [(loc, inds) for loc in places]


_ALL_INDS = tuple(range(len(INDUSTRIES)))


def _resource_gone(state: BrassState, ind: int, memo: BoardMemo | None = None) -> bool:
    """No cube of this resource on any tile nor in its market (opponent overbuild condition)."""
    market = state.coal_cubes if ind == COAL else state.iron_cubes
    if market:
        return False
    if memo is not None and ind in memo.gone:
        return memo.gone[ind]
    gone = not any(
        o >= 0 and state.slot_ind[s] == ind and state.slot_res[s] for s, o in enumerate(state.slot_owner)
    )
    if memo is not None:
        memo.gone[ind] = gone
    return gone


def candidate_slots(
    state: BrassState, seat: int, loc: int, ind: int, lvl: int | None = None, memo: BoardMemo | None = None
) -> list[int]:
    """Slots where the seat's lowest tile of ind may go (slot preference, canal limit, overbuild)."""
    board = state.board
    if lvl is None:
        lvl = state.lowest_level(seat, ind)
    if lvl < 0:
        return []
    tile = board.tiles[ind][lvl]
    canal = state.era == CANAL
    if not (tile.canal if canal else tile.rail):
        return []
    owner = state.slot_owner
    slots = board.loc_slots[loc]
    own_here = False
    if canal:
        for s in slots:
            if owner[s] == seat:
                own_here = True
                break
    found: list[int] = []
    if not own_here:
        free = [s for s in board.loc_ind_slots[loc][ind] if owner[s] < 0]
        if free:
            single = board.slot_single
            for s in free:
                if single[s]:
                    found.append(s)
                    break
            else:
                slot_inds = board.slot_inds
                seen: set[tuple[int, ...]] = set()
                for s in free:
                    if slot_inds[s] not in seen:
                        seen.add(slot_inds[s])
                        found.append(s)
    slot_ind, slot_level = state.slot_ind, state.slot_level
    for s in slots:
        if owner[s] < 0 or slot_ind[s] != ind or slot_level[s] >= lvl:
            continue
        if owner[s] == seat:
            found.append(s)
        elif not own_here and ind in (COAL, IRON) and _resource_gone(state, ind, memo):
            found.append(s)
    return found


def lowest_levels(state: BrassState, seat: int) -> tuple[int, ...]:
    """Level index of the lowest tile left on the seat's mat, per industry (-1: none left)."""
    return state.lowest_levels(seat)


def legal_builds_plain(state: BrassState, seat: int) -> list[BuildIndustry]:
    """The rule as stated, for ``legal_builds`` to be checked against: every card in hand (sorted,
    once each) crossed with every place and industry it allows (``card_targets``), the industry's
    lowest tile on the seat's mat, in each slot it may go in (``candidate_slots``), when the seat's
    money pays its price, coal and iron included, worked out afresh (``BuildCosts.build``). Written
    for clarity, not speed."""
    costs = BuildCosts(state)
    board = state.board
    money = state.money[seat]
    out: list[BuildIndustry] = []
    for card in sorted(set(state.hands[seat])):
        for loc, inds in card_targets(state, seat, card):
            for ind in inds:
                if ind not in board.loc_inds[loc]:
                    continue
                lvl = state.lowest_level(seat, ind)
                slots = candidate_slots(state, seat, loc, ind, lvl)
                if not slots:
                    continue
                cost = costs.build(seat, loc, ind, lvl)
                if cost is None or cost > money:
                    continue
                out += [BuildIndustry(card, s, INDUSTRIES[ind]) for s in slots]
    return out


def legal_builds(
    state: BrassState,
    seat: int,
    memo: BoardMemo | None = None,
    cards: Sequence[str] | None = None,
    lowest: tuple[int, ...] | None = None,
) -> list[BuildIndustry]:
    """Every legal BuildIndustry of the seat (card x slot x industry), costs and coal checked:
    ``legal_builds_plain``, the speed kernel.

    The seat's targets (slots per place and industry) are worked out once per layout, seat and mat
    (``SeatBuilds``), priced once per board position (``PricedTargets``) and shared by every card; a
    decision only keeps the builds the seat's money pays for."""
    out: list[BuildIndustry] = []
    walk_builds(state.board, build_part(state, seat, memo, cards, lowest), -1, out)
    return out


def build_part(
    state: BrassState,
    seat: int,
    memo: BoardMemo | None = None,
    cards: Sequence[str] | None = None,
    lowest: tuple[int, ...] | None = None,
) -> tuple[int, PricedTargets, list[tuple[str, Sequence[int], tuple[int, ...] | None]]]:
    """What listing the seat's builds reads: its money, its priced targets, and per card (``cards``,
    else the distinct cards in hand, sorted) the places and industries it allows (None: every one
    the place has), as ``card_places``. A snapshot: the moves read from it never change."""
    if memo is None:
        memo = board_memo(state)
    key = (
        seat,
        lowest_levels(state, seat) if lowest is None else lowest,
        _resource_gone(state, COAL, memo),
        _resource_gone(state, IRON, memo),
    )
    targets = memo.targets.get(key)
    if targets is None:
        table = memo.builds.get(key)
        if table is None:
            table = memo.builds[key] = SeatBuilds(state, *key, memo)
        targets = memo.targets[key] = PricedTargets(table, memo)
    if cards is None:
        cards = sorted(set(state.hands[seat]))
    specs = []
    for card in cards:
        places, inds = card_places(state, seat, card, memo)
        specs.append((card, places, inds))
    return state.money[seat], targets, specs


def card_places(
    state: BrassState, seat: int, card: str, memo: BoardMemo
) -> tuple[Sequence[int], tuple[int, ...] | None]:
    """The places a card builds in and the industries it allows there (None: every industry the place
    has a slot for), in legal-action order (``card_targets`` without the pairs)."""
    board = state.board
    loc = board.card_location.get(card)
    if loc is not None:
        return board.loc_single[loc], None
    if card == WILD_LOCATION:
        return board.town_locs, None
    places = memo.build_places(state, seat) if memo.has_pieces(state, seat) else board.build_locs
    return places, board.card_industries[card]


def walk_builds(
    board: Board,
    part: tuple[int, PricedTargets, list[tuple[str, Sequence[int], tuple[int, ...] | None]]],
    pick: int,
    out: list[Any] | None,
) -> Any:
    """Walk the builds of ``build_part`` in legal-action order: with ``out``, append every one; else
    with ``pick`` >= 0 return the pick-th; else return how many there are."""
    money, targets, specs = part
    loc_ind_order = board.loc_ind_order
    rows = targets.rows
    n = 0
    for card, places, inds in specs:
        made: list[Any] = []
        if out is not None:
            made = _action_row(board, card)
        for loc in places:
            row = rows.get(loc)
            if row is None:
                row = targets.place(board, loc)
            for ind in loc_ind_order[loc] if inds is None else inds:
                entry = row[ind]
                if entry is None or entry[0] > money:
                    continue
                slots = entry[1]
                if out is not None:
                    for s in slots:
                        found = made[s * _N_INDS + ind]
                        out.append(build_action(board, card, s, ind) if found is None else found)
                elif 0 <= pick - n < len(slots):
                    return build_action(board, card, slots[pick - n], ind)
                n += len(slots)
    if pick >= 0 and out is None:
        raise IndexError("build index out of range")
    return n


def build_action(board: Board, card: str, slot: int, ind: int) -> BuildIndustry:
    """The (shared) BuildIndustry of a card, slot and industry (kept per board and card by slot and industry)."""
    row = _action_row(board, card)
    found = row[slot * _N_INDS + ind]
    if found is None:
        found = row[slot * _N_INDS + ind] = action(BuildIndustry, card, slot, INDUSTRIES[ind])
    return found


def _action_row(board: Board, card: str) -> list[Any]:
    """The card's BuildIndustry actions made so far, by slot and industry (None: not made yet)."""
    key = (BuildIndustry, card)
    row = board.action_rows.get(key)
    if row is None:
        row = board.action_rows[key] = [None] * (len(board.slot_loc) * _N_INDS)
    return row


class SeatBuilds:
    """One seat's build targets in one layout of tiles and links, for the seat's current mat."""

    __slots__ = ("seat", "lowest", "buildable", "own_locs", "overbuild", "over_locs")

    def __init__(
        self,
        state: BrassState,
        seat: int,
        lowest: tuple[int, ...],
        coal_gone: bool,
        iron_gone: bool,
        memo: BoardMemo,
    ) -> None:
        board = state.board
        canal = state.era == CANAL
        tiles = board.tiles
        self.seat = seat
        self.lowest = lowest
        self.buildable = [
            lvl >= 0 and (tiles[ind][lvl].canal if canal else tiles[ind][lvl].rail)
            for ind, lvl in enumerate(lowest)
        ]
        gone = {COAL: coal_gone, IRON: iron_gone}
        owner, slot_ind, slot_level, slot_loc = (
            state.slot_owner,
            state.slot_ind,
            state.slot_level,
            board.slot_loc,
        )
        self.own_locs: set[int] = set()
        """Canal era: places where the seat already has a tile (only own overbuilds there)."""
        found: dict[tuple[int, int], list[tuple[int, bool]]] = {}
        for s, o in enumerate(owner):
            if o < 0:
                continue
            if o == seat and canal:
                self.own_locs.add(slot_loc[s])
            ind = slot_ind[s]
            if slot_level[s] >= lowest[ind]:
                continue
            if o == seat or gone.get(ind, False):
                found.setdefault((slot_loc[s], ind), []).append((s, o == seat))
        self.overbuild: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]] = {
            key: (tuple(s for s, _ in over), tuple(s for s, own in over if own))
            for key, over in found.items()
        }
        """(place, industry) -> slots of the tiles the seat's lowest tile could replace (in slot order):
        all of them, and the seat's own only (in the canal era where it already has a tile)."""
        self.over_locs = {loc for loc, _ in self.overbuild}
        """Places with an overbuild option."""


class PricedTargets:
    """One seat's build targets priced in one board position, place by place (filled when first asked for).

    ``place(board, loc)``: per industry, None or (full price, slots): the slots are those of
    ``candidate_slots`` (the layout's free picks, none where the seat already has a tile in the canal
    era, then the overbuild options); targets whose coal cannot be had are None. Every card that
    builds at a place shares its row. Reads only the memo (a snapshot), never the state."""

    __slots__ = ("table", "masks", "costs", "rows")

    def __init__(self, table: SeatBuilds, memo: BoardMemo) -> None:
        self.table = table
        self.masks = memo.masks
        self.costs = memo.costs
        self.rows: dict[int, list[tuple[int, tuple[int, ...]] | None]] = {}

    def place(self, board: Board, loc: int) -> list[tuple[int, tuple[int, ...]] | None]:
        row = self.rows.get(loc)
        if row is not None:
            return row
        table = self.table
        row = [None] * _N_INDS
        picks = board.free_picks[loc][self.masks[loc]]
        own_here = loc in table.own_locs
        over_here = loc in table.over_locs
        buildable, lowest, costs = table.buildable, table.lowest, self.costs
        for ind in board.loc_ind_order[loc]:
            if not buildable[ind]:
                continue
            slots: tuple[int, ...]
            if own_here:
                slots = ()
                if over_here:
                    over = table.overbuild.get((loc, ind))
                    if over:
                        slots = over[1]
            else:
                slots = picks[ind]
                if over_here:
                    over = table.overbuild.get((loc, ind))
                    if over:
                        slots = slots + over[0]
            if not slots:
                continue
            price = costs.build(table.seat, loc, ind, lowest[ind])
            if price is not None:
                row[ind] = (price, slots)
        self.rows[loc] = row
        return row


_N_INDS = len(INDUSTRIES)


class BuildIndustryKind(MainKind):
    action = BuildIndustry
    stat = "build_industry"

    def count(self, ctx: LegalContext) -> int:
        part = build_part(ctx.state, ctx.seat, ctx.memo, ctx.cards, ctx.lowest)
        ctx.parts.append(part)
        return walk_builds(ctx.state.board, part, -1, None)

    def at(self, ctx: LegalContext, part: Any, i: int) -> Any:
        return walk_builds(ctx.state.board, part, i, None)

    def expand(self, ctx: LegalContext, part: Any) -> list[Any]:
        out: list[Any] = []
        walk_builds(ctx.state.board, part, -1, out)
        return out

    def effect(self, state: BrassState, seat: int, a: BuildIndustry) -> None:
        board = state.board
        ind = board.ind_index[a.industry]
        lvl = state.lowest_level(seat, ind)
        tile = board.tiles[ind][lvl]
        pay(state, seat, tile.cost)
        state.mat[seat][ind][lvl] -= 1
        overbuild = state.slot_owner[a.slot] >= 0
        if overbuild:
            state.clear_slot(a.slot, "overbuilt")
        state.slot_log[a.slot] = len(state.tile_log)
        state.tile_log.append(
            {
                "seat": seat,
                "era": ERA_NAMES[state.era],
                "round": state.round,
                "industry": a.industry,
                "level": tile.level,
                "place": board.loc_names[board.slot_loc[a.slot]],
                "overbuild": overbuild,
                "flipped": False,
                "vp": 0,
                "removed": "",
            }
        )
        state.slot_owner[a.slot] = seat
        state.slot_ind[a.slot] = ind
        state.slot_level[a.slot] = lvl
        key = "tiles_built_" + a.industry
        state.stats[seat][key] = state.stats[seat].get(key, 0.0) + 1
        steps: list[Decision] = []
        if tile.coal:
            steps.append(Decision("coal", seat, (tile.coal, (board.slot_loc[a.slot],))))
        if tile.iron:
            steps.append(Decision("iron", seat, (tile.iron,)))
        steps.append(Decision("produce", seat, a.slot))
        push_steps(state, steps)

    def describe(self, state: BrassState, a: BuildIndustry) -> str:
        board = state.board
        ind = board.ind_index[a.industry]
        level = board.tiles[ind][state.lowest_level(state.current_seat(), ind)].level
        place = board.loc_names[board.slot_loc[a.slot]]
        return f"BuildIndustry {a.industry} L{level} @ {place} slot {a.slot} (card {a.card})"


class ProduceStep(StepKind):
    """A new tile's cubes/barrels (B18), then coal/iron sold to the market if allowed (B30)."""

    kind = "produce"

    def auto(self, state: BrassState, step: Decision) -> bool:
        state.pending.pop()
        slot = step.data
        board = state.board
        ind = state.slot_ind[slot]
        tile = board.tiles[ind][state.slot_level[slot]]
        if ind == BREWERY:
            state.slot_res[slot] = tile.produce_canal if state.era == CANAL else tile.produce_rail
        elif ind in (COAL, IRON):
            state.slot_res[slot] = tile.produce
            if ind == IRON or merchant_connected(state, distances(state, (board.slot_loc[slot],))):
                sell_to_market(state, slot)
        return False


KINDS: list[MainKind] = [BuildIndustryKind()]
STEPS: list[StepKind] = [ProduceStep()]
