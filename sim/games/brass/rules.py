"""The Rules verbs for Brass: Birmingham (setup, legal actions, apply, scoring, ranking)."""

from __future__ import annotations

from typing import Any

import numpy as np

from sim.games.brass.actions import (
    ACTION_STAT,
    BuildIndustry,
    ChooseBeer,
    ChooseCoal,
    ChooseIron,
    RemoveTile,
    Sell,
)
from sim.games.brass.board import board_for
from sim.games.brass.execute import apply_action
from sim.games.brass.legal import decision_actions, main_actions
from sim.games.brass.params import INDUSTRIES, BrassParams
from sim.games.brass.rounds import era_score_preview
from sim.games.brass.state import ERA_NAMES, BrassState

BREAKDOWN_COLUMNS: tuple[str, ...] = (
    "vp_links_canal",
    "vp_links_rail",
    "vp_industries_canal",
    "vp_industries_rail",
    "vp_merchant_bonus",
    "vp_lost_shortfall",
    "income_level",
    "money",
    "loans",
    "tiles_developed",
    "tiles_lost_shortfall",
    "merchant_bonuses",
    *(f"tiles_built_{ind}" for ind in INDUSTRIES),
    *(f"actions_{name}" for name in ACTION_STAT.values()),
)


def initial_state(params: BrassParams, n_players: int, rng: np.random.Generator) -> BrassState:
    """Setup: deck for the player count, hands, first discards, merchants, markets, random order."""
    board = board_for(params)
    if not 2 <= n_players <= 4:
        raise ValueError(f"Brass needs 2-4 players, got {n_players}")
    deck = board.deck(n_players)
    deck = [deck[i] for i in rng.permutation(len(deck))]
    state = BrassState(board=board, n_players=n_players, rng=rng)
    state.money = [params.starting_money] * n_players
    state.vp = [0] * n_players
    state.income_space = [params.income_track.start_space] * n_players
    state.spent = [0] * n_players
    state.hands = [[deck.pop() for _ in range(params.hand_size)] for _ in range(n_players)]
    state.discards = [[deck.pop() for _ in range(params.setup_discards)] for _ in range(n_players)]
    state.deck = deck
    state.wild_location = params.wild_location_cards
    state.wild_industry = params.wild_industry_cards
    state.mat = [[[t.n for t in board.tiles[i]] for i in range(len(INDUSTRIES))] for _ in range(n_players)]
    state.links_left = [params.link_tiles_per_player] * n_players
    n_slots = len(board.slot_loc)
    state.slot_owner = [-1] * n_slots
    state.slot_ind = [-1] * n_slots
    state.slot_level = [0] * n_slots
    state.slot_flipped = [False] * n_slots
    state.slot_res = [0] * n_slots
    state.slot_log = [-1] * n_slots
    state.link_owner = [-1] * len(board.link_ends)
    state.mslot_loc = board.merchant_slots(n_players)
    pool = [t for t in params.merchant_tiles if t.min_players <= n_players]
    pool = [pool[i] for i in rng.permutation(len(pool))]
    state.mslot_buys = [frozenset(board.ind_index[g] for g in tile.buys) for tile in pool]
    state.mslot_beer = [params.merchant_beer if buys else 0 for buys in state.mslot_buys]
    state.coal_cubes = params.coal_market.start_cubes
    state.iron_cubes = params.iron_market.start_cubes
    state.order = [int(s) for s in rng.permutation(n_players)]
    state.actions_left = params.first_round_actions
    state.stats = [{} for _ in range(n_players)]
    return state


def current_player(state: BrassState) -> int:
    """The seat that must act (a follow-up choice may belong to another seat)."""
    return state.current_seat()


def legal_actions(state: BrassState) -> list[Any]:
    """Main actions of the seat to act, or the choices of the open follow-up step."""
    if state.finished:
        return []
    if state.pending:
        return decision_actions(state, state.pending[0])
    return main_actions(state, state.order[state.turn_pos])


def apply(state: BrassState, action: Any) -> None:
    """Apply a legal action in place and resolve everything that needs no choice."""
    apply_action(state, action)


def is_terminal(state: BrassState) -> bool:
    """True once the rail era has been scored."""
    return state.finished


def scores(state: BrassState) -> list[float]:
    """Victory points per seat."""
    return [float(v) for v in state.vp]


def ranking(state: BrassState) -> list[int]:
    """1 = best; ties on VP broken by income level, then money; still equal = shared place."""
    keys = [(state.vp[s], state.income_level(s), state.money[s]) for s in range(state.n_players)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def round_number(state: BrassState) -> int:
    """The current round, counted across both eras (1-based)."""
    return state.round


def running_scores(state: BrassState) -> list[float]:
    """VP so far plus what the current era would score if it ended now."""
    preview = era_score_preview(state) if not state.finished else [0] * state.n_players
    return [float(v + p) for v, p in zip(state.vp, preview, strict=True)]


def score_breakdown(state: BrassState) -> list[dict[str, float]]:
    """Per seat, the breakdown columns as floats."""
    rows = []
    for seat in range(state.n_players):
        row = {col: float(state.stats[seat].get(col, 0.0)) for col in BREAKDOWN_COLUMNS}
        row["income_level"] = float(state.income_level(seat))
        row["money"] = float(state.money[seat])
        row["loans"] = row["actions_take_loan"]
        rows.append(row)
    return rows


def end_reason(state: BrassState) -> str:
    """``rail_era_over`` when finished (the only way a game ends)."""
    return "rail_era_over" if state.finished else ""


EVENT_TABLES: dict[str, dict[str, str]] = {
    "tiles": {
        "seat": "int64",
        "era": "string",
        "round": "int64",
        "industry": "string",
        "level": "int64",
        "place": "string",
        "overbuild": "bool",
        "flipped": "bool",
        "vp": "int64",
        "removed": "string",
    }
}
"""``removed``: why the tile left the board before the game ended ("overbuilt", "shortfall",
"canal_era_end"), "" if it was still there at the end."""


def events(state: BrassState) -> dict[str, list[dict[str, Any]]]:
    """``tiles``: every tile built, when and where, whether it flipped, its industry VP, why it left."""
    return {"tiles": [dict(row) for row in state.tile_log]}


def observation(state: BrassState, seat: int) -> dict[str, Any]:
    """Public information plus the seat's own hand (other hands and the deck only as counts)."""
    return {
        "era": ERA_NAMES[state.era],
        "round": state.round,
        "order": list(state.order),
        "money": list(state.money),
        "vp": list(state.vp),
        "income_space": list(state.income_space),
        "hand": list(state.hands[seat]),
        "hand_sizes": [len(h) for h in state.hands],
        "deck_size": len(state.deck),
        "discard_sizes": [len(d) for d in state.discards],
        "board": {
            "slot_owner": list(state.slot_owner),
            "slot_industry": list(state.slot_ind),
            "slot_level": list(state.slot_level),
            "slot_flipped": list(state.slot_flipped),
            "slot_resources": list(state.slot_res),
            "link_owner": list(state.link_owner),
            "merchant_buys": [sorted(b) for b in state.mslot_buys],
            "merchant_beer": list(state.mslot_beer),
        },
        "coal_market": state.coal_cubes,
        "iron_market": state.iron_cubes,
        "mats": [[list(m) for m in mat] for mat in state.mat],
        "links_left": list(state.links_left),
        "pending": list(state.pending),
    }


def describe_action(state: BrassState, action: Any) -> str:
    """One readable line, e.g. 'P1 BuildIndustry cotton L1 @ Birmingham (card Birmingham)'.

    Players are labelled 1-based like every human-facing text of the toolkit: P1 is seat index 0.
    """
    board = state.board
    seat = state.current_seat()
    text = f"P{seat + 1} {type(action).__name__}"
    if isinstance(action, BuildIndustry):
        ind = board.ind_index[action.industry]
        level = board.tiles[ind][state.lowest_level(seat, ind)].level
        place = board.loc_names[board.slot_loc[action.slot]]
        return f"{text} {action.industry} L{level} @ {place} slot {action.slot} (card {action.card})"
    if isinstance(action, Sell):
        place = board.loc_names[board.slot_loc[action.slot]]
        merchant = board.loc_names[state.mslot_loc[action.merchant]]
        return f"{text} tile @ {place} to {merchant} (card {action.card})"
    if isinstance(action, ChooseBeer) and action.merchant:
        return f"{text} from merchant {board.loc_names[state.mslot_loc[action.source]]}"
    if isinstance(action, (ChooseCoal, ChooseIron, ChooseBeer, RemoveTile)):
        slot = action.source if isinstance(action, ChooseBeer) else action.slot
        return f"{text} tile of P{state.slot_owner[slot] + 1} @ {board.loc_names[board.slot_loc[slot]]}"
    fields = getattr(action, "__slots__", ())
    return text + "".join(f" {name}={getattr(action, name)}" for name in fields)
