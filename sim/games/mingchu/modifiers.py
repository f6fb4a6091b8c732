"""Ongoing modifiers: event effects for the round and 门客 passives, summed per player."""

from __future__ import annotations

from sim.games.mingchu.state import MingchuState


def _active(state: MingchuState, seat: int):
    yield from state.round_mods[seat]
    retainers = state.topo.retainers
    for card in state.players[seat].retainers:
        yield from retainers[card].passive


def modifier_total(
    state: MingchuState, seat: int, kind: str, *, action: str | None = None, good: str | None = None
) -> int:
    """Sum of ``amount`` over active modifiers of ``kind`` (matching ``action`` / ``good``)."""
    total = 0
    for mod in _active(state, seat):
        if mod.effect != kind:
            continue
        if action is not None and getattr(mod, "action", None) != action:
            continue
        if getattr(mod, "good", None) not in (None, good):
            continue
        total += mod.amount
    return total


def forbidden(state: MingchuState, seat: int, action: str) -> bool:
    """True when an active ``forbid`` modifier blocks ``action``."""
    return any(mod.effect == "forbid" and mod.action == action for mod in _active(state, seat))
