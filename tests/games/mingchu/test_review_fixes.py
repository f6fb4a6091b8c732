"""Regression tests for the findings of the mingchu-1 rules review (fixed in mingchu-2)."""

from __future__ import annotations

from collections import Counter

from sim.config import load_config
from sim.core.decisions import Decision, Pending
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules import building, periods, production, settlement
from sim.games.mingchu.rules.effects import apply_effect
from sim.games.mingchu.rules.effects_schema import IncomeTrack
from sim.games.mingchu.rules.game import DECISIONS
from sim.games.mingchu.rules.quick import legal_quick
from sim.games.mingchu.rules.state import Industry

from .helpers import FIXTURE, RULES, new_state, place

# --- M19: the owner of a used industry gets the coins and the marker -----------------------------


def _foreign_production_state():
    state = new_state()
    salt = place(state, "徐州")
    state.industries[salt] = Industry(owner=1)
    me = state.players[0]
    me.managers = [salt, salt]
    me.packs = [Counter(), Counter()]
    me.coins, state.players[1].coins = 12, 10
    state.pending = Pending([Decision("produce", 0)])
    return state, salt


def test_using_another_players_industry_pays_that_player_coins_and_a_marker():
    state, salt = _foreign_production_state()
    me, owner = state.players[0], state.players[1]
    RULES.apply(state, A.ProduceForeign(salt, 0))
    assert (me.coins, owner.coins) == (12 - 3, 10 + 3)  # 盐 base 5: half rounded up
    assert owner.held[0] == 1 and me.packs[0] == {"盐": 1}
    assert owner.income_round == 0  # the receipt is not the owner's production income (recorded, M19)


# --- M20/M35: an upgraded foreign industry needs room for both goods ------------------------------


def test_upgraded_foreign_industry_needs_room_for_both_goods():
    state, salt = _foreign_production_state()
    state.industries[salt].upgraded_by = 1
    state.players[0].packs = [Counter({"粮食": 5}), Counter()]  # 1 slot left of 6
    assert A.ProduceForeign(salt, 0) not in production.legal_produce(state, 0)
    state.players[0].packs = [Counter({"粮食": 4}), Counter()]
    assert A.ProduceForeign(salt, 0) in production.legal_produce(state, 0)


# --- M37/M67: transport respects the warehouse and backpack capacity ------------------------------


def _capital_state():
    state = new_state()
    capital = place(state, "应天府")
    me = state.players[0]
    me.managers = [capital, capital]
    state.pending = Pending([Decision("turn", 0, {"manager": 0, "steps": 0, "moves": 0, "quick": 0})])
    return state, me


def test_no_transport_into_a_full_warehouse():
    state, me = _capital_state()
    me.packs = [Counter({"盐": 1}), Counter()]
    me.warehouse = Counter({"粮食": 4})
    assert not any(isinstance(a, A.Transport) and a.to_warehouse for a in legal_quick(state, 0))
    me.warehouse = Counter({"粮食": 3})
    assert any(isinstance(a, A.Transport) and a.to_warehouse for a in legal_quick(state, 0))


def test_no_transport_out_of_the_warehouse_into_a_full_pack():
    state, me = _capital_state()
    me.packs = [Counter({"盐": 6}), Counter()]
    me.warehouse = Counter({"丝绸": 1})
    assert not any(isinstance(a, A.Transport) and not a.to_warehouse for a in legal_quick(state, 0))


# --- M45: one side per settlement ----------------------------------------------------------------


def test_a_player_backs_only_one_side_in_a_settlement():
    state = new_state()
    me = state.players[0]
    me.hand, me.coins = 3, 9
    state.pending = Pending([Decision("war", 0)])
    war = state.decision()
    DECISIONS.apply(state, war, A.WarCommit("建文", "favor", 0))
    sides = {a.side for a in DECISIONS.legal(state, war) if isinstance(a, A.WarCommit)}
    assert sides == {"建文"}
    settlement.reveal_war(state)  # next settlement: free to back the other side
    sides = {a.side for a in DECISIONS.legal(state, war) if isinstance(a, A.WarCommit)}
    assert sides == {"建文", "燕王"}


# --- M58: later_events_minus_players means players minus the value ------------------------------


def test_later_events_minus_players_shortens_the_later_period():
    params = load_config(FIXTURE, overrides={"setup.later_events_minus_players": "1"}).params
    state = RULES.initial_state(params, 4, new_state().rng)
    state.war_winner = "建文"
    periods.enter_later(state)
    # normal events = current + revealed + the deck without the final card at its bottom = n - 1
    assert state.event_deck[0] == params.setup.later_final_event
    assert 2 + len(state.event_deck) - 1 == 4 - 1


# --- M22: the income track marker only advances; rewards when it lands on a space -------------------


def _income(state, seat, coins):
    state.players[seat].income_round = coins
    production.settle_income(state, seat)
    return [e["card_id"] for e in state.log if e["deck"] == "收入轨" and e["seat"] == seat]


def test_income_rewards_come_when_the_marker_advances_not_every_round():
    state = new_state()
    assert _income(state, 0, 8) == ["收入8"]
    assert _income(state, 0, 8) == ["收入8"]  # the marker stays: nothing again
    assert _income(state, 0, 5) == ["收入8"] and state.players[0].income_marker == 8
    grace = len(state.players[0].grace_cards)
    assert _income(state, 0, 12) == ["收入8", "收入12"]
    assert len(state.players[0].grace_cards) == grace


def test_demoting_yourself_lets_you_gain_the_score_card_space_again_but_not_the_retainer():
    state = new_state()
    state.pending = Pending()
    assert _income(state, 0, 16) == ["收入16"]
    apply_effect(state, 0, IncomeTrack(effect="income_track", steps=-1))  # 贬谪 on yourself
    assert state.players[0].income_marker == 12
    assert _income(state, 0, 16) == ["收入16", "收入16"]  # 游戏玩点5: 反复获得计分卡
    apply_effect(state, 0, IncomeTrack(effect="income_track", steps=-2))
    assert _income(state, 0, 12)[-1] == "收入12"  # the 门客 space, first time
    apply_effect(state, 0, IncomeTrack(effect="income_track", steps=-1))
    assert _income(state, 0, 12).count("收入12") == 1  # "门客不可重复获得"


def test_per_round_income_track_switch_keeps_the_old_reading():
    params = load_config(FIXTURE, overrides={"rules.income_track": "per_round"}).params
    state = RULES.initial_state(params, 4, new_state().rng)
    _income(state, 0, 8)
    assert _income(state, 0, 8) == ["收入8", "收入8"]


# --- M53/M59: end-reason labels ------------------------------------------------------------------


def test_a_full_war_track_is_not_labelled_a_quick_win(monkeypatch):
    state = new_state()
    state.war_progress = state.params.setup.war_track
    monkeypatch.setattr(periods, "specials_done", lambda s: "建文")
    assert periods.war_over(state) == "进度"
    state.war_progress = 0
    assert periods.war_over(state) == "速胜"


def test_final_event_and_order_exhaustion_are_both_named(monkeypatch):
    state = new_state()
    state.next_event = state.params.setup.later_final_event
    monkeypatch.setattr(periods, "orders_exhausted", lambda s: True)
    assert periods.game_over(state) == "天数将至+订单耗尽"


# --- M30: the threshold reading stays available as a switch ---------------------------------------


def test_monopoly_threshold_switch_spends_one_use_permits():
    params = load_config(FIXTURE, overrides={"rules.monopoly": "threshold"}).params
    state = RULES.initial_state(params, 4, new_state().rng)
    player = state.players[0]
    player.coins, player.income_best = 30, 6
    iron, gold = place(state, "太原府"), place(state, "顺天府")
    assert building.build_cost(state, 0, iron) == 7  # 铁 threshold 6 reached
    assert building.build_cost(state, 0, gold) is None  # 黄金 needs 10
    player.permits = 1
    building.do_build(state, 0, gold, 12)
    assert player.permits == 0 and state.industries[gold].owner == 0


# --- M24/M28: a dashed road open only through another player's 驿道 is paid for ---------------------


def _road(state, name: str) -> int:
    return next(r for r, info in enumerate(state.topo.roads) if info.id == name)


def test_a_dashed_road_with_another_players_yidao_is_only_crossed_by_paying():
    state, me = _capital_state()
    me.managers = [place(state, "武昌府"), place(state, "武昌府")]
    me.workers = 3
    road = _road(state, "武昌府-广州府")
    state.yidao[road] = 1
    modes = {a.mode for a in RULES.legal_actions(state) if isinstance(a, A.Move) and a.road == road}
    assert modes == {"yidao_paid"}
    solid = _road(state, "开封府-武昌府")
    state.yidao[solid] = 1  # on a solid road the 驿道 is optional: a counted step or 伙计 still go
    modes = {a.mode for a in RULES.legal_actions(state) if isinstance(a, A.Move) and a.road == solid}
    assert modes == {"yidao_paid", "step", "workers"}


# --- M21: without a marker to give, another player's 驿道 or industry cannot be used ---------------


def test_no_marker_left_means_no_use_of_others_roads_or_industries():
    state, salt = _foreign_production_state()
    me = state.players[0]
    me.hand, me.supply, me.held = 0, 0, [0] * 4
    assert A.ProduceForeign(salt, 0) not in production.legal_produce(state, 0)
    me.held[2] = 1  # a third player's marker pays (rules.pay_favor_with_held_first)
    assert A.ProduceForeign(salt, 0) in production.legal_produce(state, 0)
    state, me = _capital_state()
    me.hand, me.supply, me.held = 0, 0, [0] * 4
    road = _road(state, "应天府-杭州府")
    state.yidao[road] = 1
    modes = {a.mode for a in RULES.legal_actions(state) if isinstance(a, A.Move) and a.road == road}
    assert "yidao_paid" not in modes and "step" in modes
