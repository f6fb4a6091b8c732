"""``trade.seat_trades`` keeps the rows a seat sees per seat: the same answers as reading them afresh."""

from __future__ import annotations

from sim.games.mingchu.rules.trade import HIDDEN_CARD, _seen_rows, seat_trades


def _row(seat: int, partner: int, card: str) -> dict:
    return {"round": 1, "seat": seat, "partner": partner, "kind": "accepted", "coins": 0, "card": card}


def test_kept_rows_follow_the_list_as_rows_are_added():
    trades = [_row(0, 1, "")]
    assert seat_trades(trades, 2) is trades  # nothing hidden: the list itself
    trades.append(_row(0, 1, "card_a"))  # a card traded between seats 0 and 1
    for _ in range(2):  # asked again: kept, still a new list each time
        seen = seat_trades(trades, 2)
        assert seen == _seen_rows(trades, 2) and seen is not trades
        assert [row["card"] for row in seen] == ["", HIDDEN_CARD]
        assert seat_trades(trades, 2) is not seen  # a view may add rows to its own list
    assert seat_trades(trades, 0) is trades  # a party to the trade sees the card
    trades.append(_row(2, 3, "card_b"))
    assert [row["card"] for row in seat_trades(trades, 2)] == ["", HIDDEN_CARD, "card_b"]
    assert [row["card"] for row in seat_trades(trades, 0)] == ["", "card_a", HIDDEN_CARD]


def test_another_list_of_the_same_length_is_read_afresh():
    first = [_row(0, 1, "card_a")]
    second = [_row(2, 3, "card_b")]
    assert seat_trades(first, 2)[0]["card"] == HIDDEN_CARD
    assert seat_trades(second, 2) is second  # the same seat and length, another list: its own rows
    assert seat_trades(first, 2)[0]["card"] == HIDDEN_CARD
