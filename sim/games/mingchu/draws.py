"""Deck-stable randomness: every deck and every reshuffle has its own keyed order.

Each card copy has its own random stream, keyed by (game key, deck, card id, copy number), that
gives it a priority for every draw: the first draw takes the copy with the lowest first priority,
the second the lowest second priority among the copies left, and so on. So

* a deck's order depends only on the game's seed, the deck's name and which cards it holds: adding,
  removing or changing a card never moves a card of another deck;
* one card more or less changes its own deck only where that card is drawn and along a short chain
  after it: the card it displaced is drawn at the first later draw where it comes first, and so on
  (a sort by one key per card would instead move every later card one draw along);
* a variant's games therefore differ from its base's only where its content differs.

The game key comes from the seed sequence of the rng handed to ``initial_state`` (its bit generator
is not advanced): the key is hidden exactly as that rng is (an observation and a bot's view drop
the rng, a determinized state gets a fresh one and with it fresh reshuffles), and a clone or a
pickled copy keeps it. The die (``random_coins``, the 赌徒) is keyed the same way, by the seat, the
round and the roll's number within them, so a variant that parts from its base does not shift the
rolls of the rest of the game. ``state.rng`` itself draws nothing during play.
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


def _copy_seed(key: bytes, deck: str, card: str, copy_no: int) -> int:
    text = f"{deck}\x1f{card}\x1f{copy_no}".encode()
    return int.from_bytes(hashlib.blake2b(text, key=key, digest_size=8).digest(), "little")


def keyed_order(key: bytes, deck: str, cards: Iterable[str]) -> list[str]:
    """``cards`` (ids, one per copy) as a deck whose top is the last item (see the module text).

    The result depends only on the multiset of ``cards``, never on the order they come in."""
    labels = sorted(cards)
    n = len(labels)
    priority = np.empty((n, n))
    seen: Counter[str] = Counter()
    for i, card in enumerate(labels):
        # the t-th priority of a copy is the t-th number of its stream, whatever the deck's size
        priority[i] = np.random.default_rng(_copy_seed(key, deck, card, seen[card])).random(n)
        seen[card] += 1
    drawn = []
    for t in range(n):
        i = int(np.argmin(priority[:, t]))
        drawn.append(labels[i])
        priority[i, :] = np.inf
    return drawn[::-1]


def reshuffled(rng: np.random.Generator, deck: str, number: int, cards: Iterable[str]) -> list[str]:
    """The ``number``-th reshuffle of ``deck``'s discards (``cards``), keyed like the deal."""
    return keyed_order(game_key(rng), f"{deck}\x1freshuffle {number}", cards)


def _next_number(state, stream: str) -> int:
    """How many keyed draws ``stream`` has had so far in ``state`` (``state.keyed_draws``), counting this one."""
    number = state.keyed_draws.get(stream, 0)
    state.keyed_draws[stream] = number + 1
    return number


def reshuffle(state, deck: str, cards: Iterable[str]) -> list[str]:
    """``state``'s next reshuffle of ``deck``'s discards."""
    return reshuffled(state.rng, deck, _next_number(state, deck), cards)


def roll(state, seat: int, faces: int) -> int:
    """A die roll (0 .. faces - 1) for ``seat``, keyed by the game, the seat, the round and the roll's
    number within them: the same in a variant as in its base, whatever happened elsewhere."""
    stream = f"die\x1f{seat}\x1f{state.round}"
    text = f"{stream}\x1f{_next_number(state, stream)}".encode()
    digest = hashlib.blake2b(text, key=game_key(state.rng), digest_size=8).digest()
    return int.from_bytes(digest, "little") % faces
