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
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final

import numpy as np

if TYPE_CHECKING:  # annotations only: the compiled core's 64-bit machine integer, an int elsewhere
    from mypy_extensions import i64


def game_key(rng: np.random.Generator) -> bytes:
    """16 bytes fixed by the rng's seed (its seed sequence); the rng's stream is not touched."""
    seq = rng.bit_generator.seed_seq
    try:
        words = seq.generate_state(4, np.uint32)
    except (NotImplementedError, AttributeError):  # a generator made without a seed sequence
        words = np.frombuffer(repr(rng.bit_generator.state).encode("utf-8"), dtype=np.uint8)
    return hashlib.blake2b(words.tobytes(), digest_size=16).digest()


def _copy_seed(keyed: Any, deck: str, card: str, copy_no: int) -> int:
    """The seed of a card copy's stream: the game key's 8-byte blake2b of its deck, card and number
    (``keyed``: a blake2b hasher holding the key, copied for each copy)."""
    hasher = keyed.copy()
    hasher.update(f"{deck}\x1f{card}\x1f{copy_no}".encode())
    return int.from_bytes(hasher.digest(), "little")


def keyed_order_plain(key: bytes, deck: str, cards: Iterable[str]) -> list[str]:
    """The rule as stated (the module text), for ``keyed_order`` to be checked against: each card
    copy (sorted by id, numbered within its id) draws ``n`` numbers from numpy's ``default_rng`` seeded
    with ``_copy_seed``; the t-th draw takes, among the copies left, the one with the lowest t-th
    number (the first among equals); the deck's top is the last item. Written for clarity, not speed."""
    labels = sorted(cards)
    n = len(labels)
    keyed = hashlib.blake2b(key=key, digest_size=8)
    seen: dict[str, int] = {}
    priority = np.empty((n, n))
    for i, card in enumerate(labels):
        copy_no = seen.get(card, 0)
        priority[i] = np.random.default_rng(_copy_seed(keyed, deck, card, copy_no)).random(n)
        seen[card] = copy_no + 1
    drawn: list[str] = []
    for t in range(n):
        i = int(np.argmin(priority[:, t]))
        drawn.append(labels[i])
        priority[i, :] = np.inf
    return drawn[::-1]


def keyed_order(key: bytes, deck: str, cards: Iterable[str]) -> list[str]:
    """``keyed_order_plain`` (``cards``, ids one per copy, as a deck whose top is the last item), the
    speed kernel: each copy's stream is numpy's ``default_rng(seed)`` redone in machine integers
    (``_Pcg64``, the same numbers bit for bit), and only the priorities that are compared are
    computed (a copy's t-th number while it is not drawn), with no numpy call per copy.

    The result depends only on the multiset of ``cards``, never on the order they come in."""
    labels = sorted(cards)
    keyed = hashlib.blake2b(key=key, digest_size=8)
    seen: dict[str, int] = {}
    streams: list[_Pcg64] = []
    for card in labels:
        # the t-th priority of a copy is the t-th number of its stream, whatever the deck's size
        copy_no = seen.get(card, 0)
        streams.append(_Pcg64(_copy_seed(keyed, deck, card, copy_no)))
        seen[card] = copy_no + 1
    left = list(range(len(labels)))
    drawn: list[str] = []
    while len(left) > 1:
        # the copy with the lowest next number (the first one among equals, as numpy's argmin)
        best_at, best = 0, streams[left[0]].next53()
        for at in range(1, len(left)):
            number = streams[left[at]].next53()
            if number < best:
                best_at, best = at, number
        drawn.append(labels[left.pop(best_at)])
    drawn.extend(labels[i] for i in left)
    return drawn[::-1]


_M16: Final = 0xFFFF
_M32: Final = 0xFFFFFFFF


def _hash_constants(start: int, mult: int, count: int) -> tuple[int, ...]:
    """numpy SeedSequence's successive hash constants: ``start``, then each times ``mult`` mod 2**32."""
    out = [start]
    while len(out) < count:
        out.append((out[-1] * mult) & _M32)
    return tuple(out)


_HASH_A: Final = _hash_constants(0x43B0D7E5, 0x931E8875, 17)
"""The constants of the entropy's hashing into the pool and of the pool's mixing."""
_HASH_B: Final = _hash_constants(0x8B51F9DD, 0x58F38DED, 9)
"""The constants of the pool's hashing out into the state words."""
_A64: Final[list[i64]] = [c for c in _HASH_A]
"""``_HASH_A`` as machine integers (a list of ``i64`` is read without boxing in the compiled core)."""
_B64: Final[list[i64]] = [c for c in _HASH_B]


def _mul32(x: i64, c: i64) -> i64:
    """``(x * c) mod 2**32`` for 32-bit numbers, from products of 16-bit halves only (which stay
    well inside the compiled core's 64-bit machine integers)."""
    x0, x1, c0, c1 = x & 0xFFFF, x >> 16, c & 0xFFFF, c >> 16
    return (x0 * c0 + (((x1 * c0 + x0 * c1) & 0xFFFF) << 16)) & 0xFFFFFFFF


def _hash(value: i64, constants: list[i64], k: int) -> i64:
    """SeedSequence's ``hashmix`` with its ``k``-th constant."""
    value = _mul32(value ^ constants[k], constants[k + 1])
    return value ^ (value >> 16)


def _mix(x: i64, y: i64) -> i64:
    mixed = (_mul32(x, 0xCA01F9DD) - _mul32(y, 0x4973F715)) & 0xFFFFFFFF
    return mixed ^ (mixed >> 16)


def _seed_words(seed: int) -> tuple[i64, i64, i64, i64, i64, i64, i64, i64]:
    """numpy's ``SeedSequence(seed).generate_state(8, np.uint32)`` for a seed below 2**64: its two
    entropy words (and two zeros) hashed into a pool of four words, each pool word mixed with the
    hash of every other one in turn, then the pool hashed out twice over."""
    a = _A64
    p0, p1 = _hash(seed & _M32, a, 0), _hash(seed >> 32, a, 1)
    p2, p3 = _hash(0, a, 2), _hash(0, a, 3)
    p1, p2, p3 = _mix(p1, _hash(p0, a, 4)), _mix(p2, _hash(p0, a, 5)), _mix(p3, _hash(p0, a, 6))
    p0, p2, p3 = _mix(p0, _hash(p1, a, 7)), _mix(p2, _hash(p1, a, 8)), _mix(p3, _hash(p1, a, 9))
    p0, p1, p3 = _mix(p0, _hash(p2, a, 10)), _mix(p1, _hash(p2, a, 11)), _mix(p3, _hash(p2, a, 12))
    p0, p1, p2 = _mix(p0, _hash(p3, a, 13)), _mix(p1, _hash(p3, a, 14)), _mix(p2, _hash(p3, a, 15))
    b = _B64
    return (
        _hash(p0, b, 0),
        _hash(p1, b, 1),
        _hash(p2, b, 2),
        _hash(p3, b, 3),
        _hash(p0, b, 4),
        _hash(p1, b, 5),
        _hash(p2, b, 6),
        _hash(p3, b, 7),
    )


_MULTIPLIER: Final = (2549297995355413924 << 64) + 4865540595714422341
"""PCG64's 128-bit multiplier; ``_Pcg64`` uses its 16-bit limbs ``_A0`` (lowest) .. ``_A7``, written
out as literals (machine integers in the compiled core; ``test_loop_speed`` checks them)."""
_A0: Final = 63045
_A1: Final = 40908
_A2: Final = 57188
_A3: Final = 17285
_A4: Final = 23972
_A5: Final = 8134
_A6: Final = 60677
_A7: Final = 9056


class _Pcg64:
    """numpy's ``default_rng(seed)`` for a seed below 2**64 (``SeedSequence`` then ``PCG64``), as the
    53-bit integers behind its ``random()`` doubles (``random() == next53() / 2**53``).

    The 128-bit state ``s`` and increment ``c`` are kept as eight 16-bit limbs each (``s0`` lowest):
    every product is of two 16-bit numbers and every sum stays below 2**40, so the compiled core works
    in 64-bit machine integers (``i64``) throughout."""

    def __init__(self, seed: int) -> None:
        w0, w1, w2, w3, w4, w5, w6, w7 = _seed_words(seed)
        # PCG64 reads the words as four little-endian uint64: (state high, low), (stream high, low);
        # its increment is the stream shifted left by one bit, plus one; its state starts as the
        # increment plus the seed's state (then steps once). All in 32-bit words, lowest first:
        c0: i64 = ((w6 << 1) | 1) & 0xFFFFFFFF
        c1: i64 = ((w7 << 1) | (w6 >> 31)) & 0xFFFFFFFF
        c2: i64 = ((w4 << 1) | (w7 >> 31)) & 0xFFFFFFFF
        c3: i64 = ((w5 << 1) | (w4 >> 31)) & 0xFFFFFFFF
        t: i64 = c0 + w2
        s0: i64 = t & 0xFFFFFFFF
        t = (t >> 32) + c1 + w3
        s1: i64 = t & 0xFFFFFFFF
        t = (t >> 32) + c2 + w0
        s2: i64 = t & 0xFFFFFFFF
        s3: i64 = ((t >> 32) + c3 + w1) & 0xFFFFFFFF
        self.c0: i64 = c0 & 0xFFFF
        self.c1: i64 = c0 >> 16
        self.c2: i64 = c1 & 0xFFFF
        self.c3: i64 = c1 >> 16
        self.c4: i64 = c2 & 0xFFFF
        self.c5: i64 = c2 >> 16
        self.c6: i64 = c3 & 0xFFFF
        self.c7: i64 = c3 >> 16
        self.s0: i64 = s0 & 0xFFFF
        self.s1: i64 = s0 >> 16
        self.s2: i64 = s1 & 0xFFFF
        self.s3: i64 = s1 >> 16
        self.s4: i64 = s2 & 0xFFFF
        self.s5: i64 = s2 >> 16
        self.s6: i64 = s3 & 0xFFFF
        self.s7: i64 = s3 >> 16
        self._step()

    def _step(self) -> None:
        """state = state * multiplier + increment (mod 2**128): limb k sums the products of limbs
        i and k - i, plus the increment's limb and the carry from limb k - 1."""
        s0, s1, s2, s3, s4, s5, s6, s7 = (
            self.s0,
            self.s1,
            self.s2,
            self.s3,
            self.s4,
            self.s5,
            self.s6,
            self.s7,
        )
        t: i64 = s0 * _A0 + self.c0
        self.s0 = t & 0xFFFF
        t = (t >> 16) + s0 * _A1 + s1 * _A0 + self.c1
        self.s1 = t & 0xFFFF
        t = (t >> 16) + s0 * _A2 + s1 * _A1 + s2 * _A0 + self.c2
        self.s2 = t & 0xFFFF
        t = (t >> 16) + s0 * _A3 + s1 * _A2 + s2 * _A1 + s3 * _A0 + self.c3
        self.s3 = t & 0xFFFF
        t = (t >> 16) + s0 * _A4 + s1 * _A3 + s2 * _A2 + s3 * _A1 + s4 * _A0 + self.c4
        self.s4 = t & 0xFFFF
        t = (t >> 16) + s0 * _A5 + s1 * _A4 + s2 * _A3 + s3 * _A2 + s4 * _A1 + s5 * _A0 + self.c5
        self.s5 = t & 0xFFFF
        t = (t >> 16) + s0 * _A6 + s1 * _A5 + s2 * _A4 + s3 * _A3 + s4 * _A2 + s5 * _A1 + s6 * _A0 + self.c6
        self.s6 = t & 0xFFFF
        t = (t >> 16) + s0 * _A7 + s1 * _A6 + s2 * _A5 + s3 * _A4 + s4 * _A3 + s5 * _A2 + s6 * _A1 + s7 * _A0
        self.s7 = (t + self.c7) & 0xFFFF

    def next53(self) -> i64:
        """The next output's top 53 bits (XSL-RR: the state's halves xor-ed, rotated right by its
        top 6 bits)."""
        self._step()
        low: i64 = (self.s0 ^ self.s4) | ((self.s1 ^ self.s5) << 16)
        high: i64 = (self.s2 ^ self.s6) | ((self.s3 ^ self.s7) << 16)
        r: i64 = self.s7 >> 10
        if r >= 32:
            low, high = high, low
            r -= 32
        if r:
            mask: i64 = (1 << r) - 1
            low, high = (low >> r) | ((high & mask) << (32 - r)), (high >> r) | ((low & mask) << (32 - r))
        return (high << 21) | (low >> 11)


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
