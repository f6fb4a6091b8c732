"""``--confirm BOT``: fresh seeds, the same stopping rule, no effect without its interval."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from sim.cards.confirm import (
    AGREE,
    DISAGREE,
    FRESH_OFFSET,
    OPEN,
    ConfirmStudy,
    agreement,
    confirm_family,
    confirm_plan,
    confirm_table,
    write_confirmation,
)
from sim.cards.deck_design import Design
from sim.cards.deck_study import DeckStudy
from sim.cards.deck_verdicts import Batch, sequential_study
from sim.cards.sequential import MIN_SEEDS, TOO_STRONG, UNDECIDED, tuning_seeds
from sim.cards.synthetic import World
from sim.config import load_config
from sim.runner import game_seed

DECK = Path(__file__).parent / "fixtures" / "deck.yaml"


@pytest.fixture(scope="module")
def plan() -> DeckStudy:
    base = load_config(DECK)
    cards = tuple(card.id for card in base.params.cards.门客)
    return DeckStudy(base, "门客", cards, cards[:3], 4, ("industrialist",) * 4, seed=7, seeds_per_batch=10)


def seeds_played(study: DeckStudy, batches: int) -> set[int]:
    """Every game seed the runner draws for the first ``batches`` batches of ``study``."""
    design = Design(study.cards, tuple(study.cards), study.n_players)
    out = set()
    for b in range(batches):
        runner = study.runner_study(b, design)
        assert runner.root_seed == study.batch_seed(b)  # what the runner is given is what is checked
        out |= {game_seed(runner.root_seed, study.n_players, i) for i in range(runner.games_per_count)}
    return out


def test_the_confirmation_plays_seeds_disjoint_from_the_studys(plan):
    second = confirm_plan(plan, plan.family, ("rollout:2",) * 4)
    assert isinstance(second, ConfirmStudy) and second.seed == plan.seed and second.seeds_per_batch == 2
    study_roots = {plan.batch_seed(b) for b in range(500)}
    confirm_roots = {second.batch_seed(b) for b in range(500)}
    assert max(study_roots) < FRESH_OFFSET <= min(confirm_roots) and len(confirm_roots) == 500
    assert not seeds_played(plan, 40) & seeds_played(second, 200)
    # the same command gives the same confirmation seeds
    again = confirm_plan(plan, plan.family, ("rollout:2",) * 4)
    assert [again.batch_seed(b) for b in range(5)] == [second.batch_seed(b) for b in range(5)]


def test_the_family_is_the_findings_then_the_flagged_then_a_sample_of_within():
    table = pd.DataFrame(
        {
            "card": ["a", "b", "c", "d", "e", "f", "g"],
            "verdict": ["too_strong", "too_weak", "within", "within", "undecided", "within", "too_weak"],
            "effect": [0.08, -0.07, 0.0, 0.01, 0.02, -0.01, -0.06],
            "flag": ["", "", "", "unused", "misplayed", "", "misplayed"],
        }
    )
    family = confirm_family(table, seed=1, sample=2)
    assert family[:5] == ["a", "b", "g", "d", "e"] and len(family) == 7 and set(family[5:]) == {"c", "f"}
    assert confirm_family(table.drop(columns="flag"), seed=1, sample=0) == ["a", "b", "g"]


def frames() -> tuple[pd.DataFrame, pd.DataFrame]:
    first = pd.DataFrame(
        {
            "card": ["a", "b", "c", "d"],
            "verdict": ["too_strong", "too_weak", "within", "undecided"],
            "effect": [0.08, -0.07, 0.0, 0.01],
            "low": [0.05, -0.10, -0.02, np.nan],
            "high": [0.11, -0.04, 0.02, np.nan],
            "flag": ["", "", "", "unused"],
        }
    )
    second = pd.DataFrame(
        {
            "card": ["a", "b", "c", "d"],
            "verdict": ["too_strong", "within", "undecided", "undecided"],
            "effect": [0.09, -0.02, 0.03, 0.05],
            "low": [0.05, -0.03, -0.01, np.nan],
            "high": [0.12, 0.0, 0.07, np.nan],
            "flag": ["", "", "", ""],
            "games": [400, 400, 400, 40],
            "seeds": [25, 25, 25, 10],
        }
    )
    return first, second


def test_agreement_sets_the_verdicts_side_by_side_and_counts_games_to_an_interval():
    first, second = frames()
    result = agreement(first, second, ["a", "b", "c", "d"], per_seed=13).set_index("card")
    assert result["agreement"].tolist() == [AGREE, DISAGREE, OPEN, OPEN]
    assert result.loc["d", "games_for_interval"] == (MIN_SEEDS - 10) * 13
    assert result.loc[["a", "b", "c"], "games_for_interval"].isna().all()
    nothing = agreement(first, second.iloc[:0], ["a"], per_seed=13).iloc[0]  # no batch fitted the budget
    assert nothing["confirm_verdict"] == UNDECIDED and nothing["games_for_interval"] == MIN_SEEDS * 13


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_no_effect_is_shown_or_written_without_its_interval(tmp_path, lang):
    first, second = frames()
    result = agreement(first, second, ["a", "b", "c", "d"], per_seed=13)
    shown = confirm_table(result, "en")
    assert shown.loc[3, "confirm_effect"] == "" and shown.loc[3, "study_effect"] == ""
    assert shown.loc[3, "games_for_interval"] == str((MIN_SEEDS - 10) * 13)
    assert shown.loc[0, "confirm_effect"] == 9.0 and shown.loc[0, "confirm_low"] == 5.0
    path = write_confirmation(result, tmp_path / "confirm.csv", lang)
    assert path.read_bytes().startswith(b"\xef\xbb\xbf")  # a BOM, as the other CSVs
    csv = pd.read_csv(path, encoding="utf-8-sig", keep_default_na=False, dtype=str)
    assert len(csv) == 4
    effects = [c for c in csv.columns if c.endswith(("effect", "效应"))]
    assert len(effects) == 2
    for effect in effects:
        low, high = csv.columns[csv.columns.get_loc(effect) + 1], csv.columns[csv.columns.get_loc(effect) + 2]
        assert ((csv[effect] == "") == (csv[low] == "")).all() and (
            (csv[low] == "") == (csv[high] == "")
        ).all()
    if lang == "zh":
        assert csv.columns[0] == "卡牌" and set(csv["是否一致"]) == {"一致", "不一致", "未定"}


def synthetic_study(world: World, study: DeckStudy, budget: int, family: tuple[str, ...]) -> pd.DataFrame:
    """A deck study of ``world`` whose batch ``b`` draws its games from ``study``'s root seed of
    ``b`` (the engine's seeds, in the synthetic model); the same stopping rule as on the engine."""
    m = study.seeds_per_batch

    def play(index: int, design: Design) -> Batch:
        return world.play(design, m, np.random.default_rng(study.batch_seed(index)))

    def may_continue(done: list[Batch], design: Design) -> bool:
        return sum(b.games for b in done) + m * len(design.slots) <= budget

    _, table = sequential_study(
        play, world.cards, family, world.n_players, 0.03, study.seed, may_continue=may_continue,
        games_left=lambda done: budget - sum(b.games for b in done),
        t_opt=tuning_seeds(0.03, expected=budget / len(world.cards)),
    )  # fmt: skip
    return table


def test_a_planted_card_the_study_decides_keeps_its_verdict_on_the_fresh_seeds(plan):
    effects = (0.15, -0.05, 0.0, 0.0, 0.0, -0.05, -0.05, 0.0)
    world = World(tuple(f"c{i}" for i in range(8)), effects, n_players=4)
    study = DeckStudy(plan.base, "门客", world.cards, world.cards, 4, plan.bots, seed=3, seeds_per_batch=10)
    first = synthetic_study(world, study, 8_000, world.cards)
    assert first.set_index("card").loc["c0", "verdict"] == TOO_STRONG
    family = confirm_family(first, study.seed)
    assert family[0] == "c0"
    second_plan = confirm_plan(study, family, plan.bots)
    second = synthetic_study(world, second_plan, 8_000, tuple(family))
    result = agreement(first, second, family, per_seed=8).set_index("card")
    assert result.loc["c0", "confirm_verdict"] == TOO_STRONG and result.loc["c0", "agreement"] == AGREE
    assert not math.isnan(result.loc["c0", "confirm_low"]) and result.loc["c0", "confirm_low"] > 0.03
    assert (result["agreement"] != DISAGREE).all()
    # fresh seeds: the two studies' estimates differ (the old confirmation replayed the same draws)
    assert result.loc["c0", "confirm_effect"] != result.loc["c0", "study_effect"]


def played_seeds(folder: Path) -> set[int]:
    """The seeds of every game in a deck study's batch folders."""
    from sim.dataset import read_columns

    return {
        int(s)
        for batch in (folder / "batches").iterdir()
        for s in read_columns(batch / "games", ["seed"])["seed"]
    }


def test_a_real_confirmation_plays_fresh_seeds_and_shows_no_effect_without_an_interval(tmp_path):
    """One 2-seed batch of the 13-card fixture deck (26 short games), its blank 白板 flagged
    ``unused``, then a 2-seed confirmation: too few seeds for any interval."""
    from click.testing import CliRunner

    from sim.cli import cli

    out = tmp_path / "study"
    args = ["cards", "study", str(DECK), "--deck", "门客", "-p", "4", "--out", str(out), "--no-progress"]
    args += ["--batch-seeds", "2", "--budget", "26g", "--confirm", "industrialist", "--confirm-budget", "26g"]
    result = CliRunner().invoke(cli, [*args, "--lang", "zh"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    folder = out / "confirm-industrialist"
    assert played_seeds(out) and played_seeds(folder) and not played_seeds(out) & played_seeds(folder)
    csv = pd.read_csv(
        out / "report" / f"{folder.name}.csv", encoding="utf-8-sig", keep_default_na=False, dtype=str
    )
    assert (out / "report" / f"{folder.name}.csv").read_bytes().startswith(b"\xef\xbb\xbf")
    row = csv.set_index(csv.columns[0]).loc["白板"]
    assert (row.iloc[0:4] == ["未定", "", "", ""]).all()  # study: no interval
    assert (row.iloc[6:9] == "").all() and int(row.iloc[11]) == (MIN_SEEDS - 2) * 13
    console = result.output.split(str(folder))[-1]  # the confirmation's part of the output
    assert "NaN" not in console and "nan" not in console
    line = next(x for x in console.splitlines() if x.strip().startswith("白板"))
    assert not any(cell.replace(".", "").lstrip("-+").isdigit() and "." in cell for cell in line.split())
    assert str((MIN_SEEDS - 2) * 13) in line
