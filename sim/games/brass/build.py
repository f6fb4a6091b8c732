"""Build an industry tile (B15-B20, B28, B29, B33, B38): where a card allows it, which slot, cost.

``BuildIndustry`` pays the tile's cost, places the seat's lowest tile of the industry, then
opens the steps ``coal`` and ``iron`` (the tile's resources, see ``supply``) and ``produce``
(cubes or barrels on the new tile, coal/iron sold to the market at once).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.core.decisions import Decision
from sim.games.brass.board import WILD_LOCATION
from sim.games.brass.kinds import LegalContext, MainKind, StepKind, push_steps
from sim.games.brass.params import INDUSTRIES
from sim.games.brass.resources import (
    BREWERY,
    COAL,
    IRON,
    BuildCosts,
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
    state: BrassState, seat: int, card: str, network: set[int] | None = None
) -> list[tuple[int, tuple[int, ...]]]:
    """(place, industries) a card lets the seat build, before slot and cost checks."""
    board = state.board
    all_inds = tuple(range(len(INDUSTRIES)))
    if card in board.card_location:
        return [(board.card_location[card], all_inds)]
    if card == WILD_LOCATION:
        return [(loc, all_inds) for loc in board.town_locs]
    inds = board.card_industries[card]
    if state.has_pieces(seat):
        if network is None:
            network = state.network(seat)
        places = sorted(loc for loc in network if not board.is_merchant[loc])
    else:
        places = board.build_locs
    return [(loc, inds) for loc in places]


def _resource_gone(state: BrassState, ind: int) -> bool:
    """No cube of this resource on any tile nor in its market (opponent overbuild condition)."""
    market = state.coal_cubes if ind == COAL else state.iron_cubes
    if market:
        return False
    return not any(
        o >= 0 and state.slot_ind[s] == ind and state.slot_res[s] for s, o in enumerate(state.slot_owner)
    )


def candidate_slots(state: BrassState, seat: int, loc: int, ind: int, lvl: int | None = None) -> list[int]:
    """Slots where the seat's lowest tile of ind may go (slot preference, canal limit, overbuild)."""
    board = state.board
    if lvl is None:
        lvl = state.lowest_level(seat, ind)
    if lvl < 0:
        return []
    tile = board.tiles[ind][lvl]
    if not (tile.canal if state.era == CANAL else tile.rail):
        return []
    owner = state.slot_owner
    slots = board.loc_slots[loc]
    own_here = state.era == CANAL and any(owner[s] == seat for s in slots)
    found: list[int] = []
    if not own_here:
        free = [s for s in slots if owner[s] < 0 and ind in board.slot_inds[s]]
        singles = [s for s in free if len(board.slot_inds[s]) == 1]
        if singles:
            found.append(singles[0])
        else:
            seen: set[tuple[int, ...]] = set()
            for s in free:
                if board.slot_inds[s] not in seen:
                    seen.add(board.slot_inds[s])
                    found.append(s)
    for s in slots:
        if owner[s] < 0 or state.slot_ind[s] != ind or state.slot_level[s] >= lvl:
            continue
        if owner[s] == seat:
            found.append(s)
        elif not own_here and ind in (COAL, IRON) and _resource_gone(state, ind):
            found.append(s)
    return found


def legal_builds(state: BrassState, seat: int, costs: BuildCosts | None = None) -> list[BuildIndustry]:
    """Every legal BuildIndustry of the seat (card x slot x industry), costs and coal checked."""
    out: list[BuildIndustry] = []
    checked: dict[tuple[int, int], list[int]] = {}
    money = state.money[seat]
    network = state.network(seat)
    costs = costs or BuildCosts(state)
    board = state.board
    lowest = [state.lowest_level(seat, ind) for ind in range(len(INDUSTRIES))]
    buildable = {
        ind
        for ind, lvl in enumerate(lowest)
        if lvl >= 0 and (board.tiles[ind][lvl].canal if state.era == CANAL else board.tiles[ind][lvl].rail)
    }
    for card in sorted(set(state.hands[seat])):
        for loc, inds in card_targets(state, seat, card, network):
            for ind in inds:
                if ind not in buildable or ind not in board.loc_inds[loc]:
                    continue
                key = (loc, ind)
                if key not in checked:
                    slots = candidate_slots(state, seat, loc, ind, lowest[ind])
                    if slots:
                        cost = costs.build(seat, loc, ind, lowest[ind])
                        if cost is None or cost > money:
                            slots = []
                    checked[key] = slots
                for s in checked[key]:
                    out.append(BuildIndustry(card, s, INDUSTRIES[ind]))
    return out


class BuildIndustryKind(MainKind):
    action = BuildIndustry
    stat = "build_industry"

    def options(self, ctx: LegalContext) -> list[Any]:
        return legal_builds(ctx.state, ctx.seat, ctx.costs)

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


KINDS = [BuildIndustryKind()]
STEPS = [ProduceStep()]
