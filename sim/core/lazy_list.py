"""A decision's options as a read-only sequence whose items are made only when asked for, compiled
with sim.core's compiled core (``sim/core/compiled.py``): a game's main actions or trade offers,
listed lazily. A random pick (``legal[rng.integers(len(legal))]``) makes one option, not all of them.

A game's compiled classes cannot inherit from a class compiled with another package (mypyc builds
each package on its own), so the sequence holds its game's ``LazySource`` instead."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol


class LazySource(Protocol):
    """Where a ``LazyList``'s items come from: one decision's options, counted when it was made."""

    def at(self, i: int) -> Any:
        """The ``i``-th option (``0 <= i <`` the count), made now."""
        ...

    def expand(self) -> list[Any]:
        """Every option, in order."""
        ...

    def contains(self, item: object) -> bool | None:
        """Whether ``item`` is an option, when the source can tell without making them all; None
        when it cannot (then the whole list is made and searched)."""
        ...


class LazyList:
    """``total`` options of ``source`` (kept as ``maker``) as a read-only sequence (``len``, index, iterate, ``in``, ``==``,
    ``index``). An option is made when asked for; iterating or comparing makes the whole list once.
    Everything is read from what the source kept when counting, so the options are those of the
    position they were listed in, even after the state has moved on."""

    __slots__ = ("maker", "total", "_items")

    def __init__(self, source: LazySource, total: int) -> None:
        self.maker = source
        self.total = total
        self._items: list[Any] | None = None

    def items(self) -> list[Any]:
        """The whole list (made once)."""
        items = self._items
        if items is None:
            items = self.maker.expand()
            self._items = items
        return items

    def __len__(self) -> int:
        return self.total

    def __bool__(self) -> bool:
        return self.total > 0

    def __getitem__(self, i: Any) -> Any:
        if not isinstance(i, int):
            return self.items()[i]
        if self._items is not None:
            return self._items[i]
        if i < 0:
            i += self.total
        if not 0 <= i < self.total:
            raise IndexError(f"{type(self.maker).__name__} index out of range")
        return self.maker.at(i)

    def __iter__(self) -> Iterator[Any]:
        return iter(self.items())

    def __contains__(self, item: object) -> bool:
        known = self.maker.contains(item)
        return item in self.items() if known is None else known

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyList):
            return self.items() == other.items()
        if isinstance(other, list):
            return self.items() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self.maker).__name__}({self.items()!r})"

    def index(self, item: Any) -> int:
        return self.items().index(item)


Sequence.register(LazyList)
