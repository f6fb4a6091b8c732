"""Statistics on synthetic data with known answers."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest
from statsmodels.stats.multitest import multipletests
from statsmodels.stats.proportion import proportion_confint

from sim import stats
from sim.dataset import load_run
from sim.report import verdicts
from sim.stats.intervals import bh_adjust, holm_adjust, wilson
from sim.stats.synthetic import PlantedItem, SyntheticVariant, write_synthetic_run
from tests.conftest import BASE_WEIGHTS

GAMES_COLUMNS = [
    "run_id", "game", "variant", "config_hash", "rules_version", "code_version", "n_players", "game_index",
    "seed", "bots", "rounds", "actions", "winner_seats", "tie_break", "end_reason", "error", "duration_s",
]  # fmt: skip
PLAYERS_COLUMNS = [
    "run_id",
    "variant",
    "config_hash",
    "game_index",
    "n_players",
    "seat",
    "bot",
    "score",
    "rank",
    "won",
    "win_share",
]
ROUNDS_COLUMNS = ["run_id", "variant", "game_index", "n_players", "round", "seat", "score"]


def test_synthetic_run_follows_dataset_schema(report_run):
    games = pd.read_parquet(report_run / "games")
    players = pd.read_parquet(report_run / "players")
    rounds = pd.read_parquet(report_run / "rounds")
    assert list(games.columns)[: len(GAMES_COLUMNS)] == GAMES_COLUMNS
    assert load_run(report_run).param_columns == ["param:start_money"]  # only the sweep parts carry it
    assert list(players.columns)[: len(PLAYERS_COLUMNS)] == PLAYERS_COLUMNS
    assert list(rounds.columns) == ROUNDS_COLUMNS
    assert games["n_players"].dtype == np.int64 and players["won"].dtype == bool
    errored = games.loc[games["error"] != "", ["variant", "game_index", "n_players"]]
    assert not errored.merge(players, on=["variant", "game_index", "n_players"]).shape[0]


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3, 10), (50, 100), (999, 1000), (250, 1000)])
def test_wilson_matches_statsmodels(k, n):
    lo, hi = wilson(np.array([k]), np.array([n]))
    ref_lo, ref_hi = proportion_confint(k, n, alpha=0.05, method="wilson")
    assert lo[0] == pytest.approx(ref_lo, abs=1e-12) and hi[0] == pytest.approx(ref_hi, abs=1e-12)


def test_fair_coin_interval_covers_half(planted_run):
    seats = stats.seat_win_rates(load_run(planted_run).players)
    two = seats[seats["n_players"] == 2]
    assert ((two["lo"] < 0.5) & (two["hi"] > 0.5)).all()
    assert not two["imbalanced"].any()
    assert all("no evidence of imbalance" in v for v in verdicts.seat_verdicts(two))


def test_planted_seat_is_flagged_after_holm(planted_run):
    seats = stats.seat_win_rates(load_run(planted_run).players)
    row = seats[(seats["variant"] == "base") & (seats["n_players"] == 4) & (seats["seat"] == 0)].iloc[0]
    assert row["lo"] < 0.35 < row["hi"]
    assert row["imbalanced"] and row["p_holm"] >= row["p_value"]
    verdict = verdicts.seat_verdict(row)
    assert re.match(r"Seat 1 wins 3[45]% ± 2% at 4 players \(fair share 25%, 3,000 games\)", verdict)
    assert "likely imbalance" in verdict and "more often" in verdict
    assert "很可能不平衡" in verdicts.seat_verdict(row, "zh")
    fair = seats[(seats["variant"] == "fix") & (seats["n_players"] == 4)]
    assert not fair["imbalanced"].any()


def test_holm_matches_statsmodels(planted_run):
    seats = stats.seat_win_rates(load_run(planted_run).players)
    group = seats[(seats["variant"] == "base") & (seats["n_players"] == 4)]
    reject, adjusted, _, _ = multipletests(group["p_value"], method="holm")
    np.testing.assert_allclose(group["p_holm"], adjusted)
    assert list(group["imbalanced"]) == list(reject)


def test_identical_paired_configs_show_no_difference(tmp_path):
    run = write_synthetic_run(
        tmp_path / "same",
        variants=[SyntheticVariant("a", BASE_WEIGHTS), SyntheticVariant("b", BASE_WEIGHTS)],
        player_counts=(3, 4),
    )
    data = load_run(run)
    pairs = stats.paired_games(data.games, "a", "b")
    assert len(pairs) == 400 and pairs["same_seed"].all()
    seats = stats.paired_seat_difference(data.players, pairs)
    assert (seats["difference"] == 0).all() and not seats["significant"].any()
    assert ((seats["lo"] < 0) & (seats["hi"] > 0)).all()
    assert (stats.paired_score_difference(data.players, pairs)["difference"] == 0).all()
    assert (stats.paired_length_difference(pairs)["difference"] == 0).all()
    assert all(
        "no detectable change" in verdicts.paired_verdict(r, "a", "b") for r in seats.to_dict("records")
    )


def test_paired_comparison_detects_the_fix(planted_run):
    data = load_run(planted_run)
    seats = stats.paired_seat_difference(data.players, stats.paired_games(data.games, "base", "fix"))
    seat0 = seats[(seats["n_players"] == 4) & (seats["seat"] == 0)].iloc[0]
    assert seat0["significant"] and seat0["hi"] < 0 and seat0["lo"] < -0.10 + 0.05
    two = seats[seats["n_players"] == 2]
    assert not two["significant"].any()


def test_max_halfwidth_is_the_widest_seat_interval(report_run, planted_run):
    players = load_run(report_run).players
    seats = stats.seat_win_rates(players)
    assert stats.max_halfwidth(players) == pytest.approx(((seats["hi"] - seats["lo"]) / 2).max())
    assert stats.max_halfwidth(load_run(planted_run).players) < stats.max_halfwidth(players)
    assert stats.max_halfwidth(players.iloc[0:0]) == float("inf")
    raw = pd.read_parquet(report_run / "players")  # the runner passes a raw players table
    assert stats.max_halfwidth(raw) == pytest.approx(stats.max_halfwidth(players))


def test_bot_results_and_head_to_head(report_run):
    players = load_run(report_run).players
    bots = stats.bot_results(players)
    greedy = bots[bots["bot"] == "greedy"]
    assert (greedy["lo"] > greedy["fair_share"]).all()
    matrix = stats.bot_matrix(players).set_index(["variant", "bot_a", "bot_b"])
    for variant in ("base", "fix"):
        ahead = matrix.loc[(variant, "greedy", "random"), "share_ahead"]
        behind = matrix.loc[(variant, "random", "greedy"), "share_ahead"]
        assert ahead > 0.5 and ahead + behind == pytest.approx(1.0)
    assert not (matrix.index.get_level_values("bot_a") == matrix.index.get_level_values("bot_b")).any()


def test_bot_intervals_use_games_as_clusters(tmp_path):
    """One game's seats are not independent: a bot filling three seats of four is as good as its
    games, and its cluster interval is narrower than a seat-level Wilson (shares sum to one)."""
    run = load_run(
        write_synthetic_run(
            tmp_path / "r", player_counts=(4,), games_per_count=2000, bots=("a", "a", "a", "b")
        )
    )
    bots = stats.bot_results(run.players).set_index("bot")
    naive_lo, naive_hi = wilson(bots["win_share"], bots["seats"])
    assert (bots["hi"] - bots["lo"]).loc["a"] < (naive_hi - naive_lo)[0]
    assert bots.loc["a", "lo"] < 0.25 < bots.loc["a", "hi"]
    matrix = stats.bot_matrix(run.players)
    assert set(zip(matrix["bot_a"], matrix["bot_b"], strict=True)) == {("a", "b"), ("b", "a")}


def test_bradley_terry_orders_bots_by_strength(tmp_path):
    run = load_run(
        write_synthetic_run(
            tmp_path / "bt",
            player_counts=(3,),
            games_per_count=1500,
            bots=("random", "greedy", "expert"),
            bot_strength={"greedy": 1.5, "expert": 3.0},
        )
    )
    strength = stats.bradley_terry(run.players, by=["game"]).set_index("bot")
    assert strength.loc["random", "strength"] == 0
    assert 0 < strength.loc["greedy", "strength"] < strength.loc["expert", "strength"]
    assert strength.loc["greedy", "hi"] < strength.loc["expert", "lo"]


def test_errors_listed_with_replay_command(report_run):
    data = load_run(report_run)
    errors = stats.error_list(data.games, data.variant_info())
    assert len(errors) == (data.games["error"] != "").sum() > 0
    row = errors[errors["variant"] == "base"].iloc[0]
    assert row["replay"] == (
        f"sim play configs/synth/base.yaml --players {row['n_players']} --seed {row['seed']} --bots {row['bots']}"
    )
    sweep = errors[errors["variant"] == "base[start_money=5]"].iloc[0]
    assert sweep["replay"].endswith("--set start_money=5")
    reasons = stats.end_reasons(data.games)
    assert set(reasons["outcome"]) == {"deck_exhausted", "score_limit", "turn cap", "error"}
    assert reasons.groupby(["variant", "n_players"])["share"].sum().to_numpy() == pytest.approx(1.0)


def test_unused_content(report_run):
    data = load_run(report_run)
    zero = stats.zero_breakdown_columns(data.players, data.breakdown_columns)
    assert set(zero["column"]) == {"tiles_built_unused"}
    unseen = stats.unseen_config_ids(data)
    assert set(unseen["id"]) == {"hermit"} and set(unseen["list"]) == {"cards"}


def test_lead_changes_on_a_known_game():
    leaders = [0, 0, 1, None, 1, 0]  # None: a shared lead, which is not a change
    rows = []
    for rnd, leader in enumerate(leaders, start=1):
        for seat in range(3):
            top = leader is None and seat < 2 or seat == leader
            rows.append(
                {
                    "gid": 0,
                    "n_players": 3,
                    "round": rnd,
                    "seat": seat,
                    "score": 10.0 * rnd + (5 if top else 0),
                }
            )
    rounds = pd.DataFrame(rows)
    games = pd.DataFrame({"gid": [0], "game": ["g"], "variant": ["v"], "n_players": [3]})
    leaders = stats.round_leaders(rounds)
    assert list(leaders["leader"]) == [0, 0, 1, -1, 1, 0]
    assert stats.lead_changes(leaders, games)["lead_changes"].tolist() == [2]


def test_leader_after_round_k_wins_more_often_later(report_run):
    data = load_run(report_run)
    leaders = stats.leader_wins(stats.round_leaders(data.rounds), data.games, data.players)
    base4 = leaders[(leaders["variant"] == "fix") & (leaders["n_players"] == 4)].set_index("round")
    assert base4.loc[1, "p_leader_wins"] < base4.loc[6, "p_leader_wins"]
    assert (leaders["games"] >= 20).all()


def test_component_contribution(report_run):
    data = load_run(report_run)
    parts = stats.component_contribution(data.players, data.breakdown_columns)
    trade = parts[parts["component"] == "points_trade"]
    assert (trade["lo"] > 0).all() and (trade["corr_lo"] > 0).all()
    unused = parts[parts["component"] == "tiles_built_unused"]
    assert unused["correlation"].isna().all() and (unused["difference"] == 0).all()


def test_sweep_response_sees_planted_parameter(report_run):
    data = load_run(report_run)
    assert stats.swept_parameters(data.games) == ["param:start_money"]
    response = stats.sweep_response(data.games, data.players)
    first = response[(response["metric"] == "first_seat_win_rate") & (response["n_players"] == 4)].set_index(
        "value"
    )
    assert first.loc["5", "lo"] > first.loc["15", "hi"]
    bot_metrics = {"bot_win_rate:greedy", "bot_win_rate:random"}
    assert set(response["metric"]) == set(stats.sweep.METRICS) | bot_metrics
    greedy = response[response["metric"] == "bot_win_rate:greedy"]
    assert (greedy["lo"] > greedy["fair_share"]).all()  # the stronger bot beats its fair share at every point
    tests = stats.sweep_tests(data.games, data.players)
    sentences = verdicts.sweep_verdicts(tests).set_index(["n_players", "metric"])
    assert sentences.loc[(4, "first_seat_win_rate"), "changed"]
    assert "goes from 3" in sentences.loc[(4, "first_seat_win_rate"), "verdict"]
    assert not sentences.loc[(2, "first_seat_win_rate"), "changed"]  # nothing planted at 2 players
    assert "no clear change" in sentences.loc[(2, "first_seat_win_rate"), "verdict"]
    row = tests.set_index(["n_players", "metric"]).loc[(4, "first_seat_win_rate")]
    assert row["value_lo"] == "5" and row["value_hi"] == "15"  # numeric order
    assert row["diff_hi"] < 0 and row["family"] > 10


def test_load_run_combines_directories(tmp_path):
    one = write_synthetic_run(tmp_path / "one", player_counts=(2,), games_per_count=50, run_id="r1")
    two = write_synthetic_run(
        tmp_path / "two", player_counts=(2,), games_per_count=60, run_id="r2", root_seed=2
    )
    data = load_run([one, two])
    assert len(data.games) == 110 and data.games["gid"].is_unique
    assert len(data.players) == 220 and data.players["gid"].isin(data.games["gid"]).all()
    assert len(data.meta) == 2
    assert len(load_run([one, one]).players) == 100  # the same directory twice counts once
    with pytest.raises(FileNotFoundError, match="not a run directory"):
        load_run(tmp_path / "missing")


def test_verdicts_never_claim_more_than_the_interval():
    base = {"seat": 0, "n_players": 4, "fair_share": 0.25, "games": 500, "p_value": 0.5, "p_holm": 0.9}
    wide = {**base, "win_rate": 0.27, "lo": 0.23, "hi": 0.31, "imbalanced": False}
    assert "cannot be ruled out" in verdicts.seat_verdict(wide) and "likely" not in verdicts.seat_verdict(
        wide
    )
    narrow = {**base, "win_rate": 0.251, "lo": 0.241, "hi": 0.261, "imbalanced": False}
    assert "interval covers the fair share" in verdicts.seat_verdict(narrow)
    weak = {**base, "win_rate": 0.30, "lo": 0.26, "hi": 0.34, "p_holm": 0.08, "imbalanced": False}
    assert "weak evidence" in verdicts.seat_verdict(weak) and "证据较弱" in verdicts.seat_verdict(weak, "zh")


def test_holm_adjust_matches_statsmodels_on_random_pvalues():
    rng = np.random.default_rng(3)
    for size in (1, 2, 5, 9):
        p = rng.random(size) ** 3
        reject, adjusted, _, _ = multipletests(p, alpha=0.05, method="holm")
        np.testing.assert_allclose(holm_adjust(p), adjusted)
        assert list(holm_adjust(p) <= 0.05) == list(reject)


def _ladder_run(tmp_path, tier_weights, games=4500):
    return load_run(
        write_synthetic_run(
            tmp_path / "ladder",
            player_counts=(4,),
            games_per_count=games,
            bots=("random", "greedy", "expert"),
            mixed_tables=False,
            tier_seat_weights=tier_weights,
        )
    )


def _ladder(data):
    return stats.ladder_consistency(stats.seat_win_rates_by_tier(data.players, data.games)).set_index("seat")


def test_ladder_calls_an_effect_in_two_skilled_tiers_robust(tmp_path):
    planted = {4: [0.35, 0.65 / 3, 0.65 / 3, 0.65 / 3]}
    data = _ladder_run(tmp_path, {"greedy": planted, "expert": planted})
    assert set(stats.table_tiers(data.games)) == {"random", "greedy", "expert"}
    ladder = _ladder(data)
    assert ladder.loc[0, "status"] == "robust" and ladder.loc[0, "tiers"] == "expert, greedy"
    assert ladder.loc[0, "effect_lo"] < 0.35 < ladder.loc[0, "effect_hi"]
    assert "robust" in verdicts.ladder_verdict(ladder.reset_index().iloc[0])
    assert ladder.loc[2, "status"] in ("none", "under-powered", "robust")


def test_ladder_calls_a_reversal_strength_dependent(tmp_path):
    data = _ladder_run(
        tmp_path,
        {
            "greedy": {4: [0.35, 0.65 / 3, 0.65 / 3, 0.65 / 3]},
            "expert": {4: [0.15, 0.85 / 3, 0.85 / 3, 0.85 / 3]},
        },
    )
    ladder = _ladder(data)
    assert ladder.loc[0, "status"] == "strength-dependent"
    assert "strength-dependent" in verdicts.ladder_verdict(ladder.reset_index().iloc[0])


def test_ladder_random_play_is_a_control_not_a_tier(tmp_path):
    data = _ladder_run(tmp_path, {"random": {4: [0.4, 0.2, 0.2, 0.2]}})
    ladder = _ladder(data)
    assert ladder.loc[0, "status"] == "control only" and "random" not in ladder.loc[0, "tiers"]


def test_mixed_tables_form_no_tiers(report_run):
    data = load_run(report_run)
    assert stats.table_tiers(data.games).isna().all()
    assert stats.ladder_consistency(stats.seat_win_rates_by_tier(data.players, data.games)).empty


def test_columns_of_another_game_are_not_unused():
    players = pd.DataFrame(
        {"game": ["a", "a", "b", "b"], "variant": "base", "n_players": 2, "won": [True, False, True, False],
         "score": [3.0, 1.0, 2.0, 1.0], "a_points": [3.0, 1.0, None, None], "a_never": [0.0, 0.0, None, None],
         "b_points": [None, None, 2.0, 1.0]}
    )  # fmt: skip
    columns = ["a_points", "a_never", "b_points"]
    zero = stats.zero_breakdown_columns(players, columns)
    assert zero[["game", "column"]].values.tolist() == [["a", "a_never"]]
    parts = stats.component_contribution(players, columns)
    assert sorted(zip(parts["game"], parts["component"], strict=True)) == [
        ("a", "a_never"),
        ("a", "a_points"),
        ("b", "b_points"),
    ]


def test_games_needed_for_a_target_halfwidth():
    assert stats.seats.games_for_halfwidth(0.25, 0.01) == 7203  # tech notes: ±1 point at 25% needs ~7,200
    n = stats.seats.games_for_halfwidth(0.5, 0.02)
    lo, hi = wilson(np.array([n // 2]), np.array([n]))
    assert (hi[0] - lo[0]) / 2 == pytest.approx(0.02, rel=0.01)


def test_planted_tie_break_and_end_reason_shares_are_recovered(planted_run):
    data = load_run(planted_run)
    assert (stats.tie_break_share(data.games)["tie_breaks"] == 0).all()  # tie_rate=0.0 planted
    reasons = stats.end_reasons(data.games)
    exhausted = reasons[reasons["outcome"] == "deck_exhausted"]
    assert ((exhausted["lo"] < 0.7) & (exhausted["hi"] > 0.7)).all()  # 70% planted
    scores = stats.score_distribution(data.players)
    assert (scores["q05"] <= scores["q50"]).all() and (scores["lo"] < scores["mean"]).all()
    margins = stats.margin_summary(stats.winning_margin(data.players))
    assert (margins["q05"] >= 1).all()  # no ties planted: the winner is always ahead


def test_planted_strong_card_stands_out_after_bh(planted_run):
    cards = stats.event_win_rates(load_run(planted_run))
    four = cards[
        (cards["variant"] == "fix") & (cards["n_players"] == 4) & (cards["column"] == "card")
    ].set_index("value")
    assert four.loc["broker", "notable"] and four.loc["broker", "lo"] > 0.25
    assert (four.drop(index="broker")["relative"] < 1).all()
    assert (four["q_value"] >= four["p_value"]).all()


def test_bh_adjust_matches_statsmodels():
    p = np.random.default_rng(5).random(12) ** 2
    np.testing.assert_allclose(bh_adjust(p), multipletests(p, method="fdr_bh")[1])


def test_fair_seats_with_shared_wins_flag_no_seat(tmp_path):
    """40% shared first places: each sharer gets one half, so neither seat beats its fair share."""
    run = load_run(
        write_synthetic_run(
            tmp_path / "shared", player_counts=(2, 4), games_per_count=3000, tie_rate=0.0, shared_win_rate=0.4
        )
    )
    shared = run.games["winner_seats"].str.contains(",").mean()
    assert 0.37 < shared < 0.43
    seats = stats.seat_win_rates(run.players)
    assert not seats["imbalanced"].any()
    two = seats[seats["n_players"] == 2]
    assert two["win_rate"].sum() == pytest.approx(1.0)
    assert (two["wins"] / two["games"] > 0.65).all()  # what counting a shared win as a win would say
    assert (seats["omnibus_p"] > 0.01).all()
    fpa = stats.first_player_advantage(seats)
    assert (fpa["max_gap_lo"] <= fpa["max_gap"]).all() and (fpa["max_gap"] <= fpa["max_gap_hi"]).all()


def test_planted_30_percent_seat_at_4_players_is_flagged(tmp_path):
    run = load_run(
        write_synthetic_run(
            tmp_path / "p30",
            player_counts=(4,),
            games_per_count=4000,
            variants=[SyntheticVariant("base", {4: [0.3, 0.7 / 3, 0.7 / 3, 0.7 / 3]})],
            shared_win_rate=0.1,
        )
    )
    seats = stats.seat_win_rates(run.players).set_index("seat")
    assert seats.loc[0, "imbalanced"] and seats.loc[0, "lo"] < 0.3 * 0.95 + 0.05 / 4 < seats.loc[0, "hi"]
    assert seats.loc[0, "omnibus_p"] < 1e-6
    assert not (seats["imbalanced"] & (seats["win_rate"] > 0.25)).drop(index=0).any()
    fpa = stats.first_player_advantage(seats.reset_index()).iloc[0]
    assert fpa["max_gap_lo"] > 0.02


def test_win_share_falls_back_to_rank(planted_run):
    players = load_run(planted_run).players
    with_column = stats.seat_win_rates(players)
    without = stats.seat_win_rates(players.drop(columns="win_share"))
    pd.testing.assert_frame_equal(with_column, without)


def test_seat_effect_is_adjusted_for_the_bot(tmp_path):
    """Two bots of different strength in a balanced rotation: seats are fair after adjustment."""
    run = load_run(
        write_synthetic_run(
            tmp_path / "mixed",
            player_counts=(4,),
            games_per_count=3000,
            bots=("strong", "weak", "weak"),
            bot_strength={"strong": 2.0},
        )
    )
    seats = stats.seat_win_rates(run.players)
    assert (seats["adjusted"] == "bot").all() and not seats["imbalanced"].any()


def test_a_bot_that_wins_everything_gets_no_seat_verdict(tmp_path):
    run = load_run(
        write_synthetic_run(
            tmp_path / "dominant",
            player_counts=(4,),
            games_per_count=400,
            bots=("heuristic", "random", "random", "random"),
            bot_strength={"heuristic": 1e6},
        )
    )
    seats = stats.seat_win_rates(run.players)
    assert seats["dominated"].all() and not seats["imbalanced"].any()
    assert (seats["dominant_bot"] == "heuristic").all()
    assert "no seat verdict" in verdicts.seat_verdict(seats.iloc[0])


def _content_run(tmp_path, effect):
    return load_run(
        write_synthetic_run(
            tmp_path / f"items{effect}",
            player_counts=(4,),
            games_per_count=3000,
            bots=("potter", "random", "random", "random"),
            bot_strength={"potter": 2.0},
            items=[
                PlantedItem("pottery", effect=1.0, take={"potter": 0.7}, default=0.1),
                PlantedItem("canal", effect=effect, default=0.3),
            ],
        )
    )


def test_card_taken_by_a_strong_bot_is_not_flagged_after_adjustment(tmp_path):
    rates = stats.event_win_rates(_content_run(tmp_path, 1.8))
    taken = rates[(rates["kind"] == "taken")].set_index("value")
    pottery, canal = taken.loc["pottery"], taken.loc["canal"]
    assert pottery["win_rate"] > 1.3 * pottery["others_rate"]  # unadjusted: looks strong
    assert not pottery["notable"] and pottery["diff_lo"] < 0 < pottery["diff_hi"]
    assert canal["notable"] and canal["diff_lo"] > 0.05
    assert "canal (card, taken, 4 players)" in verdicts.content_verdict({**canal, "value": "canal"})
    assert set(rates["kind"]) == {"played", "taken"}


def test_cluster_bootstrap_is_seeded_and_fast():
    from sim.stats.intervals import bootstrap_means, ratio_cluster_ci

    rng = np.random.default_rng(0)
    values = rng.random((3000, 4))
    a = bootstrap_means(values, 500, np.random.default_rng(1))
    b = bootstrap_means(values, 500, np.random.default_rng(1))
    np.testing.assert_array_equal(a, b)
    assert a.std(axis=0) == pytest.approx(values.std(axis=0) / np.sqrt(3000), rel=0.15)
    import time

    n = 1_000_000
    games = np.repeat(np.arange(n // 4), 4)
    share = np.tile([1.0, 0.0, 0.0, 0.0], n // 4)
    start = time.perf_counter()
    out = ratio_cluster_ci(share, np.ones(n), games, np.tile([0, 1, 1, 1], n // 4))
    assert time.perf_counter() - start < 5
    assert out["estimate"].tolist() == [1.0, 0.0]


def test_too_few_games_give_a_card_difference_without_a_test(tmp_path):
    from sim.stats.content import MIN_GAMES, event_win_rates

    out = write_synthetic_run(tmp_path / "tiny", player_counts=(4,), games_per_count=MIN_GAMES // 4)
    rates = event_win_rates(load_run(out))
    assert len(rates) and rates["diff_lo"].isna().all() and not rates["notable"].any()


def test_columns_that_change_together_are_one_swept_factor():
    games = pd.DataFrame(
        {
            "game": ["g"] * 4,
            "variant": ["a", "a", "b", "b"],
            "param:map": ["north", "north", "south", "south"],
            "param:map.grid.0": ["..", "..", "hh", "hh"],
            "param:money": [10, 10, 12, 12],
            "param:cards": ["x", "x", "x", "x"],
        }
    )
    assert stats.swept_parameters(games) == ["param:map"]


def test_ladder_calls_an_effect_seen_only_when_the_tiers_are_pooled_pooled_only(tmp_path):
    """A modest seat effect in every skilled tier, too small for any one tier to flag, is not "none":
    pooled over the tiers it is clear, and the verdict says so and asks for more games per tier."""
    planted = {4: [0.275, 0.725 / 3, 0.725 / 3, 0.725 / 3]}
    ladder = _ladder(_ladder_run(tmp_path, {"greedy": planted, "expert": planted}))
    row = ladder.loc[0]
    assert row["flagged_tiers"] == "" and row["status"] == "pooled only", row.to_dict()
    assert row["pooled_p"] <= 0.05 and row["effect_lo"] > 0.25
    assert "pooled only" in verdicts.ladder_verdict(ladder.reset_index().iloc[0])
    assert "仅合并显著" in verdicts.ladder_verdict(ladder.reset_index().iloc[0], "zh")


def test_ladder_pooled_win_share_interval_stays_within_0_and_1(tmp_path):
    planted = {4: [0.02, 0.98 / 3, 0.98 / 3, 0.98 / 3]}
    data = _ladder_run(tmp_path, {"greedy": planted, "expert": planted}, games=60)
    ladder = _ladder(data)
    assert (ladder["effect_lo"] >= 0).all() and (ladder["effect_hi"] <= 1).all()
    assert (ladder["effect_lo"] <= ladder["effect"]).all() and (ladder["effect"] <= ladder["effect_hi"]).all()
