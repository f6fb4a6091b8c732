"""Every deck a game declares (``GameSpec.cards.card_decks``): holding counted as declared, forcing as
declared, each deck studied on a tiny budget, unknown decks refused, verdicts compared by count."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cards import by_count
from sim.cards.deck_design import Design
from sim.cards.deck_study import DeckStudy
from sim.cards.decks import card_deck, game_decks, holders
from sim.cards.study import deck_cards
from sim.cli import cli
from sim.config import ConfigError, load_config
from sim.dataset import read_columns
from sim.games import get_game

FIXTURES = Path(__file__).parent / "fixtures"
PLANTED = FIXTURES / "planted.yaml"
DECK = FIXTURES / "deck.yaml"
MINGCHU = get_game("mingchu").cards.card_decks
FORCED = [d.name for d in MINGCHU if d.force is not None]
REMOVED = [d.name for d in MINGCHU if d.force is None]


def invoke(*args: str):
    return CliRunner().invoke(cli, [str(a) for a in args])


def test_mingchu_declares_every_deck_of_its_config_and_forces_the_drafted_ones():
    config = load_config(PLANTED)
    assert {d.name for d in MINGCHU} == set(type(config.params.cards).model_fields)
    assert FORCED == ["门客", "家族"]
    assert [d.name for d in MINGCHU if d.in_play] == ["事件", "官府产业"]


@pytest.mark.parametrize("game", ["brass", "steam"])
def test_a_game_without_cards_has_no_decks(game):
    from sim.config import load_config as load

    config = load(get_game(game).default_config)
    assert game_decks(game, config.params) == {}
    with pytest.raises(ConfigError, match="no such deck.*none"):
        card_deck(config, "门客")


def test_an_unknown_deck_is_refused_naming_every_deck_the_game_declares():
    result = invoke("cards", "study", PLANTED, "--deck", "门卡", "-p", "4")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "'门卡': no such deck" in result.output
    for deck in MINGCHU:
        assert deck.name in result.output


@pytest.mark.parametrize("args", [("--design", "deck"), ("--design", "paired", "--arms", "forced")])
def test_forcing_a_deck_the_rules_cannot_force_is_refused_naming_what_holding_is(args):
    result = invoke("cards", "study", PLANTED, "--deck", "皇恩", "-p", "4", *args)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "cannot give a 皇恩 card to a seat" in result.output and "a 皇恩卡 drawn" in result.output


def test_the_setup_events_are_not_studied():
    config = load_config(PLANTED)
    cards = deck_cards(config, "事件")
    named = {config.params.setup.opening_event, config.params.setup.war_event}
    assert cards and not named & set(cards)
    assert len(cards) == sum(1 for c in config.params.cards.事件 if c.role == "normal")


def test_holding_is_counted_as_each_deck_declares_it_on_planted_rows():
    """Known answer: rows planted by hand; a drawn 皇恩卡 is held by its seat, a played one is not a
    second holding, another deck's row is not this deck's, an event in play is held by every seat."""
    rows = pd.DataFrame(
        [
            {"game_index": 0, "seat": 2, "card_id": "赏银", "deck": "皇恩", "kind": "drawn"},
            {"game_index": 0, "seat": 2, "card_id": "赏银", "deck": "皇恩", "kind": "played"},
            {"game_index": 1, "seat": 0, "card_id": "赐匠", "deck": "皇恩", "kind": "drawn"},
            {"game_index": 1, "seat": 3, "card_id": "赐匠", "deck": "皇恩", "kind": "played"},
            {"game_index": 0, "seat": 1, "card_id": "赌徒", "deck": "门客", "kind": "taken"},
            {"game_index": 0, "seat": -1, "card_id": "空印案", "deck": "事件", "kind": "drawn"},
            {"game_index": 1, "seat": 1, "card_id": "空印案", "deck": "事件", "kind": "applied"},
        ]
    )
    decks = {d.name: d for d in MINGCHU}
    grace = holders(rows, decks["皇恩"], 4)
    assert grace.to_dict("records") == [
        {"game_index": 0, "seat": 2, "card_id": "赏银"},
        {"game_index": 1, "seat": 0, "card_id": "赐匠"},
    ]
    events = holders(rows, decks["事件"], 4)
    assert events.to_dict("records") == [{"game_index": 0, "seat": s, "card_id": "空印案"} for s in range(4)]
    assert holders(rows.iloc[:0], decks["门客"], 4).empty


@pytest.mark.parametrize(("deck", "cards"), [("门客", ["财神", "白板"]), ("家族", ["苏州沈氏", "扬州程氏"])])
def test_forced_cards_are_held_by_their_seats_as_the_engine_records_them(tmp_path, deck, cards):
    """Known answer on the engine: the deck's declared forcing plants each card on a seat; the
    declared holding, read from the games' card rows, finds exactly those seats holding them."""
    config = load_config(PLANTED)
    forced = card_deck(config, deck).force(deck, [(cards[0], 1), (cards[1], 3)])
    setting = (
        "["
        + ", ".join(
            f"{{deck: {f['deck']}, card: {f['card']}, seat: {f['seat']}}}" for f in forced["forced_cards"]
        )
        + "]"
    )
    out = tmp_path / "run"
    result = invoke(
        "run",
        PLANTED,
        "-p",
        "4",
        "-n",
        "3",
        "--set",
        f"forced_cards={setting}",
        "--out",
        out,
        "--no-progress",
    )
    assert result.exit_code == 0, result.output
    events = read_columns(out / "events_cards", ["game_index", "seat", "card_id", "deck", "kind"])
    held = holders(events, card_deck(config, deck), 4)
    for card, seat in ((cards[0], 1), (cards[1], 3)):
        assert sorted(held.loc[held["card_id"] == card, "seat"]) == [seat] * 3
        assert sorted(held.loc[held["card_id"] == card, "game_index"]) == [0, 1, 2]


def test_the_deck_design_forces_every_seat_with_the_decks_declared_setting():
    """The 门客 configs the deck design plays are the first convention's, setting for setting."""
    config = load_config(DECK)
    cards = tuple(deck_cards(config, "门客"))
    plan = DeckStudy(config, "门客", cards, cards, 4, ("runner",))
    design = Design(cards, cards, 4)
    for variant, table in zip(plan.variants(0, design), design.tables, strict=True):
        expected = [{"deck": "门客", "card": card, "seat": seat} for seat, card in enumerate(table)]
        assert variant.data["forced_cards"] == expected
        assert [f.card for f in variant.params.forced_cards] == list(table)


@pytest.mark.parametrize("deck", FORCED + REMOVED)
def test_each_declared_deck_can_be_studied_on_a_tiny_budget(tmp_path, deck):
    out = tmp_path / deck
    base = [
        "cards",
        "study",
        DECK,
        "--deck",
        deck,
        "-p",
        "4",
        "--out",
        out,
        "--no-progress",
        "--tolerance",
        "10",
    ]
    config = load_config(DECK)
    if deck in FORCED:  # one batch: every card (and the blank) in two slots, one seed
        cards = len(deck_cards(config, deck)) + (deck == "门客")
        result = invoke(*base, "--batch-seeds", "1", "--budget", f"{2 * cards}g")
        shown = pd.read_csv(out / "report" / "card-study.csv", keep_default_na=False)
        assert len(shown) == len(deck_cards(config, deck))
    else:  # the removed arm of two cards, two games each
        two = deck_cards(config, deck)[:2]
        result = invoke(*base, "--cards", ",".join(two), "-n", "2")
        assert f"2 {deck} cards" in result.output and "removed" in result.output
    assert result.exit_code == 0, result.output


def test_two_counts_are_studied_and_the_verdicts_compared(tmp_path):
    out = tmp_path / "both"
    result = invoke(
        "cards", "study", DECK, "--deck", "家族", "-p", "4,5", "--out", out, "--no-progress",
        "--batch-seeds", "1", "--budget", "20g",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    for n in (4, 5):
        assert (out / f"p{n}" / "report" / "card-study.csv").is_file()
    table = pd.read_csv(out / "report" / "verdicts-by-count.csv", keep_default_na=False)
    assert list(table.columns[:3]) == ["card", "verdict, 4 players", "effect, 4 players"]
    assert len(table) == len(deck_cards(load_config(DECK), "家族"))
    assert "verdicts-by-count.md" in result.output


def test_verdicts_that_differ_between_counts_are_named():
    def rows(verdicts):
        return pd.DataFrame(
            {"card": list("abc"), "verdict": verdicts, "effect": [6.0, 0.0, -1.0], "low": [4.0, -2.0, -9.0],
             "high": [8.0, 2.0, 7.0], "games": [10, 10, 10], "score": [1.0, 0.0, 0.0]}
        )  # fmt: skip

    frame = by_count.by_count(
        {4: rows(["too_strong", "within", "undecided"]), 5: rows(["within", "within", "too_weak"])}
    )
    assert frame["differs"].tolist() == [True, False, True]
    assert frame["both_ways"].tolist() == [True, False, False]
    lines = by_count.summary_lines(frame, [4, 5], "en")
    assert lines == ["Verdicts that differ between 4 and 5 players: a, c.", "Decided differently: a."]
    same = by_count.by_count({4: rows(["within"] * 3), 5: rows(["within"] * 3)})
    assert by_count.summary_lines(same, [4, 5], "en") == [
        "Every card has the same verdict at 4 and 5 players."
    ]
