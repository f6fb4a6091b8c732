"""Plan a study in the parent: variants x player counts x game indices, seeds, seats, chunks."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from sim.config import ResolvedConfig
from sim.core.seating import seat_bots  # noqa: F401  (the runner's seating, imported from here too)
from sim.dataset.identity import run_id_of


def game_seed(root_seed: int, n_players: int, game_index: int) -> int:
    """The seed of one game: depends only on (root, player count, index), so variants pair up."""
    state = np.random.SeedSequence(root_seed, spawn_key=(n_players, game_index)).generate_state(1, np.uint64)
    return int(state[0] >> np.uint64(1))


def game_seeds(root_seed: int, n_players: int, game_index: int, replays: int = 1) -> tuple[int, int | None]:
    """(setup seed, play seed) of one game: with ``replays`` games per setup, game ``i`` is replay
    ``i % replays`` of setup ``i // replays``, whose seed is that of game ``i // replays`` of a run
    without replays; replay 0 is that game itself (play seed None), the others draw their play from
    ``SeedSequence(root_seed, spawn_key=(n_players, setup, replay, 1))``."""
    if replays == 1:
        return game_seed(root_seed, n_players, game_index), None
    setup, replay = divmod(game_index, replays)
    seed = game_seed(root_seed, n_players, setup)
    if replay == 0:
        return seed, None
    state = np.random.SeedSequence(root_seed, spawn_key=(n_players, setup, replay, 1)).generate_state(
        1, np.uint64
    )
    return seed, int(state[0] >> np.uint64(1))


@dataclass(frozen=True)
class Chunk:
    """A batch of consecutive games of one variant and player count: one Parquet file per table."""

    variant_index: int
    n_players: int
    start: int
    stop: int

    @property
    def chunk_id(self) -> str:
        return f"v{self.variant_index:02d}-p{self.n_players}-g{self.start:07d}-{self.stop:07d}"

    @property
    def game_indices(self) -> range:
        return range(self.start, self.stop)


@dataclass(frozen=True)
class Study:
    """What to run: the variants (same seeds for each), player counts, games, bots and root seed."""

    variants: tuple[ResolvedConfig, ...]
    player_counts: tuple[int, ...]
    games_per_count: int
    bots: tuple[str, ...]
    root_seed: int = 0
    chunk_size: int = 25
    replays: int = 1
    """Games per setup: game ``i`` replays setup ``i // replays`` (``game_seeds``); 1: every game
    its own setup."""

    @property
    def run_id(self) -> str:
        """Stable id of the run, independent of the number of games (so a run can grow or resume).

        It covers the seed, bots, player counts, each variant's config hash, its game's rules
        version and the fingerprint of the code that plays it, so a folder never mixes games played
        under different rules or by different code.
        """
        from sim.games import get_game
        from sim.runner.fingerprint import code_fingerprint

        variants = [
            (v.label, v.game, v.config_hash, spec.rules_version, code_fingerprint(spec))
            for v, spec in ((v, get_game(v.game)) for v in self.variants)
        ]
        return run_id_of(self.root_seed, self.bots, self.player_counts, variants, self.replays)


def plan_chunks(study: Study, done: dict[tuple[int, int], set[int]] | None = None) -> list[Chunk]:
    """Chunks covering every planned game not already in ``done`` ((variant, n) -> finished indices)."""
    done = done or {}
    chunks = []
    for variant_index in range(len(study.variants)):
        for n_players in study.player_counts:
            finished = done.get((variant_index, n_players), set())
            missing = [i for i in range(study.games_per_count) if i not in finished]
            chunks.extend(_group(variant_index, n_players, missing, study.chunk_size))
    return chunks


def _group(variant_index: int, n_players: int, indices: list[int], size: int) -> list[Chunk]:
    """Consecutive runs of indices, cut at multiples of ``size`` so chunk ids stay stable."""
    chunks: list[Chunk] = []
    start = prev = None
    for index in indices:
        if start is not None and (index != prev + 1 or index % size == 0):
            chunks.append(Chunk(variant_index, n_players, start, prev + 1))
            start = None
        if start is None:
            start = index
        prev = index
    if start is not None:
        chunks.append(Chunk(variant_index, n_players, start, prev + 1))
    return chunks
