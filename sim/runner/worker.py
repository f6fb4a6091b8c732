"""The task a worker runs: play one chunk of games and return its tables."""

from __future__ import annotations

from typing import Any

import pyarrow as pa

from sim.bots import play_game
from sim.core.gc_policy import tune_for_many_games
from sim.games import get_game
from sim.runner.plan import Chunk, game_seeds, seat_bots
from sim.runner.tables import ChunkContext, chunk_tables


def run_chunk(
    chunk: Chunk,
    game: str,
    params: Any,
    bots: tuple[str, ...],
    root_seed: int,
    ctx: ChunkContext,
    replays: int = 1,
) -> tuple[Chunk, dict[str, pa.Table]]:
    """Play every game of ``chunk``; failures become error rows, never exceptions. With ``replays``
    games per setup, the replays of a setup share its seed (the games table's ``seed``) and its
    seating, and differ in their play seed (``game_seeds``)."""
    tune_for_many_games()
    spec = get_game(game)
    records = []
    for game_index in chunk.game_indices:
        seed, play_seed = game_seeds(root_seed, chunk.n_players, game_index, replays)
        lineup = seat_bots(bots, chunk.n_players, game_index // replays)
        options = {} if play_seed is None else {"play_seed": play_seed}
        records.append((game_index, play_game(spec, params, chunk.n_players, seed, lineup, **options)))
    return chunk, chunk_tables(records, ctx)
