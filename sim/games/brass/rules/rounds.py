"""Turn, round and era flow: refills, turn order, income, era scoring, the canal-to-rail reset.

Steps: ``end`` (the last step of every main action) and ``after_income`` (queued after the
round's ``income`` steps: next round, or era scoring).
"""

from __future__ import annotations

from sim.core.decisions import Decision

from .kinds import StepKind
from .state import CANAL, ERA_NAMES, RAIL, BrassState


def actions_this_turn(state: BrassState) -> int:
    """Actions per turn: one in the first canal round, otherwise the normal count."""
    params = state.board.params
    if state.era == CANAL and state.round_in_era == 1:
        return params.first_round_actions
    return params.actions_per_turn


def refill(state: BrassState, seat: int) -> None:
    """Draw up to the hand size while the deck lasts."""
    hand = state.hands[seat]
    while len(hand) < state.board.params.hand_size and state.deck:
        hand.append(state.deck.pop())


def end_action(state: BrassState) -> None:
    """One action done: next action, next player, or the end of the round."""
    seat = state.order[state.turn_pos]
    state.actions_left -= 1
    if state.actions_left > 0 and state.hands[seat]:
        return
    refill(state, seat)
    state.turn_pos += 1
    next_turn(state)


def next_turn(state: BrassState) -> None:
    """Start the turn at ``turn_pos``, skipping empty hands; end the round when nobody is left."""
    # a player whose hand ran out (only possible with uneven custom decks) sits the round out
    while state.turn_pos < state.n_players and not state.hands[state.order[state.turn_pos]]:
        state.turn_pos += 1
    if state.turn_pos < state.n_players:
        state.actions_left = actions_this_turn(state)
        return
    end_round(state)


def era_over(state: BrassState) -> bool:
    """An era ends when the deck and every hand are empty."""
    return not state.deck and not any(state.hands)


def end_round(state: BrassState) -> None:
    """New turn order by money spent (stable), then income unless this is the game's last round."""
    state.order = sorted(state.order, key=lambda seat: state.spent[seat])
    state.spent = [0] * state.n_players
    if not (state.era == RAIL and era_over(state)):
        for seat in state.order:
            state.pending.queue(Decision("income", seat))
    state.pending.queue(Decision("after_income", -1))


def after_income(state: BrassState) -> None:
    """Start the next round, or score the era (and reset for rail, or end the game)."""
    if era_over(state):
        score_era(state)
        if state.era == RAIL:
            state.finished = True
            return
        start_rail_era(state)
    else:
        state.round_in_era += 1
    state.round += 1
    state.turn_pos = 0
    next_turn(state)


def link_value(state: BrassState, link: int) -> int:
    """VP a link scores now: link icons of flipped tiles at its ends plus merchants' printed icons."""
    board = state.board
    total = 0
    for end in board.link_ends[link]:
        total += place_icons(state, end)
    return total


def place_icons(state: BrassState, loc: int) -> int:
    """Link icons of a place: printed for merchants, else those of its flipped tiles."""
    board = state.board
    if board.is_merchant[loc]:
        return board.merchant_icons[loc]
    icons = 0
    for s in board.loc_slots[loc]:
        if state.slot_owner[s] >= 0 and state.slot_flipped[s]:
            icons += board.tiles[state.slot_ind[s]][state.slot_level[s]].link
    return icons


def era_score_preview(state: BrassState) -> list[int]:
    """What each seat would score if the era ended now (links, then flipped industries)."""
    board = state.board
    gains = [0] * state.n_players
    for j, owner in enumerate(state.link_owner):
        if owner >= 0:
            gains[owner] += link_value(state, j)
    for s, owner in enumerate(state.slot_owner):
        if owner >= 0 and state.slot_flipped[s]:
            gains[owner] += board.tiles[state.slot_ind[s]][state.slot_level[s]].vp
    return gains


def score_era(state: BrassState) -> None:
    """Links score and are removed (returned to their owners), then flipped industries score."""
    board = state.board
    era = ERA_NAMES[state.era]
    for j, owner in enumerate(state.link_owner):
        if owner >= 0:
            value = link_value(state, j)
            state.vp[owner] += value
            stats = state.stats[owner]
            stats["vp_links_" + era] = stats.get("vp_links_" + era, 0.0) + value
    for j, owner in enumerate(state.link_owner):
        if owner >= 0:
            state.link_owner[j] = -1
            state.links_left[owner] += 1
    for s, owner in enumerate(state.slot_owner):
        if owner >= 0 and state.slot_flipped[s]:
            value = board.tiles[state.slot_ind[s]][state.slot_level[s]].vp
            state.vp[owner] += value
            if state.slot_log[s] >= 0:
                state.tile_log[state.slot_log[s]]["vp"] += value
            stats = state.stats[owner]
            stats["vp_industries_" + era] = stats.get("vp_industries_" + era, 0.0) + value


def start_rail_era(state: BrassState) -> None:
    """Remove level-1 tiles, refill merchant beer, reshuffle all discards and deal new hands."""
    board = state.board
    params = board.params
    for s, owner in enumerate(state.slot_owner):
        if owner >= 0 and board.tiles[state.slot_ind[s]][state.slot_level[s]].level == 1:
            state.clear_slot(s, "canal_era_end")
    for m, buys in enumerate(state.mslot_buys):
        if buys:
            state.mslot_beer[m] = max(state.mslot_beer[m], params.merchant_beer)
    deck = [card for pile in state.discards for card in pile]
    state.discards = [[] for _ in range(state.n_players)]
    state.deck = [deck[i] for i in state.rng.permutation(len(deck))]
    for seat in state.order:
        refill(state, seat)
    state.era = RAIL
    state.round_in_era = 1


class EndStep(StepKind):
    """A main action is complete: next action, next player, or the end of the round."""

    kind = "end"

    def auto(self, state: BrassState, step: Decision) -> bool:
        state.pending.pop()
        end_action(state)
        return False


class AfterIncomeStep(StepKind):
    """Every seat has had its income: the next round, or the end of the era."""

    kind = "after_income"

    def auto(self, state: BrassState, step: Decision) -> bool:
        state.pending.pop()
        after_income(state)
        return False


STEPS: list[StepKind] = [EndStep(), AfterIncomeStep()]
