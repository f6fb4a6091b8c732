"""Trading between players (M40, M75): offers, answers, the bots' valuation, hidden cards, laws."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from sim.check import check_game, iter_lines
from sim.config import load_config
from sim.config.errors import ConfigError
from sim.core.play import setup_rng
from sim.games.mingchu import SPEC
from sim.games.mingchu.bots.heuristic import HeuristicBot
from sim.games.mingchu.bots.trade import _markers, _markers_may_gain, best_offer, gains
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.trade import HIDDEN_CARD, Accept, Offer, ProposeTrade, Refuse

from .helpers import FIXTURE, PARAMS, RULES, play_until

HORSE_CARD = "赐马"  # 皇恩卡: gain 1 马 (worth something only with room for it)


def _production(seat: int = 0, seed: int = 0, params=PARAMS):
    """A 4-player game at ``seat``'s first production decision (round 2), nobody holding 皇恩卡."""
    state = RULES.initial_state(params, 4, setup_rng(seed))
    state = play_until(
        state, lambda s: s.pending and s.pending.next.kind == "produce" and s.pending.next.seat == seat
    )
    for player in state.players:
        state.grace_deck.extend(player.grace_cards)
        player.grace_cards = []
    return state


def _fill_backpack(state, seat: int) -> None:
    """Six plain goods and a 马 in the 马匹格: no room for another 马."""
    player = state.players[seat]
    player.packs = [Counter({"粮食": 6, "马": 1}), Counter()]
    assert state.backpack_room(seat, "马") == 0


def _horse_trade_state():
    """Seat 0 holds a 赐马 it has no room to use; seats 1-3 have room and coins."""
    state = _production()
    _fill_backpack(state, 0)
    state.grace_deck.remove(HORSE_CARD)
    state.players[0].grace_cards = [HORSE_CARD]
    for seat in (1, 2, 3):
        state.players[seat].packs = [Counter(), Counter()]
        state.players[seat].coins = 10
    assert RULES.invariants(state) == []
    return state


def _bot_choice(state, seat: int, persona: str = "runner"):
    bot = HeuristicBot(seat, persona)
    legal = RULES.legal_actions(state)
    return bot, bot.choose(RULES.view(state, seat), legal, np.random.default_rng(0))


def test_a_trade_both_bots_want_happens():
    state = _horse_trade_state()
    seller, choice = _bot_choice(state, 0)
    assert choice == ProposeTrade()
    RULES.apply(state, choice)
    offer = seller.choose(RULES.view(state, 0), RULES.legal_actions(state), np.random.default_rng(0))
    assert isinstance(offer, Offer) and offer.card == HORSE_CARD and offer.want_coins > 0
    mine, theirs = gains(state, 0, offer)
    assert mine > 0 and theirs > 0  # the fair price splits the difference
    buyer = offer.to
    coins = [p.coins for p in state.players]
    RULES.apply(state, offer)
    assert state.pending.next.kind == "trade_answer" and state.pending.next.seat == buyer
    _, answer = _bot_choice(state, buyer, "industrialist")
    assert answer == Accept()
    RULES.apply(state, answer)
    assert state.players[buyer].grace_cards == [HORSE_CARD] and state.players[0].grace_cards == []
    assert state.players[0].coins == coins[0] + offer.want_coins
    assert state.players[buyer].coins == coins[buyer] - offer.want_coins
    assert state.trades[-1] | {} == {
        "round": state.round, "seat": 0, "partner": buyer, "kind": "accepted", "coins": 0,
        "card": HORSE_CARD, "favor": 0, "partner_coins": offer.want_coins, "partner_favor": 0,
    }  # fmt: skip
    assert state.pending.next.kind == "produce" and state.pending.next.seat == 0  # back to production
    assert ProposeTrade() not in RULES.legal_actions(state)  # one offer per production step
    assert RULES.invariants(state) == []


def test_an_offer_that_only_helps_the_offerer_is_refused():
    state = _horse_trade_state()
    greedy = Offer(1, card=HORSE_CARD, want_coins=9)  # a 马 is not worth 9 coins to anyone
    assert gains(state, 0, greedy)[0] > 0 > gains(state, 0, greedy)[1]
    RULES.apply(state, ProposeTrade())
    assert greedy in RULES.legal_actions(state)
    RULES.apply(state, greedy)
    before = state.clone()
    for persona in ("runner", "industrialist", "roadbuilder"):
        assert _bot_choice(state, 1, persona)[1] == Refuse()
    RULES.apply(state, Refuse())
    assert state.trades[-1]["kind"] == "refused"
    assert [p.coins for p in state.players] == [p.coins for p in before.players]
    assert state.players[0].grace_cards == [HORSE_CARD]


def test_the_seller_makes_no_offer_when_nobody_gains():
    state = _horse_trade_state()
    for seat in (1, 2, 3):
        _fill_backpack(state, seat)  # nobody can use the 马 either
    assert best_offer(state, 0) is None
    assert _bot_choice(state, 0)[1] != ProposeTrade()


def test_markers_move_as_every_favor_payment_does():
    state = _horse_trade_state()
    me = state.players[0]
    for owner, count in enumerate(me.held):  # seat 0 holds no other player's marker ...
        state.players[owner].supply += count
        me.held[owner] = 0
    me.held[1] = 1  # ... but one of seat 1's: it goes back first (M21), then an own one
    state.players[1].supply -= 1
    supply0 = state.players[0].supply
    RULES.apply(state, ProposeTrade())
    RULES.apply(state, Offer(1, favor=2, want_coins=1))
    RULES.apply(state, Accept())
    assert state.players[0].held[1] == 0 and state.players[1].held[0] == 1
    assert state.players[0].supply == supply0 - 1
    assert RULES.invariants(state) == []


def test_hidden_cards_stay_hidden_from_a_third_seat():
    state = _horse_trade_state()
    RULES.apply(state, ProposeTrade())
    RULES.apply(state, Offer(1, card=HORSE_CARD, want_coins=3))
    # while the offer is open: the receiver sees the card, a third seat does not
    assert RULES.observation(state, 1).public.pending.next.data[1].card == HORSE_CARD
    assert RULES.observation(state, 2).public.pending.next.data[1].card == HIDDEN_CARD
    obs = RULES.observation(state, 1)
    for k in range(5):  # a sampled state deals the shown card to the offerer, and plays on
        sampled = RULES.determinize(obs, np.random.default_rng(k))
        assert HORSE_CARD in sampled.players[0].grace_cards
        assert RULES.observation(sampled, 1) == obs
        RULES.apply(sampled, Accept())
    RULES.apply(state, Accept())
    for seat in (0, 1):
        assert RULES.observation(state, seat).public.trades[-1]["card"] == HORSE_CARD
        assert RULES.view(state, seat).trades[-1]["card"] == HORSE_CARD
    for seat in (2, 3):
        obs = RULES.observation(state, seat)
        assert obs.public.trades[-1]["card"] == HIDDEN_CARD
        assert obs.public.players[1].grace_cards == []
        assert RULES.view(state, seat).trades[-1]["card"] == HIDDEN_CARD
        for k in range(3):
            sampled = RULES.determinize(obs, np.random.default_rng(k))
            assert RULES.observation(sampled, seat) == obs
            assert RULES.view(sampled, seat) == RULES.view(state, seat)
    assert state.trades[-1]["card"] == HORSE_CARD  # the dataset keeps the full record


def _owned_markers(state) -> list[int]:
    """Per owner: markers in supply, hand and held by anyone (a trade moves them among these)."""
    return [p.supply + p.hand + sum(q.held[s] for q in state.players) for s, p in enumerate(state.players)]


def test_random_trades_conserve_coins_cards_and_markers():
    state = RULES.initial_state(PARAMS, 4, setup_rng(3))
    rng = np.random.default_rng(3)
    accepted = 0
    while not RULES.is_terminal(state):
        legal = RULES.legal_actions(state)
        action = legal[int(rng.integers(len(legal)))]
        decision = state.pending.next
        if decision.kind == "trade_answer":
            offerer, offer = decision.data
            pair = (offerer, offer.to)
            before = state.clone()
            RULES.apply(state, action)
            after = state.players
            coins = [before.players[s].coins for s in pair], [after[s].coins for s in pair]
            hands = (
                [Counter(before.players[s].grace_cards) for s in pair],
                [Counter(after[s].grace_cards) for s in pair],
            )
            assert sum(coins[0]) == sum(coins[1])
            assert sum(hands[0], Counter()) == sum(hands[1], Counter())
            assert _owned_markers(before) == _owned_markers(state)
            if isinstance(action, Accept):
                accepted += 1
                assert coins[1][0] - coins[0][0] == offer.want_coins - offer.coins
                if offer.card:
                    assert hands[1][1][offer.card] == hands[0][1][offer.card] + 1
            else:
                assert coins[0] == coins[1] and hands[0] == hands[1]
        else:
            RULES.apply(state, action)
        assert RULES.invariants(state) == []
    assert accepted > 0
    assert accepted == sum(row["kind"] == "accepted" for row in state.trades)


@pytest.mark.parametrize("override", [{"rules.trading": False}, {"rules.trade_offers_per_turn": 0}])
def test_no_offer_is_ever_legal_with_trading_off(override):
    params = load_config(FIXTURE, override).params
    state = RULES.initial_state(params, 4, setup_rng(1))
    rng = np.random.default_rng(1)
    while not RULES.is_terminal(state):
        legal = RULES.legal_actions(state)
        assert ProposeTrade() not in legal
        RULES.apply(state, legal[int(rng.integers(len(legal)))])
    assert state.trades == [] and RULES.outcome(state).events["trades"] == []


def test_the_offer_cap_resets_each_turn():
    params = load_config(FIXTURE, {"rules.trade_offers_per_turn": 2}).params
    state = _production(params=params)
    for _ in range(2):
        assert ProposeTrade() in RULES.legal_actions(state)
        RULES.apply(state, ProposeTrade())
        RULES.apply(state, A.Done())
    assert ProposeTrade() not in RULES.legal_actions(state)
    RULES.apply(state, A.Done())  # the production step ends: the next seat may offer again
    state = play_until(state, lambda s: s.pending.next.kind == "produce")
    assert ProposeTrade() in RULES.legal_actions(state)


@pytest.mark.parametrize(("key", "value"), [("rules.trading", "maybe"), ("rules.trade_offers_per_turn", -1)])
def test_bad_trade_settings_name_the_field(key, value):
    with pytest.raises(ConfigError, match=f"'{key}'"):
        load_config(FIXTURE, {key: value})


def test_sim_check_passes_with_trading_on():
    params = load_config(FIXTURE).params
    assert params.rules.trading
    report = check_game(SPEC, params, player_counts=(4,), playouts=1, probe_every=3)
    assert report.ok, "\n".join(iter_lines(report))


def test_the_play_log_tells_each_trade_in_chinese():
    state = _horse_trade_state()
    narrator = SPEC.report.narrator(["runner"] * 4)
    told = []
    for action in (ProposeTrade(), Offer(2, card=HORSE_CARD, want_coins=3), Accept()):
        seat = RULES.current_player(state)
        facts, _ = narrator.step(state, seat, action)
        told += [f.text for f in facts if f.text]
        RULES.apply(state, action)
    lines = [line for line in told if "交易" in line]
    assert lines[0] == "玩家1 向玩家3提议交易：玩家1出皇恩卡 赐马，玩家3出3铜币"
    assert lines[1].startswith("玩家3 接受玩家1的交易（玩家1出皇恩卡 赐马，玩家3出3铜币）")
    assert "铜币－3" in lines[1] and "玩家1 铜币＋3" in lines[1]
    assert len(lines) == 2  # opening the offer is told with the offer


def test_markers_for_coins_are_skipped_only_where_no_count_gains_both_sides():
    """``best_offer`` considers no sale of markers for coins where ``_markers_may_gain`` says none can
    gain both sides: at every decision of a 5-player heuristic game, for each pair of seats it says
    so for, every count of markers is worth no more to the receiver than it costs the giver."""
    from sim.core.play import bot_rng

    state = RULES.initial_state(PARAMS, 5, setup_rng(2))
    personas = ["runner", "industrialist", "roadbuilder", "industrialist", "runner"]
    bots = [HeuristicBot(seat, name) for seat, name in enumerate(personas)]
    rngs = [bot_rng(2, seat) for seat in range(5)]
    skipped = listed = 0
    most = state.params.rules.trade_max_favor + 3
    while not RULES.is_terminal(state):
        seat = RULES.current_player(state)
        if state.decision().kind in ("turn", "produce"):
            for giver in range(5):
                for receiver in range(5):
                    if giver == receiver:
                        continue
                    if _markers_may_gain(state, giver, receiver):
                        listed += 1
                        continue
                    skipped += 1
                    for k in range(1, most + 1):
                        cost, worth = _markers(state, giver, receiver, k)
                        assert worth <= cost, (giver, receiver, k)
        RULES.apply(state, bots[seat].choose(state, RULES.legal_actions(state), rngs[seat]))
    assert skipped > 1000 and listed > 100, (skipped, listed)
