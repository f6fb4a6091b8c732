"""Bots shared by every game, and the one place a bot name becomes a bot.

A name is one of the game's own bots (``spec.bots.bots``, which take precedence), ``random``,
``onestep`` (one-ply lookahead on the running score), ``mcts`` / ``mcts:N`` (information-set
MCTS with N iterations per decision) or ``rollout`` / ``rollout:N`` (the game's heuristics'
candidate moves, each played out N times by the game's rollout heuristic); ``rollout:N@H`` is the
rollout bot on heuristic ``H``'s route (``H``'s best moves, played out by ``H``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sim.bots.random_bot import RandomBot
from sim.bots.rollout import DEFAULT_ROLLOUTS, RolloutBot
from sim.bots.search import DEFAULT_BUDGET, MCTSBot, OneStepBot
from sim.core.bot_names import BotName, parse_bot_name
from sim.core.game import Bot, GameSpec
from sim.core.play import play_game as _play_game

GENERIC_BOTS = ("random", "onestep", "mcts", "rollout")
BUDGETED = ("mcts", "rollout")
MAX_BUDGET = {"mcts": 100_000, "rollout": 1_000}
"""The largest budget a name may ask for: past it one game would run for days."""


def bot_names(spec: GameSpec) -> list[str]:
    """The game's own bots, then the generic ones it does not override."""
    return [*spec.bots.bots, *(name for name in GENERIC_BOTS if name not in spec.bots.bots)]


def _budget(text: str) -> int | None:
    return int(text) if text.isdigit() and int(text) > 0 else None


def _adviser(spec: GameSpec, bot: BotName) -> str | None:
    """The heuristic whose route a ``rollout:N@H`` name names ("" when ``H`` is none of the game's own
    heuristics); None for any other name."""
    if bot.base != "rollout" or not bot.routed:
        return None
    return bot.route if bot.route in spec.bots.bots and bot.route != "random" else ""


def is_known_bot(spec: GameSpec, name: str) -> bool:
    bot = parse_bot_name(name)
    if name in spec.bots.bots or (not bot.budgeted and not bot.routed and bot.base in GENERIC_BOTS):
        return True
    adviser = _adviser(spec, bot)
    if bot.routed and adviser is None:  # a route after another bot than rollout
        return False
    budget = _budget(bot.budget)
    return (
        bot.budgeted
        and bot.base in BUDGETED
        and budget is not None
        and budget <= MAX_BUDGET[bot.base]
        and adviser != ""
    )


def make_bot(spec: GameSpec, name: str, seat: int) -> Bot:
    """A fresh bot for ``seat``; KeyError for an unknown name."""
    if name in spec.bots.bots:
        return spec.bots.bots[name](seat)
    bot = parse_bot_name(name)
    if name == "random":
        return RandomBot(seat)
    if name == "onestep":
        return OneStepBot(spec.game, seat)
    if bot.base == "mcts" and not bot.routed and (not bot.budget or _budget(bot.budget)):
        return MCTSBot(spec.game, seat, _budget(bot.budget) or DEFAULT_BUDGET)
    adviser = _adviser(spec, bot)
    if bot.base == "rollout" and adviser is None and (not bot.budget or _budget(bot.budget)):
        return RolloutBot(spec, seat, _budget(bot.budget) or DEFAULT_ROLLOUTS)
    if bot.base == "rollout" and bot.budgeted and adviser and _budget(bot.budget):
        return RolloutBot(spec, seat, _budget(bot.budget) or DEFAULT_ROLLOUTS, adviser)
    raise KeyError(
        f"unknown bot {name!r} for {spec.name}; known bots: {', '.join(bot_names(spec))}, mcts:N, rollout:N, "
        "rollout:N@BOT"
    )


def play_game(
    spec: GameSpec, params: Any, n_players: int, seed: int, bot_names: Sequence[str], **options: Any
):
    """``sim.core.play.play_game`` with every bot name this module knows (generic bots included)."""
    return _play_game(spec, params, n_players, seed, bot_names, make_bot=make_bot, **options)
