"""The report's trading line: share of games with a trade, trades and offers per game."""

from __future__ import annotations

import pandas as pd
import pytest

from sim.report.metrics.trades import trade_rates


def test_trade_rates_count_accepted_trades_per_game():
    games = pd.DataFrame(
        {
            "game": ["mingchu"] * 4 + ["brass"],
            "variant": "base",
            "n_players": [4, 4, 4, 5, 4],
            "gid": range(5),
        }
    )
    trades = pd.DataFrame(
        {"gid": [0, 0, 1, 3], "game": "mingchu", "kind": ["accepted", "accepted", "refused", "accepted"]}
    )
    rates = trade_rates(games, trades).set_index("n_players")
    assert list(rates.index) == [4, 5]  # brass records no trades: not listed
    four = rates.loc[4]
    assert four["games"] == 3
    assert four["with_trade"] == pytest.approx(1 / 3)  # game 1 had only a refused offer
    assert four["trades_per_game"] == pytest.approx(2 / 3)
    assert four["offers_per_game"] == pytest.approx(1.0)
    assert rates.loc[5, "with_trade"] == 1.0


def test_no_trades_table_no_rows():
    games = pd.DataFrame({"game": ["brass"], "variant": "base", "n_players": [4], "gid": [0]})
    assert trade_rates(games, pd.DataFrame()).empty


def test_the_note_names_the_declared_trading_switch_and_an_older_run_gets_the_general_words():
    from types import SimpleNamespace

    from sim.report.metrics.trades import _switch_notes
    from sim.report.names import Names

    rates = pd.DataFrame({"game": ["mingchu"], "variant": ["base"], "n_players": [4]})

    def analysis(facts: dict) -> SimpleNamespace:
        run = SimpleNamespace(meta=[{"games": {"mingchu": facts}}])
        return SimpleNamespace(
            tables={"trade_rates": rates}, run=run, names=lambda lang: Names.from_meta([], lang)
        )

    declared = analysis({"trade_switch": "rules.trading"})
    assert "--set-b rules.trading=false" in _switch_notes(declared, "zh")[0]
    assert "--set-b rules.trading=false" in _switch_notes(declared, "en")[0]
    (older,) = _switch_notes(analysis({}), "zh")  # a run.json written before the declaration
    assert "--set-b 交易开关=false" in older


def test_a_notes_quoted_command_is_code_in_the_page_and_the_rest_is_escaped():
    from sim.report.build import code_spans

    shown = str(code_spans("run `sim compare A --set-b rules.trading=false` <now>"))
    assert shown == "run <code>sim compare A --set-b rules.trading=false</code> &lt;now&gt;"
    assert str(code_spans("an odd ` quote <b>")) == "an odd ` quote &lt;b&gt;"
