"""sim cards rebalance's known answers on the toy deck (no engine), its levers, predictions, the
variant it writes, its report, and its command line's refusals."""

from __future__ import annotations

import functools
import math
import time
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cards.deck_report import TEXT as DECK_TEXT
from sim.cards.deck_study import Budget
from sim.cards.rebalance import (
    Change,
    Lever,
    Prediction,
    Reading,
    Round,
    card_levers,
    check,
    keeps_effect,
    parse_levers,
    predict,
    propose,
    rebalance,
    search_range,
    to_fix,
    win_per_vp,
)
from sim.cards.rebalance_engine import EngineLab, card_entry, write_variant
from sim.cards.rebalance_report import before_after_plot, number_words, summary_lines, write_report
from sim.cards.rebalance_synthetic import ToyDeck, ToyLab
from sim.cards.tune import Point
from sim.cli import cli
from sim.config import load_config

TOLERANCE = 0.03
ORIGINAL = 3
"""Every toy card's planted amount (1 VP a unit): all within the band."""
STRONG, WEAK, FLAGGED = "c0", "c1", "c2"
TOY = ToyDeck(
    tuple(f"c{i}" for i in range(8)),
    (ORIGINAL + 4, 0, 8, *(ORIGINAL,) * 5),  # c0: +4 VP; c1: 3 VP short; c2: strong but flagged
    (1.0,) * 8,
    flags=((FLAGGED, "unused"),),
)


@pytest.fixture(scope="module")
def toy_run():
    lab = ToyLab(TOLERANCE, budget=10_000, measured=[])
    result = rebalance(lab, TOY, TOLERANCE, rounds=1)
    return lab, result


def test_the_toy_plants_what_the_tests_say():
    effects = {card: TOY.effect(card) for card in TOY.cards}
    assert (
        effects[STRONG] > 2 * TOLERANCE
        and effects[WEAK] < -2 * TOLERANCE
        and effects[FLAGGED] > 2 * TOLERANCE
    )
    assert all(abs(effects[c]) < TOLERANCE for c in TOY.cards[3:])


def test_a_card_made_too_strong_by_four_vp_comes_back_within_one_unit(toy_run):
    _, result = toy_run
    assert result.original.set_index("card").loc[STRONG, "verdict"] == "too_strong"
    (change,) = result.changes[STRONG]
    assert change.lever.path == "amount" and change.old == ORIGINAL + 4
    assert abs(change.new - ORIGINAL) <= 1 and change.checked


def test_a_weak_card_is_raised(toy_run):
    _, result = toy_run
    assert result.original.set_index("card").loc[WEAK, "verdict"] == "too_weak"
    (change,) = result.changes[WEAK]
    assert change.new > change.old and abs(change.new - ORIGINAL) <= 1


def test_cards_inside_the_band_and_flagged_cards_are_never_changed_nor_measured(toy_run):
    lab, result = toy_run
    assert set(result.changes) == {STRONG, WEAK}
    measured = {card for card, _ in lab.measured}
    assert measured == {STRONG, WEAK}
    assert result.original.set_index("card").loc[FLAGGED, "verdict"] == "too_strong"  # flagged, not fixed
    assert any(FLAGGED in line for line in summary_lines(result, "en"))


def test_the_fresh_study_decides_the_changed_cards_within_and_predictions_hold_them(toy_run):
    _, result = toy_run
    (round_,) = result.rounds
    assert round_.unconfirmed(result.changed) == []
    after = result.final.set_index("card")
    for made in result.changes.values():
        (change,) = made
        assert change.predicted_low <= TOY.with_amounts({change.card: change.new}).effect(change.card)
        assert TOY.with_amounts({change.card: change.new}).effect(change.card) <= change.predicted_high
        assert after.loc[change.card, "verdict"] == "within"
    assert result.final.set_index("card").loc[FLAGGED, "verdict"] == "too_strong"


def test_the_report_in_both_languages(toy_run, tmp_path):
    _, result = toy_run
    settings = {
        "game": "toy",
        "config": "toy",
        "deck": "toy",
        "players": 5,
        "tolerance": TOLERANCE,
        "levers": ("amount", "cost"),
        "aim": 0.015,
    }
    for lang, header in (("zh", "原值 → 新值"), ("en", "old → new")):
        path = write_report(result, settings, "../rebalanced.yaml", tmp_path / lang, lang)
        text = path.read_text(encoding="utf-8")
        assert header in text and "before-after.png" in text
        assert {"zh": "（数量、费用）", "en": "(amount, cost)"}[
            lang
        ] in text  # the kinds in the report's words
        table = pd.read_csv(tmp_path / lang / "rebalance.csv", encoding="utf-8-sig")
        assert len(table) == 2 and (tmp_path / lang / "before-after.png").stat().st_size > 0


def test_moved_out_names_a_card_the_others_pushed_out():
    before = pd.DataFrame({"card": ["a", "b", "c"], "verdict": ["too_strong", "within", "undecided"]})
    after = pd.DataFrame(
        {"card": ["a", "b", "c"], "verdict": ["within", "too_weak", "within"], "effect": [0.0, -0.05, 0.0],
         "low": [-0.01, -0.06, -0.01], "high": [0.01, -0.04, 0.01], "score_effect": [0.0, -2.0, 0.0]}
    )  # fmt: skip
    round_ = Round(1, before, (), {}, None, after)
    assert round_.moved_out(["a"]) == ["b"] and round_.unconfirmed(["a"]) == []
    assert to_fix(after) == ["b"]


def test_levers_of_a_real_card_and_which_way_they_move_it():
    config = load_config("configs/mingchu/base.yaml")
    levers = {lever.path: lever for lever in card_levers(card_entry(config, "门客", "相士"))}
    assert levers["ability.0.amount"].sign == -1  # lose_coins: a larger number costs the holder
    assert levers["ability.1.amount"].sign == 1  # draw_grace's default amount is a lever too
    assert levers["count"].kind == "count" and levers["count"].sign == 0
    assert [lever.path for lever in card_levers(card_entry(config, "门客", "牙人"), ("amount",))] == [
        "passive.0.amount"
    ]
    # the report words a number by its place in the card and the effect holding it, the path in English
    bonus = next(lever for lever in card_levers(card_entry(config, "门客", "牙人")) if lever.part)
    assert (bonus.path, bonus.part) == ("passive.0.amount", "sell_bonus")
    assert number_words("mingchu", bonus, "zh") == "被动1·数量（售价加成）"
    assert number_words("mingchu", bonus, "en") == "passive.0.amount (sell_bonus)"
    assert number_words("mingchu", levers["count"], "zh") == "张数"
    assert parse_levers("amount, cost") == ("amount", "cost")
    with pytest.raises(ValueError, match="--levers"):
        parse_levers("amount,price")


def test_a_prediction_lowers_a_benefit_and_raises_a_cost_of_a_strong_card():
    strong = Reading("x", "too_strong", 0.07, 0.05, 0.09, 3.5)
    benefit = predict(strong, Lever("a", "amount", 5.0, True, 1), 0.02, 0.0, TOLERANCE)
    cost = predict(strong, Lever("c", "cost", 2.0, True, -1), 0.02, 0.0, TOLERANCE)
    assert benefit is not None and benefit.new < 5 and cost is not None and cost.new > 2
    # 3.5 VP over the blank on 5 units: 0.7 VP a unit; (0.015 - 0.07) / 0.02 = -2.75 VP: 4 units down
    assert benefit.new == 1.0
    assert predict(strong, Lever("n", "count", 1.0, True, 0), 0.02, 0.0, TOLERANCE) is None


def test_the_slope_is_win_share_per_vp():
    table = pd.DataFrame({"score_effect": [-2.0, 0.0, 2.0, 4.0], "effect": [-0.04, 0.0, 0.04, 0.08]})
    assert math.isclose(win_per_vp(table), 0.02)


def test_the_variant_extends_the_original_and_comments_the_old_value(tmp_path):
    config = load_config("configs/mingchu/base.yaml")
    lever = next(x for x in card_levers(card_entry(config, "门客", "织工")) if x.path == "passive.1.amount")
    change = Change("织工", lever, 1, 0, 0, 0.05, 0.04, 0.06, 0.012, 0.0, 0.024, True, 960)
    path = write_variant(tmp_path / "rebalanced.yaml", config, "门客", {"织工": (change,)}, TOLERANCE)
    text = path.read_text(encoding="utf-8")
    assert "extends: mingchu/base" in text and "# passive.1.amount: 1 → 0" in text
    assert text.count("- {id:") == 1
    variant = load_config(path)
    cards = {card.id: card for card in variant.params.cards.门客}
    assert cards["织工"].passive[1].amount == 0 and cards["织工"].passive[0].amount == 1
    original = {card.id: card for card in config.params.cards.门客}
    assert all(cards[c] == original[c] for c in original if c != "织工")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--levers", "price"], "--levers"),
        (["--budget", "ten"], "--budget"),
        (["--time-limit", "500g"], "--time-limit"),
        (["--time-limit", "soon"], "--time-limit"),
        (["-p", "4,5"], "one player count"),
    ],
)
def test_the_command_refuses_bad_options(args, message):
    base = ["cards", "rebalance", "configs/mingchu/base.yaml", "--deck", "门客"]
    result = CliRunner().invoke(cli, [*base, *(["-p", "5"] if "-p" not in args else []), *args])
    assert result.exit_code != 0 and message in result.output


def test_the_command_names_a_missing_deck():
    result = CliRunner().invoke(
        cli, ["cards", "rebalance", "configs/mingchu/base.yaml", "--deck", "门卡", "-p", "5"]
    )
    assert result.exit_code != 0 and "no such deck" in result.output


def test_help_has_examples():
    result = CliRunner().invoke(cli, ["cards", "rebalance", "--help"])
    assert (
        result.exit_code == 0 and "Example" in result.output and Path("configs/mingchu/base.yaml").is_file()
    )


def test_the_search_stops_at_the_last_value_the_game_accepts(tmp_path):
    config = load_config("configs/mingchu/base.yaml")
    lab = EngineLab(config, "门客", 5, ("runner",) * 5, 1, TOLERANCE, Budget(games=1), tmp_path, games=10)
    lever = next(x for x in lab.levers(config, "账房先生") if x.path == "ability.0.amount")
    valid = functools.partial(lab.valid, config, "账房先生", lever)
    assert valid(0) and not valid(-1)  # gain_coins takes 0 and up
    down = Prediction(lever, 1.0, -3.0, lever.value - 3)  # 2 -> -1 predicted: the search ends at 0
    assert search_range(down, valid, 1.0) == (0, lever.value)
    at_floor = Prediction(replace(lever, value=0.0), 1.0, -1.0, -1.0)
    assert search_range(at_floor, valid, 1.0) is None


class ScriptedLab:
    """A lab whose studies are given tables (one per round) and whose cards' score effect is their
    amount (1 VP a unit, no noise): what a second round does with a card the first one pushed out."""

    def __init__(self, tables, rounds_in_time=None):
        self.tables, self.variants, self.rounds_in_time = tables, [], rounds_in_time

    def study(self, config, round_):
        return self.tables[round_]

    def levers(self, config, card):
        return [Lever("amount", "amount", float(config[card]), True, 1)]

    def valid(self, config, card, lever, value):
        return value >= 0

    def measure(self, config, card, lever, value, round_):
        return Point(value, float(value), value - 0.1, value + 0.1, 10)

    def variant(self, original, changes, round_):
        self.variants.append(round_)
        return {**original, **{card: made[-1].new for card, made in changes.items()}}

    def may_start(self, round_):
        return self.rounds_in_time is None or round_ <= self.rounds_in_time


def scripted_table(verdicts, effects):
    cards = list(verdicts)
    return pd.DataFrame(
        {"card": cards, "verdict": [verdicts[c] for c in cards], "effect": [effects[c] for c in cards],
         "low": [effects[c] - 0.01 for c in cards], "high": [effects[c] + 0.01 for c in cards],
         "score_effect": [effects[c] / 0.02 for c in cards], "flag": ""}
    )  # fmt: skip


def test_a_second_round_rebalances_the_card_the_first_pushed_out_and_names_it():
    tables = [
        scripted_table({"a": "too_strong", "b": "within", "c": "within"}, {"a": 0.08, "b": 0.02, "c": -0.02}),
        scripted_table({"a": "within", "b": "too_strong", "c": "within"}, {"a": 0.01, "b": 0.05, "c": -0.02}),
        scripted_table({"a": "within", "b": "within", "c": "within"}, {"a": 0.01, "b": 0.01, "c": -0.02}),
    ]
    lab = ScriptedLab(tables)
    result = rebalance(lab, {"a": 6, "b": 4, "c": 2}, TOLERANCE, rounds=2)
    assert lab.variants == [1, 2] and list(result.changes) == ["a", "b"]
    assert result.moved() == ["b"]
    assert "Moved out of the band because other cards changed: b." in summary_lines(result, "en")
    assert result.changes["b"][0].new < 4 and result.changes["b"][0].round == 2
    assert result.rounds[-1].unconfirmed(result.changed) == []
    assert rebalance(ScriptedLab(tables), {"a": 6, "b": 4, "c": 2}, TOLERANCE, rounds=1).changed == ["a"]


def test_a_round_the_time_left_cannot_hold_is_not_started_and_the_summary_says_so():
    tables = [
        scripted_table({"a": "too_strong", "b": "within", "c": "within"}, {"a": 0.08, "b": 0.02, "c": -0.02}),
        scripted_table({"a": "within", "b": "too_strong", "c": "within"}, {"a": 0.01, "b": 0.05, "c": -0.02}),
    ]
    lab = ScriptedLab(tables, rounds_in_time=1)
    result = rebalance(lab, {"a": 6, "b": 4, "c": 2}, TOLERANCE, rounds=2)
    assert lab.variants == [1] and result.out_of_time and result.changed == ["a"]
    assert any("before round 2" in line for line in summary_lines(result, "en"))
    none = rebalance(ScriptedLab(tables, rounds_in_time=0), {"a": 6, "b": 4, "c": 2}, TOLERANCE, rounds=2)
    assert none.out_of_time and not none.rounds and "before round 1" in summary_lines(none, "en")[0]
    finished = rebalance(ScriptedLab(tables[:1] + tables[:1]), {"a": 6, "b": 4, "c": 2}, TOLERANCE, rounds=1)
    assert not finished.out_of_time


def test_a_card_left_alone_for_its_own_numbers_does_not_ask_for_another_round():
    """牙人 (a sell bonus of 1: no valid value) is still too strong after round 1 fixed `a`: a second
    round could not change it either, so the time limit did not stop anything and the summary says no
    more than that 牙人 was left unchanged."""
    tables = [
        scripted_table({"牙人": "too_strong", "a": "too_strong"}, {"牙人": 0.056, "a": 0.08}),
        scripted_table({"牙人": "too_strong", "a": "within"}, {"牙人": 0.061, "a": 0.01}),
    ]
    result = rebalance(ScriptedLab(tables, rounds_in_time=1), {"牙人": 1, "a": 6}, TOLERANCE, rounds=2)
    assert result.changed == ["a"] and not result.out_of_time and len(result.rounds) == 1
    assert result.rounds[0].skipped == {"牙人": "no_room"}
    assert not any("before round 2" in line for line in summary_lines(result, "en"))


def test_the_time_limit_cuts_each_study_to_the_time_left_and_stops_rounds_near_the_end(tmp_path):
    config = load_config("configs/mingchu/base.yaml")

    def lab(minutes_ago, budget=None):
        return EngineLab(
            config, "门客", 5, ("runner",) * 5, 1, TOLERANCE, budget or Budget(minutes=60), tmp_path, games=10,
            time_limit=120,
            started=time.monotonic() - 60 * minutes_ago,
        )  # fmt: skip

    fresh, late, last = lab(0), lab(100), lab(115)
    assert fresh.study_budget().minutes == 60 and fresh.may_start(1)
    assert 17 <= late.study_budget().minutes <= 18 and late.may_start(1)  # 20 left, 2 kept for reports
    assert last.study_budget().minutes <= 3 and not last.may_start(2)
    games = lab(100, Budget(games=5000)).study_budget()
    assert games.games == 5000 and 17 <= games.minutes <= 18
    unlimited = EngineLab(
        config, "门客", 5, ("runner",) * 5, 1, TOLERANCE, Budget(minutes=60), tmp_path, games=10
    )
    assert unlimited.study_budget() == Budget(minutes=60) and unlimited.may_start(5)


def test_a_step_that_overshoots_beyond_the_other_edge_is_not_kept_when_a_nearer_one_lands_near_the_aim():
    """The check's own rule (the proposal also keeps amounts off zero: ``keeps_effect``): a number
    decided +5.6 points where one step down moves it by -1.2 VP (short of the -1.7 asked for, but
    predicted +2.7, inside the band) and two steps by -6 VP (past the target, predicted -8.8)."""
    reading = Reading("牙人", "too_strong", 0.056, 0.041, 0.071, 2.4)
    lever = Lever("passive.0.amount", "amount", 1.0, True, 1)
    slope = 0.024  # win share per VP
    prediction = Prediction(lever, 2.4, (0.015 - 0.056) / slope, 0.0)
    scores = {1: 2.4, 0: 1.2, -1: -3.6, -2: -6.0}

    def measure(value):
        return Point(value, scores[int(value)], scores[int(value)] - 0.3, scores[int(value)] + 0.3, 400)

    change = check(reading, prediction, measure, lambda v: v >= -2, slope, tolerance=TOLERANCE)
    assert (
        change.new == 0
        and abs(change.predicted - (0.056 - slope * 1.2)) < 1e-12
        and change.predicted < TOLERANCE
    )
    old_rule = check(reading, prediction, measure, lambda v: v >= -2, slope)  # no band given: the first past
    assert old_rule.new == -1 and old_rule.predicted < -TOLERANCE


def test_an_amount_is_never_taken_to_zero_or_past_it_and_a_flagged_fresh_verdict_is_not_a_confirmation():
    """牙人's sell bonus of 1, decided too strong: 0 blanks the card and -1 turns it into a charge, so
    no value is proposed; a changed card the fresh study flags is named as unconfirmed."""
    bonus = Lever("passive.0.amount", "amount", 1.0, True, 1)
    assert not keeps_effect(bonus, 0) and not keeps_effect(bonus, -1) and keeps_effect(bonus, 2)
    assert keeps_effect(Lever("cost", "cost", 2.0, True, -1), 0)  # a free card still does what it did
    assert keeps_effect(Lever("ability.0.amount", "amount", 0.0, True, 1), 3)  # raising from nothing
    table = scripted_table({"牙人": "too_strong", "b": "within"}, {"牙人": 0.056, "b": 0.0})
    lab = ScriptedLab([table])
    changes, skipped = propose(lab, {"牙人": 1, "b": 2}, table, TOLERANCE)
    assert changes == [] and skipped == {"牙人": "no_room"}
    fresh = scripted_table({"a": "within", "b": "within"}, {"a": 0.0, "b": 0.0})
    fresh.loc[fresh["card"] == "a", "flag"] = "unused"
    round_ = Round(1, table, (), {}, {}, fresh)
    assert round_.unconfirmed(["a", "b"]) == ["a"]


def test_the_plot_names_hollow_dots_when_only_the_fresh_study_flags_a_card():
    before = scripted_table({"a": "too_strong", "b": "within"}, {"a": 0.06, "b": 0.0})
    after = scripted_table({"a": "within", "b": "within"}, {"a": -0.02, "b": 0.0})
    after.loc[after["card"] == "a", "flag"] = "unused"

    def labels(fresh):
        figure = before_after_plot(before, fresh, TOLERANCE, ["a"], "en", "t")
        return [text.get_text() for text in figure.axes[0].get_legend().get_texts()]

    flag_label = DECK_TEXT["flag_legend"]["en"]
    assert flag_label in labels(after) and flag_label not in labels(after.assign(flag=""))
