"""Deck-stable randomness: every deck and every reshuffle has its own keyed order.

A copy's place in a deck is a hash of (game key, deck, card id, copy number), and a deck is its
copies sorted by that hash. So adding, removing or changing one card leaves every other deck's order
as it was and the other cards of its own deck in the same relative order, and a variant's games
differ from its base's only where its content differs (docs/card-lab.md).

The game key comes from the seed sequence of the rng handed to ``initial_state`` (its bit generator
is not advanced): the key is hidden exactly as that rng is (an observation drops the rng, a
determinized state gets a fresh one and with it fresh reshuffles), and a clone or a pickled copy
keeps it. ``state.rng`` itself is left to the draws that are not card orders (the 赌徒's die).
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterable

import numpy as np


def game_key(rng: np.random.Generator) -> bytes:
    """16 bytes fixed by the rng's seed (its seed sequence); the rng's stream is not touched."""
    seq = rng.bit_generator.seed_seq
    try:
        words = seq.generate_state(4, np.uint32)
    except (NotImplementedError, AttributeError):  # a generator made without a seed sequence
        words = np.frombuffer(repr(rng.bit_generator.state).encode("utf-8"), dtype=np.uint8)
    return hashlib.blake2b(words.tobytes(), digest_size=16).digest()


def _place(key: bytes, deck: str, card: str, copy_no: int) -> bytes:
    return hashlib.blake2b(f"{deck}\x1f{card}\x1f{copy_no}".encode(), key=key, digest_size=8).digest()


def keyed_order(key: bytes, deck: str, cards: Iterable[str]) -> list[str]:
    """``cards`` (ids, one per copy) in the order their keyed hashes give; the top is the last.

    The result depends only on the multiset of ``cards``, never on the order they come in."""
    copies: Counter[str] = Counter()
    placed = []
    for card in cards:
        placed.append((_place(key, deck, card, copies[card]), card))
        copies[card] += 1
    placed.sort()
    return [card for _, card in placed]


def reshuffled(rng: np.random.Generator, deck: str, number: int, cards: Iterable[str]) -> list[str]:
    """The ``number``-th reshuffle of ``deck``'s discards (``cards``), keyed like the deal."""
    return keyed_order(game_key(rng), f"{deck}\x1freshuffle {number}", cards)


def reshuffle(state, deck: str, cards: Iterable[str]) -> list[str]:
    """``state``'s next reshuffle of ``deck``'s discards (counted in ``state.reshuffles``)."""
    number = state.reshuffles.get(deck, 0)
    state.reshuffles[deck] = number + 1
    return reshuffled(state.rng, deck, number, cards)
