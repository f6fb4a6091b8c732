"""The deck study: its design, its estimator, its anytime-valid verdicts (on planted synthetic decks)
and one real study on the engine (a planted strong card and an exact copy of a card)."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cards.deck_design import draw_design, repeats_for
from sim.cards.deck_study import Budget
from sim.cards.sequential import TOO_STRONG, UNDECIDED, half_width, looks, tuning_seeds
from sim.cards.synthetic import World, simulate
from sim.cli import cli

CARDS = tuple(f"c{i:02d}" for i in range(24))


@pytest.mark.parametrize("undecided", [(), ("c01",), ("c01", "c02", "c03"), CARDS[:10]])
def test_every_seat_holds_every_slot_once_per_seed_and_no_table_holds_a_card_twice(undecided):
    design = draw_design(CARDS, 5, np.random.default_rng(3), undecided, allocation="half")
    tables = design.tables
    assert all(len(set(table)) == 5 for table in tables)
    for seat in range(5):
        assert sorted(table[seat] for table in tables) == sorted(design.slots)
    want = repeats_for(len(CARDS), len(undecided))
    assert [design.slots.count(c) for c in CARDS] == [want if c in undecided else 1 for c in CARDS]


def test_the_estimator_recovers_planted_effects_exactly_on_noiseless_results():
    rng = np.random.default_rng(5)
    design = draw_design(CARDS, 5, rng, ("c04", "c07"))
    theta = rng.normal(0, 0.05, len(CARDS))
    theta -= theta.mean()
    seat = np.array([0.02, 0.01, 0.0, -0.01, -0.02])
    index = {c: i for i, c in enumerate(CARDS)}
    held = np.array([[theta[index[c]] for c in table] for table in design.tables])
    shares = 0.2 + seat + held - held.mean(axis=1, keepdims=True)  # sums to one at every table
    scores = 30 + 10 * seat + held
    k, p = len(CARDS), 5
    effect = design.estimate(shares[None], "win_share")[0]
    np.testing.assert_allclose(effect, theta * (p - 1) * k / (p * (k - 1)), atol=1e-12)
    np.testing.assert_allclose(design.estimate(scores[None], "score")[0], theta, atol=1e-12)


def test_too_few_cards_for_the_table_is_refused():
    with pytest.raises(ValueError, match="more distinct cards than players"):
        draw_design(CARDS[:5], 5, np.random.default_rng(0))


def test_the_confidence_sequence_is_wider_than_a_fixed_interval_and_narrows():
    widths = half_width(1.0, np.array([20, 100, 1000, 10000]), 0.05 / 24, tuning_seeds(0.03))
    assert np.all(np.diff(widths) < 0)
    fixed = 3.08 / np.sqrt([20, 100, 1000, 10000])  # z at 1 - 0.05/48
    assert np.all(widths > fixed)


def test_running_intersection_keeps_a_verdict_once_reached():
    values = np.random.default_rng(1).normal(0.2, 1.0, size=(2000, 1))
    mean, lo, hi = looks(values, list(range(20, 2001, 20)), 0.05, 200.0)
    assert np.all(np.diff(lo[:, 0]) >= 0) and np.all(np.diff(hi[:, 0]) <= 0)
    assert lo[-1, 0] < 0.2 < hi[-1, 0]


def test_synthetic_studies_make_no_wrong_verdicts_and_decide_the_far_cards():
    """A small version of benchmarks/deck_study_errors.py: 40 whole-deck studies of 12 planted cards
    at 4 players, the sequential stopping rule applied at every batch."""
    tolerance = 0.08
    effects = np.array([0, 0.5, -0.5, 1.25, -1.25, 2, -2, 2, -2, 0.25, -0.25, 0]) * tolerance
    world = World(tuple(f"k{i}" for i in range(12)), tuple(effects - effects.mean()), n_players=4)
    tables = [simulate(world, tolerance, 6000, 10, seed) for seed in range(40)]
    wrong = sum(not t["right"].all() for t in tables)
    assert wrong <= 2  # the family-wise error is at most 5%: 2 of 40 would already be unusual
    far = pd.concat(tables).query("true_effect.abs() >= 2 * @tolerance - 1e-9")
    assert (far["verdict"] != UNDECIDED).mean() >= 0.8


@pytest.mark.parametrize(
    ("text", "minutes", "games"), [("60m", 60, None), ("2h", 120, None), ("5000g", None, 5000)]
)
def test_budget_reads_minutes_hours_or_games(text, minutes, games):
    assert Budget.parse(text) == Budget(minutes, games)


@pytest.mark.parametrize("text", ["60", "5.5g", "-3m", "xm"])
def test_a_bad_budget_is_refused(text):
    with pytest.raises(ValueError, match="--budget"):
        Budget.parse(text)


# --- on the engine ---------------------------------------------------------------------------------

DECK = Path(__file__).parent / "fixtures" / "deck.yaml"


def study(out: Path, *args: str):
    command = ["cards", "study", str(DECK), "--deck", "门客", "-p", "4", "--out", str(out), "--no-progress"]
    return CliRunner().invoke(cli, [*command, *args], catch_exceptions=False)


@pytest.fixture(scope="module")
def deck_study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """12 门客 (财神 planted strong, 账房先生乙 a copy of 账房先生) and the study's blank at 4 players:
    2 batches, 260 short games."""
    out = tmp_path_factory.mktemp("deck") / "study"
    result = study(out, "--budget", "260g", "-j", "2")
    assert result.exit_code == 0, result.output
    return out


def test_real_deck_study_finds_the_planted_card_and_the_copy_agrees_with_its_original(deck_study):
    table = pd.read_csv(deck_study / "report" / "card-study.csv", keep_default_na=False).set_index("card")
    assert table.loc["财神", "verdict"] == TOO_STRONG and table.loc["财神", "low"] > 3
    original, copy = table.loc["账房先生"], table.loc["账房先生乙"]
    assert copy["low"] <= original["high"] and original["low"] <= copy["high"]
    assert (table["games"] == 80).all()  # 20 seeds, the card at each of 4 seats once per seed
    # the default allocation, recorded; its second batch (every card open: two slots each, the
    # blank one, 250 games) would not fit the 260-game budget, so a batch of one slot a card was
    # played instead
    from sim.cards.deck_study import read_meta

    meta = read_meta(deck_study)
    assert meta["allocation"] == "cheapest" and [len(b) for b in meta["batches"]] == [13, 13]


def test_csv_has_one_row_per_card_and_games_needed_only_when_undecided(deck_study):
    table = pd.read_csv(deck_study / "report" / "card-study.csv", keep_default_na=False)
    assert list(table.columns[:7]) == ["card", "verdict", "effect", "low", "high", "games", "games_needed"]
    assert len(table) == 12 and set(table["verdict"]) <= {"too_strong", "too_weak", "within", "undecided"}
    undecided = table["verdict"] == UNDECIDED
    assert (table.loc[undecided, "games_needed"] != "").all()
    assert (table.loc[~undecided, "games_needed"] == "").all()
    assert (table["low"] <= table["high"]).all()


def test_rerun_resumes_without_playing_and_chinese_files_are_chinese(deck_study):
    files = {p: p.stat().st_mtime_ns for p in deck_study.rglob("*.parquet")}
    result = study(deck_study, "--budget", "260g", "--lang", "zh")
    assert result.exit_code == 0, result.output
    assert {p: p.stat().st_mtime_ns for p in deck_study.rglob("*.parquet")} == files
    table = pd.read_csv(deck_study / "report" / "card-study.csv", keep_default_na=False)
    assert list(table.columns[:7]) == ["卡牌", "结论", "效应", "下限", "上限", "对局数", "还需对局数"]
    assert table.set_index("卡牌").loc["财神", "结论"] == "过强"
    assert set(table["结论"]) <= {"过强", "过弱", "在容差内", "未定"}
    text = (deck_study / "report" / "card-study.md").read_text(encoding="utf-8")
    latin = set(re.findall(r"[A-Za-z]+", text)) - {"Bonferroni", "forest", "png"}
    assert latin <= {"tests", "cards", "fixtures", "deck", "yaml"}, latin  # only the config's path


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_resuming_with_other_cards_is_refused_naming_the_folders_cards(deck_study, lang):
    """The folder decides the whole deck: --cards 财神 would judge its past looks again at another
    level (Bonferroni over 1 card instead of 12), so it is refused and nothing is played or rewritten."""
    files = {p: p.stat().st_mtime_ns for p in deck_study.rglob("*") if p.is_file()}
    result = CliRunner().invoke(
        cli,
        ["cards", "study", str(DECK), "--deck", "门客", "-p", "4", "--out", str(deck_study), "--no-progress",
         "--budget", "400g", "--cards", "财神", "--lang", lang],
    )  # fmt: skip
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "财神" in result.output and "账房先生乙" in result.output
    if lang == "en":
        assert "decides 12 cards" in result.output and "Run it again without --cards" in result.output
    else:
        assert "判定的是 12 张牌" in result.output and "不加 --cards" in result.output
    assert {p: p.stat().st_mtime_ns for p in deck_study.rglob("*") if p.is_file()} == files


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["-n", "40"], "-n goes with --design paired"),
        (["--budget", "soon"], "--budget"),
        (["--deck", "天威", "--design", "deck"], "cannot give a 天威 card to a seat"),
        (["--budget", "100g"], "not enough for one batch"),
    ],
)
def test_bad_deck_study_input_is_refused_in_one_line(tmp_path, args, message):
    command = ["cards", "study", str(DECK), "--deck", "门客", "-p", "4", "--out", str(tmp_path / "x"), *args]
    result = CliRunner().invoke(cli, command)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_games_needed_is_finite_for_a_card_on_the_band_edge():
    from sim.cards.sequential import seeds_needed

    values = np.random.default_rng(2).normal(0.03, 0.2, size=100)
    values += 0.03 - values.mean()  # exactly on the edge
    assert math.isfinite(seeds_needed(values, 0.05 / 24, tuning_seeds(0.03), 0.03))


def test_per_seed_estimate_is_least_squares_with_sum_to_zero_card_coding():
    """The score estimate of one seed equals statsmodels' OLS of score on seat and card
    (sum-to-zero coding: each card against the deck's average card)."""
    import statsmodels.formula.api as smf

    rng = np.random.default_rng(11)
    cards = CARDS[:9]
    design = draw_design(cards, 4, rng, ("c02",))
    scores = rng.normal(30, 5, size=(len(design.slots), 4))
    rows = [
        {"score": scores[v, s], "seat": s, "card": card}
        for v, table in enumerate(design.tables)
        for s, card in enumerate(table)
    ]
    fit = smf.ols("score ~ C(seat) + C(card, Sum)", data=pd.DataFrame(rows)).fit()
    ours = design.estimate(scores[None], "score")[0]
    theirs = [fit.params[f"C(card, Sum)[S.{c}]"] for c in cards[:-1]]
    np.testing.assert_allclose(ours[:-1], theirs, atol=1e-9)
    assert ours.sum() == pytest.approx(0, abs=1e-9)


def test_a_synthetic_study_is_the_same_for_the_same_seed_and_gives_the_open_cards_more_games():
    effects = (0.15, -0.15, 0.15, -0.15, 0.0, 0.0, 0.0, 0.0, 0.15, -0.15, 0.049, -0.049)
    world = World(tuple(f"k{i}" for i in range(12)), effects, n_players=4)
    one, again = simulate(world, 0.05, 6000, 10, 3, "open"), simulate(world, 0.05, 6000, 10, 3, "open")
    pd.testing.assert_frame_equal(one, again)
    near, open_ = one["card"].isin(["k10", "k11"]), one["verdict"] == UNDECIDED
    assert open_[near].all()  # 0.1 point from the edge: not in 6,000 games
    assert one.loc[open_, "games"].min() > one.loc[~open_, "games"].min()  # but the open cards got more
    assert one.loc[open_, "games"].min() >= one.loc[~open_, "games"].max()
    focus = simulate(world, 0.05, 6000, 10, 3, "focus")  # the hopeless near-edge cards get no more
    assert focus.loc[focus["card"].isin(["k10", "k11"]), "games"].max() < one.loc[near, "games"].min()


def test_focus_gives_extra_slots_to_the_open_cards_the_budget_can_decide():
    from sim.cards.deck_verdicts import hopeless_cards

    design = draw_design(
        CARDS, 5, np.random.default_rng(4), ("c01", "c02", "c03"), allocation="focus", hopeless=("c03",)
    )
    assert [design.slots.count(c) for c in ("c01", "c02", "c03", "c04")] == [4, 4, 1, 1]
    table = pd.DataFrame(
        {
            "card": ["a", "b", "c"],
            "verdict": [UNDECIDED, UNDECIDED, "within"],
            "games_needed": [500, 5000, np.nan],
        }
    )
    # 24 cards, 2 open: a seed is 24 + 3 * 2 = 30 games, with an open card in 4 * 5 = 20 of them
    assert hopeless_cards(table, 24, 5, games_left=3000) == ["b"]  # 3000 / 30 * 20 = 2000 reachable
    assert hopeless_cards(table, 24, 5, games_left=30000) == []
    assert hopeless_cards(table, 24, 5, games_left=math.inf) == []


def test_cheapest_gives_every_open_card_two_slots_the_favoured_more_and_decided_cards_one():
    undecided, favoured = ("c01", "c02", "c03", "c04", "c05"), ("c02", "c04")
    design = draw_design(CARDS, 5, np.random.default_rng(6), undecided, favoured=favoured, repeats=4)
    assert [design.slots.count(c) for c in CARDS[:7]] == [1, 2, 4, 2, 4, 2, 1]
    assert all(design.slots.count(c) == 1 for c in CARDS[6:])  # decided: one slot, still at the table
    assert all(len(set(table)) == 5 for table in design.tables)
    for seat in range(5):
        assert sorted(table[seat] for table in design.tables) == sorted(design.slots)


def _batches(means: np.ndarray, sds: np.ndarray, seeds: int, seed: int = 0) -> list:
    """Plain batches of 10 seeds whose per-seed estimates have exactly ``means`` and ``sds``."""
    from sim.cards.deck_verdicts import Batch, next_design

    z = np.random.default_rng(seed).normal(size=(seeds, len(CARDS)))
    values = means + sds * (z - z.mean(axis=0)) / z.std(axis=0)
    design = next_design(CARDS, 5, 1, 0, [])
    return [Batch(design, {"win_share": v, "score": v}) for v in np.split(values, seeds // 10)]


def test_cheapest_does_not_starve_a_card_whose_early_estimate_sits_on_an_edge():
    """40 seeds: c00's estimate sits on the +5 edge, c01..c05 near zero, the rest far outside the
    band (decided). ``focus`` writes c00 off at these games left (its price at the estimate's own
    distance is huge); ``cheapest`` prices it at its standard error's distance and favours it."""
    from sim.cards.deck_verdicts import cheapest_plan, deck_verdicts, hopeless_cards

    means = np.array([0.05, 0.0, 0.01, -0.01, 0.005, -0.005] + [0.5, -0.5] * 9)
    sds = np.array([0.2] * 6 + [0.01] * 18)
    batches = _batches(means, sds, 40)
    table = deck_verdicts(batches, CARDS, 0.05)
    assert set(table.loc[table["verdict"] == UNDECIDED, "card"]) == set(CARDS[:6])
    assert "c00" in hopeless_cards(table, 24, 5, games_left=20000)
    favoured, repeats = cheapest_plan(batches, CARDS, 0.05, 0.05, tuning_seeds(0.05), games_left=20000)
    assert "c00" in favoured and repeats > 2


def test_cheapest_favours_the_cheapest_cards_that_the_games_left_can_decide():
    from sim.cards.deck_verdicts import cheapest_plan

    # c00 far from both edges (cheap), c01 2.5 points from one (dear), c02 on an edge after many seeds
    means = np.array([0.0, 0.025, 0.05] + [0.5, -0.5] * 10 + [0.5])
    sds = np.array([0.3, 0.3, 0.3] + [0.01] * 21)
    batches = _batches(means, sds, 400, seed=3)
    t_opt = tuning_seeds(0.05)
    plenty, _ = cheapest_plan(batches, CARDS, 0.05, 0.05, t_opt, games_left=1e7)
    assert set(plenty) == {"c00", "c01", "c02"}
    some, _ = cheapest_plan(batches, CARDS, 0.05, 0.05, t_opt, games_left=3000)
    assert some[0] == "c00" and "c02" not in some
    none, repeats = cheapest_plan(batches, CARDS, 0.05, 0.05, t_opt, games_left=0)
    assert none == ["c00"] and repeats == 4  # nothing fits: the cheapest alone, in case it moves


def test_cheapest_gives_a_near_edge_card_more_games_than_focus():
    effects = (0.15, -0.15, 0.15, -0.15, 0.0, 0.0, 0.0, 0.0, 0.15, -0.15, 0.049, -0.049)
    world = World(tuple(f"k{i}" for i in range(12)), effects, n_players=4)
    focus = simulate(world, 0.05, 6000, 10, 3, "focus")
    cheapest = simulate(world, 0.05, 6000, 10, 3)  # the default
    near = ["k10", "k11"]
    assert (
        cheapest.loc[cheapest["card"].isin(near), "games"].to_numpy()
        > focus.loc[focus["card"].isin(near), "games"].to_numpy()
    ).all()
    assert (cheapest["verdict"] != UNDECIDED).sum() >= (focus["verdict"] != UNDECIDED).sum()


def test_the_command_offers_every_allocation_rule():
    from sim.cards.deck_design import ALLOCATIONS

    option = next(p for p in cli.commands["cards"].commands["study"].params if p.name == "allocation")
    assert set(option.type.choices) == set(ALLOCATIONS) and option.default == ALLOCATIONS[0]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_forest_legend_names_verdicts_in_words_not_codes(lang):
    from sim.cards.deck_report import forest_plot
    from sim.cards.sequential import TOO_WEAK, WITHIN

    table = pd.DataFrame(
        {
            "card": ["a", "b", "c", "d"],
            "effect": [0.08, -0.07, 0.0, 0.03],
            "low": [0.05, -0.10, -0.02, -0.01],
            "high": [0.11, -0.04, 0.02, 0.07],
            "verdict": [TOO_STRONG, TOO_WEAK, WITHIN, UNDECIDED],
            "level": [0.95] * 4,
        }
    )
    fig = forest_plot(table, 0.03, lang, "deck")
    labels = [text.get_text() for text in fig.axes[0].get_legend().get_texts()]
    assert len(labels) == 5  # the band, then one per verdict
    for label in labels:
        assert "_" not in label, label  # no ``too_strong`` / ``too_weak`` code
    if lang == "en":
        assert "too strong" in labels and "within the band" in labels
    else:
        assert "过强" in labels and "未定" in labels


def test_the_open_cards_are_named_with_their_distance_to_the_edge_and_the_games_they_need():
    from sim.cards.deck_report import remaining_line, run_line
    from sim.cards.sequential import WITHIN

    table = pd.DataFrame(
        {
            "card": ["edge", "near", "in"],
            "verdict": [UNDECIDED, UNDECIDED, WITHIN],
            "effect": [0.0292, -0.018, 0.0],
            "games": [10_000, 4_000, 9_000],
            "games_needed": [2_000_000.0, 4_100.0, math.nan],
            "study_games_needed": [9_000_000.0, 20_000.0, math.nan],
        }
    )
    en = remaining_line(table, "en", 0.03)
    assert "2 cards undecided" in en and "9,000,000" in en
    assert "edge +2.9 (0.1 from +3; 10,000 games with it so far, about 2,000,000 more)" in en
    assert "near -1.8 (1.2 from -3; 4,000 games with it so far, about 4,100 more)" in en
    assert "edge would need more than 10 times" in en  # named; ``near`` is not among them
    assert "near would need" not in en and ", near would" not in en
    assert "in +" not in en  # a decided card is not listed
    zh = remaining_line(table, "zh", 0.03)
    assert "离 +3 差 0.1；已有 10,000 局有它在场，约还需 2,000,000 局" in zh and "edge 在估计值不变时" in zh
    assert remaining_line(table[table["verdict"] == WITHIN], "en", 0.03) == ""
    summary = {"games": 66_520, "seconds": 3594.0, "stop": "budget"}
    assert run_line(summary, "en") == "66,520 games in the folder; this run: 59.9 min, stopped: budget spent."
    assert "预算用完" in run_line(summary, "zh") and "budget" not in run_line(summary, "zh")
