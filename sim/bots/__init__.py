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


def _adviser(spec: GameSpec, base: str, arg: str) -> tuple[str, str | None]:
    """(budget text, adviser) of a ``rollout:N@H`` argument; (arg, None) for any other name."""
    budget, at, adviser = arg.partition("@")
    if base != "rollout" or not at:
        return arg, None
    return budget, adviser if adviser in spec.bots.bots and adviser != "random" else ""


def is_known_bot(spec: GameSpec, name: str) -> bool:
    base, colon, arg = name.partition(":")
    if name in spec.bots.bots or (not colon and base in GENERIC_BOTS):
        return True
    arg, adviser = _adviser(spec, base, arg)
    budget = _budget(arg)
    return base in BUDGETED and budget is not None and budget <= MAX_BUDGET[base] and adviser != ""


def make_bot(spec: GameSpec, name: str, seat: int) -> Bot:
    """A fresh bot for ``seat``; KeyError for an unknown name."""
    if name in spec.bots.bots:
        return spec.bots.bots[name](seat)
    base, _, arg = name.partition(":")
    if name == "random":
        return RandomBot(seat)
    if name == "onestep":
        return OneStepBot(spec.game, seat)
    if base == "mcts" and (not arg or _budget(arg)):
        return MCTSBot(spec.game, seat, _budget(arg) or DEFAULT_BUDGET)
    arg, adviser = _adviser(spec, base, arg)
    if base == "rollout" and adviser is None and (not arg or _budget(arg)):
        return RolloutBot(spec, seat, _budget(arg) or DEFAULT_ROLLOUTS)
    if base == "rollout" and adviser and _budget(arg):
        return RolloutBot(spec, seat, _budget(arg) or DEFAULT_ROLLOUTS, adviser)
    raise KeyError(
        f"unknown bot {name!r} for {spec.name}; known bots: {', '.join(bot_names(spec))}, mcts:N, rollout:N, "
        "rollout:N@BOT"
    )


def play_game(
    spec: GameSpec, params: Any, n_players: int, seed: int, bot_names: Sequence[str], **options: Any
):
    """``sim.core.play.play_game`` with every bot name this module knows (generic bots included)."""
    return _play_game(spec, params, n_players, seed, bot_names, make_bot=make_bot, **options)
