"""``sim compare`` answers a card change with the card lab's causal effect (issue 39 item 1): the
changed card forced on a seat against the same seat and seed without it, in each variant, and the
change seed by seed; the same figures ``sim cards study --design paired --arms forced`` gives for
each variant; the report, its key findings and answers.csv open with it; the holders' win rate is
a description only."""

from __future__ import annotations

import shutil
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cards.change import changed_cards, forceable_decks, study_folder
from sim.cards.study import forced_change, study_effects
from sim.cli import cli
from sim.config import load_config
from sim.dataset import load_run
from sim.dataset.card_effects import FOLDER, TABLE_FILE
from sim.report.analysis import analyse
from sim.report.catalogue.zh import TERMS as ZH_TERMS
from sim.report.metrics.card_change import METRIC as CARD_CHANGE
from sim.report.summary import key_findings

CONFIGS = Path(__file__).resolve().parents[2] / "sim/configs/mingchu"
SHORT = CONFIGS / "short.yaml"
CARD = "鲁班传人"
GAMES, PLAYERS = 40, 4  # 10 seeds with the card at each of 4 seats: the fewest that give an interval
WEAKER = f"""game: mingchu
extends: {SHORT.as_posix()}
description: 鲁班传人 builds 1 cheaper, not 2
cards:
  门客:
    - {{id: {CARD}, passive: [{{effect: discount, action: build, amount: 1}}]}}
"""


def _sim(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "--no-progress"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return result.output


def _variant(folder: Path, name: str, text: str) -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_changed_cards_are_the_forceable_cards_whose_entry_differs(tmp_path):
    base = load_config(SHORT)
    weaker = load_config(_variant(tmp_path, "weaker", WEAKER))
    without = load_config(SHORT, {f"cards.门客.{CARD}.count": 0})
    pricier = load_config(CONFIGS / "price-leather-7.yaml")  # a good's price: an id'd item, not a card
    assert set(forceable_decks(base)) == {"门客", "家族"}
    (changed,) = changed_cards(base, weaker)
    assert (changed.deck, changed.card, changed.in_a, changed.in_b) == ("门客", CARD, True, True)
    (gone,) = changed_cards(base, without)
    assert (gone.card, gone.in_a, gone.in_b) == (CARD, True, False)
    (back,) = changed_cards(without, base)
    assert (back.card, back.in_a, back.in_b) == (CARD, False, True)
    assert (
        changed_cards(base, base) == [] and changed_cards(load_config(CONFIGS / "base.yaml"), pricier) == []
    )


@pytest.fixture(scope="module")
def compared(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    folder = tmp_path_factory.mktemp("card-change")
    weaker = _variant(folder, "weaker", WEAKER)
    out = folder / "compare"
    size = ["-p", str(PLAYERS), "-n", str(GAMES)]
    console = _sim("compare", str(SHORT), str(weaker), *size, "--lang", "zh", "--out", str(out))
    return out, weaker, console


def _study(config: Path, out: Path) -> pd.DataFrame:
    """``sim cards study`` of the changed card alone, on its own, in the paired design's forced arm."""
    size = ["-p", str(PLAYERS), "-n", str(GAMES)]
    _sim("cards", "study", str(config), "--deck", "门客", "--cards", CARD, "--design", "paired",
         "--arms", "forced", *size, "--out", str(out))  # fmt: skip
    table = study_effects(out)
    return table[table["arm"] == "forced"].set_index("metric")


def test_the_compare_gives_the_card_studys_effect_in_each_variant_and_their_paired_change(compared, tmp_path):
    out, weaker, console = compared
    table = pd.read_csv(out / FOLDER / TABLE_FILE).set_index("metric")
    studies = {"a": _study(SHORT, tmp_path / "a"), "b": _study(weaker, tmp_path / "b")}
    for metric in ("win_share", "score"):
        row = table.loc[metric]
        assert row["card"] == CARD and bool(row["in_a"]) and bool(row["in_b"])
        assert row["seeds"] == GAMES // PLAYERS and row["level"] == pytest.approx(0.95)
        for side, study in studies.items():
            alone = study.loc[metric]
            # the same seeds and bots: the compare's effect is the card study's, and inside its interval
            assert row[f"effect_{side}"] == pytest.approx(alone["estimate"], abs=1e-12), (metric, side)
            assert alone["lo"] <= row[f"effect_{side}"] <= alone["hi"]
            assert (row[f"lo_{side}"], row[f"hi_{side}"]) == pytest.approx((alone["lo"], alone["hi"]))
        # the change: seed by seed, B minus A, with an interval around it
        assert row["change"] == pytest.approx(row["effect_b"] - row["effect_a"], abs=1e-9)
        assert row["change_lo"] < row["change"] < row["change_hi"]
    again = forced_change(*(study_folder(out, PLAYERS, "门客", s) for s in "ab"), CARD).set_index("metric")
    assert again.loc["win_share", "estimate"] == pytest.approx(table.loc["win_share", "change"])
    assert "鲁班传人 对持有者的因果效应" in console and "个配对种子" in console


def test_the_report_opens_with_the_causal_effect_and_keeps_the_holders_as_description(compared):
    out, _, _ = compared
    summary = (out / "report" / "summary.md").read_text(encoding="utf-8")
    first = next(line for line in summary.split("## ", 2)[1].splitlines() if line.startswith("- "))
    assert f"{CARD} 对持有者的因果效应" in first and "→" in first and "变化" in first, first
    assert "持有者（描述）" not in first and "胜率 " in first
    answers = pd.read_csv(out / "report" / "tables" / "answers.csv", encoding="utf-8-sig")
    topics = answers.iloc[:, 0].tolist()
    assert topics[0] == ZH_TERMS["topic:card_change"] and "holders" not in topics, topics
    card_row = answers.iloc[0]
    table = pd.read_csv(out / FOLDER / TABLE_FILE).set_index("metric")
    assert card_row.iloc[5] == pytest.approx(table.loc["win_share", "change"], abs=1e-4)  # 估计值
    report = (out / "report" / "report.html").read_text(encoding="utf-8")
    assert "改动卡牌的持有者（描述，不是改动的效果）" in report and "的持有者（描述）：胜率" in report
    analysis = analyse(load_run(out))
    english = key_findings(analysis, "en")
    assert english[0].startswith("[") and f"{CARD}, causal effect on its holder" in english[0]
    assert not any(line.startswith("Holders of") or "] Holders of" in line for line in english)
    holders = analysis.tables["changed_card_holders"]
    assert list(holders["card"]) == [CARD]  # the description is still computed, and shown in its section


def test_a_card_only_one_variant_has_is_measured_there_alone(tmp_path):
    out = tmp_path / "compare"
    _sim("compare", str(SHORT), "--set-b", f"cards.门客.{CARD}.count=0", "-p", str(PLAYERS), "-n", "20",
         "--no-report", "--out", str(out))  # fmt: skip
    table = pd.read_csv(out / FOLDER / TABLE_FILE)
    assert list(table["card"].unique()) == [CARD]
    assert table["in_a"].all() and not table["in_b"].any()
    assert table["effect_a"].notna().all() and table[["effect_b", "change"]].isna().all().all()
    assert not study_folder(out, PLAYERS, "门客", "b").exists()


def test_a_compare_folder_without_the_card_effects_says_the_change_was_not_measured(compared, tmp_path):
    out, _, _ = compared
    older = tmp_path / "older"
    shutil.copytree(out, older, ignore=shutil.ignore_patterns(FOLDER, "report"))
    analysis = analyse(load_run(older))
    assert analysis.tables["changed_card_effects"].empty and len(analysis.tables["changed_card_holders"])
    for lang, said in (("zh", "没有测它对持有者的因果效应"), ("en", "was not measured")):
        first = key_findings(analysis, lang)[0]
        assert CARD in first and said in first, first
    sentences, codes = CARD_CHANGE.answers(analysis, analysis.names("en"), "en")
    assert [c["code"] for c in codes] == ["unmeasured"] and len(sentences) == 1
