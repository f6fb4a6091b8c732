"""The heuristic bots' keyed tie-breaks (``sim.core.tiebreak.KeyedTies.noise``), compiled.

A bot asks for tie-break numbers at a few hundred decisions a game, a few actions each; the shared
``KeyedTies`` runs them interpreted. ``noise`` here gives the same numbers, each from the same
salt, context key and action code (``stable_code``), with the same 64-bit mixing, in the compiled
core: the context keys and the action codes are kept in a ``TieCodes`` per bot (codes by the action's
type and field values, as ``KeyedTies`` keeps them; the keys per salt).
"""

from __future__ import annotations

from typing import Any, Final

from sim.core.tiebreak import _GETTERS, _fields_of, stable_code

_M16: Final = (1 << 16) - 1
_SCALE: Final = 2.0**64
_WORD: Final = 2.0**32
_C1: Final = (0xFF51, 0xAFD7, 0xED55, 0x8CCD)
_C2: Final = (0xC4CE, 0xB9FE, 0x1A85, 0xEC53)
"""fmix64's two multipliers, as 16-bit limbs from the top."""

Limbs = tuple[int, int, int, int]
"""A number below 2**64 as four 16-bit limbs, the top one first: every product of two limbs and
every sum of a few stays a small (unboxed) integer in the compiled core."""


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
    """MurmurHash3's fmix64 (``sim.core.tiebreak._mix``) on limbs."""
    return _shift_xor(_times(_shift_xor(_times(_shift_xor(x), _C1)), _C2))


def _limbs(x: int) -> Limbs:
    return (x >> 48) & _M16, (x >> 32) & _M16, (x >> 16) & _M16, x & _M16


def _mix(x: int) -> int:
    """``sim.core.tiebreak._mix`` of ``x`` (below 2**64), on limbs."""
    y3, y2, y1, y0 = _fmix(_limbs(x))
    return (y3 << 48) | (y2 << 32) | (y1 << 16) | y0


def _unit(key: Limbs, code: int) -> float:
    """``_mix(key ^ code) / 2**64`` for a ``code`` below 2**32: the float of the 64-bit number from
    its two exact 32-bit halves (one rounding, as ``int`` to ``float`` rounds), then scaled."""
    k3, k2, k1, k0 = key
    y3, y2, y1, y0 = _fmix((k3, k2, k1 ^ (code >> 16), k0 ^ (code & _M16)))
    return (float((y3 << 16) | y2) * _WORD + float((y1 << 16) | y0)) / _SCALE


class TieCodes:
    """What ``noise`` keeps for one bot: the salt its keys are for, the keys of the (round, kind)
    contexts asked so far under it, and the actions' codes (which no salt changes)."""

    def __init__(self) -> None:
        self.salt = -1
        self.keys: dict[tuple[int, str], Limbs] = {}
        self.codes: dict[tuple, int] = {}
        self.others: dict[Any, int] = {}  # codes of actions that are not plain dataclasses, by the action


def noise(codes: TieCodes, salt: int, actions: list[Any], round_: int, kind: str) -> list[float]:
    """``KeyedTies.noise(actions, round_, kind)`` of a ``KeyedTies`` with the salt ``salt``."""
    if salt != codes.salt:
        codes.salt = salt
        codes.keys = {}
    context = (round_, kind)
    key = codes.keys.get(context)
    if key is None:
        key = codes.keys[context] = _limbs(_mix(salt ^ _mix(stable_code(context))))
    by_fields, others, getters = codes.codes, codes.others, _GETTERS
    out: list[float] = []
    for action in actions:
        cls = type(action)
        if cls in getters:
            getter = getters[cls]
        else:
            getter = getters[cls] = _fields_of(cls)
        code: int | None = None
        if getter is not None:
            try:
                fields = (cls, getter(action))
                code = by_fields.get(fields)
                if code is None:
                    code = by_fields[fields] = stable_code(action)
            except TypeError:  # a field value that cannot be a dict key
                code = None
        if code is None:
            code = others.get(action)
            if code is None:
                code = others[action] = stable_code(action)
        out.append(_unit(key, code))
    return out
