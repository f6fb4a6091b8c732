"""Code values a Chinese designer would otherwise read in a Chinese report's CSVs and summary: the
answers' topics, verdict codes and certainty, the bots a goal was measured with, a ``sim goals``
play's variant label and a report that combines several games."""

from __future__ import annotations

import re

from sim.report.csv_tables import csv_cell
from sim.report.labels import shared_terms
from sim.report.metrics import REGISTRY
from sim.report.names import Names

LATIN = re.compile(r"[A-Za-z_]{3,}")


def zh() -> Names:
    return Names.from_meta([], "zh")


def test_every_answer_code_and_topic_has_a_name_in_every_language():
    codes = {code.split(":")[0] for m in REGISTRY for code in m.codes if not code.startswith("stage")}
    assert {"changed", "balanced", "not_met", "no_reference"} <= codes
    for lang in ("en", "zh"):
        terms = shared_terms(lang)
        assert {c for c in codes if f"answer:{c}" not in terms} == set(), lang


def test_answers_csv_shows_topics_codes_and_certainty_by_name():
    names = zh()
    cells = [
        csv_cell(names, "topic", "card_change", "mingchu", "answers"),
        csv_cell(names, "code", "changed", "mingchu", "answers"),
        csv_cell(names, "code", "not_met", "mingchu", "answers"),
        csv_cell(names, "sure", "medium", "mingchu", "answers"),
        csv_cell(names, "code", "notable:runner", "mingchu", "answers"),
    ]
    assert cells == ["卡牌改动", "有变化", "未达成", "把握一般", "值得注意：跑商型"]
    assert csv_cell(names, "code", "changed", "mingchu", "other_table") == "changed"  # only answers.csv


def test_a_goals_players_are_listed_by_their_names():
    shown = csv_cell(zh(), "players", "industrialist,roadbuilder,runner", "mingchu", "goals")
    assert shown == "实业型、修路型、跑商型"
    assert csv_cell(zh(), "driver", "none_helps", "mingchu", "goals") == "没有哪种补偿更均衡"


def test_a_goals_play_reads_as_the_variant_and_the_play():
    names = zh()
    for label in (
        "base+skill",
        "base+routes",
        "base+novice",
        "base+ladder",
        "base+setups",
        "base+seats_turn_order",
    ):
        shown = names.variant("mingchu", label)
        assert shown.startswith("基础版·") and not LATIN.search(shown), shown
    assert names.variant("mingchu", "cheap+loans") == "cheap+loans"  # a file name with a "+" is no play
    assert Names.from_meta([], "en").variant("mingchu", "base+skill") == "base+skill"
