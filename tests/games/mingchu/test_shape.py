"""The game shape: decision kinds in one table, observation / determinize, and the invariants."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from sim.core.decisions import Decision
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.game import DECISIONS
from sim.games.mingchu.rules.setup import expand
from sim.games.mingchu.rules.state import Industry

from .helpers import RULES, new_state, place, play_until

KINDS = {"draft", "place_manager", "setup_road", "produce", "good_dest", "turn", "bonus_build", "bonus_road"}
KINDS |= {"pick_retainer", "card_goods", "pick_score", "pick_tianwei", "war", "repay", "buyback"}
KINDS |= {"trade_offer", "trade_answer"}


def test_every_decision_kind_is_in_the_table_once():
    assert set(DECISIONS.by_kind) == KINDS


def _mid_game(seed: int = 3):
    """A 4-player game in the 靖难 war settlement, with 皇恩卡 in hands and secret commitments."""
    state = play_until(new_state(seed=seed), lambda s: s.stage == "settle_war" and s.step == 2)
    for player in state.players:
        if not player.grace_cards and state.grace_deck:
            player.grace_cards.append(state.grace_deck.pop())
    state.war_secret[0] = [2, 0]
    state.players[0].supply -= 2
    assert RULES.invariants(state) == []
    return state


def test_observation_hides_hands_secrets_and_deck_order():
    state = _mid_game()
    seat = 1
    obs = RULES.observation(state, seat)
    public = obs.public
    assert public.rng is None and public.route_cache is None and public.price_cache is None
    assert public.players[seat].grace_cards == state.players[seat].grace_cards
    assert all(not p.grace_cards for q, p in enumerate(public.players) if q != seat)
    assert obs.hand_sizes == tuple(len(p.grace_cards) for p in state.players)
    assert public.war_secret[0] == [0, 0] and obs.war_committed[0] == 2
    assert not public.retainer_deck and not public.grace_deck and not any(public.order_decks.values())
    assert dict(obs.unseen)["门客"] == tuple(sorted(state.retainer_deck))
    assert not any(e["deck"] == "皇恩" and e["kind"] == "drawn" and e["seat"] != seat for e in public.log)
    assert public.players[0].coins == state.players[0].coins  # public stocks stay
    assert obs == RULES.observation(state.clone(), seat)  # compared by value


def test_determinize_gives_back_the_observation_with_other_hidden_cards():
    state = _mid_game()
    seat = 2
    obs = RULES.observation(state, seat)
    first = RULES.determinize(obs, np.random.default_rng(1))
    second = RULES.determinize(obs, np.random.default_rng(2))
    for sampled in (first, second):
        assert RULES.observation(sampled, seat) == obs
        assert RULES.invariants(sampled) == []
        assert sum(sampled.war_secret[0]) == 2 and max(sampled.war_secret[0]) == 2
        assert sampled.players[seat].grace_cards == state.players[seat].grace_cards
    assert (first.retainer_deck, first.order_decks, first.grace_deck) != (
        second.retainer_deck,
        second.order_decks,
        second.grace_deck,
    )
    legal = RULES.legal_actions(first)  # a sampled state plays on
    RULES.apply(first, legal[0])


def test_the_event_deck_is_sampled_from_the_events_not_yet_seen():
    state = play_until(
        new_state(seed=1), lambda s: s.period == "洪武" and s.stage == "actions" and s.round == 2
    )
    obs = RULES.observation(state, 0)
    pool = Counter(dict(obs.unseen)["事件"])
    normal = Counter(expand(c for c in state.params.cards.事件 if c.period == "洪武" and c.role == "normal"))
    assert Counter(state.event_deck[1:]) <= pool  # what the deck holds is among the candidates
    assert pool[state.next_event] == normal[state.next_event] - 1  # the revealed one is not
    assert pool.total() > len(state.event_deck) - 1  # and which of them are in it is hidden
    sampled = RULES.determinize(obs, np.random.default_rng(0))
    assert len(sampled.event_deck) == len(state.event_deck)
    assert sampled.event_deck[0] == state.params.setup.hongwu_final_event


# --- invariants: each law fails on the bug it is there for ----------------------------------------


def _broken(change) -> list[str]:
    state = play_until(new_state(seed=19), lambda s: s.stage == "actions" and s.round == 2)
    assert RULES.invariants(state) == []
    change(state)
    return RULES.invariants(state)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: setattr(s.players[0], "coins", -1), "negative coins"),
        (lambda s: setattr(s.players[1], "workers", -2), "negative workers"),
        (lambda s: s.players[0].warehouse.update({"粮食": 5}), "warehouse over capacity"),
        (lambda s: s.players[0].packs[0].update({"粮食": 9}), "-slot backpack"),
        (lambda s: s.players[0].packs[0].update({"粮食": -1}), "pack 0 holds"),
        (lambda s: s.retainer_deck.append(s.retainer_row[0]), "门客 cards not conserved"),
        (lambda s: s.retainer_row.pop(), "门客 cards not conserved"),
        (lambda s: s.order_decks["洪武"].pop(), "订单 cards not conserved"),
        (lambda s: s.public_orders.pop(), "订单 cards not conserved"),
        (lambda s: s.grace_deck.append(s.grace_deck[0]), "皇恩 cards not conserved"),
        (lambda s: s.score_row.pop(), "皇恩计分 cards not conserved"),
        (lambda s: s.players[2].__setattr__("supply", s.players[2].supply + 1), "恩义 markers not conserved"),
        (lambda s: s.yidao.__setitem__(next(r for r in range(99) if r not in s.yidao), 0), "not conserved"),
        (lambda s: s.players[3].managers.append(0), "has 3 掌柜"),
        (lambda s: s.pending.clear(), "no open decision"),
    ],
)
def test_each_law_catches_its_bug(change, message):
    problems = _broken(change)
    assert any(message in p for p in problems), problems


def test_stored_goods_and_held_markers_are_checked():
    state = play_until(new_state(seed=19), lambda s: s.stage == "actions" and s.round == 2)
    yanan = place(state, "延安府")
    state.industries[yanan] = Industry(0, stored="盐")  # a 粮食 site
    state.players[0].supply -= 1
    assert any("盐 stored" in p for p in RULES.invariants(state))
    state.industries[yanan].stored = "粮食"
    assert RULES.invariants(state) == []
    state.players[1].held[0] += 1  # a marker out of nowhere
    assert any("seat 0: 恩义 markers" in p for p in RULES.invariants(state))


def test_out_of_play_cards_keep_the_count():
    state = play_until(new_state(seed=19), lambda s: s.stage == "actions" and s.round == 2)
    seat = state.decision().seat
    state.players[seat].reward_cards.append(state.reward_decks["下赏"].pop())
    card = state.players[seat].reward_cards[-1]
    state.pending.push(Decision("turn", seat, {"manager": 0, "steps": 0, "moves": 0, "quick": 0}))
    RULES.apply(state, A.PlayReward(card, 0))
    assert card in state.removed["奖励"] and RULES.invariants(state) == []
