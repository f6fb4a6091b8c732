"""Play one game from a seed: the single code path used by ``sim play``, the runner and tests."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sim.core.game import Bot, GameSpec, TurnCapExceeded
from sim.core.play_loop import play_actions

__all__ = ["GameRecord", "TurnCapExceeded", "play_game"]


def setup_rng(seed: int) -> np.random.Generator:
    """The rules' stream: deal, shuffles and every draw during play."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(0,))))


def bot_rng(seed: int, seat: int) -> np.random.Generator:
    """A bot's own stream, so a bot's randomness never changes the deal."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(seed, spawn_key=(1, seat))))


def play_rng(play_seed: int) -> np.random.Generator:
    """The rules' stream after the setup when a game replays a setup with other play randomness
    (``play_game(..., play_seed=...)``): every draw during play, as ``state.rng``."""
    return np.random.Generator(np.random.PCG64(np.random.SeedSequence(play_seed, spawn_key=(2,))))


def seen_by(game: Any, bot: Any, state: Any, seat: int) -> Any:
    """What ``bot`` is given to decide from (its ``sees``): never the full state."""
    sees = getattr(bot, "sees", "view")
    if sees == "legal":
        return None
    if sees == "observation":
        return game.observation(state, seat)
    return game.view(state, seat)


def _look(game: Any, bot: Any) -> Callable[[Any, int], Any] | None:
    """``seen_by``'s choice for ``bot``, made once: None when it sees the legal actions alone."""
    sees = getattr(bot, "sees", "view")
    if sees == "legal":
        return None
    if sees == "observation":
        return game.observation
    return game.view


def _owned_chooser(bot: Any, rng: np.random.Generator) -> Callable[[Sequence[Any]], Any] | None:
    """The bot's cheaper way to pick with an rng only it draws from (``RandomBot.owned_chooser``)."""
    make = getattr(bot, "owned_chooser", None)
    return None if make is None else make(rng)


@dataclass
class GameRecord:
    """Everything the runner keeps about one finished (or failed) game."""

    seed: int
    n_players: int
    bots: list[str]
    rounds: int = 0
    actions: int = 0
    scores: list[float] = field(default_factory=list)
    ranks: list[int] = field(default_factory=list)
    breakdown: list[dict[str, float]] = field(default_factory=list)
    end_reason: str = ""
    events: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    running_scores: list[list[float]] = field(default_factory=list)
    """One list of per-seat scores for each completed round."""
    error: str = ""
    duration_s: float = 0.0
    decisions: list[int] = field(default_factory=list)
    """Per seat, the decisions it took."""
    spells: list[int] = field(default_factory=list)
    """Per seat, its spells: maximal runs of its own consecutive decisions (its turns, as a player
    waiting for them counts them)."""

    @property
    def winner_seats(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]


StepHook = Callable[[Any, int, Any, str], None]
"""Called before each action with (state, seat, action, description)."""
BotMaker = Callable[[GameSpec, str, int], Bot]
"""Makes the bot a name stands for, for a seat (``sim.bots.make_bot`` knows the generic bots too)."""


def own_bot(spec: GameSpec, name: str, seat: int) -> Bot:
    """One of the game's own bots (``spec.bots.bots``); KeyError for another name."""
    if name not in spec.bots.bots:
        raise KeyError(f"unknown bot {name!r} for {spec.name}; its own bots: {', '.join(spec.bots.bots)}")
    return spec.bots.bots[name](seat)


def play_game(
    spec: GameSpec,
    params: Any,
    n_players: int,
    seed: int,
    bot_names: Sequence[str],
    *,
    on_step: StepHook | None = None,
    catch_errors: bool = True,
    make_bot: BotMaker = own_bot,
    play_seed: int | None = None,
) -> GameRecord:
    """Play one game; a rules or bot exception becomes ``record.error`` when ``catch_errors``.

    ``make_bot`` turns each name into a bot: the game's own bots by default; the layers above the
    bots pass ``sim.bots.make_bot`` for the generic ones (``mcts``, ``rollout``, ...).
    ``play_seed`` replays the setup ``seed`` deals with other play randomness: the bots' streams
    and every draw after the setup (``state.rng``, ``play_rng``) come from it instead; None (the
    default) plays the game of ``seed`` alone."""
    record = GameRecord(seed=seed, n_players=n_players, bots=list(bot_names))
    start = time.perf_counter()
    try:
        _play(spec, params, n_players, seed, bot_names, record, on_step, make_bot, play_seed)
    except Exception as exc:  # one failing game must not stop a run
        if not catch_errors:
            raise
        where = traceback.extract_tb(exc.__traceback__)[-1]
        record.error = f"{type(exc).__name__}: {exc} (at {where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
    record.duration_s = time.perf_counter() - start
    return record


def _play(spec, params, n_players, seed, bot_names, record, on_step, make_bot, play_seed=None) -> None:
    game = spec.game
    if len(bot_names) != n_players:
        raise ValueError(f"need {n_players} bots, got {len(bot_names)}")
    bots = [make_bot(spec, name, seat) for seat, name in enumerate(bot_names)]
    rngs = [bot_rng(seed if play_seed is None else play_seed, seat) for seat in range(n_players)]
    state = game.initial_state(params, n_players, setup_rng(seed))
    if play_seed is not None:  # the setup is dealt: the draws from here on follow the play seed
        state.rng = play_rng(play_seed)
    record.decisions, record.spells = [0] * n_players, [0] * n_players
    looks = [_look(game, bot) for bot in bots]
    # a seat's rng is its bot's alone here, so a bot may draw from it its own cheaper way
    owned = [_owned_chooser(bot, rng) for bot, rng in zip(bots, rngs, strict=True)]
    counted = [0]
    try:
        play_actions(
            game,
            state,
            bots,
            looks,
            owned,
            rngs,
            spec.max_actions(n_players),
            record.decisions,
            record.spells,
            record.running_scores,
            on_step,
            counted,
        )
    finally:
        record.actions = counted[0]
    outcome = game.outcome(state)
    record.running_scores.append(list(outcome.scores))
    record.rounds = game.round_number(state)
    record.scores = [float(s) for s in outcome.scores]
    record.ranks = list(outcome.ranks)
    record.breakdown = outcome.breakdown
    record.end_reason = outcome.end_reason
    record.events = outcome.events
