"""Action records of 明初商途 (frozen, hashable, picklable). Places and roads are indices."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

# --- setup --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ChooseColumn:
    """Draft: take one column of 1 门客 + family cards (M09)."""

    column: int


@dataclass(frozen=True)
class PlaceManager:
    place: int


@dataclass(frozen=True)
class PlaceOfficialRoad:
    road: int


# --- production ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class ProduceOwn:
    place: int


@dataclass(frozen=True)
class ProduceForeign:
    """Use another player's or an 官府 industry; the goods go to ``manager``'s pack (M19/M20)."""

    place: int
    manager: int = 0


@dataclass(frozen=True)
class GoodTo:
    """Where a freshly produced good goes: backpack (of ``manager``), store, warehouse or discard."""

    dest: str
    manager: int = 0


@dataclass(frozen=True)
class SellProduced:
    """Sell a freshly produced good at ``place`` along the roads (M18)."""

    place: int


# --- action phase -------------------------------------------------------------------------------


@dataclass(frozen=True)
class SelectManager:
    manager: int


@dataclass(frozen=True)
class Move:
    """Move the active 掌柜 along ``road``; ``mode``: yidao, yidao_paid, horse, bonus, step, workers."""

    road: int
    mode: str


@dataclass(frozen=True)
class BuildIndustry:
    place: int


@dataclass(frozen=True)
class BuildRoad:
    road: int


@dataclass(frozen=True)
class HireWorker:
    pass


@dataclass(frozen=True)
class EndTurn:
    """Lay the 掌柜 down without a main action."""


@dataclass(frozen=True)
class Sell:
    good: str
    place: int
    from_warehouse: bool = False


@dataclass(frozen=True)
class Reserve:
    slot: int


@dataclass(frozen=True)
class Deliver:
    order: str  # order instance key
    place: int


@dataclass(frozen=True)
class Upgrade:
    place: int


@dataclass(frozen=True)
class BuyStored:
    place: int


@dataclass(frozen=True)
class TakeStored:
    place: int


@dataclass(frozen=True)
class StoreGood:
    good: str
    place: int


@dataclass(frozen=True)
class Transport:
    """Carry ``count`` of ``good`` between a 掌柜's pack and the 京城 warehouse (M37)."""

    good: str
    count: int
    to_warehouse: bool
    manager: int = 0


@dataclass(frozen=True)
class UseRetainer:
    card: str


@dataclass(frozen=True)
class TakeLoan:
    pass


@dataclass(frozen=True)
class PlayGrace:
    card: str
    target: int


@dataclass(frozen=True)
class DiscardGrace:
    """Discard a 皇恩卡 for 1 恩义 marker in hand (M29)."""

    card: str


@dataclass(frozen=True)
class DiscardFavor:
    """Discard a held marker of ``owner`` for 1 伙计 (M29)."""

    owner: int


@dataclass(frozen=True)
class PlayReward:
    card: str
    option: int


@dataclass(frozen=True)
class DiscardGood:
    good: str


# --- sub-decisions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class PickRetainer:
    """Take a face-up 门客 (``card``), or the top of the deck when ``card`` is empty."""

    card: str


@dataclass(frozen=True)
class RefreshRetainers:
    """Pay to replace the face-up 门客 at these row positions (M69: "刷新任意数量的门客卡")."""

    slots: tuple[int, ...]


@dataclass(frozen=True)
class PickCard:
    """Choose a face-up 皇恩计分卡 or 天威卡."""

    card: str


@dataclass(frozen=True)
class WarCommit:
    """Commit one marker to ``side`` from coins or a held marker of ``owner`` (own = from hand) (M45)."""

    side: str
    source: str  # "favor" or "coins"
    owner: int = -1  # whose held marker, for "favor"


@dataclass(frozen=True)
class RepayLoan:
    pass


@dataclass(frozen=True)
class BuyBack:
    """Buy back ``count`` of the seat's own 恩义 markers from ``holder`` (one choice per holder)."""

    holder: int
    count: int = 1


@dataclass(frozen=True)
class Done:
    """Finish the current sub-decision (production, war commitments, repaying, buying back, a bonus)."""


# --- shared records -----------------------------------------------------------------------------

_MADE: Final[dict[type, dict[tuple, Any]]] = {}
"""``made``'s records per class (``Final``: compiled, read without a look-up in the module's globals)."""


def made(cls: type, *args: object) -> Any:
    """The record ``cls(*args)``, one shared object per value: the records are frozen, and the legal
    lists, rebuilt at every decision, would otherwise make the same ones again each time (making a
    frozen dataclass costs several times a dict look-up). Positional fields only."""
    records = _MADE.get(cls)
    if records is None:
        records = _MADE[cls] = {}
    record = records.get(args)
    if record is None:
        record = records[args] = cls(*args)
    return record


_MADE1: Final[dict[type, dict[Any, Any]]] = {}
_MADE2: Final[dict[type, dict[Any, dict[Any, Any]]]] = {}


def made1(cls: type, value: object) -> Any:
    """``made(cls, value)`` found without building and hashing an argument tuple (the legal lists
    ask for these records at every decision): one table per class keyed by the value itself."""
    records = _MADE1.get(cls)
    if records is None:
        records = _MADE1[cls] = {}
    record = records.get(value)
    if record is None:
        record = records[value] = made(cls, value)
    return record


def made2(cls: type, first: object, second: object) -> Any:
    """``made(cls, first, second)`` found through one table per field value (as ``made1``)."""
    by_first = _MADE2.get(cls)
    if by_first is None:
        by_first = _MADE2[cls] = {}
    records = by_first.get(first)
    if records is None:
        records = by_first[first] = {}
    record = records.get(second)
    if record is None:
        record = records[second] = made(cls, first, second)
    return record
