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

import numpy as np

_M64 = (1 << 64) - 1


def _mix(x: int) -> int:
    """A 64-bit finaliser (MurmurHash3's fmix64): every input bit moves every output bit."""
    x = ((x ^ (x >> 33)) * 0xFF51AFD7ED558CCD) & _M64
    x = ((x ^ (x >> 33)) * 0xC4CEB9FE1A85EC53) & _M64
    return x ^ (x >> 33)


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
        self._keys: dict[tuple, int] = {}
        """Each context's key under ``salt`` (a bot asks about the same round and kind many times)."""

    def start(self, rng: np.random.Generator) -> None:
        """Draw the game's salt from the bot's stream (once: the first call of the game)."""
        if self.salt is None:
            self.salt = int(rng.integers(1 << 62))
            self._keys = {}

    def _key(self, context: tuple) -> int:
        assert self.salt is not None, "call start(rng) first"
        try:
            return self._keys[context]
        except KeyError:
            key = self._keys[context] = _mix(self.salt ^ _mix(stable_code(context)))
            return key
        except TypeError:  # a context that cannot be a dict key
            return _mix(self.salt ^ _mix(stable_code(context)))

    def noise(self, actions: Sequence[Hashable], *context: object) -> list[float]:
        """One number per action, the same for the same (game, context, action).

        Written out in one loop (a call per action costs more than its arithmetic): ``_mix`` of the
        context's key and the action's ``stable_code``, kept per action. A dataclass action's code
        is kept under its type and field values (``_fields_of``), which hash and compare in C
        instead of through the dataclass's interpreted ``__hash__`` and ``__eq__``."""
        key, codes, by_fields, getters = self._key(context), self._codes, self._fields, _GETTERS
        out = []
        for action in actions:
            kind = type(action)
            if kind in getters:
                getter = getters[kind]
            else:
                getter = getters[kind] = _fields_of(kind)
            code = None
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
            x = key ^ code
            x = ((x ^ (x >> 33)) * 0xFF51AFD7ED558CCD) & _M64
            x = ((x ^ (x >> 33)) * 0xC4CEB9FE1A85EC53) & _M64
            out.append((x ^ (x >> 33)) / 2.0**64)
        return out

    def chance(self, *context: object) -> float:
        """One number for a context (e.g. a per-round coin flip)."""
        return _mix(self._key(context)) / 2.0**64
