"""Cheap views of a state for bots: what one seat sees, sharing everything it may see.

A bot never receives the full state. The runner gives it ``game.view(state, seat)``: an object of
the state's own type whose hidden parts (other seats' hidden cards, the order of face-down decks,
the rng of later draws) are replaced, and whose public parts are *shared* with the real state, so
making a view costs a few microseconds instead of a deep clone. A bot must treat its view as
read-only; to look ahead it clones the view (or asks ``determinize`` for a full state).

Hidden cards become tuples of ``HIDDEN`` placeholders, so the number of cards in a hand or a deck, which
every player can count, stays readable as ``len(...)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

HIDDEN = "?"
"""A card the viewing seat cannot see."""

T = TypeVar("T")


def masked(cards: Sequence[Any]) -> tuple[str, ...]:
    """As many ``HIDDEN`` placeholders as there are cards (a shared tuple: views are read-only)."""
    n = len(cards)
    if n >= len(_MASKS):
        _MASKS.extend((HIDDEN,) * k for k in range(len(_MASKS), n + 1))
    return _MASKS[n]


_MASKS: list[tuple[str, ...]] = [()]


def shallow(state: T, **replaced: Any) -> T:
    """A shallow copy of ``state`` with some fields replaced (the rest shared, not copied)."""
    cls = type(state)
    view = object.__new__(cls)
    if hasattr(state, "__dict__"):
        view.__dict__.update(state.__dict__)
    for name in _slots(cls):
        object.__setattr__(view, name, getattr(state, name))
    for name, value in replaced.items():
        setattr(view, name, value)
    return view


_SLOTS: dict[type, tuple[str, ...]] = {}


def _slots(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases (``__dict__``/``__weakref__`` aside)."""
    if cls not in _SLOTS:
        names = (
            n
            for k in cls.__mro__
            for n in getattr(k, "__slots__", ())
            if n not in ("__dict__", "__weakref__")
        )
        _SLOTS[cls] = tuple(dict.fromkeys(names))
    return _SLOTS[cls]


def observation_view(game: Any, state: Any, seat: int) -> Any:
    """The fallback view: the public state of the game's full observation (a deep clone)."""
    return game.observation(state, seat).public
