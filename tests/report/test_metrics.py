"""The metric registry: a metric is one module (a test adds one and finds it in the report), the message
catalogues agree, and the metrics added with it (rules evenness, winning scores) answer in both languages."""

from __future__ import annotations

import html as html_module
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from sim import stats
from sim.dataset import load_run
from sim.report import build_report, metrics
from sim.report.catalogue import en, zh
from sim.report.labels import header, t
from sim.report.metric import Metric, answer_row
from sim.report.sections import Section, table
from sim.stats.synthetic import SyntheticVariant, write_synthetic_run


def test_catalogues_have_the_same_keys():
    assert en.MESSAGES.keys() == zh.MESSAGES.keys()
    assert en.HEADERS.keys() == zh.HEADERS.keys()
    assert len(en.GLOSSARY) == len(zh.GLOSSARY)


def test_registry_is_consistent():
    keys = [m.key for m in metrics.REGISTRY]
    assert len(keys) == len(set(keys))
    for m in metrics.REGISTRY:
        assert set(m.needs) <= set(keys), m.key
        if m.answers is not None:
            assert m.topic in en.MESSAGES and m.codes, m.key


def _longest_game(a) -> dict[str, pd.DataFrame]:
    rounds = a.run.games.groupby(["game", "variant"], as_index=False)["rounds"].max()
    return {"longest_game": rounds.rename(columns={"rounds": "most_rounds"})}


def _longest_section(a, lang):
    section = Section("longest", t("tiny_title", lang))
    section.tables.append(table(a, lang, a.tables["longest_game"], t("tiny_title", lang), "longest_game"))
    return section


def _longest_answers(a, names, lang):
    rows = a.tables["longest_game"].to_dict("records")
    sentences = [
        t("tiny_answer", lang, name=names.title(r["game"]), rounds=int(r["most_rounds"])) for r in rows
    ]
    codes = [answer_row("longest", r["game"], r["variant"], "", "longest", r["most_rounds"], np.nan, np.nan, "high")
             for r in rows]  # fmt: skip
    return sentences, codes


def test_a_new_metric_module_appears_in_the_report(tmp_path, monkeypatch):
    tiny = Metric(
        key="longest",
        tables=("longest_game",),
        compute=_longest_game,
        section=_longest_section,
        topic="tiny_topic",
        answers=_longest_answers,
        codes=("longest",),
    )
    monkeypatch.setattr(metrics, "REGISTRY", [*metrics.REGISTRY, tiny])
    for lang, texts in (("en", ("Longest game", "Longest: {name} lasted {rounds} rounds.")),
                        ("zh", ("最长对局", "最长：{name} 持续 {rounds} 轮。"))):  # fmt: skip
        catalogue = en if lang == "en" else zh
        for key, text in zip(("tiny_title", "tiny_answer"), texts, strict=True):
            monkeypatch.setitem(catalogue.MESSAGES, key, text)
        monkeypatch.setitem(catalogue.MESSAGES, "tiny_topic", texts[0])
    run = write_synthetic_run(tmp_path / "run", player_counts=(3,), games_per_count=40)
    most = int(pd.read_parquet(run / "games")["rounds"].max())
    html = build_report(run, tmp_path / "out", lang="zh").read_text(encoding="utf-8")
    assert '<section id="longest">' in html and f"最长：合成测试游戏 持续 {most} 轮。" in html
    assert "<h3>最长对局</h3>" in html
    assert pd.read_csv(tmp_path / "out" / "tables" / "longest_game.csv")["most_rounds"].tolist() == [most]
    answers = pd.read_csv(tmp_path / "out" / "tables" / "answers.csv")  # a Chinese report: Chinese headers
    topic, estimate = header("topic", "zh"), header("estimate", "zh")
    assert answers.loc[answers[topic] == "longest", estimate].tolist() == [most]


@pytest.fixture(scope="module")
def rules_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two variants that differ in a categorical value ``rules``: base (seat 1 favoured at 3 players)
    and standard (even); base also carries a human winning-score reference at 3 players."""
    run = write_synthetic_run(
        tmp_path_factory.mktemp("rules") / "run",
        variants=[SyntheticVariant("base", {3: [2.2, 1, 1]}), SyntheticVariant("standard")],
        player_counts=(3, 4),
        games_per_count=400,
    )
    meta = json.loads((run / "run.json").read_text(encoding="utf-8"))
    for v in meta["variants"]:
        v["resolved"]["rules"] = v["label"]
        if v["label"] == "base":
            v["resolved"]["reference"] = {"human_winning_score": {"3": 10_000}}
    (run / "run.json").write_text(json.dumps(meta), encoding="utf-8")
    return run


def test_which_rules_play_most_evenly(rules_run, tmp_path):
    factors = stats.categorical_factors(load_run(rules_run).meta)
    assert set(factors["parameter"]) == {"rules"}
    for lang in ("en", "zh"):
        html = build_report(rules_run, tmp_path / lang, lang=lang).read_text(encoding="utf-8")
        assert '<section id="evenness">' in html
        answers = pd.read_csv(tmp_path / lang / "tables" / "answers.csv")
        topic, code = ("topic", "code") if lang == "en" else (header("topic", lang), header("code", lang))
        evenness = "evenness" if lang == "en" else "哪个设置最均衡"  # zh: topics and codes by name
        most_even = "most_even:standard" if lang == "en" else "最均衡：standard"
        assert answers.loc[answers[topic] == evenness, code].tolist() == [most_even]
    assert "rules: standard plays most evenly" in (tmp_path / "en" / "report.html").read_text(
        encoding="utf-8"
    )
    assert "rules：standard最均衡" in (tmp_path / "zh" / "report.html").read_text(encoding="utf-8")
    gaps = pd.read_csv(tmp_path / "en" / "tables" / "evenness.csv")
    at3 = gaps[gaps["n_players"] == 3].set_index("value")
    assert at3.loc["standard", "best"] and at3.loc["standard", "separated"]
    assert at3.loc["base", "max_gap_lo"] > at3.loc["standard", "max_gap_hi"]


def test_winning_scores_and_human_reference(rules_run, tmp_path):
    run = load_run(rules_run)
    summary = stats.winning_score_summary(run.players)
    per_game = run.players.groupby("gid")["score"].max()
    base3 = run.players[(run.players["variant"] == "base") & (run.players["n_players"] == 3)]["gid"].unique()
    row = summary[(summary["variant"] == "base") & (summary["n_players"] == 3)].iloc[0]
    assert row["q50"] == pytest.approx(np.median(per_game.loc[base3]))
    assert row["q10"] == pytest.approx(np.quantile(per_game.loc[base3], 0.1))
    build_report(rules_run, tmp_path / "en", lang="en")
    answers = pd.read_csv(tmp_path / "en" / "tables" / "answers.csv")
    winning = answers[answers["topic"] == "winning_score"].astype({"n_players": str})
    codes = winning.set_index(["variant", "n_players"])["code"]
    assert codes[("base", "3")] == "above" and codes[("standard", "3")] == "no_reference"
    html = html_module.unescape((tmp_path / "en" / "report.html").read_text(encoding="utf-8"))
    assert "the human reference 10,000 lies above the bots' 10th-90th percentile range" in html


def test_lead_changes_never_have_a_negative_lower_bound():
    # 40 games: two lead changes in one game; a t interval around 0.05 would reach below zero
    from types import SimpleNamespace

    from sim.report.metrics import runaway

    games = pd.DataFrame({"gid": range(40), "game": "g", "variant": "base", "n_players": 2})
    rounds = pd.DataFrame(
        [
            {
                "gid": g,
                "round": r,
                "seat": s,
                "score": (2 if s == 0 else 1) if not (g == 0 and r == 2) else s * 3,
            }
            for g in range(40)
            for r in range(1, 4)
            for s in range(2)
        ]
    )
    players = pd.DataFrame(
        [
            {"gid": g, "seat": s, "won": s == 0, "win_share": float(s == 0)}
            for g in range(40)
            for s in range(2)
        ]
    )
    changes = runaway.compute(
        SimpleNamespace(run=SimpleNamespace(rounds=rounds, games=games, players=players))
    )["lead_changes"]
    row = changes.iloc[0]
    assert row["mean"] == pytest.approx(2 / 40)
    assert row["lo"] == 0.0 and row["hi"] > row["mean"]  # a count's mean is never below zero


def test_best_count_never_rests_on_seats_that_cannot_be_judged(report_run):
    # a count where one bot takes the wins has no seat verdict: it cannot lead on the seat gap
    from dataclasses import replace

    from sim.report.analysis import analyse
    from sim.report.metrics.counts import best_count_answers

    a = analyse(load_run(report_run))
    counts = a.tables["player_counts"]
    part = counts[counts["variant"] == "fix"].dropna(subset=["max_gap"])
    tightest = int(part.loc[part["max_gap"].idxmin(), "n_players"])
    fpa = a.tables["first_player_advantage"].copy()
    fpa["dominated"] = (fpa["variant"] == "fix") & (fpa["n_players"] == tightest)
    changed = replace(a, tables={**a.tables, "first_player_advantage": fpa})
    sentences, _ = best_count_answers(changed, changed.names("en"), "en")
    fix = next(s for s in sentences if "/ fix" in s or "fix:" in s)
    assert f"{tightest} players plays best on the smallest widest seat gap" not in fix
    assert f"{tightest} players: seat gap not judged (one bot takes the wins)" in fix
