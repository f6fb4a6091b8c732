"""The result tables and their column types, declared once.

The runner writes with these schemas, the loader and the statistics read by these names, the
synthetic-data writer fills them, and a test checks ``docs/dataset.md`` against them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pyarrow as pa

ARROW_TYPES: dict[str, pa.DataType] = {
    "string": pa.string(),
    "int64": pa.int64(),
    "float64": pa.float64(),
    "bool": pa.bool_(),
}
"""Type names a game may use for its event columns and parameters."""


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    meaning: str

    @property
    def field(self) -> pa.Field:
        return pa.field(self.name, ARROW_TYPES[self.type])


GAMES = (
    Column("run_id", "string", "stable id of the run (hash of its plan, without the number of games)"),
    Column("game", "string", "the game's registry name or module path"),
    Column("variant", "string", "variant label (config file stem, or `stem[path=value,...]` in sweeps)"),
    Column("config_hash", "string", "hash of the resolved config"),
    Column("rules_version", "string", "the game's rules version"),
    Column("code_version", "string", "`sim` package version"),
    Column("n_players", "int64", "player count"),
    Column("game_index", "int64", "index within (variant, player count); the same index = the same seed"),
    Column(
        "seed", "int64", "the game's seed: `sim play CONFIG --players N --seed SEED --bots ...` replays it"
    ),
    Column("bots", "string", "bot names by seat, comma-separated"),
    Column("rounds", "int64", "rounds played"),
    Column("actions", "int64", "actions taken"),
    Column(
        "winner_seats", "string", "winning seats, comma-separated (`1,3` for a shared win); empty on error"
    ),
    Column("tie_break", "bool", "top score was shared and a tie-break decided the winner"),
    Column("end_reason", "string", "which end trigger fired (game-defined); `error` on error"),
    Column("error", "string", "empty when the game finished; otherwise the exception or `turn cap hit` text"),
    Column(
        "duration_s", "float64", "wall time of the game (not deterministic; excluded from equality checks)"
    ),
)
PLAYERS = (
    Column("run_id", "string", "as in games"),
    Column("variant", "string", "as in games"),
    Column("config_hash", "string", "as in games"),
    Column("game_index", "int64", "as in games"),
    Column("n_players", "int64", "as in games"),
    Column("seat", "int64", "0-based seat in turn order of the setup"),
    Column("bot", "string", "the bot in that seat"),
    Column("score", "float64", "final score"),
    Column("rank", "int64", "1 = best after tie-breaks; equal ranks share a place"),
    Column("won", "bool", "rank == 1 (a shared win is a win for each sharer)"),
    Column(
        "win_share", "float64", "1/k for each of k players sharing first place, else 0; sums to 1 per game"
    ),
    Column("decisions", "int64", "decisions (actions) the player took; empty in runs written before it"),
    Column(
        "spells",
        "int64",
        "the player's turns as the others wait for them: maximal runs of its own consecutive decisions",
    ),
)
ROUNDS = (
    Column("run_id", "string", "as in games"),
    Column("variant", "string", "as in games"),
    Column("game_index", "int64", "as in games"),
    Column("n_players", "int64", "as in games"),
    Column("round", "int64", "1-based: the round that just ended"),
    Column("seat", "int64", "as in players"),
    Column("score", "float64", "the game's running score (or its best proxy) at the end of that round"),
)
EVENT_KEYS = ROUNDS[:4]
"""Every ``events_<name>`` table starts with these, then the columns the game declares."""


def column_types(columns: Sequence[Column]) -> dict[str, str]:
    """``{name: type}`` of an event table's columns, as a game declares them in its spec."""
    return {c.name: c.type for c in columns}


TABLES = {"games": GAMES, "players": PLAYERS, "rounds": ROUNDS}
GAME_KEY = ["run_id", "variant", "n_players", "game_index"]
"""Columns that identify one game across every table of a combined set of runs."""
PARAM_PREFIX = "param:"


def games_schema(param_types: Mapping[str, str] | None = None) -> pa.Schema:
    """``games`` plus one typed ``param:<path>`` column per parameter that differs from the base."""
    fields = [c.field for c in GAMES]
    fields += [
        pa.field(f"{PARAM_PREFIX}{name}", ARROW_TYPES[kind]) for name, kind in (param_types or {}).items()
    ]
    return pa.schema(fields)


def players_schema(breakdown_columns: Sequence[str] = ()) -> pa.Schema:
    """``players`` plus the game's breakdown columns (float64)."""
    return pa.schema(
        [c.field for c in PLAYERS] + [pa.field(name, pa.float64()) for name in breakdown_columns]
    )


ROUNDS_SCHEMA = pa.schema([c.field for c in ROUNDS])


def event_schema(columns: Mapping[str, str]) -> pa.Schema:
    """``events_<name>``: the game keys, then the columns the game declares in its spec."""
    return pa.schema(
        [c.field for c in EVENT_KEYS] + [pa.field(n, ARROW_TYPES[t]) for n, t in columns.items()]
    )


def is_table_folder(name: str) -> bool:
    return name in TABLES or name.startswith("events_")
