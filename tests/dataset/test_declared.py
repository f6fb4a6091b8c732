"""A game's declarations travel in run.json (``sim.dataset.declared``): the runner records what the spec
declares, the statistics read it back without the game's package, and a run.json written before a
declaration reads with the convention the toolkit then assumed (``sim.dataset.legacy``)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pandas as pd

from sim.config import load_config
from sim.dataset.declared import declared
from sim.dataset.legacy import BEFORE_DECLARED, LEGACY_CONTEXT
from sim.games import get_game
from sim.runner.execute import run_json_payload
from sim.stats.content import context_columns, item_columns
from sim.stats.goals_interact import flow_columns
from tests.runner.helpers import toy_study

DECLARATIONS = (
    "context_columns",
    "flow_prefix",
    "earned_prefix",
    "trade_table",
    "trade_switch",
    "novice_bot",
)


def _run(games: dict, events: dict | None = None) -> SimpleNamespace:
    return SimpleNamespace(meta=[{"games": games}], events=events or {})


def test_run_json_records_every_declaration_of_the_spec():
    payload = json.loads(json.dumps(run_json_payload(toy_study(games=2), "test")))
    toy = payload["games"]["toy"]
    assert {key: toy[key] for key in DECLARATIONS} == {
        "context_columns": {},
        "flow_prefix": "",
        "earned_prefix": "",
        "trade_table": "",
        "trade_switch": "",
        "novice_bot": "",
    }


def test_a_declaration_is_read_as_recorded_and_an_older_run_json_with_the_old_convention():
    run = _run({"new": {"novice_bot": "", "context_columns": {"cards": ["period"]}}, "old": {"title": "x"}})
    assert declared(run, "new", "novice_bot") == ""  # declared: no novice, whatever the bots are called
    assert declared(run, "old", "novice_bot") == "novice"
    assert declared(run, "old", "flow_prefix") == BEFORE_DECLARED["flow_prefix"] == "flow_"
    assert tuple(declared(run, "old", "context_columns")["any table"]) == LEGACY_CONTEXT
    assert declared(SimpleNamespace(), "no run.json", "trade_table") == "trades"


def test_the_context_columns_are_the_declared_ones_and_an_older_runs_are_the_old_ones():
    table = pd.DataFrame({"game": ["g"], "seat": [0], "period": ["early"], "era": ["canal"], "card": ["x"]})
    new = _run({"g": {"context_columns": {"cards": ["era"]}}}, {"cards": table})
    assert context_columns(new, "cards") == {"era"}
    assert item_columns(table, context_columns(new, "cards")) == ["period", "card"]
    old = _run({"g": {"title": "x"}}, {"cards": table})
    assert item_columns(table, context_columns(old, "cards")) == ["card"]


def test_mingchu_declares_the_conventions_its_shared_measures_read():
    spec = get_game("mingchu")
    flows = flow_columns(spec.report.breakdown_columns, spec.report.flow_prefix)
    assert len(flows) == sum(c.startswith(spec.report.flow_prefix) for c in spec.report.breakdown_columns) > 0
    assert any(c.startswith(spec.report.earned_prefix) for c in spec.report.breakdown_columns)
    assert spec.bots.novice in spec.bots.bots
    assert spec.report.trade_table in spec.report.event_tables
    switch = load_config(spec.default_config, {spec.report.trade_switch: "false"})
    assert load_config(spec.default_config).params.rules.trading and not switch.params.rules.trading
    assert spec.cards.forced_key in spec.params_model.model_fields
    for table, columns in spec.report.context_columns.items():
        assert set(columns) <= set(spec.report.event_tables[table])


def test_every_games_context_columns_are_columns_of_its_event_tables():
    for name in ("brass", "mingchu", "steam", "toy"):
        spec = get_game(name)
        for table, columns in spec.report.context_columns.items():
            assert set(columns) <= set(spec.report.event_tables[table]), (name, table)
