"""Which bot sits in which seat of one game: the runner's rotation, a pure function (the synthetic
datasets of ``sim.stats`` seat their bots the same way)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def seat_bots(bots: Sequence[str], n_players: int, game_index: int) -> list[str]:
    """Bots by seat for one game: a Latin-square rotation, a pure function of its arguments.

    * At least as many bots as seats (k >= n): within each block of k consecutive games every
      bot sits in every seat once; the order is shuffled per block (independently of the root
      seed) so that, when there are more bots than seats, every pair of bots meets.
    * Fewer bots than seats (k < n): the n seats are filled from n slots, slot j holding bot
      ``(j + b) mod k`` in block b of n games, and seat s takes slot ``(p_b(s) + r) mod n`` in game
      r of the block, p_b a permutation of the seats shuffled per block (independently of the root
      seed). Every seat takes every slot once per block, so over k blocks (n * k games) every bot
      sits in every seat exactly n times, and no two seats are tied to the same bot.
    """
    k = len(bots)
    if k == 0:
        raise ValueError("no bots given")
    if k >= n_players:
        block, offset = divmod(game_index, k)
        order = (
            np.random.default_rng(np.random.SeedSequence(block, spawn_key=(k,))).permutation(k)
            if k > 1
            else [0]
        )
        return [bots[order[(seat + offset) % k]] for seat in range(n_players)]
    block, offset = divmod(game_index, n_players)
    seat_order = np.random.default_rng(np.random.SeedSequence(block, spawn_key=(k, n_players))).permutation(
        n_players
    )
    return [bots[((seat_order[seat] + offset) % n_players + block) % k] for seat in range(n_players)]
