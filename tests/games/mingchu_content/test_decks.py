"""Deck sizes are the rules text's counts, and each deck holds what its rules say it holds."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.games.mingchu_content.helpers import base_config

# 游戏板件: 31 event cards, 38 order cards, 16 下赏, 10 上赏, 24 门客, 35 皇恩, 6 官府产业,
# 8 皇恩计分卡, 8 天威卡, 10 家族 (the draft deals fewer per column when 10 cannot fill 2 per
# column, docs/rules/mingchu.md M09).
RULES_TEXT_COUNTS = {
    "事件": 31,
    "订单": 38,
    "下赏": 16,
    "上赏": 10,
    "门客": 24,
    "皇恩": 35,
    "家族": 10,
    "官府产业": 6,
    "皇恩计分": 8,
    "天威": 8,
}


@pytest.fixture(scope="module")
def params():
    return base_config().params


@pytest.mark.parametrize(("deck", "size"), RULES_TEXT_COUNTS.items())
def test_deck_sizes_follow_the_rules_text(params, deck, size):
    assert sum(card.count for card in getattr(params.cards, deck)) == size


def test_event_deck_has_the_four_special_cards_and_enough_normals(params):
    events = params.cards.事件
    roles = Counter((c.period, c.role) for c in events for _ in range(c.count))
    assert roles[("洪武", "opening")] == 1
    assert roles[("洪武", "final")] == 1
    assert roles[("靖难", "war")] == 1
    assert roles[("后期", "final")] == 1
    # five players draw 4 洪武 and 5 后期 events: the decks must be bigger so games differ
    assert roles[("洪武", "normal")] >= 2 * 4
    assert roles[("后期", "normal")] >= 2 * 5
    assert {c.id for c in events if c.role != "normal"} == {
        params.setup.opening_event,
        params.setup.hongwu_final_event,
        params.setup.war_event,
        params.setup.later_final_event,
    }


def test_order_decks_cover_every_period(params):
    per_deck = Counter(c.deck for c in params.cards.订单 for _ in range(c.count))
    assert per_deck == {"洪武": 12, "建文特别": 4, "燕王特别": 4, "建文": 9, "永乐": 9}
    assert per_deck["建文特别"] >= params.setup.special_orders_per_side
    assert per_deck["燕王特别"] >= params.setup.special_orders_per_side


def test_gunpowder_is_mostly_in_military_orders(params):
    """火药 cannot be sold and 'appears often in military orders' (M74): every special deck asks for it."""
    for deck in ("建文特别", "燕王特别"):
        assert any("火药" in c.goods for c in params.cards.订单 if c.deck == deck)
    assert sum("火药" in c.goods for c in params.cards.订单) >= 6


def test_reward_decks_cover_every_public_order_draw(params):
    """洪武 and special orders take 下赏, later orders 上赏: each deck covers the first deal."""
    setup = params.setup
    assert sum(c.count for c in params.cards.下赏) >= setup.public_orders + 2 * setup.special_orders_per_side
    assert sum(c.count for c in params.cards.上赏) >= setup.public_orders


def test_family_places_avoid_official_places_so_the_draft_never_runs_short(params):
    official = {p for card in params.cards.官府产业 for p in card.places}
    family_places = [c.place for c in params.cards.家族]
    assert len(set(family_places)) == len(family_places)
    assert not official & set(family_places)


def test_official_setup_cards_upgrade_only_their_own_places(params):
    for card in params.cards.官府产业:
        assert set(card.upgraded) <= set(card.places), card.id


def test_score_rows_have_room_for_five_players(params):
    assert sum(c.count for c in params.cards.皇恩计分) >= 5 + params.setup.score_cards_extra
    assert sum(c.count for c in params.cards.天威) >= 5


def test_tianwei_cards_only_take_points(params):
    for card in params.cards.天威:
        for rule in card.scoring:
            points = [rule.points, getattr(rule, "otherwise", 0)]
            assert all(p <= 0 for p in points), card.id


def test_monopoly_goods_are_the_four_of_the_rules_text(params):
    monopoly = {g.id for g in params.goods if g.monopoly_threshold is not None}
    assert monopoly == {"马", "铁", "黄金", "火药"}
    top = params.income_track[-1].at
    assert all(g.monopoly_threshold <= top for g in params.goods if g.monopoly_threshold is not None)


def test_special_goods_carry_their_rules(params):
    goods = {g.id: g for g in params.goods}
    assert goods["皮革"].base_value == 6
    assert goods["荔枝"].rots and goods["荔枝"].uncapped_in_production
    assert not goods["火药"].sellable
    assert goods["黄金"].wild
    assert goods["和田玉"].not_substitutable
    assert goods["马"].free_moves == 1 and goods["马"].horse_slot
    assert goods["铁"].upgrades


def test_worker_track_gets_dearer_and_pays_more(params):
    steps = params.worker_track
    assert [s.tokens for s in steps] == sorted(s.tokens for s in steps)
    assert [s.cost for s in steps[1:]] == sorted(s.cost for s in steps[1:])


def test_income_track_retainers_are_once_and_score_cards_repeatable(params):
    once = Counter(eff.effect for space in params.income_track for eff in space.rewards if space.once)
    again = Counter(eff.effect for space in params.income_track for eff in space.rewards if not space.once)
    assert once["hire_retainer"] == 2  # 1 drafted + 2 from the track = the 3-retainer limit
    assert "hire_retainer" not in again  # "门客不可重复获得"
    assert again["take_score_card"] >= 2 and "take_score_card" not in once  # 游戏玩点5: 反复获得


@pytest.mark.parametrize(("players", "per_column"), [(4, 2), (5, 1)])
def test_the_ten_family_cards_fill_every_draft_column(params, players, per_column):
    from sim.core.play import setup_rng
    from sim.games.mingchu import SPEC

    for seed in range(5):
        state = SPEC.game.initial_state(params, players, setup_rng(seed))
        sizes = [len(families) for _, families in state.draft_columns]
        assert sizes == [per_column] * (players + 1)
        dealt = [f for _, families in state.draft_columns for f in families]
        assert len(set(dealt)) == len(dealt)
