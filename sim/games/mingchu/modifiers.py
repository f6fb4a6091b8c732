"""Lasting effects, summed per player: the round's (event effects, cards played this round), each
held 门客's ``passive`` and the lasting effects of the player's 家族 cards (for the whole game).

Modifiers change a rule (``modifier_total``, ``forbidden``); triggers (``each_round``, ``on_event``,
``on_delivery``) are carried out by ``effects.fire`` from the same sources (``lasting_sources``).
"""

from __future__ import annotations

from typing import Any

from sim.games.mingchu.effects_schema import MODIFIER_TYPES
from sim.games.mingchu.state import MingchuState, ModifierTerm, modifier_terms


def family_lasting(state: MingchuState, family: str) -> tuple:
    """The lasting effects (modifiers and triggers) of a 家族 card: they hold all game (kept per
    topology: every modifier look-up reads them)."""
    known = state.topo.family_lasting
    lasting = known.get(family)
    if lasting is None:
        lasting = tuple(eff for eff in state.topo.families[family].effects if isinstance(eff, MODIFIER_TYPES))
        by_kind: dict[str, list] = {}
        for eff in lasting:
            by_kind.setdefault(eff.effect, []).append(eff)
        state.topo.family_terms[family] = {kind: modifier_terms(mods) for kind, mods in by_kind.items()}
        known[family] = lasting
    return lasting


def lasting_sources(state: MingchuState, seat: int) -> list[tuple[str | None, str | None, tuple]]:
    """(deck, card, lasting effects) of every source: the round's (no card), then 门客, then 家族."""
    player = state.players[seat]
    sources: list[tuple[str | None, str | None, tuple]] = []
    if state.round_mods[seat]:
        sources.append((None, None, tuple(state.round_mods[seat])))
    retainers = state.topo.retainers
    sources += [
        ("门客", card, retainers[card].passive) for card in player.retainers if retainers[card].passive
    ]
    for family in player.families:
        lasting = family_lasting(state, family)
        if lasting:
            sources.append(("家族", family, lasting))
    return sources


KeptTerms = tuple[list[str], list[str], list[Any], dict[str, tuple[ModifierTerm, ...]]]
"""``source_terms``' entry: copies of the 门客 ids, 家族 ids and round's modifiers it was made from,
and its table."""


def source_terms(state: MingchuState, seat: int) -> dict[str, tuple[ModifierTerm, ...]]:
    """Effect kind -> ``modifier_terms`` of every modifier active for ``seat``: the round's, each held
    门客's passives, each 家族 card's lasting effects.

    Kept per topology and seat with copies of exactly those sources (the 门客 and 家族 ids held, the
    round's modifier objects), compared item by item before use (no hashing: cheaper than the walk
    over every source that each modifier look-up made before)."""
    player = state.players[seat]
    mods = state.round_mods[seat]
    known = state.topo.source_terms
    kept: KeptTerms | None = known[seat] if seat < len(known) else None
    if (
        kept is None
        or not _same_ids(kept[0], player.retainers)
        or not _same_ids(kept[1], player.families)
        or not _same_objects(kept[2], mods)
    ):
        retainers, families = list(player.retainers), list(player.families)
        kept = (retainers, families, list(mods), _merged_terms(state, mods, retainers, families))
        while len(known) <= seat:
            known.append(None)
        known[seat] = kept
    return kept[3]


def _same_ids(kept: list[str], ids: list[str]) -> bool:
    if len(kept) != len(ids):
        return False
    for i, card in enumerate(ids):
        if kept[i] != card:
            return False
    return True


def _same_objects(kept: list[Any], mods: list[Any]) -> bool:
    if len(kept) != len(mods):
        return False
    for i, mod in enumerate(mods):
        if kept[i] is not mod:
            return False
    return True


def _merged_terms(
    state: MingchuState, mods: list[Any], retainers: list[str], families: list[str]
) -> dict[str, tuple[ModifierTerm, ...]]:
    """``source_terms``' table, made from the sources (the round's, the 门客's, the 家族 cards')."""
    by_kind: dict[str, list[ModifierTerm]] = {}
    for mod in mods:
        by_kind.setdefault(mod.effect, []).extend(modifier_terms((mod,)))
    topo = state.topo
    tables = [topo.passive_terms[card] for card in retainers]
    for family in families:
        if family_lasting(state, family):
            tables.append(topo.family_terms[family])
    for table in tables:
        for kind, terms in table.items():
            by_kind.setdefault(kind, []).extend(terms)
    return {kind: tuple(terms) for kind, terms in by_kind.items()}


def modifier_total(
    state: MingchuState, seat: int, kind: str, *, action: str | None = None, good: str | None = None
) -> int:
    """Sum of ``amount`` over active modifiers of ``kind`` (matching ``action`` / ``good``): the
    round's, then the 门客's and 家族 cards' (``source_terms``)."""
    terms = source_terms(state, seat).get(kind)
    return _term_total(terms, action, good) if terms else 0


def _term_total(terms: tuple[ModifierTerm, ...], action: str | None, good: str | None) -> int:
    """The amounts of the modifiers among ``terms`` that match ``action`` and ``good`` (a modifier
    without an action or good matches any)."""
    total = 0
    for mod_action, mod_good, amount in terms:
        if action is not None and mod_action != action:
            continue
        if mod_good is not None and mod_good != good:
            continue
        total += amount
    return total


def forbidden(state: MingchuState, seat: int, action: str) -> bool:
    """True when an active ``forbid`` modifier blocks ``action`` (``source_terms``: most players have
    none, and this is asked for several actions at every decision)."""
    terms = source_terms(state, seat).get("forbid")
    if terms:
        for term in terms:
            if term[0] == action:
                return True
    return False


def _matching(mods, kind: str, action: str | None, good: str | None) -> int:
    total = 0
    for mod in mods:
        if mod.effect != kind:
            continue
        # the effect's field values (a pydantic model, ``extra="forbid"``): a field the effect lacks
        # reads None here without ``getattr``'s slow miss through the model's ``__getattr__``
        values = mod.__dict__
        if action is not None and values.get("action") != action:
            continue
        if values.get("good") not in (None, good):
            continue
        total += mod.amount
    return total


def note_used(
    state: MingchuState, seat: int, kind: str, *, action: str | None = None, good: str | None = None
) -> None:
    """A ``used`` card row for each 门客 / 家族 card whose modifiers of ``kind`` just took effect."""
    for deck, card, lasting in lasting_sources(state, seat):
        if card is not None and _matching(lasting, kind, action, good):
            state.record(card, deck, seat, "used")["target"] = seat
