"""The deck study's controls: the blank card, vs_blank, usage and the misplayed / unused flags.

Known answers on the engine (a short 4-player game, 9 门客 + the blank): 自伤 only harms its holder,
and only when used. The normal bots never use it (``unused``, never ``misplayed``); a careless
test-only bot that uses every ability whenever it can makes it ``misplayed``. Synthetic decks
check that a planted blank-relative effect is recovered."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from sim.cards.controls import (
    MISPLAYED,
    UNUSED,
    blank_for,
    blank_id,
    flag,
    per_card,
    usage,
    with_controls,
)
from sim.cards.deck_design import OPEN_SLOTS, Design
from sim.cards.deck_verdicts import sequential_study
from sim.cards.sequential import looks, tuning_seeds
from sim.cards.synthetic import World
from sim.cli import cli
from sim.config import ConfigError, load_config
from sim.core.random_bot import RandomBot
from sim.dataset import read_columns
from sim.games.mingchu import SPEC
from sim.games.mingchu.rules.actions import UseRetainer

CONFIG = Path(__file__).parent / "fixtures" / "blank.yaml"
OLD_CONFIG = Path(__file__).parent / "fixtures" / "deck.yaml"
BLANK = blank_id("门客")


# --- rules and arithmetic, no engine -----------------------------------------------------------------


def test_the_flags_follow_their_rules():
    assert flag(True, -0.001, 0.9) == MISPLAYED  # optional, decided below the blank
    assert flag(False, -0.05, 0.9) == ""  # a passive may hurt: never "misplayed"
    assert flag(True, 0.02, 0.9) == "" and flag(True, float("nan"), 0.9) == ""  # not decided below
    assert flag(False, 0.0, 0.049) == UNUSED and flag(False, 0.0, 0.05) == ""
    assert flag(True, -0.03, 0.01) == MISPLAYED  # below the blank says more than rare use
    assert flag(False, float("nan"), float("nan")) == ""  # no figures, no flag


def test_usage_sums_each_card_over_the_games_and_seats_that_held_it():
    design = Design(("a", "b", "c"), ("a", "b", "c"), 2)  # tables (a,b), (b,c), (c,a)
    counts = np.array([[[1, 0], [2, 3], [0, 4]], [[0, 0], [1, 0], [0, 0]]], dtype=float)
    out = usage(design, counts)
    assert out["uses"].tolist() == [[1 + 4, 0 + 2, 3 + 0], [0, 1, 0]]
    assert out["fired"].tolist() == [[2, 1, 1], [0, 1, 0]]
    assert per_card(design, np.ones((1, 3, 2))).tolist() == [[2, 2, 2]]


def planted_blank_world() -> World:
    """Ten cards and the blank; against the blank: c00 -12 points (an optional card the bots
    misplay), c01 +10, c02 exactly the blank, the rest between."""
    effects = {"blank": 0.02, "c00": -0.10, "c01": 0.12, "c02": 0.02, "c03": -0.04, "c04": 0.0}
    effects |= {"c05": -0.02, "c06": 0.01, "c07": -0.01, "c08": 0.0, "c09": 0.0}
    return World(tuple(effects), tuple(effects.values()), n_players=5)


def planted_blank_study(world: World, seed: int, estimator: str, t_opt: float):
    """A synthetic study of ``world`` at ±3 points with the blank as control, 120 seeds at most."""
    rng = np.random.default_rng(seed)
    return sequential_study(
        lambda _, design: world.play(design, 20, rng),
        world.cards,
        [c for c in world.cards if c != "blank"],
        world.n_players,
        0.03,
        seed=seed,
        may_continue=lambda done, design: sum(b.seeds for b in done) < 120,
        t_opt=t_opt,
        controls=("blank",),
        estimator=estimator,
    )


def test_a_planted_blank_relative_effect_is_recovered_and_a_misplayed_card_flagged():
    world = planted_blank_world()
    assert abs(sum(world.effects)) < 1e-12
    family = [c for c in world.cards if c != "blank"]
    t_opt = tuning_seeds(0.03, expected=60)
    # vs_blank averages seeds alike here: effect minus vs_blank is then one figure
    batches, table = planted_blank_study(world, 3, "equal", t_opt)
    blank_slots = [int(b.design.repeats[world.cards.index("blank")]) for b in batches]
    assert blank_slots == [1] + [OPEN_SLOTS] * (len(batches) - 1)  # an undecided card's slots after the first
    table = with_controls(table, batches, "blank", {"c00", "c01", "c02"}, 0.03, t_opt=t_opt).set_index("card")
    truth = pd.Series(dict(zip(world.cards, world.effects, strict=True))) - 0.02
    covered = (table["vs_blank_low"] <= truth[family]) & (truth[family] <= table["vs_blank_high"])
    assert covered.all(), table[["vs_blank", "vs_blank_low", "vs_blank_high"]]
    assert table.loc["c00", "vs_blank_high"] < 0 and table.loc["c00", "flag"] == MISPLAYED
    assert table.loc["c01", "vs_blank"] > 0.05 and table.loc["c01", "flag"] == ""
    assert table.loc["c02", "flag"] == ""  # optional, but no worse than the blank
    assert table.loc["c03", "flag"] == ""  # below the blank, but not declared optional
    # the difference of the means is the mean of the per-seed differences: one blank effect for all
    assert np.allclose(
        table["effect"] - table["vs_blank"], table["effect"].iloc[0] - table["vs_blank"].iloc[0]
    )
    assert table["uses_per_game"].isna().all()  # synthetic batches carry no usage: no unused flag


def test_vs_blank_in_a_weighted_study_covers_and_flags():
    """A weighted study weighs the blank differences by their own design variance: still covered."""
    world = planted_blank_world()
    family = [c for c in world.cards if c != "blank"]
    t_opt = tuning_seeds(0.03, expected=60)
    batches, table = planted_blank_study(world, 5, "weighted", t_opt)
    weighted = with_controls(table, batches, "blank", {"c00"}, 0.03, t_opt=t_opt, estimator="weighted")
    equal = with_controls(table, batches, "blank", {"c00"}, 0.03, t_opt=t_opt, estimator="equal")
    weighted, equal = weighted.set_index("card"), equal.set_index("card")
    truth = pd.Series(dict(zip(world.cards, world.effects, strict=True))) - 0.02
    covered = (weighted["vs_blank_low"] <= truth[family]) & (truth[family] <= weighted["vs_blank_high"])
    assert covered.all(), weighted[["vs_blank", "vs_blank_low", "vs_blank_high"]]
    assert weighted.loc["c00", "flag"] == MISPLAYED
    assert not np.allclose(weighted["vs_blank"], equal["vs_blank"])  # the weights were applied


def test_a_deck_that_already_has_the_blank_id_is_refused(tmp_path):
    config = tmp_path / "taken.yaml"
    config.write_text(
        f"game: mingchu\nextends: {CONFIG.as_posix()}\ncards:\n  门客:\n    - {{id: {BLANK}, add: true}}\n",
        encoding="utf-8",
    )
    with pytest.raises(ConfigError, match=f"already has a card '{BLANK}'"):
        blank_for(load_config(config), "门客")
    command = ["cards", "study", str(config), "--deck", "门客", "-p", "4", "--out", str(tmp_path / "x")]
    result = CliRunner().invoke(cli, command)
    assert (
        result.exit_code == 2 and "already has a card" in result.output and "Traceback" not in result.output
    )
    assert not (tmp_path / "x").exists()  # refused before anything is played
    assert blank_for(load_config(CONFIG), "门客") == BLANK
    assert blank_for(load_config(CONFIG), "家族") is None  # a family card is never blank


def test_the_report_says_the_bots_explain_a_flagged_card_in_both_languages(tmp_path):
    from sim.cards.deck_report import write_deck_report

    table = pd.DataFrame(
        {
            "card": ["管家", "铁匠", "财神"],
            "verdict": ["too_weak", "within", "too_strong"],
            "effect": [-0.06, 0.001, 0.08],
            "low": [-0.09, -0.02, 0.05],
            "high": [-0.035, 0.02, 0.11],
            "games": [400, 400, 400],
            "games_needed": [np.nan] * 3,
            "score_effect": [-4.0, 0.1, 6.0],
            "score_low": [-6.0, -1.0, 4.0],
            "score_high": [-2.0, 1.0, 8.0],
            "vs_blank": [-0.05, 0.011, 0.09],
            "vs_blank_low": [-0.08, -0.01, 0.06],
            "vs_blank_high": [-0.021, 0.03, 0.12],
            "uses_per_game": [6.8, 0.0, 5.0],
            "used_share": [0.95, 0.0, 1.0],
            "flag": [MISPLAYED, UNUSED, ""],
            "level": [0.98] * 3,
        }
    )
    meta = {"tolerance": 0.03, "deck": "门客", "config": "x.yaml", "n_players": 5, "game": "mingchu"}
    meta |= {"bots": ["runner"], "seed": 1, "blank": BLANK}
    summary = {"games": 1200, "seeds": 40, "batches": 4, "seconds": 60.0, "stop": "decided"}
    zh = write_deck_report(table, meta, summary, tmp_path / "zh", "zh").read_text(encoding="utf-8")
    assert f"管家：机器人的打法不当。持有者的胜率份额比持有{BLANK}低 5.0 个百分点（2.1 至 8.0）" in zh
    assert "每局使用 6.8 次" in zh and "铁匠：机器人几乎不用它" in zh
    assert "平衡结论：过强：财神。未计入：2 张带标记的牌（铁匠、管家）" in zh
    csv = pd.read_csv(tmp_path / "zh" / "card-study.csv", keep_default_na=False).set_index("卡牌")
    assert csv.loc["管家", "标记"] == "打法不当" and csv.loc["管家", "比空白牌上限"] == -2.1
    en = write_deck_report(table, meta, summary, tmp_path / "en", "en").read_text(encoding="utf-8")
    assert "管家: the bots misplay it." in en and "(2.1 to 8.0)" in en and "6.8 times a game" in en
    assert (
        "Balance findings: too strong: 财神. Not among them, their verdicts being the bots': the flagged cards (铁匠, 管家)."
        in en
    )
    csv = pd.read_csv(tmp_path / "en" / "card-study.csv", keep_default_na=False).set_index("card")
    assert csv.loc["铁匠", "flag"] == UNUSED and csv.loc["铁匠", "used_pct"] == 0.0
    assert csv.loc["财神", "flag"] == ""


# --- on the engine --------------------------------------------------------------------------------


class CarelessBot(RandomBot):
    """Test only: uses a 门客's ability whenever it can, else plays at random."""

    name = "careless"

    def choose(self, seen, legal, rng):
        for action in legal:
            if isinstance(action, UseRetainer):
                return action
        return super().choose(seen, legal, rng)


def study(out: Path, *args: str, config: Path = CONFIG):
    command = ["cards", "study", str(config), "--deck", "门客", "-p", "4", "--out", str(out), "--no-progress"]
    return CliRunner().invoke(cli, [*command, "-j", "1", *args], catch_exceptions=False)


def csv(out: Path) -> pd.DataFrame:
    return pd.read_csv(out / "report" / "card-study.csv", keep_default_na=False).set_index("card")


@pytest.fixture(scope="module")
def normal_study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The game's own bots, 2 seeds (20 games): enough to count uses."""
    out = tmp_path_factory.mktemp("normal") / "study"
    result = study(out, "--batch-seeds", "2", "--budget", "20g")
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def careless_study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Careless bots at every seat, 自伤 alone decided: 20 seeds (the fewest that give an interval)."""
    out = tmp_path_factory.mktemp("careless") / "study"
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(SPEC.bots.bots, "careless", CarelessBot)
        args = ("--bots", "careless", "--cards", "自伤", "--batch-seeds", "20", "--budget", "200g")
        result = study(out, *args)
    assert result.exit_code == 0, result.output
    return out


def test_the_blank_is_played_in_every_batch_but_given_no_verdict(normal_study):
    meta = json.loads((normal_study / "deck-study.json").read_text(encoding="utf-8"))
    assert meta["blank"] == BLANK and BLANK in meta["cards"] and BLANK not in meta["family"]
    assert all(BLANK in slots for slots in meta["batches"])
    assert BLANK not in csv(normal_study).index
    assert BLANK not in (CONFIG.read_text(encoding="utf-8"))  # never written to the designer's file


def test_a_card_the_bots_never_use_is_unused_and_a_used_card_is_not(normal_study):
    table = csv(normal_study)
    assert table.loc["自伤", "flag"] == UNUSED and table.loc["自伤", "uses_per_game"] == 0
    assert table.loc["白板", "flag"] == UNUSED  # the designer's own blank card
    assert table.loc["账房先生", "flag"] == "" and table.loc["账房先生", "uses_per_game"] > 1
    assert "自伤: the bots hardly use it" in (normal_study / "report" / "card-study.md").read_text(
        encoding="utf-8"
    )


def test_uses_per_game_recomputes_from_the_card_events(normal_study):
    meta = json.loads((normal_study / "deck-study.json").read_text(encoding="utf-8"))
    folder = normal_study / "batches" / "b0000"
    events = read_columns(
        folder / "events_cards", ["variant", "game_index", "seat", "card_id", "deck", "kind"]
    )
    pattern = events["variant"].str.rsplit("s", n=1).str[-1].astype(int)
    slots, p = meta["batches"][0], meta["n_players"]
    held = [slots[(v + s) % len(slots)] for v, s in zip(pattern, events["seat"], strict=True)]
    mine = events[(events["card_id"] == held) & events["kind"].isin(["played", "used"])]
    games = 2 * p  # 2 seeds, each card in one slot: at each seat once per seed
    expected = mine.groupby("card_id").size() / games
    table = csv(normal_study)
    for card, uses in expected.items():
        if card in table.index:
            assert table.loc[card, "uses_per_game"] == pytest.approx(uses, abs=0.006), (
                card
            )  # the CSV keeps 2 digits


def test_a_card_that_harms_when_used_is_misplayed_under_a_careless_bot(careless_study):
    table = csv(careless_study)
    row = table.loc["自伤"]
    assert row["flag"] == MISPLAYED and row["vs_blank_high"] < 0 and row["uses_per_game"] > 1
    text = (careless_study / "report" / "card-study.md").read_text(encoding="utf-8")
    assert (
        "自伤: the bots misplay it." in text
        and "自伤" not in text.split("Balance findings:")[1].split(".")[0]
    )


def test_vs_blank_recomputes_from_the_per_seed_estimates(careless_study):
    meta = json.loads((careless_study / "deck-study.json").read_text(encoding="utf-8"))
    cards = meta["cards"]
    with np.load(careless_study / "batches" / "b0000" / "estimates.npz") as data:
        share = data["win_share"]
    diff = share[:, [cards.index("自伤")]] - share[:, [cards.index(BLANK)]]
    mean, lo, hi = (x[-1, 0] for x in looks(diff, [len(diff)], 0.05 / len(meta["family"]), meta["t_opt"]))
    row = csv(careless_study).loc["自伤"]
    assert len(diff) == 20
    assert (row["vs_blank"], row["vs_blank_low"], row["vs_blank_high"]) == pytest.approx(
        (round(100 * mean, 2), round(100 * lo, 2), round(100 * hi, 2))
    )


def test_a_study_folder_from_before_the_blank_control_resumes_without_one(normal_study, tmp_path):
    """A folder played without the blank (as before the control existed): its meta has no ``blank``
    and its estimates no usage. Resuming plays nothing, reads the usage from the events, and says
    there is no blank control."""
    from sim.cards.deck_study import Budget, DeckStudy, run_deck_study
    from sim.cards.study import deck_cards

    out = tmp_path / "old"
    config = load_config(OLD_CONFIG)  # 12 门客: enough to force at 4 players without the blank
    cards = tuple(deck_cards(config, "门客"))
    plan = DeckStudy(config, "门客", cards, cards, 4, SPEC.lineup, seeds_per_batch=1)
    run_deck_study(plan, out, Budget(games=len(cards)), jobs=1, progress=False)
    meta = json.loads((out / "deck-study.json").read_text(encoding="utf-8"))
    del meta["blank"]
    (out / "deck-study.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    estimates = out / "batches" / "b0000" / "estimates.npz"
    with np.load(estimates) as data:
        kept = {k: data[k] for k in data.files if not k.startswith("usage_")}
    np.savez(estimates, **kept)
    files = {p: p.stat().st_mtime_ns for p in out.rglob("*.parquet")}
    result = study(out, "--batch-seeds", "1", "--budget", f"{len(cards)}g", config=OLD_CONFIG)
    assert result.exit_code == 0, result.output
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*.parquet")} == files
    assert "no blank control" in result.output
    table = csv(out)
    assert (table["vs_blank"] == "").all() and table.loc["白板", "flag"] == UNUSED
    shutil.rmtree(out)


def test_the_console_table_shows_no_effect_without_its_interval():
    from sim.cards.deck_report import console_table

    nan = np.nan
    table = pd.DataFrame(
        {
            "card": ["管家", "铁匠"],
            "verdict": ["undecided", "within"],
            "effect": [0.04, 0.001],
            "low": [nan, -0.02],
            "high": [nan, 0.02],
            "games": [60, 400],
            "games_needed": [300.0, nan],
            "score_effect": [2.0, 0.1],
            "score_low": [nan, -1.0],
            "score_high": [nan, 1.0],
        }
    )
    for lang in ("en", "zh"):
        text = console_table(table, lang).to_string(index=False)
        assert "nan" not in text.lower()
        open_row, decided_row = (line.split() for line in text.splitlines()[1:])
        assert open_row[2:] == ["60", "300"]  # the open card: no effect without its interval
        assert decided_row[2:8] == ["0.1", "-2.0", "2.0", "400", "0.1", "-1.0"]
