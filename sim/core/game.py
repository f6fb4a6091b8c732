"""The one interface every game implements, and the spec that registers it.

A game is a package under ``sim/games/<name>/`` exporting ``SPEC: GameSpec``.
The runner, the CLI and the generic tests only ever talk to a game through
this module, so a new game is a new package, not an edit across the tree.

Conventions every game follows:

* ``apply`` mutates the state in place; ``state.clone()`` gives a cheap
  independent copy (search bots and the conformance test rely on it).
* All randomness during play (draws, shuffles) comes from a
  ``numpy.random.Generator`` stored on the state (seeded from the setup
  stream), never from a global, so a state clone replays identically.
* Seats are ``0..n-1``. ``current_player`` is the seat that must act.
* Actions are small frozen dataclasses (hashable, picklable).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np


@runtime_checkable
class GameState(Protocol):
    """What the runner needs from a state object."""

    def clone(self) -> GameState:
        """Return an independent deep copy (including the state's own rng)."""
        ...


class Rules(Protocol):
    """The verbs every game's ``rules`` module provides (OpenSpiel/TAG style)."""

    def initial_state(self, params: Any, n_players: int, rng: np.random.Generator) -> Any: ...

    def current_player(self, state: Any) -> int: ...

    def legal_actions(self, state: Any) -> Sequence[Any]: ...

    def apply(self, state: Any, action: Any) -> None: ...

    def is_terminal(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> list[float]: ...

    def ranking(self, state: Any) -> list[int]:
        """Rank per seat after tie-breaks, 1 = best; equal ranks mean a shared place."""
        ...

    def round_number(self, state: Any) -> int:
        """The current round (1-based), used for the ``rounds/`` table and game length."""
        ...

    def running_scores(self, state: Any) -> list[float]:
        """Each player's score so far (or the game's best proxy), sampled at round ends."""
        ...

    def score_breakdown(self, state: Any) -> list[dict[str, float]]:
        """Per seat, the game's breakdown columns (names declared in the spec)."""
        ...

    def end_reason(self, state: Any) -> str:
        """Which end trigger fired, e.g. ``rail_era_over`` or ``洪武驾崩``."""
        ...

    def events(self, state: Any) -> dict[str, list[dict[str, Any]]]:
        """Game-specific event tables (declared in the spec), rows as dicts."""
        ...

    def observation(self, state: Any, seat: int) -> Any:
        """What ``seat`` is allowed to see (hidden hands/decks removed)."""
        ...

    def describe_action(self, state: Any, action: Any) -> str:
        """One readable line for the play-by-play, evaluated *before* ``apply``."""
        ...


class Bot(Protocol):
    """A bot picks one of the legal actions. A fresh bot is made per game and seat."""

    name: str

    def choose(self, state: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any: ...


BotFactory = Callable[[int], Bot]
"""Makes a fresh bot for a seat."""


@dataclass(frozen=True)
class GameSpec:
    """Everything the toolkit needs to know about one game."""

    name: str
    title: str
    rules_version: str
    player_counts: tuple[int, ...]
    rules: Rules
    params_model: type  # a pydantic BaseModel subclass, extra="forbid"
    default_config: Path
    bots: Mapping[str, BotFactory]
    breakdown_columns: tuple[str, ...] = ()
    event_tables: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """Event table name -> {column: arrow type name ("string", "int64", "float64", "bool")}."""
    max_actions: Callable[[int], int] = lambda n_players: 10_000
    """Turn cap: a game still running after this many actions is recorded as an error."""
    default_bots: tuple[str, ...] = ()
    """The lineup used when no ``--bots`` is given (and by ``make demo``); empty means every bot."""

    @property
    def lineup(self) -> tuple[str, ...]:
        return tuple(self.default_bots) or tuple(self.bots)
