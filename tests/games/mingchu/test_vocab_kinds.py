"""The vocabulary's newer kinds change the game as written: conditions on places and on the war,
conditional effects, effects on the other players, triggered passives, 恩义 toll discounts, and
the validation of passives and family cards."""

from __future__ import annotations

import copy
from collections import Counter

import pytest
import yaml
from pydantic import TypeAdapter

from sim.config import ConfigError, load_config
from sim.core.decisions import Decision, Pending
from sim.core.play import setup_rng
from sim.games.mingchu.params import MingchuParams
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules import effects_schema as es
from sim.games.mingchu.rules.building import build_cost
from sim.games.mingchu.rules.effects import apply_effects, condition_met
from sim.games.mingchu.rules.orders import apply_deliver

from .helpers import RULES, fixture_data, place, play_until

EFFECT = TypeAdapter(es.Effect)
CONDITION = TypeAdapter(es.Condition)


def params_with(forced_cards=(), **cards) -> MingchuParams:
    """The fixture with extra cards: ``门客=[...]`` etc. are appended to those decks."""
    data = copy.deepcopy(fixture_data())
    for deck, extra in cards.items():
        data["cards"][deck] = [*data["cards"][deck], *extra]
    return MingchuParams.model_validate({**data, "forced_cards": list(forced_cards)})


def game(params: MingchuParams, seed: int = 0):
    return RULES.initial_state(params, 4, setup_rng(seed))


def give(state, seat: int, card: str) -> None:
    """Seat ``seat`` holds the one copy of 门客 ``card`` (taken out of the deck, the row or the draft)."""
    state.retainer_deck = [c for c in state.retainer_deck if c != card]
    state.retainer_row = [c for c in state.retainer_row if c != card]
    state.draft_columns = [("" if r == card else r, f) for r, f in state.draft_columns]
    state.players[seat].retainers.append(card)


def uses(state, card: str, kind: str = "used") -> list[dict]:
    return [row for row in state.log if row["card_id"] == card and row["kind"] == kind]


# --- validation ---------------------------------------------------------------------------------


def test_a_one_shot_passive_is_refused_naming_file_field_and_value(tmp_path):
    data = fixture_data()
    data["cards"]["门客"].append({"id": "财神", "passive": [{"effect": "gain_coins", "amount": 3}]})
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump({"game": "mingchu", **data}, allow_unicode=True), encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_config(path)
    message = str(err.value)
    assert "bad.yaml" in message and "财神" in message and "passive.0" in message
    assert "'gain_coins' is a one-shot effect" in message and "each_round" in message


def test_unknown_names_inside_nested_effects_are_refused():
    inner = {"effect": "others", "effects": [{"effect": "gain_goods", "good": "香料"}]}
    with pytest.raises(ValueError, match="unknown good '香料'"):
        params_with(皇恩=[{"id": "香", "effects": [inner]}])
    at = {"condition": "at_place", "place": "蓬莱"}
    eff = {"effect": "if", "condition": at, "then": [{"effect": "gain_coins", "amount": 1}]}
    with pytest.raises(ValueError, match="unknown place '蓬莱'"):
        params_with(皇恩=[{"id": "仙", "effects": [eff]}])
    trigger = {"effect": "on_event", "event": "无此事", "effects": [{"effect": "gain_coins", "amount": 1}]}
    with pytest.raises(ValueError, match="unknown event '无此事'"):
        params_with(门客=[{"id": "探子", "passive": [trigger]}])


def _drafted(family: dict):
    """A game in which seat 0 drafts the extra ``family`` card (``forced_cards``), played at random to
    round 1's actions."""
    params = params_with([{"deck": "家族", "card": family["id"], "seat": 0}], 家族=[family])
    state = play_until(game(params), lambda s: s.stage == "actions")
    assert family["id"] in state.players[0].families
    return state, 0


def test_family_card_modifiers_hold_from_round_one_on():
    discount = {"effect": "discount", "action": "build", "amount": 3}
    state, holder = _drafted({"id": "巧匠之家", "place": "临洮府", "coins": 3, "effects": [discount]})
    state.players[holder].coins = 50
    for round_no in (1, 3):
        state = play_until(state, lambda s, r=round_no: s.round == r and s.stage == "actions")
        site = next(
            p
            for p, info in enumerate(state.topo.site)
            if info
            and info.cost >= 3
            and p not in state.industries
            and build_cost(state, holder, p) is not None
        )
        without = copy.deepcopy(state)
        without.players[holder].families.remove("巧匠之家")
        assert build_cost(state, holder, site) == build_cost(without, holder, site) - 3


def test_a_drafted_family_card_keeps_its_modifier_in_every_round():
    bonus = {"effect": "income_bonus", "amount": 2}
    state, holder = _drafted({"id": "富户", "place": "临洮府", "coins": 3, "effects": [bonus]})
    state = play_until(state, lambda s: s.round == 4)
    rows = uses(state, "富户")
    assert [(r["round"], r["seat"], r["deck"]) for r in rows] == [(2, holder, "家族"), (3, holder, "家族")]


# --- conditions -----------------------------------------------------------------------------------


def _state():
    state = game(params_with())
    state.pending = Pending()
    return state


def test_at_place_reads_the_managers_and_the_capital_of_the_moment():
    state = _state()
    player = state.players[0]
    player.managers = [state.capital, place(state, "西安府")]
    capital = CONDITION.validate_python({"condition": "at_place", "place": "京城"})
    xian = CONDITION.validate_python({"condition": "at_place", "place": "西安府", "managers": 2})
    assert condition_met(state, 0, capital) and not condition_met(state, 0, xian)
    state.capital = state.topo.capitals[1]  # 两京制: 京城 is now 顺天府
    assert not condition_met(state, 0, capital)
    player.managers = [place(state, "西安府")] * 2
    assert condition_met(state, 0, xian)
    assert condition_met(state, 0, CONDITION.validate_python({"condition": "not", "of": capital}))
    either = {
        "condition": "any_of",
        "conditions": [{"condition": "at_place", "place": "京城"}, xian.model_dump()],
    }
    assert condition_met(state, 0, CONDITION.validate_python(either))
    player.managers = [state.capital, place(state, "延安府")]
    assert condition_met(state, 0, CONDITION.validate_python(either))
    player.managers = [place(state, "延安府")] * 2
    assert not condition_met(state, 0, CONDITION.validate_python(either))


def test_if_applies_then_or_otherwise_by_the_condition_now():
    state = _state()
    eff = EFFECT.validate_python(
        {
            "effect": "if",
            "condition": {"condition": "war_won", "side": "燕王"},
            "then": [{"effect": "gain_coins", "amount": 5}],
            "otherwise": [{"effect": "lose_workers", "amount": 1}],
        }
    )
    player = state.players[0]
    coins, workers = player.coins, player.workers = 4, 2
    apply_effects(state, 0, [eff])
    assert (player.coins, player.workers) == (coins, workers - 1)
    state.war_winner = "燕王"
    apply_effects(state, 0, [eff])
    assert (player.coins, player.workers) == (coins + 5, workers - 1)


def test_others_hits_every_other_player_and_the_rows_say_whom():
    grace = {
        "id": "罚俸",
        "effects": [{"effect": "others", "effects": [{"effect": "lose_coins", "amount": 2}]}],
    }
    state = game(params_with(皇恩=[grace]))
    state = play_until(state, lambda s: s.stage == "actions")
    seat = state.decision().seat
    for player in state.players:
        player.coins = 10
    state.players[seat].grace_cards.append("罚俸")
    RULES.apply(state, A.PlayGrace("罚俸", seat))
    assert [p.coins for p in state.players] == [10 if s == seat else 8 for s in range(4)]
    played = uses(state, "罚俸", "played")
    assert [(r["seat"], r["target"], r["coins"]) for r in played] == [(seat, seat, 0)]
    hits = uses(state, "罚俸", "hit")
    assert sorted((r["target"], r["coins"]) for r in hits) == [(s, -2) for s in range(4) if s != seat]
    assert all(r["seat"] == seat and r["deck"] == "皇恩" for r in hits)


# --- triggered passives ---------------------------------------------------------------------------


def test_each_round_passive_pays_its_holder_every_round():
    card = {
        "id": "钱庄",
        "passive": [{"effect": "each_round", "effects": [{"effect": "gain_coins", "amount": 3}]}],
    }
    state = game(params_with(门客=[card]))
    give(state, 2, "钱庄")
    state = play_until(state, lambda s: s.round == 4 and s.stage == "production")
    rows = uses(state, "钱庄")
    assert [(r["round"], r["seat"], r["target"], r["coins"]) for r in rows] == [
        (n, 2, 2, 3) for n in (1, 2, 3, 4)
    ]


def test_on_event_fires_only_when_the_event_applies_to_the_holder():
    trigger = {"effect": "on_event", "event": "洪武开篇", "effects": [{"effect": "gain_coins", "amount": 2}]}
    state = game(params_with(门客=[{"id": "耳目", "passive": [trigger]}]))
    give(state, 1, "耳目")
    state = play_until(state, lambda s: s.stage == "actions")  # round 1: 洪武开篇 applies to all (M01)
    assert [(r["round"], r["seat"], r["target"], r["coins"]) for r in uses(state, "耳目")] == [(1, 1, 1, 2)]
    applied = [r for r in state.log if r["kind"] == "applied" and r["card_id"] == "洪武开篇"]
    assert sorted(r["seat"] for r in applied) == [0, 1, 2, 3]
    play_until(state, lambda s: s.round == 3)
    assert len(uses(state, "耳目")) == 1  # later events are other cards


def test_on_delivery_fires_on_a_matching_delivery():
    trigger = {"effect": "on_delivery", "deck": "洪武", "effects": [{"effect": "gain_coins", "amount": 4}]}
    state = game(params_with(门客=[{"id": "漕帮", "passive": [trigger]}]))
    state = play_until(state, lambda s: s.stage == "actions")
    player = state.players[0]
    player.retainers.append("漕帮")
    capital = place(state, "应天府")
    player.managers = [capital, capital]
    player.packs = [Counter({"粮食": 2}), Counter()]
    key = next(k for k, cid in state.order_card.items() if cid == "洪武订单1")  # 粮食 x2 at 应天府
    state.public_orders, player.personal_order = [], key
    coins = player.coins
    apply_deliver(state, 0, A.Deliver(key, capital))
    assert player.coins == coins + 4
    assert [(r["seat"], r["coins"]) for r in uses(state, "漕帮")] == [(0, 4)]


def test_a_favor_toll_discount_waives_the_marker_and_records_its_use():
    card = {"id": "驿卒", "passive": [{"effect": "discount", "action": "favor", "amount": 1}]}
    state = game(params_with(门客=[card]))
    state.stage, state.step = "actions", 0
    state.players[0].managers = [place(state, "延安府")] * 2
    state.pending = Pending([Decision("turn", 0, {"manager": 0, "steps": 0, "moves": 0, "quick": 0})])
    r = next(i for i, info in enumerate(state.topo.roads) if info.id == "延安府-西安府")
    state.yidao[r] = 2
    paid = copy.deepcopy(state)
    RULES.apply(paid, A.Move(r, "yidao_paid"))
    assert paid.players[2].held[0] == 1  # without the card: one marker to the owner
    state.players[0].retainers.append("驿卒")
    RULES.apply(state, A.Move(r, "yidao_paid"))
    assert state.players[2].held[0] == 0 and state.players[0].managers[0] == place(state, "西安府")
    assert [(r["seat"], r["deck"]) for r in uses(state, "驿卒")] == [(0, "门客")]


# --- 建文 and 永乐 events -------------------------------------------------------------------------

SIDE_EVENTS = [
    {"id": "削藩", "period": "后期", "side": "建文", "effects": [{"effect": "lose_workers", "amount": 1}]},
    {"id": "靖难功臣", "period": "后期", "side": "燕王", "effects": [{"effect": "gain_vp", "amount": 1}]},
    {"id": "郑和宝船", "period": "后期", "side": "燕王", "effects": [{"effect": "gain_coins", "amount": 2}]},
]


@pytest.mark.parametrize(("winner", "loser"), [("燕王", "建文"), ("建文", "燕王")])
def test_the_later_event_deck_holds_the_winners_events_only(winner, loser):
    from sim.games.mingchu.rules.observe import observation
    from sim.games.mingchu.rules.setup import build_event_deck

    state = game(params_with(事件=SIDE_EVENTS))
    state.war_winner, state.period = winner, "后期"
    build_event_deck(state, "后期", "天数将至", 4)  # every normal event the period may hold: 4 + 4
    sides = {c["id"]: c["side"] for c in SIDE_EVENTS}
    dealt = set(state.event_deck[1:])
    assert {c for c in dealt if c in sides} == {c for c, side in sides.items() if side == winner}
    assert len(dealt) == 5 + (2 if winner == "燕王" else 1)  # 5 events of no side, the winner's
    unseen = dict(observation(state, 0).unseen)["事件"]
    assert not {c for c in unseen if sides.get(c) == loser}


def test_a_side_is_refused_outside_normal_later_events():
    bad = {
        "id": "早削藩",
        "period": "洪武",
        "side": "建文",
        "effects": [{"effect": "gain_coins", "amount": 1}],
    }
    with pytest.raises(ValueError, match="side '建文' is for normal 后期 events only"):
        params_with(事件=[bad])
