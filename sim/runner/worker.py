"""The task a worker runs: play one chunk of games and return its tables."""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from sim.bots import play_game
from sim.core.gc_policy import tune_for_many_games
from sim.games import get_game
from sim.runner.plan import Chunk, game_seed, seat_bots
from sim.runner.tables import ChunkContext, chunk_tables


def run_chunk(
    chunk: Chunk,
    game: str,
    params: Any,
    bots: tuple[str, ...],
    root_seed: int,
    ctx: ChunkContext,
) -> tuple[Chunk, dict[str, pa.Table]]:
    """Play every game of ``chunk``; failures become error rows, never exceptions."""
    tune_for_many_games()
    spec = get_game(game)
    records = []
    for game_index in chunk.game_indices:
        seed = game_seed(root_seed, chunk.n_players, game_index)
        lineup = seat_bots(bots, chunk.n_players, game_index)
        records.append((game_index, play_game(spec, params, chunk.n_players, seed, lineup)))
    return chunk, chunk_tables(records, ctx)
