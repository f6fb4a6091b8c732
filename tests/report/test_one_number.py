"""One number, one value: a small real run of the toy game and a small sweep, each figure read from
every view that shows it (``sim run``'s console, the report's CSV tables, its HTML tables, its
sentences and the data its charts draw) and checked to agree."""

from __future__ import annotations

import html
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.report import plots

CONSOLE_ROW = re.compile(r"^\s+(\S+)\s+(\d+\.\d)% \[\s*(\d+\.\d)%, \s*(\d+\.\d)%\]")
GROUP_LINE = re.compile(r"^(\S+), (\d+) players:")


def pct(x: float) -> str:
    return f"{100 * x:.1f}"


def invoke(args: list[str]) -> str:
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    return result.output


def console_rows(output: str) -> dict[tuple[str, int, str, str], tuple[str, str, str]]:
    """(variant, players, "seat"/"bot", name) -> (rate, lo, hi) as ``sim run`` prints them."""
    found, group, kind = {}, None, None
    for line in output.splitlines():
        if m := GROUP_LINE.match(line):
            group = (m.group(1), int(m.group(2)))
        elif line.strip().startswith(("seat ", "bot ")):
            kind = line.split()[0]
        elif (m := CONSOLE_ROW.match(line)) and group is not None:
            found[(*group, kind, m.group(1))] = m.group(2, 3, 4)
    return found


def tables(report: Path) -> dict[str, pd.DataFrame]:
    return {p.stem: pd.read_csv(p, encoding="utf-8-sig") for p in (report / "tables").glob("*.csv")}


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> tuple[str, Path]:
    """A toy run at 2 and 3 players (greedy and random rotated over the seats), and its report."""
    base = tmp_path_factory.mktemp("one-number")
    args = ["run", "toy", "-p", "2,3", "-n", "40", "--bots", "greedy,random", "--no-progress"]
    console = invoke([*args, "--out", str(base / "run")])
    invoke(["report", str(base / "run"), "--out", str(base / "report")])
    return console, base / "report"


def test_console_seat_and_bot_figures_are_the_reports(run):
    console, report = run
    printed, t = console_rows(console), tables(report)
    seats, bots = t["seat_win_rates"], t["bot_results"]
    assert len(printed) == len(seats) + len(bots), printed
    for r in seats.itertuples():
        shown = printed[(r.variant, r.n_players, "seat", str(r.seat + 1))]
        assert shown == (pct(r.win_rate), pct(r.lo), pct(r.hi)), (r.n_players, r.seat)
    for r in bots.itertuples():
        shown = printed[(r.variant, r.n_players, "bot", r.bot)]
        assert shown == (pct(r.win_rate), pct(r.lo), pct(r.hi)), (r.n_players, r.bot)


def test_html_tables_and_sentences_quote_the_csv_figures(run):
    _, report = run
    t = tables(report)
    page = (report / "report.html").read_text(encoding="utf-8")
    summary = (report / "summary.md").read_text(encoding="utf-8")
    for r in t["first_player_advantage"].itertuples():  # the player-count table's seat 1 row
        assert f"{pct(r.win_rate)}% [{pct(r.lo)}%, {pct(r.hi)}%]" in page, r.n_players
    sentences = re.findall(r"Seat (\d+) wins (\d+)% ± \d+% at (\d+) players[^\n]*", summary)
    assert sentences, summary
    seats = t["seat_win_rates"].set_index(["n_players", "seat"])
    for seat, rate, n, *_ in sentences:
        row = seats.loc[(int(n), int(seat) - 1)]
        assert int(rate) == round(100 * row["win_rate"]), (n, seat)
    for seat, n, gap in re.findall(r"Seat (\d+) wins .*? at (\d+) players.*?up to (\d+\.\d) points", summary):
        row = seats.loc[(int(n), int(seat) - 1)]  # the seat interval's far end from the fair share
        assert gap == pct(max(row["hi"] - row["fair_share"], row["fair_share"] - row["lo"]))


def test_best_count_sentence_names_only_the_measures_it_leads_on(run):
    _, report = run
    t = tables(report)
    page = (report / "report.html").read_text(encoding="utf-8")
    undecided = re.search(r"no player count is decidedly best[^<]*", page)
    if undecided is not None:  # no interval sets a count apart: no count is named best
        assert "plays best" not in page
        counts = t["player_counts"]
        for n, gap in zip(counts["n_players"], counts["max_gap"], strict=True):
            assert f"{int(n)} players: seat gap {pct(gap)}" in undecided.group(0)
        return
    found = re.search(r"(\d) players plays best[^<]*", page)
    assert found is not None, "no best-count sentence"
    text, best = found.group(0), int(found.group(1))
    counts = t["player_counts"].set_index("n_players")
    score = t["score_distribution"].set_index("n_players")["mean"]
    spread = counts["mean_margin"] / score.reindex(counts.index).abs()
    measures = {
        "smallest widest seat gap": counts["max_gap"].round(9),
        "closest scores": spread.round(9),
        "most lead changes": -counts["lead_changes"].round(9),
    }
    named = [m for m in measures if m in text]
    for measure, values in measures.items():
        leads = bool(values[best] <= values.drop(best).min())
        assert (measure in named) == leads, (measure, values.to_dict(), text)
    if "smallest widest seat gap" in named:
        row = counts.loc[best]
        assert f"{pct(row['max_gap'])}% (95% CI {pct(row['max_gap_lo'])}%–{pct(row['max_gap_hi'])}%)" in text


def test_sweep_text_chart_and_bot_table_agree(tmp_path, monkeypatch):
    """Three seats for two bots: a bot fills two seats of some games, where a per-game mean and the
    per-seat share the tables give differ; every view must give the tables' figure."""
    drawn: dict[str, pd.DataFrame] = {}
    draw = plots.plot_sweep_metric

    def spy(response, metric, *args, **kwargs):
        drawn[metric] = response[response["metric"] == metric].copy()
        return draw(response, metric, *args, **kwargs)

    monkeypatch.setattr(plots, "plot_sweep_metric", spy)
    args = ["sweep", "toy", "--param", "max_step=2,3", "-p", "3", "-n", "30", "--bots", "greedy,random"]
    console = invoke([*args, "--no-progress", "--out", str(tmp_path / "sweep")])
    report = tmp_path / "sweep" / "report"
    t = tables(report)
    summary = (report / "summary.md").read_text(encoding="utf-8")
    page = html.unescape((report / "report.html").read_text(encoding="utf-8"))
    printed = console_rows(console)
    bots = t["bot_results"].assign(value=lambda d: d["variant"].str.extract(r"max_step=(\d+)")[0])
    tests = t["sweep_tests"]
    checked = 0
    for r in tests[tests["metric"].str.startswith("bot_win_rate:")].itertuples():
        bot = r.metric.split(":", 1)[1]
        chart = drawn[r.metric].set_index("value")["estimate"]
        for value, estimate in ((r.value_lo, r.estimate_lo), (r.value_hi, r.estimate_hi)):
            table = bots[(bots["bot"] == bot) & (bots["value"] == str(value))]["win_rate"].item()
            assert np.isclose(estimate, table) and np.isclose(chart[str(value)], table), (bot, value)
            variant = f"base[max_step={value}]"
            assert printed[(variant, 3, "bot", bot)][0] == pct(table)
        said = f"{bot}'s win rate goes from {pct(r.estimate_lo)}% at max_step = {r.value_lo} to {pct(r.estimate_hi)}%"
        assert said in page, said
        if r.changed:
            assert said in summary, said
        checked += 1
    assert checked == 2


def test_a_bot_that_never_won_gets_an_interval_not_a_point():
    """Its win rate 0% is what every view prints; its interval is Wilson's on its games, not [0, 0]."""
    from sim.stats.bots import bot_results

    games = 12
    players = pd.DataFrame(
        {
            "game": "toy", "variant": "base", "n_players": 2, "gid": np.repeat(np.arange(games), 2),
            "seat": np.tile([0, 1], games), "bot": np.tile(["a", "b"], games), "rank": np.tile([1, 2], games),
            "won": np.tile([True, False], games), "score": np.tile([10.0, 5.0], games),
        }
    )  # fmt: skip
    rows = bot_results(players).set_index("bot")
    assert rows.loc["b", "win_rate"] == 0 and abs(rows.loc["b", "lo"]) < 1e-12
    assert 0.15 < rows.loc["b", "hi"] < 0.4, rows.loc["b", "hi"]
    assert rows.loc["a", "lo"] < 0.85 and abs(rows.loc["a", "hi"] - 1) < 1e-12
