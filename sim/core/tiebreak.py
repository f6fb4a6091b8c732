"""Keyed tie-breaks: a bot breaks a tie the same way in the same situation, whatever came before.

A bot that breaks ties with the next numbers of its random stream makes its later choices depend
on how many numbers it drew earlier: one extra legal move early in a game (a variant's new card, a
forced card) shifts every later tie-break of that seat, and paired games of a base and a variant
part ways even where the card never matters. ``KeyedTies`` instead gives each action a pseudo-random
number fixed by a per-game salt (the first draw of the bot's stream), a context the bot names (the
round, the decision kind) and the action itself (its ``repr``), so the tie-breaks of two paired
games differ only where their situations differ. Over seeds the choice among tied actions is still
uniform at random.
"""

from __future__ import annotations

import dataclasses
import operator
import zlib
from collections.abc import Callable, Hashable, Sequence
from typing import Final

import numpy as np


def fmix64_plain(x: int) -> int:
    """MurmurHash3's 64-bit finaliser ``fmix64`` as published, for ``_mix`` to be checked against:
    ``x ^= x >> 33; x *= 0xff51afd7ed558ccd; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53; x ^= x >> 33``,
    modulo 2**64 (``x`` below 2**64). Written for clarity, not speed."""
    x ^= x >> 33
    x = x * 0xFF51AFD7ED558CCD % 2**64
    x ^= x >> 33
    x = x * 0xC4CEB9FE1A85EC53 % 2**64
    return x ^ (x >> 33)


_M16: Final = (1 << 16) - 1
_SCALE: Final = 2.0**64
_WORD: Final = 2.0**32
_C1: Final = (0xFF51, 0xAFD7, 0xED55, 0x8CCD)
_C2: Final = (0xC4CE, 0xB9FE, 0x1A85, 0xEC53)
"""fmix64's two multipliers, as 16-bit limbs from the top."""

Limbs = tuple[int, int, int, int]
"""A number below 2**64 as four 16-bit limbs, the top one first: compiled (this module is in
sim.core's compiled core), every product of two limbs and every sum of a few stays a small unboxed
integer, where 64-bit products would be boxed big integers."""


def _times(x: Limbs, c: Limbs) -> Limbs:
    """``x * c`` modulo 2**64, limb by limb with carries."""
    x3, x2, x1, x0 = x
    c3, c2, c1, c0 = c
    t = x0 * c0
    y0 = t & _M16
    t = (t >> 16) + x1 * c0 + x0 * c1
    y1 = t & _M16
    t = (t >> 16) + x2 * c0 + x1 * c1 + x0 * c2
    y2 = t & _M16
    t = (t >> 16) + x3 * c0 + x2 * c1 + x1 * c2 + x0 * c3
    return t & _M16, y2, y1, y0


def _shift_xor(x: Limbs) -> Limbs:
    """``x ^ (x >> 33)``: the top 32 bits, shifted down by one, into the low 32."""
    x3, x2, x1, x0 = x
    v = ((x3 << 16) | x2) >> 1
    return x3, x2, x1 ^ (v >> 16), x0 ^ (v & _M16)


def _fmix(x: Limbs) -> Limbs:
    """MurmurHash3's fmix64 on limbs: every input bit moves every output bit."""
    return _shift_xor(_times(_shift_xor(_times(_shift_xor(x), _C1)), _C2))


def _limbs(x: int) -> Limbs:
    return (x >> 48) & _M16, (x >> 32) & _M16, (x >> 16) & _M16, x & _M16


def _mix(x: int) -> int:
    """``fmix64_plain(x)``, the speed kernel: on 16-bit limbs (``Limbs``)."""
    y3, y2, y1, y0 = _fmix(_limbs(x))
    return (y3 << 48) | (y2 << 32) | (y1 << 16) | y0


def _unit(key: Limbs, code: int) -> float:
    """``_mix(key ^ code) / 2**64`` for a ``code`` below 2**32."""
    k3, k2, k1, k0 = key
    return _fraction(_fmix((k3, k2, k1 ^ (code >> 16), k0 ^ (code & _M16))))


def _fraction(y: Limbs) -> float:
    """``y / 2**64`` for limbs ``y``: the float of the 64-bit number from its two exact 32-bit halves
    (one rounding, as ``int`` to ``float`` rounds), then scaled."""
    y3, y2, y1, y0 = y
    return (float((y3 << 16) | y2) * _WORD + float((y1 << 16) | y0)) / _SCALE


def stable_code(item: object) -> int:
    """A number fixed by ``repr(item)`` (the same in every process, unlike ``hash`` of a string)."""
    return zlib.crc32(repr(item).encode("utf-8"))


def _fields_of(kind: type) -> Callable[[object], object] | None:
    """For a dataclass type whose generated ``repr`` and ``==`` read every field: a C-level getter of
    an instance's field values (``operator.attrgetter``), so that two instances with the same values,
    equal and of the same ``repr``, are found under the same key. None for any other type."""
    params = getattr(kind, "__dataclass_params__", None)
    if not dataclasses.is_dataclass(kind) or params is None or not (params.repr and params.eq):
        return None
    fields = dataclasses.fields(kind)
    if not all(f.repr and f.compare for f in fields):
        return None
    own = vars(kind)
    methods = (getattr(own.get("__repr__"), "__wrapped__", None), own.get("__eq__"))
    if not all(_generated(method) for method in methods):
        return None  # a repr or == of the class's own
    names = [f.name for f in fields]
    return operator.attrgetter(*names) if names else operator.attrgetter("__class__")  # no fields: its type


def _generated(method: object) -> bool:
    """True for a method ``dataclasses`` wrote (its code compiled from a string)."""
    return getattr(getattr(method, "__code__", None), "co_filename", "") == "<string>"


_GETTERS: dict[type, Callable[[object], object] | None] = {}
"""Per action type: ``_fields_of``."""


class KeyedTies:
    """Per-game tie-break numbers in [0, 1) keyed by (salt, context, action)."""

    def __init__(self) -> None:
        self.salt: int | None = None
        self._codes: dict[Hashable, int] = {}
        self._fields: dict[tuple, int] = {}
        """Dataclass actions' codes by (type, field values): see ``noise``."""
        self._keys: dict[tuple, Limbs] = {}
        """Each context's key under ``salt`` (a bot asks about the same round and kind many times)."""

    def start(self, rng: np.random.Generator) -> None:
        """Draw the game's salt from the bot's stream (once: the first call of the game)."""
        if self.salt is None:
            self.salt = int(rng.integers(1 << 62))
            self._keys = {}

    def _key(self, context: tuple) -> Limbs:
        """The context's key under the salt, as limbs."""
        salt = self.salt
        assert salt is not None, "call start(rng) first"
        try:
            key = self._keys.get(context)
        except TypeError:  # a context that cannot be a dict key
            return _limbs(_mix(salt ^ _mix(stable_code(context))))
        if key is None:
            key = self._keys[context] = _limbs(_mix(salt ^ _mix(stable_code(context))))
        return key

    def noise(self, actions: Sequence[Hashable], *context: object) -> list[float]:
        """One number per action, the same for the same (game, context, action).

        ``_mix`` of the context's key and the action's ``stable_code`` (kept per action), over 2**64. A dataclass action's code
        is kept under its type and field values (``_fields_of``), which hash and compare in C
        instead of through the dataclass's interpreted ``__hash__`` and ``__eq__``."""
        key, codes, by_fields, getters = self._key(context), self._codes, self._fields, _GETTERS
        out: list[float] = []
        for action in actions:
            kind = type(action)
            if kind in getters:
                getter = getters[kind]
            else:
                getter = getters[kind] = _fields_of(kind)
            code: int | None = None
            if getter is not None:
                try:
                    fields = (kind, getter(action))
                    code = by_fields.get(fields)
                    if code is None:
                        code = by_fields[fields] = stable_code(action)
                except TypeError:  # a field value that cannot be a dict key
                    code = None
            if code is None:
                code = codes.get(action)
                if code is None:
                    code = codes[action] = stable_code(action)
            out.append(_unit(key, code))
        return out

    def chance(self, *context: object) -> float:
        """One number for a context (e.g. a per-round coin flip)."""
        return _fraction(_fmix(self._key(context)))
