"""``param:<path>`` columns and win shares, as a user's run writes them."""

from __future__ import annotations

import pandas as pd

from sim.config import load_config
from sim.runner import Study, run_study
from tests.runner.helpers import TOY


def run(tmp_path, *variants, games=12):
    study = Study(tuple(variants), (2, 3), games, ("random", "greedy"), 3, 6)
    out = run_study(study, tmp_path / "run", progress=False).out
    return pd.read_parquet(out / "games"), pd.read_parquet(out / "players")


def test_a_variant_file_that_changes_one_number_gets_a_typed_column(tmp_path):
    variant = tmp_path / "longer.yaml"
    variant.write_text(f"extends: {TOY}\ntarget: 15\n", encoding="utf-8")
    games, _ = run(tmp_path, load_config(variant))
    params = [c for c in games.columns if c.startswith("param:")]
    assert params == ["param:target"]
    assert games["param:target"].dtype == "int64" and set(games["param:target"]) == {15}


def test_base_and_changed_list_items_both_carry_their_values(tmp_path):
    base = load_config(TOY)
    bigger = load_config(TOY, {"bonus_squares.塔.points": 7, "card_values": [2, 2, 2]})
    games, _ = run(tmp_path, base, bigger)
    by_variant = games.groupby("variant")
    assert set(games.columns) >= {"param:bonus_squares.塔.points", "param:card_values"}
    points = by_variant["param:bonus_squares.塔.points"].unique()
    assert points["base"].tolist() == [3] and points[
        "base[bonus_squares.塔.points=7,card_values=[2, 2, 2]]"
    ].tolist() == [7]
    assert set(games["param:card_values"]) == {"[1, 2, 3, 4, 5, 1, 2, 3, 4, 5]", "[2, 2, 2]"}  # JSON text


def test_win_shares_split_shared_wins_and_sum_to_one_per_game(tmp_path):
    _, players = run(tmp_path, load_config(TOY), games=40)
    per_game = players.groupby(["n_players", "game_index"])
    assert (per_game["win_share"].sum().round(9) == 1).all()
    shared = per_game["won"].transform("sum") > 1
    assert shared.any(), "the toy game should produce some shared wins"
    assert (players.loc[shared & players["won"], "win_share"] < 1).all()
