"""Card event rows: the deck names the card, plays record their target and what they changed,
门客 leaving the deck are ``drawn``, and the statistics keep equal ids of two decks apart."""

from __future__ import annotations

import pandas as pd

from sim.dataset.read import Run
from sim.games.mingchu.rules import actions as A
from sim.games.mingchu.rules.card_table import CARD_EVENTS
from sim.games.mingchu.rules.game import EVENT_TABLES
from sim.stats.content import event_win_rates

from .helpers import RULES, new_state, play_until


def rows(state, kind: str, deck: str | None = None) -> list[dict]:
    return [r for r in state.log if r["kind"] == kind and (deck is None or r["deck"] == deck)]


def test_every_row_has_the_declared_columns():
    state = play_until(new_state(seed=2), lambda s: s.round == 3)
    declared = [c.name for c in CARD_EVENTS]
    assert list(EVENT_TABLES["cards"]) == declared
    assert state.log and all(list(row) == declared for row in state.log)


def test_retainers_leaving_the_deck_are_drawn():
    state = new_state(seed=1)
    drawn = [r["card_id"] for r in rows(state, "drawn", "门客")]
    dealt = [*state.retainer_row, *(r for r, _ in state.draft_columns if r)]
    assert sorted(drawn) == sorted(dealt) and len(drawn) == 3 + 5
    state = play_until(state, lambda s: s.round == 3)  # each settlement turns one up (M49)
    assert len(rows(state, "drawn", "门客")) >= len(drawn) + 2


def _acting():
    state = play_until(new_state(seed=3), lambda s: s.stage == "actions")
    return state, state.decision().seat


def test_a_grace_card_aimed_at_another_seat_records_that_seat_and_its_change():
    state, seat = _acting()
    other = (seat + 1) % 4
    state.players[seat].grace_cards.append("贬谪")  # target: any, income_track -1
    state.players[other].income_best = 8
    RULES.apply(state, A.PlayGrace("贬谪", other))
    (row,) = [r for r in rows(state, "played", "皇恩") if r["card_id"] == "贬谪"]
    assert (row["seat"], row["target"]) == (seat, other)
    assert state.players[other].income_best == 4


def test_goods_a_card_gives_to_be_placed_count_as_its_change():
    state, seat = _acting()
    state.players[seat].grace_cards.append("赐马")  # gain_goods 马: the player picks the 掌柜 next
    RULES.apply(state, A.PlayGrace("赐马", seat))
    assert state.decision().kind == "card_goods"
    (row,) = [r for r in rows(state, "played") if r["card_id"] == "赐马"]
    assert (row["deck"], row["target"], row["goods"], row["coins"]) == ("皇恩", seat, 1, 0)


def test_reward_cards_are_named_by_their_tier():
    state, seat = _acting()
    state.players[seat].reward_cards.append("下赏铜币")
    coins = state.players[seat].coins
    RULES.apply(state, A.PlayReward("下赏铜币", 0))
    (row,) = [r for r in rows(state, "played") if r["card_id"] == "下赏铜币"]
    assert (row["deck"], row["coins"]) == ("下赏", 4) and state.players[seat].coins == coins + 4


def test_the_statistics_keep_a_card_id_of_two_decks_apart():
    n = 40
    players = pd.DataFrame(
        {
            "gid": [g for g in range(n) for _ in range(2)],
            "seat": [0, 1] * n,
            "game": "mingchu",
            "variant": "base",
            "n_players": 2,
            "bot": "random",
            "won": [s == g % 2 for g in range(n) for s in (0, 1)],
            "win_share": [float(s == g % 2) for g in range(n) for s in (0, 1)],
            "rank": [1 + (s != g % 2) for g in range(n) for s in (0, 1)],
        }
    )
    # 赏银 of 下赏 always with the winner, 赏银 of 皇恩 always with the loser
    events = pd.DataFrame(
        [
            {"gid": g, "seat": s, "card_id": "赏银", "deck": deck, "kind": "played"}
            for g in range(n)
            for deck, s in (("下赏", g % 2), ("皇恩", 1 - g % 2))
        ]
    )
    run = Run(games=pd.DataFrame(), players=players, rounds=pd.DataFrame(), events={"cards": events})
    rates = event_win_rates(run)
    cards = rates[rates["column"] == "card_id"].set_index("value")
    assert set(cards.index) == {"下赏·赏银", "皇恩·赏银"}
    assert cards.loc["下赏·赏银", "win_rate"] == 1.0 and cards.loc["皇恩·赏银", "win_rate"] == 0.0


def test_a_passive_that_changes_a_sale_records_its_use():
    state, seat = _acting()
    player = state.players[seat]
    here = player.managers[0]
    player.packs[0].update({"盐": 1, "粮食": 2})
    player.retainers = ["盐商"]  # sell_bonus 盐 +2
    RULES.apply(state, A.Sell("盐", here))
    RULES.apply(state, A.Sell("粮食", here))  # 盐商's bonus is for 盐 only
    player.retainers = ["牙人"]  # sell_bonus any good +1
    RULES.apply(state, A.Sell("粮食", here))
    used = [(r["card_id"], r["seat"], r["deck"]) for r in rows(state, "used")]
    assert used == [("盐商", seat, "门客"), ("牙人", seat, "门客")]
