"""Runs that replay each setup with other play randomness (``Study.replays``)."""

from __future__ import annotations

import dataclasses
import json

import pandas as pd

from sim.runner import run_study
from sim.runner.plan import game_seed
from tests.runner.helpers import toy_study


def test_replays_share_the_setup_seed_and_replay_0_is_the_plain_game(tmp_path):
    plain = toy_study(games=4, counts=(2,))
    replayed = dataclasses.replace(toy_study(games=12, counts=(2,)), replays=3)
    assert replayed.run_id != plain.run_id
    run_study(plain, tmp_path / "plain", progress=False)
    run_study(replayed, tmp_path / "replayed", progress=False)
    games = pd.read_parquet(tmp_path / "replayed/games").sort_values("game_index").reset_index(drop=True)
    assert list(games["seed"]) == [game_seed(5, 2, i // 3) for i in range(12)]
    players = pd.read_parquet(tmp_path / "replayed/players")
    plain_players = pd.read_parquet(tmp_path / "plain/players")
    for setup in range(4):
        own = plain_players[plain_players["game_index"] == setup].sort_values("seat")
        first = players[players["game_index"] == 3 * setup].sort_values("seat")
        assert list(first["bot"]) == list(own["bot"]) and list(first["score"]) == list(own["score"])
        seating = {
            tuple(players[players["game_index"] == i].sort_values("seat")["bot"])
            for i in range(3 * setup, 3 * setup + 3)
        }
        assert len(seating) == 1  # the replays keep the setup's seating
    scores = players.groupby("game_index")["score"].apply(tuple)
    assert scores.nunique() > 4  # the replays are other games
    meta = json.loads((tmp_path / "replayed/run.json").read_text())
    assert meta["replays"] == 3 and "replays" not in json.loads((tmp_path / "plain/run.json").read_text())
