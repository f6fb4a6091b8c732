"""Network action (B20, B21, B38): canal or rail links, and the optional second rail of a double.

A rail link opens ``coal`` for its own coal (judged with the link in place), then the optional
``second_link`` step: ``BuildSecondLink`` pays the rest of the double cost, its coal and the
double's beer (a brewery's, never a merchant's), or ``Stop``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sim.core.decisions import Decision

from .kinds import LegalContext, MainKind, OptionalStep, push_steps
from .memo import BoardMemo, action, board_memo, card_row
from .resources import BREWERY, BuildCosts, beer_available, pay
from .state import CANAL, BrassState


@dataclass(frozen=True, slots=True)
class BuildLink:
    card: str
    link: str


@dataclass(frozen=True, slots=True)
class BuildSecondLink:
    """The second rail of a double-rail action (pays the rest of the double cost, coal and beer)."""

    link: str


def link_options_plain(state: BrassState, seat: int, second: bool = False) -> list[int]:
    """The rule as stated, for ``link_options`` to be checked against: every link not built yet that
    the era allows, next to the seat's network (anywhere while it has no piece on the board), when
    the seat's money pays for it: a canal its price; a rail its price (the second of a double: the
    rest of the double's price) and its coal, worked out afresh (``BuildCosts.coal_for``), and the
    second of a double only with enough beer once the first is in place (``beer_available``).
    Written for clarity, not speed."""
    board = state.board
    params = board.params.links
    if state.links_left[seat] <= 0:
        return []
    has = state.has_pieces(seat)
    net: set[int] = state.network(seat) if has else set()
    money = state.money[seat]
    costs = BuildCosts(state)
    out: list[int] = []
    for j, owner in enumerate(state.link_owner):
        if owner >= 0 or not board.link_ok[j][state.era]:
            continue
        ends = board.link_ends[j]
        if has and not any(e in net for e in ends):
            continue
        if state.era == CANAL:
            if money >= params.canal_cost:
                out.append(j)
            continue
        price = params.double_rail_cost - params.rail_cost if second else params.rail_cost
        coal = costs.coal_for({costs.comp[e] for e in ends}, params.rail_coal)
        if coal is None or money < price + coal:
            continue
        if second and beer_available(state, seat, ends, -1, extra_link=j) < params.double_rail_beer:
            continue
        out.append(j)
    return out


def link_options(
    state: BrassState, seat: int, second: bool = False, memo: BoardMemo | None = None
) -> list[int]:
    """Link indices the seat may build now (second=True: the second rail of a double):
    ``link_options_plain``, the speed kernel.

    The full price of every link (coal included) is worked out once per board position and seat
    (``memo.BoardMemo.links``); a decision only keeps the links the seat's money pays for."""
    if state.links_left[seat] <= 0:
        return []
    if memo is None:
        memo = board_memo(state)
    key = (seat, second)
    cache = memo.canal_links if state.era == CANAL else memo.links
    entries = cache.get(key)
    if entries is None:
        entries = cache[key] = _link_prices(state, seat, second, memo)
    money = state.money[seat]
    return [j for j, price in entries if price <= money]


def _link_prices(state: BrassState, seat: int, second: bool, memo: BoardMemo) -> list[tuple[int, int]]:
    """(link, full price) of every link the seat could build with enough money.

    A rail's coal and a double's beer are judged with the link in place: the places it reaches are
    then the connected components of its two ends (``memo.BoardMemo.costs.comp``), so beer from
    another seat's brewery counts when the brewery is in one of them (``beer_available``)."""
    board = state.board
    params = board.params.links
    has = memo.has_pieces(state, seat)
    net = memo.network(state, seat) if has else set()
    costs = memo.costs
    comp = costs.comp
    era = state.era
    link_ends = board.link_ends
    out = []
    if era != CANAL:
        price = params.double_rail_cost - params.rail_cost if second else params.rail_cost
        coal_prices: dict[tuple[int, ...], int | None] = {}
        """Distinct components of a link's ends, sorted -> the coal's price."""
        if second:
            own_beer, beer_in = _beer_by_component(state, seat, comp)
    for j in memo.free_links:
        ends = link_ends[j]
        if has:
            for e in ends:
                if e in net:
                    break
            else:
                continue
        if era == CANAL:
            out.append((j, params.canal_cost))
            continue
        if len(ends) == 2:
            a, b = comp[ends[0]], comp[ends[1]]
            comps: tuple[int, ...] = (a,) if a == b else (a, b) if a < b else (b, a)
        else:
            comps = tuple(sorted({comp[e] for e in ends}))
        if comps in coal_prices:
            coal = coal_prices[comps]
        else:
            coal = coal_prices[comps] = costs.coal_for(comps, params.rail_coal)
        if coal is None:
            continue
        if second and own_beer + sum(beer_in.get(c, 0) for c in comps) < params.double_rail_beer:
            continue
        out.append((j, price + coal))
    return out


def _beer_by_component(state: BrassState, seat: int, comp: list[int]) -> tuple[int, dict[int, int]]:
    """Barrels on the seat's own breweries, and on other seats' breweries by connected component."""
    own = 0
    others: dict[int, int] = {}
    slot_loc = state.board.slot_loc
    slot_ind, slot_res = state.slot_ind, state.slot_res
    for s, owner in enumerate(state.slot_owner):
        if owner < 0 or slot_ind[s] != BREWERY or slot_res[s] == 0:
            continue
        if owner == seat:
            own += slot_res[s]
        else:
            c = comp[slot_loc[s]]
            others[c] = others.get(c, 0) + slot_res[s]
    return own, others


def place_link(state: BrassState, seat: int, link: str, price: int, beer: int) -> None:
    """Pay and place a link; a rail opens its ``coal`` (and the double's ``beer``) steps."""
    board = state.board
    j = board.link_index[link]
    pay(state, seat, price)
    state.link_owner[j] = seat
    state.links_left[seat] -= 1
    if state.era != CANAL:
        ends = board.link_ends[j]
        steps = [Decision("coal", seat, (board.params.links.rail_coal, ends))]
        if beer:
            steps.append(Decision("beer", seat, (beer, ends, -1)))
        push_steps(state, steps)


class BuildLinkKind(MainKind):
    action = BuildLink
    stat = "build_link"

    def count(self, ctx: LegalContext) -> int:
        links = link_options(ctx.state, ctx.seat, memo=ctx.memo)
        ctx.parts.append(links)
        return len(ctx.cards) * len(links)

    def at(self, ctx: LegalContext, part: Any, i: int) -> Any:
        board = ctx.state.board
        n = len(part)
        return card_row(board, BuildLink, ctx.cards[i // n], board.link_names)[part[i % n]]

    def expand(self, ctx: LegalContext, part: Any) -> list[Any]:
        board = ctx.state.board
        rows = [card_row(board, BuildLink, c, board.link_names) for c in ctx.cards]
        return [row[j] for row in rows for j in part]

    def effect(self, state: BrassState, seat: int, a: BuildLink) -> None:
        costs = state.board.params.links
        if state.era != CANAL:
            state.pending.push(Decision("second_link", seat))
        place_link(state, seat, a.link, costs.canal_cost if state.era == CANAL else costs.rail_cost, 0)


class SecondLinkStep(OptionalStep):
    """After a rail link: the second rail of a double, if affordable, or ``Stop``."""

    kind = "second_link"

    def choices(self, state: BrassState, step: Decision) -> list[Any]:
        names = state.board.link_names
        return [action(BuildSecondLink, names[j]) for j in link_options(state, step.seat, second=True)]

    def take(self, state: BrassState, step: Decision, a: BuildSecondLink) -> None:
        costs = state.board.params.links
        place_link(state, step.seat, a.link, costs.double_rail_cost - costs.rail_cost, costs.double_rail_beer)


KINDS: list[MainKind] = [BuildLinkKind()]
STEPS: list[OptionalStep] = [SecondLinkStep()]
