"""The card lab's decks of 明初商途 (``sim.core.game.CardDeck``): what holding a card of each deck
means, read from the card table's rows (``card_log``), and which decks the rules let a study force.

* ``门客`` and ``家族`` are dealt to a seat in the draft, so ``forced_cards`` can give any seat any
  card of them (docs/card-lab.md, *Forcing a card to a seat*): the deck design plays them.
* The other decks come to a seat in play (a 皇恩卡 drawn, an order or a reward taken, a score card
  taken), or are in play for the whole table (an event drawn, an 官府 industry set up); the rules
  have no way to give one of them to a chosen seat, so a study removes their cards (the paired
  design's removed arm, over the whole deck) and compares the seats that held them.
* The setup's named events (the opening, the two finals, the war) cannot be removed: they are not
  studied.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sim.core.game import CardDeck
from sim.texts import message

FORCED_KEY = "forced_cards"


def force_drafted(deck: str, pairs: Sequence[tuple[str, int]]) -> Mapping[str, Any]:
    """``forced_cards`` giving each seat its card of ``deck`` in the draft."""
    return {FORCED_KEY: [{"deck": deck, "card": card, "seat": seat} for card, seat in pairs]}


def normal_event(card: Any) -> bool:
    """An event the period decks shuffle in (not one the setup names)."""
    return getattr(card, "role", "normal") == "normal"


CARD_DECKS = (
    CardDeck("门客", message("holding_retainer"), ("taken",), force=force_drafted),
    CardDeck("家族", message("holding_family"), ("taken",), force=force_drafted, use_kinds=()),
    CardDeck("皇恩", message("holding_drawn", card="皇恩卡"), ("drawn",)),
    CardDeck("下赏", message("holding_deck_card", deck="下赏"), ("taken",)),
    CardDeck("上赏", message("holding_deck_card", deck="上赏"), ("taken",)),
    CardDeck("订单", message("holding_order"), ("taken",)),
    CardDeck("皇恩计分", message("holding_card", card="皇恩计分卡"), ("taken",)),
    CardDeck("天威", message("holding_card", card="天威卡"), ("taken",)),
    CardDeck("事件", message("holding_event"), ("drawn",), in_play=True, studied=normal_event),
    CardDeck("官府产业", message("holding_official"), ("drawn",), in_play=True),
)
"""Every deck of ``params.cards``, 门客 first (``tests/cards/test_decks.py`` checks none is missing)."""
