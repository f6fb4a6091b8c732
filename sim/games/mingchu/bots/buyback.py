"""How a bot buys back its own 恩义 in a settlement (M50): one marker at a time while 3 coins are
left, each from a holder picked by a keyed tie-break."""

from __future__ import annotations

from sim.core.tiebreak import KeyedTies

from ..rules.state import MingchuState


def buyback_plan(state: MingchuState, seat: int, ties: KeyedTies) -> dict[int, int]:
    """Holder -> markers ``seat`` buys back from it in this settlement: one marker at a time while
    3 coins are left (``Done``, 0, beats buying, -1, below that), each from a holder picked by a
    keyed tie-break (no tie to break with one holder: the numbers depend on nothing else)."""
    coins = state.players[seat].coins
    held = [state.players[q].held[seat] if q != seat else 0 for q in range(state.n)]
    plan: dict[int, int] = {}
    while coins >= 1:
        holders = [q for q in range(state.n) if held[q] > 0]
        if not holders:
            break
        if coins < 3:
            break
        if len(holders) == 1:
            q = holders[0]
        else:
            noise = ties.noise(holders, state.round, "buyback", coins)
            q = holders[max(range(len(holders)), key=noise.__getitem__)]
        plan[q] = plan.get(q, 0) + 1
        held[q] -= 1
        coins -= 1
    return plan
