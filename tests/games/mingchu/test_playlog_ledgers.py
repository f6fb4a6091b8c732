"""The play log's ledgers add up (issue 39 item 8): over whole games at 4 and 5 players, each seat's
coins, points kept (``vp``, the 分数 amounts) and 恩义 in hand at the start plus every ``ledger`` of
the JSONL log (action records and facts alike, each change in exactly one) are its final coins,
points and 恩义, read from the game's own final state, not from the log."""

from __future__ import annotations

import functools
import io
import itertools
import json
from collections import defaultdict

import pytest

from sim.config import load_config
from sim.core.play import play_game
from sim.core.playlog import make_step_hook
from sim.games import get_game
from sim.games.mingchu.story.ledger import favor_in_hand

SPEC = get_game("mingchu")
PARAMS = load_config(SPEC.default_config).params
LINEUP = ["industrialist", "runner", "roadbuilder", "runner", "industrialist"]
AMOUNTS = ("coins", "vp", "favor")


def _holdings(state) -> list[dict[str, int]]:
    """Each seat's coins, points kept and 恩义 in hand in ``state``."""
    return [{"coins": p.coins, "vp": p.vp_bonus, "favor": favor_in_hand(p)} for p in state.players]


@functools.cache
def _game(n_players: int, seed: int) -> tuple[list[dict], list[dict[str, int]], list[dict[str, int]]]:
    """One game's JSONL rows, and each seat's holdings before the first action and at the end."""
    log = io.StringIO()
    inner = make_step_hook(SPEC, LINEUP[:n_players], None, log)
    seen: dict[str, object] = {}

    def hook(state, seat, action, text):
        seen.setdefault("start", _holdings(state))
        seen["state"] = state  # the game's own state, played on in place
        inner(state, seat, action, text)

    record = play_game(SPEC, PARAMS, n_players, seed, LINEUP[:n_players], on_step=hook, catch_errors=False)
    assert not record.error and seen["state"].terminal
    rows = [json.loads(line) for line in log.getvalue().splitlines()]
    return rows, seen["start"], _holdings(seen["state"])


@pytest.mark.parametrize("n_players", [4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_ledgers_sum_to_each_seats_final_coins_points_and_favor(n_players, seed):
    rows, start, final = _game(n_players, seed)
    summed = [defaultdict(int) for _ in range(n_players)]
    kinds: set[str] = set()
    for row in rows:
        for seat, amounts in (row.get("ledger") or {}).items():
            for name in AMOUNTS:
                summed[int(seat)][name] += amounts.get(name, 0)
            if any(amounts.get(name) for name in AMOUNTS):
                kinds.add(row.get("fact") or row["event"])
    for seat in range(n_players):
        for name in AMOUNTS:
            rebuilt = start[seat][name] + summed[seat][name]
            assert rebuilt == final[seat][name], (
                f"{n_players} players, seed {seed}, seat {seat + 1}: {name} {start[seat][name]} + "
                f"ledgers {summed[seat][name]} = {rebuilt}, but the game ends with {final[seat][name]}"
            )
    # not trivially met: the amounts moved by actions and by the grouped buy-backs and war commitments
    assert {"action", "buyback", "war_secret"} <= kinds, kinds
    assert any(final[s]["coins"] != start[s]["coins"] for s in range(n_players))


def test_interest_is_in_the_ledgers():
    """Loan interest moves coins in a ledger of its own: the interest paid, less a forced loan's coins."""
    rows = [
        row
        for n_players, seed in itertools.product((4, 5), (1, 2, 3))
        for row in _game(n_players, seed)[0]
        if row.get("fact") == "interest"
    ]
    assert rows
    for row in rows:
        amounts = row["ledger"][str(row["seat"])]
        assert (
            row["coins"] > 0 and amounts["coins"] == row["forced_loans"] * PARAMS.loans.amount - row["coins"]
        )
