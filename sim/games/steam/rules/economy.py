"""Money: paying costs, Base money raising, Standard capital and shortfall, income, bankruptcy."""

from __future__ import annotations

from .state import SteamState
from .track import release_links


def raisable(state: SteamState, seat: int) -> int:
    """Dollars ``seat`` could still raise: $5 per income step above the floor, then $5 per 2 VP."""
    p = state.params
    steps = state.income[seat] - p.income_min + state.vp[seat] // p.vp_per_raise_at_floor
    return max(0, steps) * p.raise_step


def available(state: SteamState, seat: int) -> int:
    """What ``seat`` can spend now: Base raises money on demand; Standard pays from cash only."""
    if state.rules == "base":
        return state.cash[seat] + raisable(state, seat)
    return state.cash[seat]


def raise_step(state: SteamState, seat: int) -> bool:
    """Take one $5 step: income down one, or 2 VP once income is at the floor. False if impossible."""
    p = state.params
    if state.income[seat] > p.income_min:
        state.income[seat] -= 1
    elif state.vp[seat] >= p.vp_per_raise_at_floor:
        state.vp[seat] -= p.vp_per_raise_at_floor
    else:
        return False
    state.cash[seat] += p.raise_step
    state.money_in += p.raise_step
    state.capital_raised[seat] += p.raise_step
    return True


def pay(state: SteamState, seat: int, amount: int) -> bool:
    """Pay ``amount`` to the bank, Base raising the smallest multiple of $5 needed; False if short."""
    if amount <= 0:
        return True
    if state.rules == "base":
        while state.cash[seat] < amount:
            if not raise_step(state, seat):
                break
    if state.cash[seat] < amount:
        return False
    state.cash[seat] -= amount
    state.money_out += amount
    return True


def receive(state: SteamState, seat: int, amount: int) -> None:
    state.cash[seat] += amount
    state.money_in += amount


def buy_capital(state: SteamState, seat: int, units: int) -> None:
    for _ in range(units):
        raise_step(state, seat)


def capital_limit(state: SteamState, seat: int) -> int:
    p = state.params
    return max(0, state.income[seat] - p.income_min) + state.vp[seat] // p.vp_per_raise_at_floor


def go_bankrupt(state: SteamState, seat: int) -> None:
    state.bankrupt[seat] = True
    state.order = [s for s in state.order if s != seat]
    state.queue = [s for s in state.queue if s != seat]
    release_links(state, seat)


def base_income(state: SteamState, seat: int) -> None:
    """Base phase 4: collect positive income, or pay negative income raising money; else bankrupt."""
    inc = state.income[seat]
    if inc > 0:
        receive(state, seat, inc)
    elif inc < 0 and not pay(state, seat, -inc):
        state.money_out += state.cash[seat]
        state.cash[seat] = 0
        go_bankrupt(state, seat)


def standard_expenses(state: SteamState, seat: int) -> None:
    """Standard phase 6: income minus $1 per locomotive level; a shortfall costs VP, then income."""
    p = state.params
    net = state.income[seat] - p.standard_loco_upkeep * state.loco[seat]
    if net >= 0:
        receive(state, seat, net)
        return
    owed = -net
    paid = min(owed, state.cash[seat])
    state.cash[seat] -= paid
    state.money_out += paid
    owed -= paid
    step = p.shortfall_per_step
    while owed > 0:
        if state.vp[seat] > 0:
            state.vp[seat] -= 1
        elif state.income[seat] > p.income_min:
            state.income[seat] -= 1
        else:
            go_bankrupt(state, seat)
            return
        if owed < step:  # the change for an odd amount
            receive(state, seat, step - owed)
        owed -= step


def income_points(state: SteamState, seat: int, points: int) -> None:
    cap = state.params.income_max
    state.income[seat] += points
    if cap is not None:
        state.income[seat] = min(state.income[seat], cap)


def final_income_vp(income: int, divisor: int = 2, negative_per_step: int = 2) -> int:
    """End scoring of income: +income // divisor VP, or -negative_per_step VP per step below 0."""
    return income // divisor if income > 0 else negative_per_step * income
