"""Uniform integers drawn the way numpy's ``Generator.integers`` draws them, from a generator that
only this object draws from: the random bot's pick at every decision, compiled with sim.core's
compiled core (``sim/core/compiled.py``)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

_M32: Final = 0xFFFFFFFF
_BATCH: Final = 128
"""64-bit words read from the bit generator at a time by ``OwnedIntegers``."""


def _halves(raw: np.ndarray) -> list[int]:
    """64-bit words as their 32-bit halves, low half first: the words' own bytes on a little-endian
    machine (a view, no arithmetic), else split by masks."""
    if sys.byteorder == "little":
        return raw.astype("<u8", copy=False).view("<u4").tolist()
    return np.stack((raw & _M32, raw >> 32), axis=1).ravel().tolist()


class OwnedIntegers:
    """``int(rng.integers(n))``, number for number, for a generator only this object draws from.

    numpy draws ``integers(n)`` (n up to 2**32) by Lemire's method from the bit generator's 32-bit
    stream: each 64-bit output gives its low half, then (buffered in the generator) its high half.
    This reads that stream 128 outputs at a time (``random_raw``, which bypasses the buffer, so a
    half buffered before it starts is taken from the generator's state first) and applies the same
    method in Python. The generator ends further along than ``integers`` would leave it: nothing
    else may draw from it afterwards."""

    def __init__(self, rng: np.random.Generator) -> None:
        self._bits = rng.bit_generator
        state = self._bits.state
        self._words: list[int] = [int(state["uinteger"])] if state.get("has_uint32") else []
        self._pos = 0

    def _next32(self) -> int:
        if self._pos >= len(self._words):
            self._words = _halves(self._bits.random_raw(_BATCH))
            self._pos = 0
        word = self._words[self._pos]
        self._pos += 1
        return word

    def pick(self, legal: Sequence[Any]) -> Any:
        """``legal[self.below(len(legal))]`` in one call (the random bot's pick at every decision):
        ``below``'s common case written out, its rejection step left to ``below``."""
        n = len(legal)
        pos = self._pos
        if n <= 1 or n > _M32 or pos >= len(self._words):
            return legal[self.below(n)]
        m = self._words[pos] * n
        if m & _M32 < n:  # a rare leftover that may be rejected: ``below`` from the same word
            return legal[self.below(n)]
        self._pos = pos + 1
        return legal[m >> 32]

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), as ``int(rng.integers(n))`` would give."""
        if n <= 1:
            if n == 1:
                return 0
            raise ValueError(f"high <= 0 (n={n})")
        if n > _M32:
            raise ValueError(f"OwnedIntegers draws below at most 2**32 - 1, not {n}")
        m = self._next32() * n
        leftover = m & _M32
        if leftover < n:
            threshold = (_M32 - (n - 1)) % n
            while leftover < threshold:
                m = self._next32() * n
                leftover = m & _M32
        return m >> 32
