"""What one step changed for each seat: coins, 伙计, loans, 恩义 in hand, 恩义 paid and received, goods.

Derived from the state before and after the step, so nothing in the rules has to report it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..rules.kinds import who
from ..rules.state import MingchuState, Player
from ..texts import LANG, say, signed, signs


@dataclass
class Change:
    """One seat's changes in a step (only non-zero amounts are kept by ``changes``)."""

    coins: int = 0
    workers: int = 0
    loans: int = 0
    favor: int = 0
    """恩义 markers in hand gained (+) or spent (-): own ones in hand and other players' held."""
    favor_paid: int = 0
    """恩义 markers handed to other players as a payment."""
    favor_received: int = 0
    """恩义 markers received as a payment from the acting seat."""
    worker_track: int = 0
    """Spaces moved on the 伙计人数轨."""
    grace_cards: int = 0
    """皇恩卡 in hand (their number is public)."""
    vp: int = 0
    """Victory points kept until the end (``gain_vp``)."""
    goods: dict[str, int] = field(default_factory=dict)
    """Goods gained (+) or lost (-), backpacks and warehouse together."""

    def as_record(self) -> dict[str, object]:
        record: dict[str, object] = {k: v for k, v in vars(self).items() if k != "goods" and v}
        if self.goods:
            record["goods"] = dict(self.goods)
        return record

    def __bool__(self) -> bool:
        return bool(self.as_record())


def goods_of(player: Player) -> Counter:
    """Everything a player carries and stores in the 京城 warehouse."""
    total = player.backpack
    total.update(player.warehouse)
    return total


def favor_in_hand(player: Player) -> int:
    """The 恩义 markers a player can spend: its own in hand and the other players' it holds."""
    return player.hand + sum(player.held)


def _received(before: MingchuState, after: MingchuState, payer: int, seat: int) -> int:
    """Markers ``seat`` received from ``payer`` (own ones, returned ones, or a third player's, M21)."""
    b, a = before.players, after.players
    returned = min(b[payer].held[seat] - a[payer].held[seat], a[seat].supply - b[seat].supply)
    got = max(0, returned)
    for owner in range(after.n):
        if owner != seat:
            got += max(0, a[seat].held[owner] - b[seat].held[owner])
    return got


def changes(before: MingchuState, after: MingchuState, actor: int | None = None) -> dict[int, Change]:
    """Per seat with any change: coins, 伙计, loans, goods; 恩义 payments when ``actor`` paid some
    (or, when it paid none, the one other seat that did: the partner of a trade it accepted)."""
    result: dict[int, Change] = {}
    paid = 0
    if actor is not None:
        paid = after.players[actor].favor_paid - before.players[actor].favor_paid
        if not paid:
            payers = [s for s in range(after.n) if after.players[s].favor_paid > before.players[s].favor_paid]
            if len(payers) == 1:
                actor = payers[0]
                paid = after.players[actor].favor_paid - before.players[actor].favor_paid
    for seat, (b, a) in enumerate(zip(before.players, after.players, strict=True)):
        goods = goods_of(a)
        goods.subtract(goods_of(b))
        change = Change(
            coins=a.coins - b.coins,
            workers=a.workers - b.workers,
            loans=a.loans - b.loans,
            favor=favor_in_hand(a) - favor_in_hand(b),
            worker_track=a.worker_pos - b.worker_pos,
            grace_cards=len(a.grace_cards) - len(b.grace_cards),
            vp=a.vp_bonus - b.vp_bonus,
            favor_paid=paid if seat == actor else 0,
            favor_received=_received(before, after, actor, seat) if paid and seat != actor else 0,
            goods={g: k for g, k in sorted(goods.items()) if k},
        )
        if change:
            result[seat] = change
    return result


AMOUNTS = ("coins", "workers", "favor", "favor_paid", "favor_received", "worker_track", "grace_cards", "vp")
"""The amounts of a ``Change`` told in this order (loans and goods apart), each as its ``ledger.<name>``
text."""


def _amounts(change: Change, *, goods: bool, lang: str) -> list[str]:
    told = {name for name in AMOUNTS if getattr(change, name)}
    if change.favor in (change.favor_received, -change.favor_paid):
        told.discard("favor")  # the payment's line says it: 收恩义2 is 2 more in hand
    parts = [say(lang, "ledger." + name, amount=getattr(change, name)) for name in AMOUNTS if name in told]
    if change.loans:
        parts.append(signed(lang, "ledger.loans", change.loans))
    if goods:
        parts.extend(say(lang, "ledger.good", good=g, amount=k) for g, k in change.goods.items())
    return [signs(lang, p) for p in parts]


def ledger_text(found: dict[int, Change], actor: int | None, *, goods: bool = False, lang: str = LANG) -> str:
    """``铜币－3、伙计－1；玩家3 铜币＋3、收恩义1``: the actor's amounts first, then each other seat's."""
    pieces = []
    order = sorted(found, key=lambda seat: (seat != actor, seat))
    for seat in order:
        amounts = say(lang, "sep.list").join(_amounts(found[seat], goods=goods, lang=lang))
        if amounts:
            pieces.append(
                amounts if seat == actor else say(lang, "ledger.seat", seat=who(seat), amounts=amounts)
            )
    return say(lang, "sep.clause").join(pieces)


def ledger_record(found: dict[int, Change]) -> dict[int, dict[str, object]]:
    """Per seat, its changes as plain data for the JSONL log."""
    return {seat: change.as_record() for seat, change in found.items()}


def with_ledger(text: str, ledger: str, lang: str = LANG) -> str:
    """A line followed by its amounts in 〔〕 (``ledger.line``), when there are any."""
    return say(lang, "ledger.line", text=text, ledger=ledger) if ledger else text
