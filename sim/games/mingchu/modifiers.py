"""Lasting effects, summed per player: the round's (event effects, cards played this round), each
held 门客's ``passive`` and the lasting effects of the player's 家族 cards (for the whole game).

Modifiers change a rule (``modifier_total``, ``forbidden``); triggers (``each_round``, ``on_event``,
``on_delivery``) are carried out by ``effects.fire`` from the same sources (``lasting_sources``).
"""

from __future__ import annotations

from sim.games.mingchu.effects_schema import MODIFIER_TYPES
from sim.games.mingchu.state import MingchuState


def family_lasting(state: MingchuState, family: str) -> tuple:
    """The lasting effects (modifiers and triggers) of a 家族 card: they hold all game (kept per
    topology: every modifier look-up reads them)."""
    known = state.topo.family_lasting
    lasting = known.get(family)
    if lasting is None:
        lasting = known[family] = tuple(
            eff for eff in state.topo.families[family].effects if isinstance(eff, MODIFIER_TYPES)
        )
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


def _groups(state: MingchuState, seat: int, kind: str) -> list:
    """The round's modifiers, then each 门客's passives of ``kind``, then the 家族 cards' (empty lists skipped)."""
    groups = [state.round_mods[seat]] if state.round_mods[seat] else []
    passives = state.topo.passives_by_kind
    for card in state.players[seat].retainers:
        mods = passives[card].get(kind)
        if mods:
            groups.append(mods)
    families = state.topo.families
    for family in state.players[seat].families:
        if families[family].effects:
            groups.append(family_lasting(state, family))
    return groups


def _matching(mods, kind: str, action: str | None, good: str | None) -> int:
    total = 0
    for mod in mods:
        if mod.effect != kind:
            continue
        if action is not None and getattr(mod, "action", None) != action:
            continue
        if getattr(mod, "good", None) not in (None, good):
            continue
        total += mod.amount
    return total


def modifier_total(
    state: MingchuState, seat: int, kind: str, *, action: str | None = None, good: str | None = None
) -> int:
    """Sum of ``amount`` over active modifiers of ``kind`` (matching ``action`` / ``good``)."""
    mods = state.round_mods[seat]
    total = _matching(mods, kind, action, good) if mods else 0
    passives = state.topo.passives_by_kind
    player = state.players[seat]
    for card in player.retainers:
        group = passives[card].get(kind)
        if group:
            total += _matching(group, kind, action, good)
    for family in player.families:
        lasting = family_lasting(state, family)
        if lasting:
            total += _matching(lasting, kind, action, good)
    return total


def forbidden(state: MingchuState, seat: int, action: str) -> bool:
    """True when an active ``forbid`` modifier blocks ``action`` (the sources of ``_groups``, read in
    place: most players have none, and this is asked for several actions at every decision)."""
    for mod in state.round_mods[seat]:
        if mod.effect == "forbid" and mod.action == action:
            return True
    passives = state.topo.passives_by_kind
    for card in state.players[seat].retainers:
        group = passives[card].get("forbid")
        if group and any(mod.action == action for mod in group):
            return True
    for family in state.players[seat].families:
        if any(mod.effect == "forbid" and mod.action == action for mod in family_lasting(state, family)):
            return True
    return False


def note_used(
    state: MingchuState, seat: int, kind: str, *, action: str | None = None, good: str | None = None
) -> None:
    """A ``used`` card row for each 门客 / 家族 card whose modifiers of ``kind`` just took effect."""
    for deck, card, lasting in lasting_sources(state, seat):
        if card is not None and _matching(lasting, kind, action, good):
            state.record(card, deck, seat, "used")["target"] = seat
