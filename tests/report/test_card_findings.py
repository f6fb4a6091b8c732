"""Card findings that are about cards (issue 20 items 6 and 7), on small real 明初商途 runs: no period,
whole deck or handful-of-seats comparison among them, and a comparison that changes a card opens
with the change's causal effect on the card (issue 39 item 1), its holders a description, in both
report languages."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.dataset import load_run
from sim.report.analysis import analyse
from sim.report.metrics.content import MIN_CARD_GAMES, content_section
from sim.report.metrics.holders import section as holders_section
from sim.report.summary import key_findings
from sim.stats.content import MIN_SEATS
from sim.stats.holders import changed_items

SHORT = Path(__file__).resolve().parents[2] / "sim/configs/mingchu/short.yaml"


def _sim(*args: str) -> None:
    result = CliRunner().invoke(cli, [*args, "--no-progress"], catch_exceptions=False)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def mingchu_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("mingchu") / "run"
    _sim("run", str(SHORT), "-p", "4,5", "-n", str(MIN_CARD_GAMES), "--out", str(out))
    return out


@pytest.fixture(scope="module")
def analysis(mingchu_run: Path):
    return analyse(load_run(mingchu_run))


def test_card_rows_are_cards_and_every_compared_row_has_enough_seats_on_both_sides(analysis):
    rates = analysis.tables["event_win_rates"]
    # no period, no whole deck: cards only (card_id of the card events, card of a trade's 皇恩卡)
    assert set(rates["column"]) <= {"card_id", "card"} and "card_id" in set(rates["column"])
    cards = rates[rates["column"] == "card_id"]
    assert (
        cards["value"].str.contains("·").all()
    )  # every row names one card of one deck (a trade's: a 皇恩卡)
    compared = rates[rates["difference"].notna()]
    assert (
        len(compared)
        and (compared["seats"] >= MIN_SEATS).all()
        and (compared["comparators"] >= MIN_SEATS).all()
    )
    few = rates[~rates["comparable"]]
    assert len(few) and few[["difference", "diff_lo", "diff_hi", "q_value"]].isna().all().all()
    assert not few["notable"].any()
    everyone = rates[rates["value"] == "事件·洪武开篇"]  # applied to every seat: nobody to compare with
    assert len(everyone) and not everyone["comparable"].any()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_key_findings_hold_only_compared_card_rows(analysis, lang):
    lines = key_findings(analysis, lang)
    periods = {"洪武", "靖难", "后期"}
    decks = set(analysis.run.events["cards"]["deck"].unique())
    for line in lines:
        assert not any(f"] {name}{bracket}" in line for name in periods | decks for bracket in " （"), line
    rates = analysis.tables["event_win_rates"]
    shown = rates[rates["notable"]]
    assert (shown["seats"] >= MIN_SEATS).all() and (shown["comparators"] >= MIN_SEATS).all()


def test_the_report_lists_the_rows_too_few_to_compare(analysis):
    section = content_section(analysis, "zh")
    lines = [*section.notes, *(v for f in section.figures for v in f.more_verdicts)]
    assert any("样本太少，无法比较" in line for line in lines)
    assert {"comparators", "comparable"} <= set(analysis.tables["event_win_rates"].columns)


# --- sim compare of a variant that changes a card ------------------------------------------------


def test_changed_items_are_the_id_entries_that_differ():
    a = {"cards": {"门客": [{"id": "账房先生", "ability": [1]}, {"id": "马夫"}]}, "goods": [{"id": "盐"}]}
    b = {
        "cards": {"门客": [{"id": "账房先生", "ability": [2]}, {"id": "马夫"}, {"id": "新"}]},
        "goods": [{"id": "盐"}],
    }
    assert changed_items(a, b) == [("cards.门客", "账房先生"), ("cards.门客", "新")]
    assert changed_items(a, a) == []


@pytest.fixture(scope="module")
def compared(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("compare")
    variant = folder / "rich.yaml"
    variant.write_text(
        f"game: mingchu\nextends: {SHORT.as_posix()}\ndescription: 账房先生 pays 6\n"
        "cards:\n  门客: [{id: 账房先生, ability: [{effect: gain_coins, amount: 6}]}]\n",
        encoding="utf-8",
    )
    out = folder / "run"
    _sim("compare", str(SHORT), str(variant), "-p", "4", "-n", "40", "--lang", "zh", "--out", str(out))
    return out


def test_compare_opens_with_the_changed_cards_causal_effect_and_describes_the_holders(compared):
    summary = (compared / "report" / "summary.md").read_text(encoding="utf-8")
    findings = summary.split("## ", 2)[1].splitlines()
    first = next(line for line in findings if line.startswith("- "))
    assert (
        "账房先生 对持有者的因果效应" in first and " → " in first and "95% 区间" in first and "得分 " in first
    )
    assert not any("持有者（描述）" in line for line in findings)  # a description, not a finding
    again = analyse(load_run(compared))
    holders = again.tables["changed_card_holders"]
    shown = pd.read_csv(compared / "report" / "tables" / "changed_card_holders.csv")
    assert list(shown["卡牌"]) == ["账房先生"]  # the Chinese report's CSV: Chinese headers
    assert (
        list(holders["card"]) == ["账房先生"]
        and (holders["seats_a"] > 0).all()
        and (holders["seats_b"] > 0).all()
    )
    row = holders.iloc[0]
    assert row["win_lo"] <= row["win_diff"] <= row["win_hi"]
    players = load_run(compared).players
    assert (
        row["score_b"] != row["score_a"]
        and players["score"].min() <= row["score_a"] <= players["score"].max()
    )
    english = key_findings(again, "en")[0]
    assert (
        english.startswith("[") and "账房先生, causal effect on its holder" in english and "95% CI" in english
    )
    section = holders_section(again, "en")
    assert section.title == "Holders of the changed cards (description, not the change's effect)"
    assert any("Holders of 账房先生 (description): win rate " in note for note in section.notes)


def test_a_run_without_changed_cards_has_no_holders_lines(analysis):
    assert analysis.tables["changed_card_holders"].empty
    assert analysis.tables["changed_card_effects"].empty
    # neither a causal line nor a holders line ("<card> 的持有者（描述）"), whatever else names 持有
    lines = key_findings(analysis, "zh")
    assert not any("对持有者的因果效应" in line or "的持有者（描述）" in line for line in lines)


def test_the_content_chart_always_draws_the_strongest_findings(analysis, monkeypatch):
    # the item with the middle difference of the largest chart becomes the strongest finding: the
    # chart (12 bars of more items) must draw it, not only the largest and smallest differences
    from dataclasses import replace

    from sim.report import plots
    from sim.report.metrics.content import MAX_CONTENT_BARS

    rates = analysis.tables["event_win_rates"].copy()
    compared = rates[rates["comparable"].astype(bool) & (rates["column"] == "card_id")]
    keys = ["game", "variant", "table", "kind"]
    sizes = compared.groupby(keys)["value"].nunique()
    assert sizes.max() > MAX_CONTENT_BARS + 2, sizes  # the chart has to leave items out
    group = compared.set_index(keys).loc[sizes.idxmax()]
    by_item = group.groupby("value")["difference"].mean().sort_values()
    middle = by_item.index[len(by_item) // 2]
    planted = rates["value"] == middle
    rates["notable"] = planted
    rates["q_value"] = rates["q_value"].where(~planted, 1e-6)
    drawn = []
    monkeypatch.setattr(
        plots, "plot_content_win_rates", lambda d, ax, *args: drawn.append(set(d["value"])) or ax
    )
    changed = replace(analysis, tables={**analysis.tables, "event_win_rates": rates})
    content_section(changed, "en")
    name = changed.names("en").term(sizes.idxmax()[0], middle)
    assert any(name in items and len(items) == MAX_CONTENT_BARS for items in drawn), drawn


def test_one_card_with_the_same_numbers_under_two_kinds_is_one_finding():
    """A 门客 taken and played by the same seats is one finding naming both kinds, not two lines."""
    from sim.report.metrics.content import shown_findings
    from sim.report.names import Names

    row = {"game": "mingchu", "variant": "base", "n_players": 5, "table": "cards", "column": "card_id",
           "value": "门客·镖师", "difference": -0.157, "diff_lo": -0.207, "diff_hi": -0.106, "seats": 37,
           "q_value": 0.0001}  # fmt: skip
    other = row | {"value": "门客·相士", "difference": 0.1}
    notable = pd.DataFrame([row | {"kind": "played"}, row | {"kind": "taken"}, other | {"kind": "taken"}])
    names = Names.from_meta([], "zh")
    shown = shown_findings(notable, names, "zh")
    assert [r["item"] for r in shown] == ["门客·镖师", "门客·相士"]
    assert shown[0]["kind"] == f"{names.term('mingchu', 'played')}、{names.term('mingchu', 'taken')}"
    assert shown[1]["kind"] == names.term("mingchu", "taken")
    alone = shown_findings(notable.iloc[[0, 2]], names, "zh")
    assert [r["kind"] for r in alone] == [names.term("mingchu", "played"), names.term("mingchu", "taken")]
