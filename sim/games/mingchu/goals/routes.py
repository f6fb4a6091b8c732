"""明初商途's goals on 差异性平衡 (routes of equal strength; setup luck that players can judge).

``routes``: the routes play seats every archetype of the lineup (``bots.PERSONAS``) and, beside
each, the search bot that stays on its route (``rollout:N@<archetype>``), all rotating through the
seats; a route's strength is its better player's win share (``sim.stats.goals_routes``).

``setup_luck``: the setups play deals each setup once and plays it ``SETUP_REPLAYS`` times with other
play randomness (the bots' streams and every draw after the deal), one heuristic in every seat; the
measure is the share of a seat's win variance between setups (``sim.stats.goals_setup``)."""

from __future__ import annotations

from collections.abc import Sequence

from sim.core.goals import Goal, Play

from ..bots.heuristic import PERSONAS

ROUTE_ROLLOUTS = 2
"""Playouts per candidate of the route-advised search bot (``rollout:2@<archetype>``): the rollout
bot's cost is its playouts (about 11 CPU-s a game at 5 players with 2)."""
ROUTES_SHARE = 0.25
"""The routes play's games as a share of the lineup's: its search seats make it the costly play."""
ROUTES_BUDGET = 0.25
"""The routes goal's default share of ``sim goals``' budget: its search bots made its play 55% of a
fixed-size run's CPU (docs/goals.md, "Budgets and stopping")."""
SETUP_REPLAYS = 4
"""Games per setup in the setups play: 4 replays give the within-setup variance 3 degrees of freedom
per seat and setup."""
SETUP_BOT = "industrialist"
"""The heuristic in every seat of the setups play (the strongest one: the search bot's playout
policy): with one bot everywhere, a seat's win varies only with the setup, the seat and the play."""


def route_players(lineup: Sequence[str]) -> tuple[str, ...]:
    """The lineup's archetypes (each once) and, for each, the search bot on its route."""
    routes = tuple(dict.fromkeys(bot for bot in lineup if bot in PERSONAS))
    return (*routes, *(f"rollout:{ROUTE_ROLLOUTS}@{route}" for route in routes))


def setup_bots(lineup: Sequence[str]) -> tuple[str, ...]:
    """``SETUP_BOT`` in every seat when the lineup has it, else the lineup's first bot."""
    return (SETUP_BOT if SETUP_BOT in lineup else lineup[0],)


GOALS: tuple[Goal, ...] = (
    Goal(
        "routes",
        "points",
        max=5.0,
        about="Spread of the routes' win shares (each route judged with its better player: the "
        "archetype or the search bot on its route), in points.",
        play="routes",
        measure="sim.stats.goals_routes:route_spread",
    ),
    Goal(
        "setup_luck",
        "share",
        max=0.25,
        about="Share of a seat's win variance the setup alone explains (the same setups replayed with "
        "other play randomness; between- over total variance).",
        play="setups",
        measure="sim.stats.goals_setup:setup_share",
    ),
)
PLAYS: tuple[Play, ...] = (
    Play(
        "routes",
        route_players,
        "every archetype and the search bot on its route, rotating through the seats",
        share=ROUTES_SHARE,
        budget_share=ROUTES_BUDGET,
    ),
    Play(
        "setups",
        setup_bots,
        f"each setup dealt once and played {SETUP_REPLAYS} times with other play randomness",
        replays=SETUP_REPLAYS,
    ),
)
