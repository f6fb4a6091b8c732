"""Turn game records into Arrow tables with fixed schemas (one per dataset table)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from sim.core.play import GameRecord
from sim.dataset.schema import PARAM_PREFIX, ROUNDS_SCHEMA, event_schema, games_schema, players_schema


@dataclass(frozen=True)
class ChunkContext:
    """Columns shared by every row of a chunk."""

    run_id: str
    game: str
    variant: str
    config_hash: str
    rules_version: str
    code_version: str
    n_players: int
    params: Mapping[str, Any]
    """``param:<path>`` values of this variant (None where the path does not exist in it)."""
    param_types: Mapping[str, str]
    """Arrow type name per parameter path, shared by every variant of the run."""
    breakdown_columns: tuple[str, ...]
    event_tables: Mapping[str, Mapping[str, str]]


def _tie_break(record: GameRecord) -> bool:
    if not record.scores:
        return False
    best = max(record.scores)
    return sum(score == best for score in record.scores) > len(record.winner_seats)


def chunk_tables(records: Sequence[tuple[int, GameRecord]], ctx: ChunkContext) -> dict[str, pa.Table]:
    """All dataset tables for one chunk of (game_index, record) pairs."""
    games: dict[str, list[Any]] = {name: [] for name in games_schema(ctx.param_types).names}
    players: dict[str, list[Any]] = {name: [] for name in players_schema(ctx.breakdown_columns).names}
    rounds: dict[str, list[Any]] = {name: [] for name in ROUNDS_SCHEMA.names}
    events: dict[str, list[dict[str, Any]]] = {name: [] for name in ctx.event_tables}
    for game_index, rec in records:
        row = {
            "run_id": ctx.run_id,
            "game": ctx.game,
            "variant": ctx.variant,
            "config_hash": ctx.config_hash,
            "rules_version": ctx.rules_version,
            "code_version": ctx.code_version,
            "n_players": ctx.n_players,
            "game_index": game_index,
            "seed": rec.seed,
            "bots": ",".join(rec.bots),
            "rounds": rec.rounds,
            "actions": rec.actions,
            "winner_seats": ",".join(map(str, rec.winner_seats)) if not rec.error else "",
            "tie_break": _tie_break(rec) if not rec.error else False,
            "end_reason": rec.end_reason if not rec.error else "error",
            "error": rec.error,
            "duration_s": rec.duration_s,
        }
        row.update({f"{PARAM_PREFIX}{name}": value for name, value in ctx.params.items()})
        for name, value in row.items():
            games[name].append(value)
        if rec.error:
            continue
        key = {
            "run_id": ctx.run_id,
            "variant": ctx.variant,
            "game_index": game_index,
            "n_players": ctx.n_players,
        }
        winners = max(len(rec.winner_seats), 1)
        for seat in range(rec.n_players):
            breakdown = rec.breakdown[seat] if seat < len(rec.breakdown) else {}
            player = {
                "run_id": ctx.run_id,
                "variant": ctx.variant,
                "config_hash": ctx.config_hash,
                "game_index": game_index,
                "n_players": ctx.n_players,
                "seat": seat,
                "bot": rec.bots[seat],
                "score": rec.scores[seat],
                "rank": rec.ranks[seat],
                "won": rec.ranks[seat] == 1,
                "win_share": 1.0 / winners if rec.ranks[seat] == 1 else 0.0,
                "decisions": rec.decisions[seat] if seat < len(rec.decisions) else None,
                "spells": rec.spells[seat] if seat < len(rec.spells) else None,
            }
            player.update({name: float(breakdown.get(name, float("nan"))) for name in ctx.breakdown_columns})
            for name, value in player.items():
                players[name].append(value)
        for round_number, scores in enumerate(rec.running_scores, start=1):
            for seat, score in enumerate(scores):
                for name, value in zip(
                    ROUNDS_SCHEMA.names, (*key.values(), round_number, seat, float(score)), strict=True
                ):
                    rounds[name].append(value)
        for table, rows in rec.events.items():
            if table not in events:
                raise KeyError(f"game emitted undeclared event table {table!r}")
            events[table].extend({**key, **row} for row in rows)
    tables = {
        "games": pa.Table.from_pydict(games, schema=games_schema(ctx.param_types)),
        "players": pa.Table.from_pydict(players, schema=players_schema(ctx.breakdown_columns)),
        "rounds": pa.Table.from_pydict(rounds, schema=ROUNDS_SCHEMA),
    }
    for table, columns in ctx.event_tables.items():
        schema = event_schema(columns)
        tables[f"events_{table}"] = pa.Table.from_pylist(
            [{name: row.get(name) for name in schema.names} for row in events[table]], schema=schema
        )
    return tables
