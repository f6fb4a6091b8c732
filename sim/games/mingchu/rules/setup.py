"""Setup (M01-M12): decks, 官府 industries, rows, draft, 掌柜 placement, 官府驿道.

Three decision kinds, one action each: ``draft`` (a column), ``place_manager`` and ``setup_road``.
"""

from __future__ import annotations

import numpy as np

from sim.core.decisions import Decision

from ..params import MingchuParams
from ..texts import said
from . import actions as A
from .draws import game_key, keyed_order
from .economy import add_goods
from .effects import apply_effects
from .kinds import Step, decision_kind
from .state import OFFICIAL, Industry, MingchuState, Player, PublicOrder, Topology


def expand(cards) -> list[str]:
    """Card ids, one entry per copy."""
    return [card.id for card in cards for _ in range(card.count)]


def shuffled(state: MingchuState, deck: str, ids: list[str]) -> list[str]:
    """``ids`` in ``deck``'s keyed order (``draws``): one card more or less moves no other card."""
    return keyed_order(game_key(state.rng), deck, ids)


def build_event_deck(state: MingchuState, period: str, final: str, extra: int) -> None:
    """``final`` at the bottom with (players + extra) random normal events of ``period`` on top
    (after the war: those of no side and those of the side that won, M58)."""
    normal = [c for c in state.params.cards.事件 if c.shuffled_in(period, state.war_winner)]
    pool = shuffled(state, f"事件.{period}", expand(normal))
    state.event_deck = [final, *pool[: max(0, state.n + extra)]]


def reveal_next_event(state: MingchuState) -> None:
    state.next_event = state.event_deck.pop() if state.event_deck else None
    if state.next_event is not None:
        state.record(state.next_event, "事件", -1, "drawn")


def deal_public_order(state: MingchuState, deck: str, tier: str) -> bool:
    """Turn up one order of ``deck`` with a reward card of ``tier``; False when the deck is empty."""
    orders = state.order_decks.get(deck)
    if not orders:
        return False
    key = orders.pop()
    rewards = state.reward_decks[tier]
    reward = rewards.pop() if rewards else None
    state.public_orders.append(PublicOrder(key, reward))
    state.record(state.order_card[key], "订单", -1, "drawn")
    return True


def initial_state(params: MingchuParams, n_players: int, rng: np.random.Generator) -> MingchuState:
    """Everything up to the draft; the driver then asks for the draft, placements and roads."""
    topo = Topology(params)
    start = params.start
    players = [
        Player(coins=start.coins, workers=start.workers, supply=start.favor_markers, held=[0] * n_players)
        for _ in range(n_players)
    ]
    state = MingchuState(topo=topo, n=n_players, rng=rng, players=players)
    _check_forced_seats(state)
    state.capital = topo.capitals[0]
    state.round_mods = [[] for _ in range(n_players)]
    state.war_secret = [[0, 0] for _ in range(n_players)]
    setup = params.setup
    # M01/M02: opening event now, final at the bottom of the 洪武 deck
    state.current_event = setup.opening_event
    state.record(setup.opening_event, "事件", -1, "drawn")
    build_event_deck(state, "洪武", setup.hongwu_final_event, -setup.hongwu_events_minus_players)
    reveal_next_event(state)
    # M03: 官府 industries
    for card_id in shuffled(state, "官府产业", expand(params.cards.官府产业))[: setup.official_setup_cards]:
        card = topo.officials[card_id]
        state.record(card_id, "官府产业", -1, "drawn")
        for place in card.places:
            index = topo.place_index[place]
            if topo.site[index] is not None and index not in state.industries:
                upgraded = OFFICIAL if place in card.upgraded else None
                state.industries[index] = Industry(OFFICIAL, upgraded_by=upgraded)
    # M04-M07: rows and decks
    state.score_row = shuffled(state, "皇恩计分", expand(params.cards.皇恩计分))[
        : n_players + setup.score_cards_extra
    ]
    state.tianwei_row = shuffled(state, "天威", expand(params.cards.天威))[:n_players]
    state.retainer_deck = shuffled(state, "门客", expand(params.cards.门客))
    _hide_forced_retainers(state)
    state.retainer_row = [state.retainer_deck.pop() for _ in range(setup.visible_retainers)]
    for card_id in state.retainer_row:
        state.record(card_id, "门客", -1, "drawn")
    state.grace_deck = shuffled(state, "皇恩", expand(params.cards.皇恩))
    state.reward_decks = {
        tier: shuffled(state, tier, expand(getattr(params.cards, tier))) for tier in ("下赏", "上赏")
    }
    for card in params.cards.订单:
        for copy_no in range(card.count):
            key = card.id if card.count == 1 else f"{card.id}#{copy_no + 1}"
            state.order_card[key] = card.id
    for deck in ("洪武", "建文特别", "燕王特别", "建文", "永乐"):
        keys = [k for k, cid in state.order_card.items() if topo.orders[cid].deck == deck]
        state.order_decks[deck] = shuffled(state, f"订单.{deck}", keys)
    for _ in range(setup.public_orders):
        deal_public_order(state, "洪武", "下赏")
    _deal_draft(state)
    state.stage = "draft"
    return state


def family_per_column(state: MingchuState, usable: int) -> int:
    """M09, the draft size for this player count: ``draft_family_per_column`` family cards per
    column, fewer when the usable family cards cannot fill (players + 1) columns (the rules text's
    10 cards give 2 per column at 4 players and 1 at 5)."""
    return max(1, min(state.params.setup.draft_family_per_column, usable // (state.n + 1)))


def forced_card(state: MingchuState, deck: str, seat: int) -> str | None:
    """The card ``forced_cards`` gives ``seat`` from ``deck`` (docs/card-lab.md), if any."""
    for forced in state.params.forced_cards:
        if forced.deck == deck and forced.seat == seat:
            return forced.card
    return None


def _check_forced_seats(state: MingchuState) -> None:
    for forced in state.params.forced_cards:
        if forced.seat >= state.n:
            raise ValueError(
                f"forced_cards: seat {forced.seat} (card {forced.card!r}) is not at a {state.n}-player "
                f"table (seats 0-{state.n - 1})"
            )


def _hide_forced_retainers(state: MingchuState) -> None:
    """Every forced 门客 stays face down until its seat drafts: a copy whose place is dealt face up
    at setup (the row, the draft columns) changes places with the bottom-most face-down card not
    already kept for a forced seat, so hiding one forced card never turns up another. A card forced on more seats than it has copies, or more forced cards than the deck
    keeps face down, is refused."""
    deck = state.retainer_deck
    dealt = state.params.setup.visible_retainers + state.n + 1
    hidden = len(deck) - dealt  # places below this one are still in the deck when the draft ends
    wanted: dict[str, int] = {}
    for forced in state.params.forced_cards:
        if forced.deck == "门客":
            wanted[forced.card] = wanted.get(forced.card, 0) + 1
    if not wanted:
        return
    for card, seats in wanted.items():
        if deck.count(card) < seats:
            raise ValueError(
                f"forced_cards: 门客 {card!r} is forced on {seats} seats but the deck holds "
                f"{deck.count(card)} {'copy' if deck.count(card) == 1 else 'copies'}"
            )
    if sum(wanted.values()) > hidden:
        raise ValueError(
            f"forced_cards: {sum(wanted.values())} forced 门客 but only {max(hidden, 0)} of the "
            f"{len(deck)} cards stay face down at {state.n} players"
        )
    kept: set[int] = set()
    for card, seats in wanted.items():
        kept.update([i for i in range(hidden) if deck[i] == card][:seats])
    for card, seats in wanted.items():
        missing = seats - sum(1 for i in kept if deck[i] == card)
        for i in [i for i in range(hidden, len(deck)) if deck[i] == card][:missing]:
            j = next(j for j in range(hidden) if j not in kept)
            deck[i], deck[j] = deck[j], deck[i]
            kept.add(j)


def _set_aside_forced_families(state: MingchuState, usable: list[str]) -> None:
    """A forced family card is not dealt: its place in the deal goes to the bottom card (the last
    one the deal would reach); its seat gets it when drafting."""
    for forced in state.params.forced_cards:
        if forced.deck == "家族" and forced.card in usable:
            i = usable.index(forced.card)
            usable[i] = usable[0]
            del usable[0]


def _deal_draft(state: MingchuState) -> None:
    """M09: (players + 1) columns of 1 门客 + family cards whose place has no 官府 industry."""
    topo = state.topo
    families = shuffled(state, "家族", expand(state.params.cards.家族))
    used_places: set[str] = set()
    usable = []
    for fid in families:
        place = topo.families[fid].place
        if topo.place_index[place] in state.industries or place in used_places:
            continue
        usable.append(fid)
        used_places.add(place)
    per_column = family_per_column(state, len(usable))
    _set_aside_forced_families(state, usable)
    columns = []
    for _ in range(state.n + 1):
        retainer = state.retainer_deck.pop() if state.retainer_deck else ""
        if retainer:
            state.record(retainer, "门客", -1, "drawn")
        fams = tuple(usable.pop() for _ in range(per_column) if usable)
        columns.append((retainer, fams))
    state.draft_columns = columns


def _forced_draft(state: MingchuState, seat: int, retainer: str, families: tuple[str, ...]):
    """The column as ``seat`` receives it: a forced 门客 replaces the column's, which takes the
    forced card's place in the deck; a forced family card replaces the column's first one."""
    forced = forced_card(state, "门客", seat)
    if forced is not None and retainer and forced in state.retainer_deck:
        state.retainer_deck[state.retainer_deck.index(forced)] = retainer
        retainer = forced
    forced = forced_card(state, "家族", seat)
    if forced is not None:
        families = (forced, *families[1:])
    return retainer, families


def draft_seat(state: MingchuState) -> int:
    """From the last player backwards (M09); ``seats.draft_shift`` rotates it."""
    return (state.start_player - 1 - state.step + state.params.seats.draft_shift) % state.n


@decision_kind
class DraftKind(Step):
    """M09/M10: take a column: the 门客, an industry on each family place with a site, resources."""

    kind = "draft"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        return [A.ChooseColumn(i) for i, column in enumerate(state.draft_columns) if column is not None]

    def take(self, state: MingchuState, seat: int, action: A.ChooseColumn) -> None:
        retainer, families = _forced_draft(state, seat, *state.draft_columns[action.column])
        state.draft_columns[action.column] = None
        player = state.players[seat]
        if retainer:
            player.retainers.append(retainer)
            state.record(retainer, "门客", seat, "taken")
        for fid in families:
            card = state.topo.families[fid]
            state.record(fid, "家族", seat, "taken")
            player.families.append(fid)
            place = state.topo.place_index[card.place]
            if state.topo.site[place] is not None and place not in state.industries:
                state.industries[place] = Industry(seat)
                player.supply -= 1
            player.coins += card.coins
            player.workers += card.workers
            for good, amount in card.goods.items():  # "任意分配给两个掌柜": the player splits them
                if state.params.rules.backpack == "per_manager":
                    state.pending.push(Decision("card_goods", seat, {"good": good, "left": amount}))
                else:
                    add_goods(state, seat, good, amount)
            apply_effects(state, seat, card.effects)

    def describe(self, state: MingchuState, decision: Decision, action: A.ChooseColumn) -> str:
        retainer, families = state.draft_columns[action.column]
        shown = retainer or said("act.choose_column.no_retainer")
        return said("act.choose_column", column=action.column + 1, retainer=shown, families=list(families))


def finish_draft(state: MingchuState) -> None:
    for retainer, _ in (c for c in state.draft_columns if c is not None):
        if retainer:
            state.retainer_discard.append(retainer)
    state.draft_columns = []


@decision_kind
class PlaceManagerKind(Step):
    """M11: any place with an industry, shared places allowed."""

    kind = "place_manager"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        return [A.PlaceManager(p) for p in sorted(state.industries)]

    def take(self, state: MingchuState, seat: int, action: A.PlaceManager) -> None:
        state.players[seat].managers.append(action.place)

    def describe(self, state: MingchuState, decision: Decision, action: A.PlaceManager) -> str:
        return said("act.place_manager", place=state.place_name(action.place))


@decision_kind
class SetupRoadKind(Step):
    """M12: an 官府驿道 on a free road whose 驿道 cost is at most ``setup_road_max_cost``."""

    kind = "setup_road"

    def legal(self, state: MingchuState, decision: Decision) -> list:
        limit = state.params.setup.setup_road_max_cost
        roads = state.topo.roads
        free = [r for r, road in enumerate(roads) if road.kind != "water" and r not in state.yidao]
        cheap = [r for r in free if roads[r].yidao_cost <= limit]
        return [A.PlaceOfficialRoad(r) for r in (cheap or free)]

    def take(self, state: MingchuState, seat: int, action: A.PlaceOfficialRoad) -> None:
        state.yidao[action.road] = OFFICIAL
        state.price_cache = None
        state.route_cache = None
        state.board_cache = None

    def describe(self, state: MingchuState, decision: Decision, action: A.PlaceOfficialRoad) -> str:
        return said("act.setup_road", road=state.topo.roads[action.road].id)
