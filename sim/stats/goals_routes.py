"""The routes goal (差异性平衡): each route's strength judged with the best player it has.

A route is a heuristic archetype's way of playing (e.g. a runner, an industrialist, a roadbuilder).
Its players are the archetype bot itself and the search bot that stays on its route
(``rollout:N@<archetype>``, whose name names the route after ``@``). In one tournament where every
player sits in every seat alike, a player's strength is its win share per seat (a shared win counts
1/k); a route's strength is that of its better player, so a route is not judged weak because its
heuristic plays it badly. The measure is the spread between the strongest and the weakest route,
in points of win share, with a basic bootstrap interval over games. Pure pandas: the report imports it
without the game's engine."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.core.bot_names import parse_bot_name
from sim.dataset import GROUP
from sim.stats.goals import DRIVER_COLUMNS, MEASURE_COLUMNS
from sim.stats.intervals import bootstrap_means, seeded_rng, win_shares

MIN_GAMES = 10
"""Below this many games the bootstrap says nothing (two games can look certain): the interval is
the measure's whole range (0 to 100 points), so the verdict is undecided."""


def route_of(bot: str) -> str:
    """The route a bot plays: after ``@`` for a route-advised search bot (``rollout:2@roadbuilder``),
    else the bot itself (``sim.core.bot_names``)."""
    return parse_bot_name(bot).plays_route


CHECK_COLUMNS = ["check_value", "check_low", "check_high"]
"""The spread measured with the strongest route players alone (the search bots on their routes):
the report keeps the verdict about the game only where this check reaches the same verdict."""


def route_spread(run, draws: int = 1000) -> pd.DataFrame:
    """One row per (game, variant, n_players): the spread (points) between the strongest and the
    weakest route, each route's strength its better player's win share per seat; ``driver`` the
    weakest route, ``driver_other`` its better player, ``driver_value`` that player's win share;
    ``check_*``: the spread with each route's search bot alone (NaN where a route has none).
    Groups with fewer than two routes have no row; under ``MIN_GAMES`` games, the interval is the whole range."""
    players = run.players
    if players.empty:
        return pd.DataFrame(columns=MEASURE_COLUMNS + DRIVER_COLUMNS + CHECK_COLUMNS)
    players = players.assign(credit=win_shares(players), one=1.0)
    rows = []
    for key, part in players.groupby(GROUP, sort=True):
        bots = sorted(part["bot"].unique())
        routes = sorted({route_of(b) for b in bots})
        if len(routes) < 2:
            continue
        credit = part.pivot_table(index="gid", columns="bot", values="credit", aggfunc="sum", fill_value=0.0)
        seats = part.pivot_table(index="gid", columns="bot", values="one", aggfunc="sum", fill_value=0.0)
        credit, seats = credit[bots].to_numpy(), seats[bots].to_numpy()
        member = np.array([[route_of(b) == r for b in bots] for r in routes])  # routes x bots
        shares = credit.sum(axis=0) / seats.sum(axis=0)
        means = bootstrap_means(np.hstack([credit, seats]), draws, seeded_rng("routes", *key))
        with np.errstate(invalid="ignore", divide="ignore"):
            boot = means[:, : len(bots)] / means[:, len(bots) :]
        enough = len(credit) >= MIN_GAMES
        best, spread, low, high = _spread_interval(shares, boot, member, enough)
        searched = member & np.array([parse_bot_name(b).routed for b in bots])[None, :]
        check = (
            _spread_interval(shares, boot, searched, enough)[1:]
            if searched.any(axis=1).all()
            else (np.nan,) * 3
        )
        weakest = int(np.argmin(best))
        player = _best_player(shares, member[weakest])
        rows.append(
            (*key, 100 * spread, 100 * low, 100 * high, len(credit),
             routes[weakest], bots[player], float(shares[player]), *(100 * np.array(check)))
        )  # fmt: skip
    return pd.DataFrame(rows, columns=MEASURE_COLUMNS + DRIVER_COLUMNS + CHECK_COLUMNS)


def _spread_interval(
    shares: np.ndarray, boot: np.ndarray, member: np.ndarray, enough: bool
) -> tuple[np.ndarray, float, float, float]:
    """Each route's best player's share, the spread and its basic (pivotal) bootstrap interval
    (shares between 0 and 1). A route's best of two players is biased up, and the resampled
    spreads repeat that bias; reflecting them about the estimate takes it out once. Without
    ``enough`` games the interval is the whole range."""
    best, spread = _spread(shares[None, :], member)
    _, boot_spread = _spread(boot, member)
    q_low, q_high = np.nanquantile(boot_spread, [0.025, 0.975])
    value = float(spread[0])
    low, high = max(0.0, 2 * value - q_high), 2 * value - q_low
    low, high = (min(low, value), max(high, value)) if enough else (0.0, 1.0)
    return best[0], value, float(low), float(high)


def _spread(shares: np.ndarray, member: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per draw (rows of ``shares``, bots' win shares): each route's best player's share (draws x
    routes) and the spread between the best and the worst route (per draw)."""
    masked = np.where(member[None, :, :], shares[:, None, :], -np.inf)  # draws x routes x bots
    best = np.nanmax(np.where(np.isnan(masked), -np.inf, masked), axis=2)
    return best, best.max(axis=1) - best.min(axis=1)


def _best_player(shares: np.ndarray, member: np.ndarray) -> int:
    """The index of the route's player with the highest win share (its first on a tie)."""
    return int(np.flatnonzero(member)[np.argmax(shares[member])])
