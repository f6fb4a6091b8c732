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
from sim.games.brass.board import WILD_LOCATION, Board
from sim.games.brass.kinds import LegalContext, MainKind, StepKind, push_steps
from sim.games.brass.memo import BoardMemo, action, board_memo
from sim.games.brass.params import INDUSTRIES
from sim.games.brass.resources import (
    BREWERY,
    COAL,
    IRON,
    distances,
    merchant_connected,
    pay,
    sell_to_market,
)
from sim.games.brass.state import CANAL, ERA_NAMES, BrassState


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


def legal_builds(
    state: BrassState,
    seat: int,
    memo: BoardMemo | None = None,
    cards: Sequence[str] | None = None,
    lowest: tuple[int, ...] | None = None,
) -> list[BuildIndustry]:
    """Every legal BuildIndustry of the seat (card x slot x industry), costs and coal checked.

    Each card's targets (slots per place and industry) are worked out once per layout, seat and mat
    (``SeatBuilds``), their full prices once per board position (``memo.BoardMemo.priced``); a
    decision only keeps the builds the seat's money pays for."""
    money = state.money[seat]
    out: list[BuildIndustry] = []
    for chunks in card_chunks(state, seat, memo, cards, lowest):
        for price, actions in chunks:
            if price <= money:
                out += actions
    return out


def card_chunks(
    state: BrassState,
    seat: int,
    memo: BoardMemo | None = None,
    cards: Sequence[str] | None = None,
    lowest: tuple[int, ...] | None = None,
) -> list[list[tuple[int, tuple[BuildIndustry, ...]]]]:
    """Per card (``cards``, else the distinct cards in hand, sorted), its builds as (full price,
    actions) chunks in legal-action order, money aside (shared lists: not to be changed)."""
    if memo is None:
        memo = board_memo(state)
    key = (
        seat,
        lowest_levels(state, seat) if lowest is None else lowest,
        _resource_gone(state, COAL, memo),
        _resource_gone(state, IRON, memo),
    )
    tables = memo.builds
    table = tables.get(key)
    if table is None:
        table = tables[key] = SeatBuilds(state, *key, memo)
    by_card = memo.priced.get(key)
    if by_card is None:
        by_card = memo.priced[key] = {}
    if cards is None:
        cards = sorted(set(state.hands[seat]))
    out = []
    for card in cards:
        chunks = by_card.get(card)
        if chunks is None:
            chunks = by_card[card] = table.priced(state, card, memo)
        out.append(chunks)
    return out


class SeatBuilds:
    """One seat's build targets in one layout of tiles and links, for the seat's current mat.

    ``priced``: per card, its builds as (full price, actions) chunks in legal-action order.
    """

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

    def priced(
        self, state: BrassState, card: str, memo: BoardMemo
    ) -> list[tuple[int, tuple[BuildIndustry, ...]]]:
        """(full price, actions) chunks of every build the card allows, money aside, in legal-action order.

        The slots are those of ``candidate_slots``: the layout's free picks (``Board.free_picks``),
        none where the seat already has a tile in the canal era, then the overbuild options; chunks
        whose coal cannot be had are left out."""
        board = state.board
        free_picks, loc_inds, loc_ind_order = board.free_picks, board.loc_inds, board.loc_ind_order
        masks = memo.masks
        costs = memo.costs
        comp, prices, build = costs.comp, costs.prices, costs.build
        buildable, lowest, own_locs, overbuild = self.buildable, self.lowest, self.own_locs, self.overbuild
        over_locs = self.over_locs
        seat = self.seat
        # the places and industries of ``card_targets``, without building the pairs
        card_inds: tuple[int, ...] | None = None  # None: every industry the place has a slot for
        if card in board.card_location:
            places: Sequence[int] = (board.card_location[card],)
        elif card == WILD_LOCATION:
            places = board.town_locs
        else:
            card_inds = board.card_industries[card]
            places = memo.build_places(state, seat) if memo.has_pieces(state, seat) else board.build_locs
        row_key = (BuildIndustry, card)
        row = board.action_rows.get(row_key)
        if row is None:
            row = board.action_rows[row_key] = [None] * (len(board.slot_loc) * _N_INDS)
        out: list[tuple[int, tuple[BuildIndustry, ...]]] = []
        for loc in places:
            here = loc_inds[loc]
            if card_inds is not None and here.isdisjoint(card_inds):
                continue
            picks = free_picks[loc][masks[loc]]
            own_here = loc in own_locs
            c = comp[loc]
            for ind in loc_ind_order[loc] if card_inds is None else card_inds:
                if not buildable[ind] or ind not in here:
                    continue
                slots: tuple[int, ...]
                if own_here:
                    slots = ()
                    if loc in over_locs:
                        over = overbuild.get((loc, ind))
                        if over:
                            slots = over[1]
                else:
                    slots = picks[ind]
                    if loc in over_locs:
                        over = overbuild.get((loc, ind))
                        if over:
                            slots = slots + over[0]
                if not slots:
                    continue
                lvl = lowest[ind]
                key = (c * 8 + ind) * 64 + lvl  # resources.price_key, inlined
                price = prices[key] if key in prices else build(seat, loc, ind, lvl)
                if price is None:
                    continue
                if len(slots) == 1:
                    single = row[slots[0] * _N_INDS + ind]
                    if single is None:
                        single = row[slots[0] * _N_INDS + ind] = (
                            action(BuildIndustry, card, slots[0], INDUSTRIES[ind]),
                        )
                    out.append((price, single))
                else:
                    out.append((price, build_actions(board, card, slots, ind)))
        return out


def build_actions(board: Board, card: str, slots: tuple[int, ...], ind: int) -> tuple[BuildIndustry, ...]:
    """The (shared) BuildIndustry actions of one card, industry and slot list.

    Kept per board and card in a row indexed by slot and industry (``Board.action_rows``): each
    entry is the one-action tuple of that slot and industry."""
    key = (BuildIndustry, card)
    row = board.action_rows.get(key)
    if row is None:
        row = board.action_rows[key] = [None] * (len(board.slot_loc) * _N_INDS)
    out = []
    for s in slots:
        single = row[s * _N_INDS + ind]
        if single is None:
            single = row[s * _N_INDS + ind] = (action(BuildIndustry, card, s, INDUSTRIES[ind]),)
        out.append(single[0])
    return tuple(out)


_N_INDS = len(INDUSTRIES)


class BuildIndustryKind(MainKind):
    action = BuildIndustry
    stat = "build_industry"

    def options(self, ctx: LegalContext) -> list[Any]:
        return legal_builds(ctx.state, ctx.seat, ctx.memo, ctx.cards, ctx.lowest)

    def count(self, ctx: LegalContext) -> int:
        money = ctx.state.money[ctx.seat]
        per_card = card_chunks(ctx.state, ctx.seat, ctx.memo, ctx.cards, ctx.lowest)
        ctx.parts.append((money, per_card))
        n = 0
        for chunks in per_card:
            for price, actions in chunks:
                if price <= money:
                    n += len(actions)
        return n

    def at(self, ctx: LegalContext, part: Any, i: int) -> Any:
        money, per_card = part
        for chunks in per_card:
            for price, actions in chunks:
                if price <= money:
                    if i < len(actions):
                        return actions[i]
                    i -= len(actions)
        raise IndexError("build index out of range")

    def expand(self, ctx: LegalContext, part: Any) -> list[Any]:
        money, per_card = part
        out: list[Any] = []
        for chunks in per_card:
            for price, actions in chunks:
                if price <= money:
                    out += actions
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
