"""Card-only actions: Scout (B25) swaps cards for the two wilds, Pass (B26) only discards."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

from .board import WILD_INDUSTRY, WILD_LOCATION
from .kinds import LegalContext, MainKind, discard
from .memo import action
from .state import BrassState


@dataclass(frozen=True, slots=True)
class Scout:
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Pass:
    card: str


_SCOUTS: dict[tuple[str, ...], Scout] = {}
_MAX_SCOUTS = 50_000
_MAX_HANDS = 10_000
_BY_HAND: dict[tuple[tuple[str, ...], int], list[Scout]] = {}
"""(sorted hand, cards to discard) -> its ``scouts`` (a shared list, not to be changed)."""


def scouts(hand: tuple[str, ...], n: int) -> list[Scout]:
    """Every distinct set of n cards from a sorted hand, as ``Scout`` actions in sorted order.

    ``combinations`` of a sorted hand come out sorted, so duplicates are adjacent and the first
    occurrence order is the sorted order of the distinct sets. The actions, and the list itself for a
    hand seen before, are shared: not to be changed."""
    key = (hand, n)
    out = _BY_HAND.get(key)
    if out is not None:
        return out
    found = _SCOUTS
    if len(found) >= _MAX_SCOUTS or len(_BY_HAND) >= _MAX_HANDS:
        found.clear()
        _BY_HAND.clear()
    out = []
    for combo in dict.fromkeys(combinations(hand, n)):
        scout = found.get(combo)
        if scout is None:
            scout = found[combo] = Scout(combo)
        out.append(scout)
    _BY_HAND[key] = out
    return out


def distinct_picks(hand: tuple[str, ...], n: int) -> int:
    """How many distinct sets of n cards a sorted hand holds (``len(scouts(hand, n))``, without making them)."""
    ways = [1] + [0] * n
    """ways[k]: distinct sets of k cards from the card names seen so far."""
    i, size = 0, len(hand)
    while i < size:
        j = i + 1
        while j < size and hand[j] == hand[i]:
            j += 1
        copies = j - i
        new = [0] * (n + 1)
        for k in range(n + 1):
            total = 0
            for t in range(min(copies, k) + 1):
                total += ways[k - t]
            new[k] = total
        ways = new
        i = j
    return ways[n]


class ScoutKind(MainKind):
    """Discard ``scout_cards`` cards, take one wild location and one wild industry card.

    Refused while holding a wild, with too few cards, or when a wild pile is empty.
    """

    action = Scout
    stat = "scout"

    def count(self, ctx: LegalContext) -> int:
        state, hand = ctx.state, ctx.state.hands[ctx.seat]
        n = state.board.params.scout_cards
        if (
            WILD_LOCATION in hand
            or WILD_INDUSTRY in hand
            or not (state.wild_location and state.wild_industry and len(hand) >= n)
        ):
            ctx.parts.append(None)
            return 0
        part = (tuple(sorted(hand)), n)
        ctx.parts.append(part)
        return distinct_picks(part[0], n)

    def at(self, ctx: LegalContext, part: Any, i: int) -> Any:
        return scouts(part[0], part[1])[i]

    def expand(self, ctx: LegalContext, part: Any) -> list[Any]:
        return scouts(part[0], part[1])

    def discard(self, state: BrassState, seat: int, action: Scout) -> None:
        for card in action.cards:
            discard(state, seat, card)

    def effect(self, state: BrassState, seat: int, a: Scout) -> None:
        state.hands[seat] += [WILD_LOCATION, WILD_INDUSTRY]
        state.wild_location -= 1
        state.wild_industry -= 1


class PassKind(MainKind):
    action = Pass
    stat = "pass"

    def count(self, ctx: LegalContext) -> int:
        ctx.parts.append(ctx.cards)
        return len(ctx.cards)

    def at(self, ctx: LegalContext, part: Any, i: int) -> Any:
        return action(Pass, part[i])

    def expand(self, ctx: LegalContext, part: Any) -> list[Any]:
        return [action(Pass, c) for c in part]


KINDS: list[MainKind] = [ScoutKind(), PassKind()]
