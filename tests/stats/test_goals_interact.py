"""The waiting and interaction measures (``sim.stats.goals_interact``) on hand-made tables with known
answers, and on runs written before their columns existed."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from sim.stats import goals_interact as gi

PREFIXES = {"flow_prefix": "flow_", "earned_prefix": "earned_"}
"""The flow and earned prefixes 明初商途 declares (``ReportSpec.flow_prefix``, ``earned_prefix``)."""


def _waits(per_turn: np.ndarray, turns: int = 8, n: int = 4) -> pd.DataFrame:
    """One ``n``-player game per entry: every player takes ``per_turn[g]`` decisions in each of its
    ``turns`` turns, so each waits (n - 1) * per_turn[g] of the others' decisions per turn."""
    rows = [
        {"game": "g", "variant": "v", "n_players": n, "gid": g, "seat": s,
         "decisions": int(k) * turns, "spells": turns}
        for g, k in enumerate(per_turn) for s in range(n)
    ]  # fmt: skip
    return pd.DataFrame(rows)


def test_waiting_recovers_the_planted_wait_with_an_interval_that_covers_it():
    rng = np.random.default_rng(3)
    per_turn = rng.integers(1, 6, 400)  # mean 3 decisions a turn: the others take 9 while one waits
    row = gi.waiting(_waits(per_turn)).iloc[0]
    assert row["games"] == 400
    assert row["value"] == pytest.approx(3 * per_turn.mean())
    assert row["low"] < 9.0 < row["high"]
    assert row["high"] - row["low"] < 1.0  # sd 3 * sqrt(2) over 400 games: width about 0.83


def test_waiting_divides_by_turns_not_by_decisions():
    # seat 0 plays 2 turns of 5 decisions, seat 1 ten turns of 1: seat 0 waits 10 / 2 = 5 of the
    # other's decisions a turn, seat 1 waits 10 / 10 = 1; the game's mean is 3
    players = pd.DataFrame(
        {"game": "g", "variant": "v", "n_players": 2, "gid": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
         "decisions": [10, 10, 10, 10], "spells": [2, 10, 2, 10]}
    )  # fmt: skip
    row = gi.waiting(players).iloc[0]
    assert row["value"] == pytest.approx(3.0) and row["games"] == 2


def test_runs_without_the_columns_give_no_rows_and_mixed_runs_use_the_games_that_have_them():
    players = _waits(np.array([2, 2, 2, 2]))
    assert gi.waiting(players.drop(columns=["decisions", "spells"])).empty
    old = players.copy()
    old.loc[old["gid"] < 2, ["decisions", "spells"]] = np.nan  # chunks written before the columns
    row = gi.waiting(old).iloc[0]
    assert row["games"] == 2 and row["value"] == pytest.approx(6.0)
    assert gi.interaction(players, **PREFIXES).empty  # no flow columns: not measured


def _flows(n_games: int, rng: np.random.Generator) -> tuple[pd.DataFrame, float]:
    """Three-player games where every player earns 100 coins from the bank, pays others a toll of
    t markers and trades c coins to the next seat; the planted share is the mean of (received + paid)
    / (earned + received) over games."""
    rows, truth = [], []
    for g in range(n_games):
        t, c = int(rng.integers(0, 10)), int(rng.integers(0, 30))
        for s in range(3):
            rows.append(
                {"game": "g", "variant": "v", "n_players": 3, "gid": g, "seat": s, "earned_coins": 100.0,
                 "flow_toll_favor_out": t, "flow_toll_favor_in": t,
                 "flow_trade_coins_out": c, "flow_trade_coins_in": c, "flow_trade_card_out": 0,
                 "flow_trade_card_in": 0}
            )  # fmt: skip
        truth.append((2 * t + 2 * c) / (100 + t + c))
    return pd.DataFrame(rows), float(np.mean(truth))


def test_interaction_recovers_the_planted_share_and_names_the_flow_that_carries_most():
    players, truth = _flows(300, np.random.default_rng(5))
    row = gi.interaction(players, **PREFIXES).iloc[0]
    assert row["value"] == pytest.approx(truth)
    assert row["low"] < truth < row["high"]
    # trades carry 14.5 coins a player on average, tolls 4.5 markers (a marker at 1 coin)
    assert row["driver"] == "flow_trade"
    toll, trade = players["flow_toll_favor_out"].sum(), players["flow_trade_coins_out"].sum()
    assert row["driver_value"] == pytest.approx(trade / (toll + trade))


def test_interaction_of_one_exact_game():
    # seat 0 pays seat 1 one toll marker and 5 coins for its industry; both earn 20 from the bank
    players = pd.DataFrame(
        {"game": "g", "variant": "v", "n_players": 2, "gid": [0, 0], "seat": [0, 1],
         "earned_coins": [20.0, 20.0], "flow_toll_favor_out": [1, 0], "flow_toll_favor_in": [0, 1],
         "flow_industry_coins_out": [5, 0], "flow_industry_coins_in": [0, 5]}
    )  # fmt: skip
    row = gi.interaction(players, **PREFIXES).iloc[0]
    # seat 0: 6 paid / 20 gained = 0.3; seat 1: 6 received / 26 gained
    assert row["value"] == pytest.approx((0.3 + 6 / 26) / 2)
    assert np.isnan(row["low"]) and row["games"] == 1  # one game: no interval
    assert (row["driver"], row["driver_value"]) == ("flow_industry", pytest.approx(10 / 12))


def test_a_run_written_before_the_columns_still_reports_without_the_waiting_goal(tmp_path):
    import pyarrow.parquet as pq
    from click.testing import CliRunner

    from sim.cli import cli

    runner = CliRunner()
    out = tmp_path / "r"
    args = ["run", "toy", "-p", "2", "-n", "30", "--bots", "greedy", "--out", str(out), "--no-progress"]
    assert runner.invoke(cli, args).exit_code == 0

    def goals(folder: str) -> pd.DataFrame:
        result = runner.invoke(cli, ["report", str(out), "--out", str(tmp_path / folder), "--lang", "en"])
        assert result.exit_code == 0, result.output
        return pd.read_csv(tmp_path / folder / "tables" / "goals.csv", encoding="utf-8-sig")

    now = goals("new").set_index("goal")
    assert now.loc["waiting", "value"] > 0 and now.loc["waiting", "verdict"] == "no_band"
    assert now.loc["waiting", "unit"] == "decisions"
    for part in (out / "players").rglob("*.parquet"):  # as an older version wrote it
        table = pq.read_table(part)
        pq.write_table(table.drop_columns(["decisions", "spells"]), part)
    old = goals("old")
    assert "waiting" not in set(old["goal"]) and "seat_fairness" in set(old["goal"])


def test_a_toll_marker_and_its_buy_back_are_one_exchange():
    # seat 0 pays seat 1 a toll marker, then buys it back for 1 coin: one exchange of 1 coin's value
    players = pd.DataFrame(
        {"game": "g", "variant": "v", "n_players": 2, "gid": [0, 0], "seat": [0, 1],
         "earned_coins": [20.0, 20.0], "flow_toll_favor_out": [1, 0], "flow_toll_favor_in": [0, 1],
         "flow_buyback_coins_out": [1, 0], "flow_buyback_coins_in": [0, 1]}
    )  # fmt: skip
    once = gi.interaction(players, settles=("buyback",), **PREFIXES).iloc[0]
    # seat 0: 1 paid / 20 gained; seat 1: 1 received / 21 gained
    assert once["value"] == pytest.approx((1 / 20 + 1 / 21) / 2)
    assert (once["driver"], once["driver_value"]) == ("flow_toll", 1.0)
    twice = gi.interaction(players, **PREFIXES).iloc[0]  # counted as two exchanges without the settlement
    assert twice["value"] == pytest.approx((2 / 20 + 2 / 22) / 2)
    assert gi.interaction_goal(type("Run", (), {"players": players})(), settles="buyback").equals(
        gi.interaction(players, settles=("buyback",), **PREFIXES)
    )


def test_mingchus_interaction_goal_settles_the_buy_back():
    from sim.games.mingchu.goals.interaction import GOALS

    goal = next(g for g in GOALS if g.key == "interaction")
    assert dict(goal.columns) == {"settles": "buyback"}
