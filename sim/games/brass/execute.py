"""Applying actions: main actions open follow-up steps on ``state.pending``; ``advance`` resolves
every step that needs no choice and stops at the first one that does."""

from __future__ import annotations

from typing import Any

from sim.games.brass import rounds
from sim.games.brass.actions import (
    ACTION_STAT,
    BuildIndustry,
    BuildLink,
    BuildSecondLink,
    ChooseBeer,
    ChooseCoal,
    ChooseIron,
    Develop,
    DevelopAnother,
    FreeDevelop,
    Pass,
    RemoveTile,
    Scout,
    Sell,
    SellAnother,
    Stop,
    TakeLoan,
)
from sim.games.brass.board import WILD_INDUSTRY, WILD_LOCATION
from sim.games.brass.legal import decision_actions, refund, refund_tiles
from sim.games.brass.resources import (
    BREWERY,
    COAL,
    IRON,
    buy_from_market,
    distances,
    flip,
    gain_income,
    merchant_connected,
    pay,
    sell_to_market,
    take_from_tile,
)
from sim.games.brass.state import CANAL, ERA_NAMES, BrassState


def discard(state: BrassState, seat: int, card: str) -> None:
    """Play a card: wilds go back to their piles, others to the seat's discard pile."""
    state.hands[seat].remove(card)
    if card == WILD_LOCATION:
        state.wild_location += 1
    elif card == WILD_INDUSTRY:
        state.wild_industry += 1
    else:
        state.discards[seat].append(card)


def apply_action(state: BrassState, action: Any) -> None:
    """Apply a legal action (main or follow-up) and resolve what follows automatically."""
    seat = state.current_seat()
    kind = type(action)
    if kind in ACTION_STAT:
        key = "actions_" + ACTION_STAT[kind]
        state.stats[seat][key] = state.stats[seat].get(key, 0.0) + 1
        _MAIN[kind](state, seat, action)
    else:
        _FOLLOW[kind](state, seat, action)
    advance(state)


# --- main actions ---------------------------------------------------------------


def _build_industry(state: BrassState, seat: int, a: BuildIndustry) -> None:
    board = state.board
    discard(state, seat, a.card)
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
    loc = board.slot_loc[a.slot]
    steps: list[tuple[Any, ...]] = []
    if tile.coal:
        steps.append(("coal", seat, tile.coal, (loc,)))
    if tile.iron:
        steps.append(("iron", seat, tile.iron))
    steps.append(("produce", seat, a.slot))
    steps.append(("end", seat))
    state.pending[:0] = steps


def _place_link(state: BrassState, seat: int, link: str, price: int, beer: int) -> None:
    board = state.board
    j = board.link_index[link]
    pay(state, seat, price)
    state.link_owner[j] = seat
    state.links_left[seat] -= 1
    steps: list[tuple[Any, ...]] = []
    if state.era != CANAL:
        ends = board.link_ends[j]
        steps.append(("coal", seat, board.params.links.rail_coal, ends))
        if beer:
            steps.append(("beer", seat, beer, ends, -1))
    state.pending[:0] = steps


def _build_link(state: BrassState, seat: int, a: BuildLink) -> None:
    costs = state.board.params.links
    discard(state, seat, a.card)
    state.pending[:0] = [("end", seat)]
    if state.era != CANAL:
        state.pending.insert(0, ("second_link", seat))
    _place_link(state, seat, a.link, costs.canal_cost if state.era == CANAL else costs.rail_cost, 0)


def _develop_tile(state: BrassState, seat: int, industry: str, iron: bool) -> None:
    ind = state.board.ind_index[industry]
    state.mat[seat][ind][state.lowest_level(seat, ind)] -= 1
    state.stats[seat]["tiles_developed"] = state.stats[seat].get("tiles_developed", 0.0) + 1
    per_tile = state.board.params.develop.iron_per_tile
    if iron and per_tile:
        state.pending.insert(0, ("iron", seat, per_tile))


def _develop(state: BrassState, seat: int, a: Develop) -> None:
    discard(state, seat, a.card)
    state.pending[:0] = [("more_develop", seat, 1), ("end", seat)]
    _develop_tile(state, seat, a.industry, True)


def _sell_tile(state: BrassState, seat: int, slot: int, merchant: int) -> None:
    tile = state.board.tiles[state.slot_ind[slot]][state.slot_level[slot]]
    steps: list[tuple[Any, ...]] = []
    if tile.beer:
        steps.append(("beer", seat, tile.beer, (state.board.slot_loc[slot],), merchant))
    steps.append(("flip", seat, slot))
    steps.append(("more_sell", seat))
    state.pending[:0] = steps


def _sell(state: BrassState, seat: int, a: Sell) -> None:
    discard(state, seat, a.card)
    state.pending.insert(0, ("end", seat))
    _sell_tile(state, seat, a.slot, a.merchant)


def _take_loan(state: BrassState, seat: int, a: TakeLoan) -> None:
    loan = state.board.params.loan
    discard(state, seat, a.card)
    state.money[seat] += loan.money
    level = state.income_level(seat) - loan.levels_down
    state.income_space[seat] = state.board.highest_space[level]
    state.pending.insert(0, ("end", seat))


def _scout(state: BrassState, seat: int, a: Scout) -> None:
    for card in a.cards:
        discard(state, seat, card)
    state.hands[seat] += [WILD_LOCATION, WILD_INDUSTRY]
    state.wild_location -= 1
    state.wild_industry -= 1
    state.pending.insert(0, ("end", seat))


def _pass(state: BrassState, seat: int, a: Pass) -> None:
    discard(state, seat, a.card)
    state.pending.insert(0, ("end", seat))


_MAIN = {
    BuildIndustry: _build_industry,
    BuildLink: _build_link,
    Develop: _develop,
    Sell: _sell,
    TakeLoan: _take_loan,
    Scout: _scout,
    Pass: _pass,
}


# --- follow-up choices ---------------------------------------------------------------


def _second_link(state: BrassState, seat: int, a: BuildSecondLink) -> None:
    costs = state.board.params.links
    state.pending.pop(0)
    _place_link(state, seat, a.link, costs.double_rail_cost - costs.rail_cost, costs.double_rail_beer)


def _develop_another(state: BrassState, seat: int, a: DevelopAnother) -> None:
    done = state.pending.pop(0)[2] + 1
    if done < state.board.params.develop.max_tiles:
        state.pending.insert(0, ("more_develop", seat, done))
    _develop_tile(state, seat, a.industry, True)


def _sell_another(state: BrassState, seat: int, a: SellAnother) -> None:
    state.pending.pop(0)
    _sell_tile(state, seat, a.slot, a.merchant)


def _stop(state: BrassState, seat: int, a: Stop) -> None:
    state.pending.pop(0)


def _free_develop(state: BrassState, seat: int, a: FreeDevelop) -> None:
    state.pending.pop(0)
    _develop_tile(state, seat, a.industry, False)


def _use_one(state: BrassState) -> None:
    """Count one unit of the first pending resource step as delivered."""
    task = state.pending[0]
    if task[2] <= 1:
        state.pending.pop(0)
    else:
        state.pending[0] = (task[0], task[1], task[2] - 1, *task[3:])


def _choose_coal(state: BrassState, seat: int, a: ChooseCoal) -> None:
    take_from_tile(state, a.slot)
    _use_one(state)


def _choose_iron(state: BrassState, seat: int, a: ChooseIron) -> None:
    take_from_tile(state, a.slot)
    _use_one(state)


def _choose_beer(state: BrassState, seat: int, a: ChooseBeer) -> None:
    _use_one(state)
    if not a.merchant:
        take_from_tile(state, a.source)
        return
    state.mslot_beer[a.source] -= 1
    kind, amount = state.board.merchant_bonus[state.mslot_loc[a.source]]
    stats = state.stats[seat]
    stats["merchant_bonuses"] = stats.get("merchant_bonuses", 0.0) + 1
    if kind == "vp":
        state.vp[seat] += amount
        stats["vp_merchant_bonus"] = stats.get("vp_merchant_bonus", 0.0) + amount
    elif kind == "money":
        state.money[seat] += amount
    elif kind == "income":
        gain_income(state, seat, amount)
    else:
        insert_at = 1 if state.pending and state.pending[0][0] == "beer" else 0
        for _ in range(amount):
            state.pending.insert(insert_at, ("gloucester", seat))


def _remove_tile(state: BrassState, seat: int, a: RemoveTile) -> None:
    state.money[seat] += refund(state, a.slot)
    state.clear_slot(a.slot, "shortfall")
    state.stats[seat]["tiles_lost_shortfall"] = state.stats[seat].get("tiles_lost_shortfall", 0.0) + 1


_FOLLOW = {
    BuildSecondLink: _second_link,
    DevelopAnother: _develop_another,
    SellAnother: _sell_another,
    Stop: _stop,
    FreeDevelop: _free_develop,
    ChooseCoal: _choose_coal,
    ChooseIron: _choose_iron,
    ChooseBeer: _choose_beer,
    RemoveTile: _remove_tile,
}


# --- automatic resolution ------------------------------------------------------------


def _produce(state: BrassState, slot: int) -> None:
    """Place a new tile's cubes/barrels, then sell coal/iron to the market if allowed."""
    board = state.board
    ind = state.slot_ind[slot]
    tile = board.tiles[ind][state.slot_level[slot]]
    if ind == BREWERY:
        state.slot_res[slot] = tile.produce_canal if state.era == CANAL else tile.produce_rail
    elif ind in (COAL, IRON):
        state.slot_res[slot] = tile.produce
        if ind == IRON or merchant_connected(state, distances(state, (board.slot_loc[slot],))):
            sell_to_market(state, slot)


def _income(state: BrassState, seat: int) -> bool:
    """Pay income; return False when the seat must choose a tile to remove for a shortfall."""
    level = state.income_level(seat)
    if level >= 0 or state.money[seat] >= -level:
        state.money[seat] += level
        return True
    if refund_tiles(state, seat):
        return False
    short = -level - state.money[seat]
    state.money[seat] = 0
    lost = min(state.vp[seat], short * state.board.params.shortfall.vp_per_pound_short)
    state.vp[seat] -= lost
    state.stats[seat]["vp_lost_shortfall"] = state.stats[seat].get("vp_lost_shortfall", 0.0) + lost
    return True


def advance(state: BrassState) -> None:
    """Resolve pending steps until one needs a player's choice or none is left."""
    while state.pending:
        task = state.pending[0]
        kind, seat = task[0], task[1]
        if kind == "coal" or kind == "iron":
            if task[2] <= 0:
                state.pending.pop(0)
                continue
            options = decision_actions(state, task)
            if not options:
                buy_from_market(state, seat, COAL if kind == "coal" else IRON, task[2])
                state.pending.pop(0)
            elif len(options) == 1 or sum(state.slot_res[o.slot] for o in options) <= task[2]:
                take_from_tile(state, options[0].slot)
                _use_one(state)
            else:
                return
        elif kind == "beer":
            options = decision_actions(state, task)
            if not options:
                raise RuntimeError("beer step without any beer source")
            barrels = sum(
                state.mslot_beer[o.source] if o.merchant else state.slot_res[o.source] for o in options
            )
            if len(options) == 1 or barrels <= task[2]:  # one source, or every barrel gets used
                _choose_beer(state, seat, options[0])
            else:
                return
        elif kind == "produce":
            state.pending.pop(0)
            _produce(state, task[2])
        elif kind == "flip":
            state.pending.pop(0)
            flip(state, task[2])
        elif kind == "end":
            state.pending.pop(0)
            rounds.end_action(state)
        elif kind == "income":
            if _income(state, seat):
                state.pending.pop(0)
            else:
                options = decision_actions(state, task)
                if len(options) > 1:
                    return
                _remove_tile(state, seat, options[0])
        elif kind == "after_income":
            state.pending.pop(0)
            rounds.after_income(state)
        else:  # optional follow-ups: wait only if there is something to choose
            if len(decision_actions(state, task)) <= 1:
                state.pending.pop(0)
            else:
                return
