"""Bots decide from what their seat sees: the runner hands them a view (or an observation), never
the state, and the view hides other seats' cards and every deck order."""

from __future__ import annotations

import numpy as np
import pytest

from sim.config import load_config
from sim.core.play import play_game, setup_rng
from sim.core.view import HIDDEN
from sim.games import get_game
from sim.games.brass.rules.board import WILDS


def position(game_name: str, n: int, seed: int, steps: int):
    spec = get_game(game_name)
    game = spec.game
    state = game.initial_state(load_config(spec.default_config).params, n, setup_rng(seed))
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        legal = game.legal_actions(state)
        game.apply(state, legal[int(rng.integers(len(legal)))])
    return game, state, game.current_player(state)


def test_brass_view_hides_other_hands_and_the_deck():
    game, state, seat = position("brass", 4, 3, 30)
    view = game.view(state, seat)
    assert view is not state and view.rng is None
    assert view.hands[seat] == state.hands[seat]
    for other in set(range(4)) - {seat}:
        assert len(view.hands[other]) == len(state.hands[other])
        assert all(card == HIDDEN or card in WILDS for card in view.hands[other])
        assert any(card not in WILDS for card in state.hands[other])  # there was something to hide
    assert state.deck and set(view.deck) == {HIDDEN} and len(view.deck) == len(state.deck)
    assert set(state.deck) != {HIDDEN}  # the state itself is untouched


def test_mingchu_view_hides_grace_cards_war_sides_and_decks():
    game, state, seat = position("mingchu", 5, 2, 400)
    others = [p for s, p in enumerate(state.players) if s != seat]
    view = game.view(state, seat)
    assert view is not state and view.rng is None
    for s, player in enumerate(view.players):
        if s != seat:
            assert set(player.grace_cards) <= {HIDDEN}
            assert len(player.grace_cards) == len(state.players[s].grace_cards)
            assert view.war_secret[s] == [0, 0]
    assert any(p.grace_cards for p in others) or state.grace_deck
    for deck in [view.event_deck, view.retainer_deck, view.grace_deck, *view.order_decks.values()]:
        assert set(deck) <= {HIDDEN}
    assert not [e for e in view.log if e["deck"] == "皇恩" and e["kind"] == "drawn" and e["seat"] != seat]


class Spy:
    """Records what the runner hands it and picks the first legal action."""

    seen: list = []
    sees = "view"

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.name = "spy"

    def choose(self, seen, legal, rng):
        Spy.seen.append((self.seat, seen))
        return legal[0]


class ObservingSpy(Spy):
    sees = "observation"


class BlindSpy(Spy):
    sees = "legal"


@pytest.mark.parametrize("bot", [Spy, ObservingSpy, BlindSpy])
def test_the_runner_never_hands_a_bot_the_state(bot):
    toy = get_game("toy")
    spec = toy.with_bots(bots={**toy.bots.bots, "spy": bot})
    states: list = []
    Spy.seen = []
    record = play_game(
        spec, load_config(toy.default_config).params, 3, 5, ["spy", "random", "spy"],
        on_step=lambda state, seat, action, text: states.append(state), catch_errors=False,
    )  # fmt: skip
    assert not record.error and Spy.seen
    real = states[0]  # the one state, changed in place as the game goes on
    for seat, seen in Spy.seen:
        assert seen is not real
        if bot is BlindSpy:
            assert seen is None
            continue
        public = seen.public if bot is ObservingSpy else seen
        assert all(set(hand) <= {HIDDEN} for s, hand in enumerate(public.hands) if s != seat)
        assert set(public.deck) <= {HIDDEN}
        if bot is Spy:
            assert seen.rng is None
