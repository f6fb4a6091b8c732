"""Rules scenarios on the fixture map: prices, loans, 恩义, war, period changes, scoring, vocabulary."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from pydantic import ValidationError

from sim.core.decisions import Decision, Pending
from sim.core.play import setup_rng
from sim.games.mingchu.params import MingchuParams
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules import flow, periods, settlement
from sim.games.mingchu.rules.economy import give_favor, take_loan
from sim.games.mingchu.rules.game import DECISIONS
from sim.games.mingchu.rules.orders import legal_deliveries
from sim.games.mingchu.rules.paths import sale_price
from sim.games.mingchu.rules.production import foreign_cost
from sim.games.mingchu.rules.quick import legal_quick as quick_legal
from sim.games.mingchu.rules.scoring import vp_terms
from sim.games.mingchu.rules.state import OFFICIAL, Industry

from .helpers import RULES, fixture_data, new_state, place, play_until

# --- price rule (M18) ---------------------------------------------------------------------------


def test_leather_sells_for_five_at_yanan_as_in_the_rules():
    state = new_state()
    # 皮革 base 6, nearest 皮革 site 肃州卫 is 2 roads from 延安府: 6/2 + 2 = 5
    assert sale_price(state, 0, "皮革", place(state, "延安府"), in_production=True) == 5
    assert sale_price(state, 0, "皮革", place(state, "肃州卫"), in_production=False) == 3
    assert sale_price(state, 0, "皮革", place(state, "应天府"), in_production=False) == 6  # capped


def test_lychee_is_uncapped_only_in_production():
    state = new_state()
    far = place(state, "肃州卫")
    assert sale_price(state, 0, "荔枝", far, in_production=False) == 7
    assert sale_price(state, 0, "荔枝", far, in_production=True) > 7


def test_yidao_on_a_dashed_road_changes_prices():
    state = new_state()
    suzhou = place(state, "肃州卫")
    assert sale_price(state, 0, "和田玉", suzhou, in_production=False) == 12  # unreachable source: cap
    road = next(r for r, info in enumerate(state.topo.roads) if info.id == "哈密卫-肃州卫")
    state.yidao[road] = 0
    state.price_cache = None
    assert sale_price(state, 0, "和田玉", suzhou, in_production=False) == 6 + 1


def test_foreign_production_costs_half_rounded_up_or_full_for_officials():
    state = new_state()
    silk = place(state, "应天府")  # 丝绸 base 9
    state.industries[silk] = Industry(owner=1)
    assert foreign_cost(state, 0, silk) == 5
    state.industries[silk] = Industry(owner=OFFICIAL)
    assert foreign_cost(state, 0, silk) == 9


# --- loans, interest, 恩义 ----------------------------------------------------------------------


def test_loan_interest_and_forced_loan():
    state = new_state()
    player = state.players[0]
    player.coins = 0
    take_loan(state, 0)
    assert (player.coins, player.loans) == (9, 1)
    player.coins = 0
    settlement.pay_interest(state)  # cannot pay 1 coin: takes a loan at once (M46/M71)
    assert (player.coins, player.loans) == (8, 2)
    player.coins = 20
    state.pending.push(Decision("repay", 0))
    assert A.RepayLoan() in DECISIONS.legal(state, state.decision())
    DECISIONS.apply(state, state.decision(), A.RepayLoan())
    assert (player.coins, player.loans) == (7, 1)
    assert vp_terms(state, 0)["vp_loans"] == -5


def test_paying_favor_returns_the_receivers_markers_first():
    state = new_state()
    payer, receiver = state.players[0], state.players[1]
    payer.held[1] = 1
    supply = receiver.supply
    give_favor(state, 0, 1)
    assert payer.held[1] == 0 and receiver.supply == supply + 1
    own_supply = payer.supply
    give_favor(state, 0, 1)
    assert receiver.held[0] == 1 and payer.supply == own_supply - 1
    assert vp_terms(state, 0)["vp_favor_given"] == -1


# --- war (M54-M56) ------------------------------------------------------------------------------


def _war_state():
    state = new_state()
    state.pending = Pending()
    for player in state.players:
        player.war = [0, 0]
        player.war_orders = [0, 0]
    return state


def test_war_more_markers_wins_and_losers_pick_tianwei_most_first():
    state = _war_state()
    state.players[0].war = [3, 0]
    state.players[1].war = [0, 1]
    state.players[2].war = [0, 2]
    state.players[3].war = [1, 0]
    grace_before = len(state.players[3].grace_cards)
    track_before = state.players[0].worker_pos
    assert periods.resolve_war(state) == "建文胜"
    assert state.war_winner == "建文"
    # losers: seat 2 (2 markers) picks first, then seat 1
    assert [d.seat for d in state.pending] == [2, 1]
    assert all(d.kind == "pick_tianwei" for d in state.pending)
    assert state.players[0].worker_pos == track_before + 1
    assert len(state.players[3].grace_cards) == grace_before + 1


def test_special_orders_count_double_and_ties_go_to_yan():
    state = _war_state()
    state.players[0].war = [3, 0]
    state.players[1].war_orders = [0, 1]
    state.players[2].war = [0, 1]
    assert periods.resolve_war(state) == "燕王胜"  # 3 vs 2 + 1


def test_tianwei_tie_break_lower_income_then_fewer_coins():
    state = _war_state()
    state.players[0].war = [5, 0]
    for seat in (1, 2, 3):
        state.players[seat].war = [0, 1]
    state.players[1].income_best, state.players[2].income_best, state.players[3].income_best = 8, 4, 4
    state.players[2].coins, state.players[3].coins = 10, 3
    periods.resolve_war(state)
    assert [d.seat for d in state.pending] == [3, 2, 1]


# --- period changes (M52-M59) -------------------------------------------------------------------


def test_hongwu_ends_when_no_orders_are_left():
    state = play_until(new_state(), lambda s: s.stage == "actions" and s.round == 2)
    state.order_decks["洪武"] = []
    state.public_orders = []
    state.players[0].personal_order = None
    state.pending = Pending()
    state.stage = "settle_end"
    flow.advance(state)
    assert state.period == "靖难"
    assert state.end_reason == "洪武订单耗尽"
    assert state.current_event == "靖难之役"
    decks = sorted(state.topo.orders[state.order_card[o.order]].deck for o in state.public_orders)
    assert decks == ["建文特别"] * 3 + ["燕王特别"] * 3


def test_periods_follow_each_other_and_the_capital_moves_on_yan_victory():
    state = play_until(new_state(seed=1), lambda s: s.period == "靖难")
    assert state.end_reason.startswith("洪武")
    assert state.round == state.n  # players - 1 洪武 rounds, then the war
    state = play_until(state, lambda s: s.period == "后期")
    winner = state.war_winner
    expected = "建文" if winner == "建文" else "永乐"
    decks = {state.topo.orders[state.order_card[o.order]].deck for o in state.public_orders}
    assert decks == {expected}
    assert (state.capital == place(state, "顺天府")) == (winner == "燕王")
    assert state.current_event is not None
    state = play_until(state, lambda s: False)
    assert RULES.is_terminal(state)
    assert state.end_reason.split("·")[2] in ("天数将至", "订单耗尽")


def test_later_period_ends_on_the_final_event_round():
    state = play_until(new_state(seed=2), lambda s: s.period == "后期" and s.stage == "actions")
    state.pending = Pending()
    state.stage = "settle_end"
    state.next_event = state.params.setup.later_final_event
    flow.advance(state)
    assert state.terminal and state.end_reason.endswith("天数将至")


# --- end scoring (M60-M64) ----------------------------------------------------------------------


def test_end_scoring_terms():
    state = new_state()
    seat = 0
    player = state.players[seat]
    player.coins = 27
    player.banked_coins = 11
    player.loans = 1
    player.failed_orders = 1
    player.personal_order = None
    player.vp_bonus = 2
    state.industries = {
        place(state, "延安府"): Industry(seat),
        place(state, "徐州"): Industry(1, upgraded_by=seat),
    }
    player.completed = [k for k, cid in state.order_card.items() if cid == "洪武订单2"]
    state.players[1].held[seat] = 2
    player.score_cards = ["营造"]
    player.tianwei = ["天威罚银"]
    terms = vp_terms(state, seat)
    assert terms == {
        "vp_coins": 2,
        "vp_industries": 2,  # one built + one upgrade marker on another's industry
        "vp_orders": 3,
        "vp_card_bonus": 2,
        "vp_score_cards": 1,  # 营造: 1 per own industry
        "vp_tianwei": -3,
        "vp_banked": 2,
        "vp_loans": -5,
        "vp_failed_orders": -5,
        "vp_favor_given": -2,
    }
    assert RULES.running_scores(state)[seat] == sum(terms.values())


# --- vocabulary validation ----------------------------------------------------------------------


def _with_card(deck: str, card: dict) -> dict:
    data = copy.deepcopy(fixture_data())
    data["cards"][deck].append(card)
    return data


@pytest.mark.parametrize(
    ("deck", "card", "message"),
    [
        ("皇恩", {"id": "神秘诏书", "effects": [{"effect": "summon_dragon"}]}, "summon_dragon"),
        (
            "皇恩",
            {"id": "负赏", "effects": [{"effect": "gain_coins", "amount": -2}]},
            "greater than or equal to 0",
        ),
        ("门客", {"id": "乱客", "ability": [{"effect": "gain_coins", "amount": 1, "extra": 1}]}, "extra"),
        ("事件", {"id": "怪事", "period": "洪武", "task": {"condition": "luckiest"}}, "luckiest"),
        (
            "天威",
            {"id": "怪罚", "scoring": [{"score": "per", "measure": "dragons", "points": -1}]},
            "dragons",
        ),
    ],
)
def test_bad_card_fails_naming_the_card(deck, card, message):
    with pytest.raises(ValidationError) as info:
        MingchuParams.model_validate(_with_card(deck, card))
    text = str(info.value)
    assert card["id"] in text and message in text


def test_unknown_good_or_place_names_the_card():
    with pytest.raises(ValidationError, match="赐玉.*unknown good '玉石'"):
        MingchuParams.model_validate(
            _with_card("皇恩", {"id": "赐玉", "effects": [{"effect": "gain_goods", "good": "玉石"}]})
        )
    order = {"id": "远方订单", "deck": "洪武", "place": "长安", "goods": {"粮食": 1}, "points": 1}
    with pytest.raises(ValidationError, match="远方订单.*unknown place '长安'"):
        MingchuParams.model_validate(_with_card("订单", order))


def test_duplicate_card_id_is_an_error():
    with pytest.raises(ValidationError, match="duplicate id '赌徒'"):
        MingchuParams.model_validate(_with_card("门客", {"id": "赌徒", "passive": []}))


# --- per-掌柜 packs (M08) -------------------------------------------------------------------------


def test_a_manager_delivers_and_sells_only_what_it_carries():
    state = new_state()
    player = state.players[0]
    capital, xian = place(state, "应天府"), place(state, "西安府")
    player.managers = [xian, capital]
    player.packs = [Counter({"粮食": 2}), Counter()]
    key = next(k for k, cid in state.order_card.items() if cid == "洪武订单1")  # 粮食 x2 at 应天府
    state.public_orders = []
    state.players[0].personal_order = key
    assert legal_deliveries(state, 0, [xian, capital]) == []
    assert A.Sell("粮食", xian) in quick_legal(state, 0) and A.Sell("粮食", capital) not in quick_legal(
        state, 0
    )
    player.managers = [capital, capital]
    assert legal_deliveries(state, 0, [capital]) == [A.Deliver(key, capital)]


def test_shared_pack_lets_either_manager_use_the_goods():
    from sim.config import load_config

    from .helpers import FIXTURE

    params = load_config(FIXTURE, overrides={"rules.backpack": "shared"}).params
    state = RULES.initial_state(params, 4, setup_rng(0))
    player = state.players[0]
    capital, xian = place(state, "应天府"), place(state, "西安府")
    player.managers = [xian, capital]
    player.packs = [Counter({"粮食": 2}), Counter()]
    key = next(k for k, cid in state.order_card.items() if cid == "洪武订单1")
    state.public_orders = []
    player.personal_order = key
    assert legal_deliveries(state, 0, [xian, capital]) == [A.Deliver(key, capital)]


def test_backpack_capacity_is_shared_by_both_managers():
    state = new_state()
    player = state.players[0]
    player.packs = [Counter({"粮食": 4}), Counter({"盐": 2})]
    assert state.backpack_room(0, "粮食") == 0
    assert state.backpack_room(0, "马") == 1  # the 马匹格


def test_war_commitments_stay_secret_until_revealed():
    state = _war_state()
    me, other = state.players[0], state.players[1]
    me.held[1], me.hand, me.coins = 1, 1, 7
    state.pending = Pending([Decision("war", 0)])
    war = state.decision()
    legal = DECISIONS.legal(state, war)
    assert A.WarCommit("燕王", "favor", 1) in legal and A.WarCommit("建文", "coins") in legal
    supply_me, supply_other = me.supply, other.supply
    for action in (
        A.WarCommit("燕王", "favor", 1),
        A.WarCommit("燕王", "favor", 0),
        A.WarCommit("燕王", "coins"),
    ):
        DECISIONS.apply(state, war, action)
    # the other player's marker goes home and one from my supply replaces it; coins buy a marker
    assert other.supply == supply_other + 1 and me.supply == supply_me - 2
    assert (me.hand, me.coins, me.held[1]) == (0, 4, 0)
    assert me.war == [0, 0] and state.war_secret[0] == [0, 3]
    settlement.reveal_war(state)
    assert me.war == [0, 3] and state.war_secret[0] == [0, 0]


def test_buying_a_stored_good_pays_its_owner():
    state = new_state()
    yanan = place(state, "延安府")
    state.industries[yanan] = Industry(owner=1, stored="粮食")
    buyer, owner = state.players[0], state.players[1]
    buyer.managers = [yanan, yanan]
    buyer.packs = [Counter(), Counter()]
    buyer.coins, owner.coins = 5, 0
    state.pending = Pending([Decision("turn", 0, {"manager": 0, "steps": 0, "moves": 0, "quick": 0})])
    assert A.BuyStored(yanan) in RULES.legal_actions(state)
    RULES.apply(state, A.BuyStored(yanan))
    assert (buyer.coins, owner.coins) == (2, 3)
    assert buyer.packs[0] == {"粮食": 1} and state.industries[yanan].stored is None


def test_bank_effect_puts_coins_and_cards_under_the_board():
    from sim.games.mingchu.rules.effects import apply_effect
    from sim.games.mingchu.rules.effects_schema import Bank

    state = new_state()
    player = state.players[0]
    player.coins, player.grace_cards = 12, ["赏银"]
    apply_effect(state, 0, Bank(effect="bank", coins=10, grace_cards=2))
    assert (player.coins, player.banked_coins, player.banked_cards, player.grace_cards) == (2, 10, 1, [])
    assert vp_terms(state, 0)["vp_banked"] == 10 // 5 + 1
    with pytest.raises(ValidationError, match="bank needs coins or grace_cards"):
        Bank(effect="bank")


def test_hiring_a_retainer_may_refresh_any_face_up_cards_once():
    state = new_state()
    player = state.players[0]
    player.coins = 5
    row = list(state.retainer_row)
    state.pending = Pending([Decision("pick_retainer", 0)])
    pick = state.decision()
    legal = DECISIONS.legal(state, pick)
    assert (
        A.RefreshRetainers((0, 2)) in legal
        and len([a for a in legal if isinstance(a, A.RefreshRetainers)]) == 7
    )
    DECISIONS.apply(state, pick, A.RefreshRetainers((0, 2)))
    assert player.coins == 2 and state.retainer_row[1] == row[1]
    assert row[0] in state.retainer_discard and row[2] in state.retainer_discard
    legal = DECISIONS.legal(state, pick)
    assert not any(isinstance(a, A.RefreshRetainers) for a in legal)
    DECISIONS.apply(state, pick, A.PickRetainer(row[1]))
    assert row[1] in player.retainers and not state.pending


def test_family_goods_are_split_between_the_managers_by_the_player():
    state = new_state()
    column = next(
        i
        for i, (_, families) in enumerate(state.draft_columns)
        if any(state.topo.families[f].goods for f in families)
    )
    seat = state.decision().seat
    RULES.apply(state, A.ChooseColumn(column))
    assert state.decision().kind == "card_goods" and state.decision().seat == seat
    assert A.GoodTo("backpack", 1) in RULES.legal_actions(state)
    RULES.apply(state, A.GoodTo("backpack", 1))
    assert sum(state.players[seat].packs[1].values()) == 1
