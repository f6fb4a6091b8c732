"""The ``cards`` event table: its columns, their types and meanings (docs/dataset.md lists them)."""

from __future__ import annotations

from sim.core.game import EventColumn

CARD_EVENTS = (
    EventColumn(
        "card_id", "string", "the card's id (a space's id for `收入轨`); with `deck` it names one card"
    ),
    EventColumn(
        "deck",
        "string",
        "the deck the card belongs to (`事件`, `订单`, `下赏`, `上赏`, `门客`, `皇恩`, `家族`, ...): ids are "
        "unique only within a deck, so the pair (deck, card_id) is the card",
    ),
    EventColumn("seat", "int64", "the seat that drew, took, played, held or scored it; -1 = the board"),
    EventColumn("round", "int64", "the round it happened in"),
    EventColumn("period", "string", "the game's period then (game-defined)"),
    EventColumn(
        "kind",
        "string",
        "`drawn`, `taken`, `played`, `scored`; `applied` (an event's effects on `seat`), `used` (a passive "
        "took effect for its holder), `hit` (a card played by `seat` changed another seat, `target`)",
    ),
    EventColumn("target", "int64", "the seat whose holdings the card changed (the changes below); -1 = none"),
    EventColumn("coins", "int64", "change of the target's coins"),
    EventColumn("goods", "int64", "change of the target's goods (backpack, warehouse, goods it must place)"),
    EventColumn("favor", "int64", "change of the target's usable 恩义 markers (own in hand + others' held)"),
    EventColumn("vp", "int64", "victory points the card gave the target directly"),
)
"""``events_cards``: one row per card movement or use."""
