"""Forcing cards on several seats of one game: every seat holds its own card after the draft."""

from __future__ import annotations

import numpy as np
import pytest

from sim.config import load_config
from sim.core.play import setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.params import ForcedCard

BASE = load_config("sim/configs/mingchu/base.yaml").params
RULES = SPEC.game


def with_forced(params, forced: list[tuple[str, str, int]]):
    """``params`` with ``forced_cards`` set (the cards are the deck's own, so no validation is needed)."""
    cards = tuple(ForcedCard(deck=d, card=c, seat=s) for d, c, s in forced)
    return params.model_copy(update={"forced_cards": cards})


def drafted(params, n_players: int, seed: int):
    """The game right after the draft, every seat taking a column at random."""
    state = RULES.initial_state(params, n_players, setup_rng(seed))
    rng = np.random.default_rng(seed)
    while state.stage == "draft":
        legal = RULES.legal_actions(state)
        RULES.apply(state, legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize("n_players", [4, 5])
def test_a_different_retainer_forced_on_every_seat_is_held_by_that_seat(n_players):
    ids = [c.id for c in BASE.cards.门客]
    rng = np.random.default_rng(n_players)
    missed = []
    for seed in range(200):
        cards = rng.choice(ids, size=n_players, replace=False)
        state = drafted(with_forced(BASE, [("门客", c, s) for s, c in enumerate(cards)]), n_players, seed)
        held = [player.retainers[0] if player.retainers else "" for player in state.players]
        missed += [(seed, s) for s in range(n_players) if held[s] != cards[s]]
    assert missed == []


@pytest.mark.parametrize("n_players", [4, 5])
def test_a_different_family_forced_on_every_seat_is_held_by_that_seat(n_players):
    ids = [c.id for c in BASE.cards.家族]
    rng = np.random.default_rng(7)
    for seed in range(50):
        cards = rng.choice(ids, size=n_players, replace=False)
        state = drafted(with_forced(BASE, [("家族", c, s) for s, c in enumerate(cards)]), n_players, seed)
        assert [player.families[0] for player in state.players] == list(cards)
        taken = [f for player in state.players for f in player.families]
        assert len(taken) == len(set(taken))  # no family card dealt twice


def test_one_forced_card_is_hidden_as_before():
    """One forced card still changes places with the bottom card (the pairing of older studies holds)."""
    for seed in range(40):
        plain = RULES.initial_state(BASE, 5, setup_rng(seed))
        dealt = [*plain.retainer_row, *(r for r, _ in plain.draft_columns)]
        card = dealt[0]
        state = RULES.initial_state(with_forced(BASE, [("门客", card, 2)]), 5, setup_rng(seed))
        assert card not in state.retainer_row + [r for r, _ in state.draft_columns]
        assert state.retainer_deck[0] == card
        bottom = RULES.initial_state(BASE, 5, setup_rng(seed)).retainer_deck[0]
        assert bottom in state.retainer_row + [r for r, _ in state.draft_columns]


def test_a_card_forced_on_more_seats_than_it_has_copies_is_refused():
    card = BASE.cards.门客[0].id
    params = with_forced(BASE, [("门客", card, 0), ("门客", card, 1)])
    with pytest.raises(ValueError, match=f"门客 '{card}' is forced on 2 seats but the deck holds 1 copy"):
        RULES.initial_state(params, 4, setup_rng(0))
