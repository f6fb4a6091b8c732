"""Card findings count real cards only: the deck-qualified ids of the config's card decks, not the
income-track spaces the same event table logs nor the bare card id of a trade."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.dataset import Run
from sim.stats.content import card_decks, event_win_rates

RESOLVED = {
    "cards": {"门客": [{"id": "账房先生"}, {"id": "马夫"}], "皇恩": [{"id": "敕建"}]},
    "income_track": [{"id": "收入3"}],
}


def _run(resolved: dict, games: int = 400, seats: int = 4) -> Run:
    rng = np.random.default_rng(5)
    winner = rng.integers(0, seats, size=games)
    players = pd.DataFrame(
        [
            {"game": "mingchu", "variant": "base", "n_players": seats, "gid": g, "game_index": g, "seat": s,
             "bot": "heuristic", "won": s == winner[g], "win_share": float(s == winner[g]), "score": 10.0}
            for g in range(games)
            for s in range(seats)
        ]
    )  # fmt: skip
    held = players.sample(frac=0.5, random_state=1)
    key = {"game": "mingchu", "variant": "base", "n_players": seats, "round": 1}
    cards = pd.concat(
        [
            held.assign(
                deck="门客", card_id=np.where(held["seat"] % 2 == 0, "账房先生", "马夫"), kind="taken"
            ),
            held.assign(deck="收入轨", card_id="收入3", kind="taken"),  # an income-track space, not a card
        ],
        ignore_index=True,
    )[["gid", "game_index", "seat", "deck", "card_id", "kind"]].assign(**key)
    trades = held[["gid", "game_index", "seat"]].assign(card="敕建", kind="sold", **key)
    meta = [{"variants": [{"game": "mingchu", "label": "base", "resolved": resolved}]}]
    games_table = players[["game", "variant", "n_players", "gid", "game_index"]].drop_duplicates("gid")
    return Run(games_table, players, pd.DataFrame(), {"cards": cards, "trades": trades}, meta)


def test_only_the_config_card_decks_are_card_items():
    run = _run(RESOLVED)
    assert card_decks(run) == {"mingchu": {"门客": {"账房先生", "马夫"}, "皇恩": {"敕建"}}}
    rates = event_win_rates(run)
    assert set(rates["value"]) == {"门客·账房先生", "门客·马夫"}
    assert set(rates["table"]) == {"cards"} and rates["comparable"].all()


def test_a_game_without_card_decks_keeps_every_item():
    rates = event_win_rates(_run({"income_track": [{"id": "收入3"}]}))
    assert {"门客·账房先生", "收入轨·收入3", "敕建"} <= set(rates["value"])
