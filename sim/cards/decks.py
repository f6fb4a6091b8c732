"""The decks a card study can study, as the game declares them (``sim.core.game.CardDeck``).

A game names its decks on its face (``GameSpec.cards.card_decks``): what holding one of a deck's cards
means (the ``events_cards`` rows that make a seat its holder, or in play for the whole table) and
how a study gives a card of it to a seat (the config settings that force it, or none). A game with
a ``cards`` section that declares no decks keeps the card lab's first convention: every deck of the
section, a card held when ``taken``, forced by the setting the game names for it
(``CardsSpec.forced_key``) when it names one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pandas as pd

from sim.config import ConfigError, ResolvedConfig
from sim.core.game import CardDeck
from sim.core.registry import game_named
from sim.texts import message

HOLDER_COLUMNS = ["game_index", "seat", "card_id"]


def forced_by(key: str) -> Callable[[str, Sequence[tuple[str, int]]], Mapping[str, Any]]:
    """A deck's ``force`` under the first convention: the game's forcing setting ``key``
    (``CardsSpec.forced_key``), ``[{deck, card, seat}]``."""

    def force(deck: str, pairs: Sequence[tuple[str, int]]) -> Mapping[str, Any]:
        return {key: [{"deck": deck, "card": card, "seat": seat} for card, seat in pairs]}

    return force


def _config_decks(params: Any) -> list[str]:
    decks = getattr(params, "cards", None)
    return list(type(decks).model_fields) if decks is not None else []


def game_decks(game: str, params: Any = None) -> dict[str, CardDeck]:
    """The decks of ``game`` a study may name, by name: its declared ones, or (a game that declares
    none) the decks of ``params``'s ``cards`` section under the first convention."""
    from sim.games import get_game

    spec = get_game(game)
    if spec.cards.card_decks:
        return {deck.name: deck for deck in spec.cards.card_decks}
    key = spec.cards.forced_key
    force = forced_by(key) if key and params is not None and key in type(params).model_fields else None
    return {
        name: CardDeck(name, message("holding_taken"), ("taken",), force=force)
        for name in _config_decks(params)
    }


def card_deck(config: ResolvedConfig, deck: str) -> CardDeck:
    """The deck ``deck`` of ``config``'s game; an unknown name is refused naming the decks there are."""
    decks = game_decks(config.game, config.params)
    if deck not in decks or deck not in _config_decks(config.params):
        known = ", ".join(decks) if decks else message("study_no_decks")
        raise ConfigError(message("study_no_deck", path=config.path, deck=deck, known=known))
    return decks[deck]


def deck_for(game: str, deck: str) -> CardDeck:
    """A study folder's deck (its ``game`` and ``deck`` as recorded): the declared one, else held
    when ``taken`` (the first convention; also for no ``game``)."""
    from sim.games import get_game

    declared = {d.name: d for d in get_game(game).cards.card_decks} if game else {}
    return declared.get(deck) or CardDeck(deck, message("holding_taken"), ("taken",))


def forcing(config: ResolvedConfig, deck: CardDeck, pairs: Sequence[tuple[str, int]]) -> Mapping[str, Any]:
    """The settings that give each seat of ``pairs`` its card; a deck the rules cannot force, or a
    setting the game's config does not have, is refused naming the deck."""
    if deck.force is None:
        raise ConfigError(
            message(
                "study_deck_unforceable",
                path=config.path,
                deck=deck.name,
                game=game_named(config.game),
                holding=deck.holding,
            )
        )
    settings = deck.force(deck.name, pairs)
    missing = [key for key in settings if key not in type(config.params).model_fields]
    if missing:
        raise ConfigError(
            message("study_cannot_force", path=config.path, game=game_named(config.game), key=missing[0])
        )
    return settings


def holders(events: pd.DataFrame, deck: CardDeck, n_players: int) -> pd.DataFrame:
    """Who held which card of ``deck`` in each game, from ``events_cards`` rows (columns ``deck``,
    ``kind``, ``seat``, ``card_id``, ``game_index``, and ``variant`` when present, which is kept): the
    seats of the rows of its ``hold_kinds``, and for a deck in play every seat of a row that names
    none. One row per game, seat and card."""
    keys = (["variant"] if "variant" in events.columns else []) + HOLDER_COLUMNS
    if events.empty or not {"deck", "kind", "seat", "card_id", "game_index"} <= set(events.columns):
        return pd.DataFrame(columns=keys)
    rows = events[(events["deck"] == deck.name) & events["kind"].isin(list(deck.hold_kinds))]
    seated = rows[rows["seat"] >= 0]
    if deck.in_play:
        table = rows[rows["seat"] < 0].drop(columns="seat")
        everyone = table.merge(pd.DataFrame({"seat": range(n_players)}), how="cross")
        seated = pd.concat([seated, everyone], ignore_index=True)
    out = seated[keys].drop_duplicates().sort_values(keys, kind="stable")
    return out.astype({"seat": int, "game_index": int}).reset_index(drop=True)
