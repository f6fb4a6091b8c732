"""Runner: determinism across workers and backends, error rows, resume, seat balance."""

from __future__ import annotations

import collections

import pandas as pd
import pyarrow.parquet as pq
import pytest

from sim.config import load_config
from sim.games import game_names, get_game
from sim.runner import RunDirError, Study, run_study, seat_bots
from sim.runner.plan import plan_chunks
from tests.runner.helpers import assert_same_tables, toy_study


def test_same_seed_gives_identical_tables(tmp_path):
    run_study(toy_study(), tmp_path / "a", progress=False)
    run_study(toy_study(), tmp_path / "b", progress=False)
    assert_same_tables(tmp_path / "a", tmp_path / "b")


def test_different_seed_gives_different_games(tmp_path):
    run_study(toy_study(seed=5), tmp_path / "a", progress=False)
    run_study(toy_study(seed=6), tmp_path / "b", progress=False)
    a = pd.read_parquet(tmp_path / "a/games")["seed"]
    b = pd.read_parquet(tmp_path / "b/games")["seed"]
    assert set(a).isdisjoint(set(b))


def test_jobs_1_equals_jobs_2(tmp_path):
    run_study(toy_study(), tmp_path / "one", jobs=1, progress=False)
    run_study(toy_study(), tmp_path / "two", jobs=2, progress=False)
    assert_same_tables(tmp_path / "one", tmp_path / "two")


def test_dask_local_cluster_equals_local(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    run_study(toy_study(), tmp_path / "local", jobs=1, progress=False)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        run_study(
            toy_study(),
            tmp_path / "dask",
            backend="dask",
            scheduler=cluster.scheduler_address,
            progress=False,
        )
    assert_same_tables(tmp_path / "local", tmp_path / "dask")


def test_a_one_worker_dask_cluster_plays_the_games(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        run_study(
            toy_study(),
            tmp_path / "dask",
            backend="dask",
            scheduler=cluster.scheduler_address,
            progress=False,
        )
        prefixes = list(cluster.scheduler.task_prefixes)
    assert any("run_chunk" in prefix for prefix in prefixes), prefixes


def test_failing_games_become_error_rows_and_the_run_goes_on(tmp_path):
    result = run_study(toy_study(games=60, overrides={"fail_rate": 0.3}), tmp_path, progress=False)
    games = pd.read_parquet(tmp_path / "games")
    failed = games[games["error"] != ""]
    assert len(games) == 120 and result.errors == len(failed)
    assert 10 < len(failed) < 70
    assert failed["error"].str.contains("injected failure").all()
    assert (failed["seed"] > 0).all() and (failed["winner_seats"] == "").all()
    players = pd.read_parquet(tmp_path / "players")
    finished = games[games["error"] == ""]
    assert len(players) == (finished["n_players"]).sum()
    assert set(players["game_index"] + 1000 * players["n_players"]) == set(
        finished["game_index"] + 1000 * finished["n_players"]
    )


def test_turn_cap_is_an_error_row(tmp_path):
    # target 1000 with max_step 1 cannot finish inside the toy's cap of 200 actions per player.
    run_study(
        toy_study(games=4, counts=(2,), overrides={"target": 1000, "max_step": 1}), tmp_path, progress=False
    )
    games = pd.read_parquet(tmp_path / "games")
    assert games["error"].str.startswith("TurnCapExceeded: turn cap hit").all()


def test_resume_runs_only_missing_chunks_and_ends_with_exact_plan(tmp_path):
    study = toy_study(games=50, chunk=10)
    run_study(study, tmp_path, progress=False)
    files = sorted((tmp_path / "games").glob("part-*.parquet"))
    # Simulate a kill: lose two finished chunks, leave a half-written temp file behind.
    for path in files[:2]:
        path.unlink()
    (tmp_path / "players" / ".part-v00-p2-g0000000-0000010.parquet.tmp").write_bytes(b"partial")
    # ... and a file cut short (e.g. by a power loss): its chunk is played again.
    truncated = tmp_path / "rounds" / files[-1].name
    truncated.write_bytes(truncated.read_bytes()[:100])
    (tmp_path / "report").mkdir()  # a report folder inside the run is not a table
    result = run_study(study, tmp_path, progress=False)
    assert result.games_run_now == 30
    games = pd.read_parquet(tmp_path / "games")
    assert len(games) == 100 and not games.duplicated(["n_players", "game_index"]).any()
    assert not list(tmp_path.glob("*/.part-*.tmp"))
    assert run_study(study, tmp_path, progress=False).games_run_now == 0


def test_growing_a_run_adds_only_new_games_with_the_same_seeds(tmp_path):
    run_study(toy_study(games=30), tmp_path / "grown", progress=False)
    run_study(toy_study(games=45), tmp_path / "grown", progress=False)
    run_study(toy_study(games=45), tmp_path / "direct", progress=False)
    assert_same_tables(tmp_path / "grown", tmp_path / "direct")


def test_refuses_to_shrink_a_run_or_mix_player_counts(tmp_path):
    run_study(toy_study(games=20, counts=(2,)), tmp_path, progress=False)
    with pytest.raises(RunDirError, match="already holds 20 games per player count"):
        run_study(toy_study(games=10, counts=(2,)), tmp_path, progress=False)
    with pytest.raises(RunDirError, match="different run"):
        run_study(toy_study(games=20, counts=(3,)), tmp_path, progress=False)


def test_refuses_a_directory_holding_another_run(tmp_path):
    run_study(toy_study(seed=1, games=10), tmp_path, progress=False)
    with pytest.raises(RunDirError, match="different run"):
        run_study(toy_study(seed=2, games=10), tmp_path, progress=False)


def test_schema_metadata_carries_hash_and_versions(tmp_path):
    study = toy_study(games=10)
    run_study(study, tmp_path, progress=False)
    meta = pq.read_schema(next((tmp_path / "players").glob("part-*.parquet"))).metadata
    assert meta[b"sim.config_hash"].decode() == study.variants[0].config_hash
    assert meta[b"sim.rules_version"] == b"toy-2" and b"sim.code_version" in meta


def test_seat_rotation_balances_bots_over_seats():
    counts = collections.Counter()
    for game_index in range(12):
        for seat, bot in enumerate(seat_bots(["a", "b", "c"], 3, game_index)):
            counts[(seat, bot)] += 1
    assert set(counts.values()) == {4} and len(counts) == 9


@pytest.mark.parametrize(("k", "n"), [(3, 4), (2, 4), (2, 3), (3, 5), (1, 4)])
def test_fewer_bots_than_seats_rotate_as_a_latin_square(k, n):
    """Each bot sits equally often in each seat over every n * k games, and no two seats are tied
    to the same bot (3 bots at 4 players used to give seats 1 and 4 the same bot every game)."""
    bots = ["a", "b", "c"][:k]
    for start in (0, 7 * n * k):
        counts = collections.Counter()
        for game_index in range(start, start + n * k):
            counts.update(enumerate(seat_bots(bots, n, game_index)))
        assert len(counts) == n * k and set(counts.values()) == {n}
    lineups = [seat_bots(bots, n, g) for g in range(20 * n * k)]
    if k > 1:
        for i in range(n):
            for j in range(i + 1, n):
                assert any(line[i] != line[j] for line in lineups), (i, j)
    assert lineups == [seat_bots(bots, n, g) for g in range(20 * n * k)]  # a pure function


def test_more_bots_than_seats_all_play_every_seat_and_meet():
    bots = ["a", "b", "c", "d"]
    seats, pairs = collections.Counter(), collections.Counter()
    for game_index in range(400):
        lineup = seat_bots(bots, 2, game_index)
        seats.update(enumerate(lineup))
        pairs[frozenset(lineup)] += 1
    assert set(seats.values()) == {100} and len(seats) == 8
    assert len(pairs) == 6 and min(pairs.values()) > 30


def test_plan_covers_every_game_once():
    chunks = plan_chunks(toy_study(games=23, chunk=5))
    indices = [(c.n_players, i) for c in chunks for i in c.game_indices]
    assert len(indices) == len(set(indices)) == 46


@pytest.mark.parametrize("game", [g for g in game_names() if not get_game(g).example])
def test_real_games_are_identical_across_worker_processes(tmp_path, game):
    """Worker processes hash strings differently: any set-order dependence in a game shows up here."""
    spec = get_game(game)
    study = Study((load_config(spec.default_config),), (spec.player_counts[0],), 4, spec.lineup, 3, 1)
    run_study(study, tmp_path / "one", jobs=1, progress=False)
    run_study(study, tmp_path / "two", jobs=2, progress=False)
    tables = ["games", "players", "rounds", *(f"events_{name}" for name in spec.report.event_tables)]
    for name in tables:
        left, right = (
            pd.read_parquet(tmp_path / side / name).drop(columns=["duration_s"], errors="ignore")
            for side in ("one", "two")
        )
        key = list(left.columns)
        pd.testing.assert_frame_equal(
            left.sort_values(key).reset_index(drop=True), right.sort_values(key).reset_index(drop=True)
        )


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_stop_ends_a_run_at_whole_chunks_and_the_rest_is_played_alike(tmp_path, jobs):
    # a stop that says so after the third chunk is asked: the chunks launched finish, none other
    # starts; running the plan again plays the rest, the same games as a run never stopped
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) > 3

    study = toy_study(games=60, counts=(2,))
    cut = run_study(study, tmp_path / "cut", jobs=jobs, progress=False, stop=stop)
    held = pd.read_parquet(tmp_path / "cut" / "games")["game_index"]
    assert 30 <= len(held) < 60 and cut.errors == 0
    assert sorted(held) == list(range(len(held)))  # a prefix, in whole chunks of 10
    run_study(study, tmp_path / "cut", jobs=jobs, progress=False)
    run_study(study, tmp_path / "whole", progress=False)
    assert_same_tables(tmp_path / "cut", tmp_path / "whole")
