"""The ``Game`` verbs for Brass: Birmingham: setup, turn flow, outcome, observation, invariants.

Every choice is the open decision (``state.decision()``: a step on ``state.pending``, else the
``turn`` of the seat whose turn it is), dispatched by its kind through ``DECISIONS``; the turn is
an ``ActionChoice`` over ``MAIN``, the main actions by type. Both tables are joined from the family
modules (``build``, ``links``, ``develop``, ``sell``, ``income``, ``cards``, ``supply``,
``rounds``); their order is the order of the legal actions. The turn's options stay a lazily built
``LazyList`` of ``kinds.LegalMoves`` (each move made only when asked for), which keeps random play fast.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import numpy as np

from sim.core.decisions import DecisionKind, DecisionKinds
from sim.core.game import Outcome

from ..params import INDUSTRIES, BrassParams
from . import build, cards, develop, income, links, rounds, sell, supply, view
from .board import WILD_INDUSTRY, WILD_LOCATION, WILDS, board_for
from .build import legal_builds_plain
from .cards import Pass, Scout
from .develop import Develop, develop_options
from .income import TakeLoan
from .kinds import BrassActions, Turn
from .links import BuildLink, link_options_plain
from .resources import components
from .sell import Sell, sell_options
from .state import CANAL, TURN, BrassObservation, BrassState

MAIN = BrassActions([*build.KINDS, *links.KINDS, *develop.KINDS, *sell.KINDS, *income.KINDS, *cards.KINDS])
"""A seat's main actions, by type."""


def main_actions_plain(state: BrassState, seat: int) -> list[Any]:
    """Every main action of the seat (B15-B26), in the order of ``MAIN``: build, link, develop,
    sell, loan, scout, pass, each with every distinct card in hand that may be discarded for it.
    Builds and links by their plain statements (``build.legal_builds_plain``: every card crossed
    with every target, prices afresh; ``links.link_options_plain``), the other kinds as the rules
    state them, without the memos. The plain statement ``kinds.LegalMoves`` (the turn's options,
    ``MAIN.legal``) is checked against; it sits here, where the kinds are joined, as the family
    modules come after ``kinds``."""
    board, params = state.board, state.board.params
    hand = state.hands[seat]
    cards = sorted(set(hand))
    out: list[Any] = legal_builds_plain(state, seat)
    out += [BuildLink(c, board.link_names[j]) for c in cards for j in link_options_plain(state, seat, False)]
    out += [Develop(c, INDUSTRIES[i]) for c in cards for i in develop_options(state, seat)]
    out += [Sell(c, s, m) for c in cards for s, m in sell_options(state, seat, components(state))]
    if state.income_level(seat) - params.loan.levels_down >= params.loan.min_level:
        out += [TakeLoan(c) for c in cards]
    wild_in_hand = any(c in WILDS for c in hand)
    if not wild_in_hand and state.wild_location and state.wild_industry and len(hand) >= params.scout_cards:
        out += [Scout(combo) for combo in sorted(set(combinations(sorted(hand), params.scout_cards)))]
    out += [Pass(c) for c in cards]
    return out


DECISIONS: DecisionKinds[BrassState, Any] = DecisionKinds(
    [
        Turn(TURN, MAIN),
        *build.STEPS,
        *links.STEPS,
        *develop.STEPS,
        *sell.STEPS,
        *supply.STEPS,
        *income.STEPS,
        *rounds.STEPS,
    ]
)
"""Every kind of decision: a seat's turn (its main actions, by type) and the steps they open."""
KIND: dict[str, DecisionKind[BrassState, Any]] = DECISIONS.by_kind
"""``DECISIONS`` by kind, looked up directly on the hot path."""

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
    *(f"actions_{kind.stat}" for kind in MAIN.kinds),
)

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


def _dummy_rng() -> np.random.Generator:
    """The rng of an observation's public state: fixed, so equal observations compare equal."""
    return np.random.Generator(np.random.PCG64(0))


class BrassGame:
    """Brass: Birmingham, canal and rail eras, 2-4 players."""

    def initial_state(self, params: BrassParams, n_players: int, rng: np.random.Generator) -> BrassState:
        """Setup (B01-B05): deck for the player count, hands, face-down discards, merchants, markets, order."""
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
        n_ind = len(INDUSTRIES)
        state.mat = [[[t.n for t in board.tiles[i]] for i in range(n_ind)] for _ in range(n_players)]
        state.developed = [[0] * n_ind for _ in range(n_players)]
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

    def current_player(self, state: BrassState) -> int:
        """The seat that must act (an open step may belong to another seat, e.g. income)."""
        return state.decision().seat

    def legal_actions(self, state: BrassState) -> Sequence[Any]:
        """The open decision's options: a step's (a list), or a turn's main actions
        (a ``LazyList`` of ``kinds.LegalMoves``: its moves are made when asked for)."""
        if state.finished:
            return []
        decision = state.decision()
        return KIND[decision.kind].legal(state, decision)

    def apply(self, state: BrassState, action: Any) -> None:
        """Apply a legal action to the open decision, then resolve every step that needs no choice."""
        pending = state.pending
        decision = pending.pop() if pending else state.decision()
        KIND[decision.kind].apply(state, decision, action)
        while pending:
            kind: Any = KIND[pending.next.kind]  # a StepKind (``auto``)
            if kind.auto(state, pending.next):
                return

    def is_terminal(self, state: BrassState) -> bool:
        """True once the rail era has been scored."""
        return state.finished

    def round_number(self, state: BrassState) -> int:
        """The current round, counted across both eras (1-based)."""
        return state.round

    def running_scores(self, state: BrassState) -> list[float]:
        """VP so far plus what the current era would score if it ended now."""
        preview = rounds.era_score_preview(state) if not state.finished else [0] * state.n_players
        return [float(v + p) for v, p in zip(state.vp, preview, strict=True)]

    def outcome(self, state: BrassState) -> Outcome:
        return Outcome(
            scores=scores(state),
            ranks=ranking(state),
            breakdown=score_breakdown(state),
            end_reason="rail_era_over" if state.finished else "",
            events={"tiles": [dict(row) for row in state.tile_log]},
        )

    def observation(self, state: BrassState, seat: int) -> BrassObservation:
        """The public state plus ``seat``'s hand; hidden cards (see ``BrassObservation``) as a pool."""
        public = state.clone()
        public.rng = _dummy_rng()
        facedown = _facedown(state)
        unseen = list(state.deck)
        for s in range(state.n_players):
            if s != seat:
                unseen += [c for c in state.hands[s] if c not in WILDS]
                public.hands[s] = [c for c in state.hands[s] if c in WILDS]
            unseen += state.discards[s][:facedown]
            public.discards[s] = state.discards[s][facedown:]
        public.deck = []
        return BrassObservation(
            seat=seat,
            public=public,
            hand_sizes=tuple(len(h) for h in state.hands),
            deck_size=len(state.deck),
            facedown=facedown,
            unseen=tuple(sorted(unseen)),
        )

    def view(self, state: BrassState, seat: int) -> BrassState:
        return view.view(state, seat, _facedown(state))

    def determinize(self, observation: BrassObservation, rng: np.random.Generator) -> BrassState:
        """A full state: the unseen cards dealt at random to hands, face-down discards and deck."""
        state = observation.public.clone()
        pool = [observation.unseen[i] for i in rng.permutation(len(observation.unseen))]
        for s, size in enumerate(observation.hand_sizes):
            if s != observation.seat:
                state.hands[s] += [pool.pop() for _ in range(size - len(state.hands[s]))]
            state.discards[s][:0] = [pool.pop() for _ in range(observation.facedown)]
        state.deck = pool
        state.rng = np.random.Generator(np.random.PCG64(int(rng.integers(2**63))))
        return state

    def describe(self, state: BrassState, action: Any) -> str:
        """One line, e.g. 'P1 BuildIndustry cotton L1 @ Birmingham slot 36 (card Birmingham)'.

        Players are labelled 1-based like every human-facing text of the toolkit: P1 is seat index 0.
        """
        decision = state.decision()
        return f"P{decision.seat + 1} {KIND[decision.kind].describe(state, decision, action)}"

    def invariants(self, state: BrassState) -> list[str]:
        """Broken laws: money, VP, income, markets, cards, industry and link tiles, resources."""
        return _invariants(state)


def scores(state: BrassState) -> list[float]:
    """Victory points per seat."""
    return [float(v) for v in state.vp]


def ranking(state: BrassState) -> list[int]:
    """1 = best; ties on VP broken by income level, then money; still equal = shared place (B39)."""
    keys = [(state.vp[s], state.income_level(s), state.money[s]) for s in range(state.n_players)]
    return [1 + sum(1 for other in keys if other > key) for key in keys]


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


def _facedown(state: BrassState) -> int:
    """Face-down setup discards still at the bottom of each discard pile (canal era only)."""
    return state.board.params.setup_discards if state.era == CANAL else 0


def _invariants(state: BrassState) -> list[str]:
    board, params, n = state.board, state.board.params, state.n_players
    problems: list[str] = []
    for seat in range(n):
        if state.money[seat] < 0:
            problems.append(f"seat {seat} has negative money {state.money[seat]}")
        if state.vp[seat] < 0:
            problems.append(f"seat {seat} has negative VP {state.vp[seat]}")
        if not 0 <= state.income_space[seat] <= board.top_space:
            problems.append(f"seat {seat} income space {state.income_space[seat]} off the track")
    for name, cubes, market in (
        ("coal", state.coal_cubes, params.coal_market),
        ("iron", state.iron_cubes, params.iron_market),
    ):
        if not 0 <= cubes <= len(market.prices):
            problems.append(f"{name} market holds {cubes} cubes (0..{len(market.prices)} spaces)")
    problems += _card_problems(state)
    problems += _tile_problems(state)
    for seat in range(n):
        if state.links_left[seat] < 0 or state.links_left[seat] + state.link_owner.count(seat) != (
            params.link_tiles_per_player
        ):
            problems.append(
                f"seat {seat} link tiles not conserved: {state.links_left[seat]} left +"
                f" {state.link_owner.count(seat)} on the board != {params.link_tiles_per_player}"
            )
    for s, owner in enumerate(state.slot_owner):
        res = state.slot_res[s]
        if res < 0 or (res and (owner < 0 or state.slot_flipped[s])):
            problems.append(
                f"slot {s} holds {res} resources (owner {owner}, flipped {state.slot_flipped[s]})"
            )
    problems += [f"merchant slot {m} holds {b} beer" for m, b in enumerate(state.mslot_beer) if b < 0]
    return problems


def _card_problems(state: BrassState) -> list[str]:
    """Deck + hands + discard piles = the deck dealt for this player count; wilds back on their piles."""
    params = state.board.params
    in_hands = [c for hand in state.hands for c in hand]
    normal = Counter(state.deck) + Counter(c for c in in_hands if c not in WILDS)
    for pile in state.discards:
        normal.update(pile)
    problems = []
    expected = state.board.deck_counts(state.n_players)
    if normal != expected:
        extra, missing = normal - expected, expected - normal
        problems.append(f"cards not conserved: extra {dict(extra)}, missing {dict(missing)}")
    for card, on_pile, total in (
        (WILD_LOCATION, state.wild_location, params.wild_location_cards),
        (WILD_INDUSTRY, state.wild_industry, params.wild_industry_cards),
    ):
        if on_pile < 0 or on_pile + in_hands.count(card) != total:
            problems.append(
                f"{card} cards not conserved: {on_pile} on the pile + {in_hands.count(card)} in hands"
            )
    return problems


def _tile_problems(state: BrassState) -> list[str]:
    """Per seat and industry: mat + built (tile log) + developed = the tiles printed for the mat."""
    board = state.board
    problems = []
    built: Counter[tuple[int, str, int]] = Counter()
    row: dict[str, Any] | None
    for row in state.tile_log:
        built[row["seat"], row["industry"], row["level"]] += 1
    for seat in range(state.n_players):
        for ind, name in enumerate(INDUSTRIES):
            tiles = board.tiles[ind]
            left = state.mat[seat][ind]
            gone = 0
            for lvl, tile in enumerate(tiles):
                used = built[seat, name, tile.level]
                if left[lvl] < 0 or left[lvl] + used > tile.n:
                    problems.append(
                        f"seat {seat} {name} L{tile.level}: {left[lvl]} on the mat + {used} built"
                    )
                gone += tile.n - left[lvl] - used
            if gone != state.developed[seat][ind]:
                problems.append(
                    f"seat {seat} {name} tiles not conserved: {gone} missing from mat and board,"
                    f" {state.developed[seat][ind]} developed"
                )
    on_board = 0
    for s, owner in enumerate(state.slot_owner):
        if owner < 0:
            continue
        on_board += 1
        row = state.tile_log[state.slot_log[s]] if 0 <= state.slot_log[s] < len(state.tile_log) else None
        tile = board.tiles[state.slot_ind[s]][state.slot_level[s]]
        if row is None or (row["seat"], row["industry"], row["level"], row["removed"]) != (
            owner,
            INDUSTRIES[state.slot_ind[s]],
            tile.level,
            "",
        ):
            problems.append(f"slot {s}: tile of seat {owner} does not match its tile log row {row}")
    still = sum(1 for row in state.tile_log if not row["removed"])
    if still != on_board:
        problems.append(f"{on_board} tiles on the board but {still} built and not removed")
    return problems
