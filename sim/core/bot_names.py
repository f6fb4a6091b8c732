"""The one grammar of a bot's name, ``base[:budget][@route]``: ``random``, ``mcts:200``,
``rollout:2``, ``rollout:2@roadbuilder`` (the rollout bot on heuristic ``roadbuilder``'s route).

The bots (``sim.bots``: which name makes which bot), the statistics (``sim.stats``: the route a bot
plays) and the report (``sim.report.names``: a name shown in a report's language) all read a name
through ``parse_bot_name``, so the grammar lives here alone.
"""

from __future__ import annotations

from typing import NamedTuple

BUDGET_MARK = ":"
"""Between a generic bot and its budget (``mcts:200``: iterations, ``rollout:2``: playouts)."""
ROUTE_MARK = "@"
"""Before the heuristic whose route a search bot stays on (``rollout:2@roadbuilder``)."""


class BotName(NamedTuple):
    """A bot's name in its parts: ``<base>[:<budget>][@<route>]``."""

    base: str
    """The bot before any budget or route: a game's bot or a generic one (``rollout``, ``mcts``)."""
    budget: str = ""
    """The text after ``:`` (before any ``@``); empty when the name has none."""
    route: str = ""
    """The text after ``@``; empty when the name has none."""
    budgeted: bool = False
    """Whether the name has a ``:``."""
    routed: bool = False
    """Whether the name has an ``@``."""

    @property
    def searcher(self) -> str:
        """The name before its route (``rollout:2`` of ``rollout:2@roadbuilder``)."""
        return self.base + (BUDGET_MARK + self.budget if self.budgeted else "")

    @property
    def plays_route(self) -> str:
        """The route the bot plays: its ``@`` route, else the bot itself (a heuristic is its own route)."""
        return self.route if self.routed else str(self)

    def __str__(self) -> str:
        return self.searcher + (ROUTE_MARK + self.route if self.routed else "")


def parse_bot_name(name: str) -> BotName:
    """``name`` in its parts; every name parses (whether it names a bot is ``sim.bots``' answer)."""
    head, at, route = name.partition(ROUTE_MARK)
    base, colon, budget = head.partition(BUDGET_MARK)
    return BotName(base, budget, route, bool(colon), bool(at))


def bot_name(base: str, budget: int | str | None = None, route: str = "") -> str:
    """The name of ``base`` with a budget and a route: ``bot_name("rollout", 2, "roadbuilder")``."""
    budgeted = budget is not None
    return str(BotName(base, str(budget) if budgeted else "", route, budgeted, bool(route)))
