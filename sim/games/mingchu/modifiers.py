"""Ongoing modifiers: event effects for the round and 门客 passives, summed per player."""

from __future__ import annotations

from sim.games.mingchu.state import MingchuState


def _groups(state: MingchuState, seat: int, kind: str) -> list:
    """The round's modifiers, then each 门客's passives of ``kind`` (empty lists skipped)."""
    groups = [state.round_mods[seat]] if state.round_mods[seat] else []
    passives = state.topo.passives_by_kind
    for card in state.players[seat].retainers:
        mods = passives[card].get(kind)
        if mods:
            groups.append(mods)
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
    for card in state.players[seat].retainers:
        group = passives[card].get(kind)
        if group:
            total += _matching(group, kind, action, good)
    return total


def forbidden(state: MingchuState, seat: int, action: str) -> bool:
    """True when an active ``forbid`` modifier blocks ``action``."""
    return any(
        mod.effect == "forbid" and mod.action == action
        for group in _groups(state, seat, "forbid")
        for mod in group
    )
