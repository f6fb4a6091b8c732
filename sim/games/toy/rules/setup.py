"""The toy race's setup: the deck dealt, the first seat chosen and the points tokens drafted."""

from __future__ import annotations

import numpy as np

from ..params import ToyParams
from .state import ToyState


def draft(params: ToyParams, n_players: int) -> list[int]:
    """The setup draft: seat 1 first (``draft_shift`` rotates the order), each seat takes the
    largest points token left (none when the tokens run out); the points count as bonus."""
    tokens = sorted(params.draft_bonus, reverse=True)[:n_players]
    points = [0] * n_players
    for pick, token in enumerate(tokens):
        points[(pick + params.draft_shift) % n_players] = token
    return points


def initial_state(params: ToyParams, n_players: int, rng: np.random.Generator) -> ToyState:
    """A set-up race: the shuffled deck, ``hand_size`` cards dealt to each seat, the drafted points;
    ``rng`` becomes the state's stream of every later draw."""
    if rng.random() < params.fail_rate:
        raise RuntimeError("injected failure (fail_rate)")
    deck = [params.card_values[i] for i in rng.permutation(len(params.card_values))]
    hands = [[deck.pop() for _ in range(min(params.hand_size, len(deck)))] for _ in range(n_players)]
    zeros = [0] * n_players
    first = params.play_shift % n_players
    return ToyState(
        params,
        list(zeros),
        rng,
        hands=hands,
        deck=deck,
        current=first,
        first=first,
        bonus=draft(params, n_players),
        steps_taken=list(zeros),
        gambles=list(zeros),
        cards_played=list(zeros),
    )
