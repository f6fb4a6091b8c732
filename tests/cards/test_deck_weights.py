"""The deck study's seeds weighted by what they tell: weights from the design, the weighted estimate
unbiased and its confidence sequences covering at the nominal level on synthetic decks, and a folder
made before the weights resuming unweighted."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from sim.cards.deck_design import Design, seed_weights
from sim.cards.deck_verdicts import Batch, deck_verdicts
from sim.cards.sequential import half_width, looks
from sim.cards.synthetic import World, simulate

CARDS = tuple(f"c{i:02d}" for i in range(10))
ONE_SLOT = Design(CARDS, CARDS, 5)
"""Every card in one slot."""
TWO_SLOTS = Design(CARDS, ("c00", *CARDS[1:5], "c00", *CARDS[5:]), 5)
"""c00 in two slots five apart (no table holds it twice), the others in one."""


def ols_variance(design: Design, card: int) -> float:
    """Var of a card's reported effect over sigma^2, from (X'X)^-1 of the effect-coded regression
    (the last card's term minus the others' sum), computed without the estimator's matrices."""
    k, p = len(design.cards), design.n_players
    index = {c: i for i, c in enumerate(design.cards)}
    rows = []
    for table in design.tables:
        for seat, own in enumerate(table):
            x = np.zeros(k)
            x[index[own]] += 1
            for other in table:
                x[index[other]] -= 1 / p
            coded = x[:-1] - x[-1]  # theta_K = -(theta_1 + ... + theta_{K-1})
            rows.append(np.concatenate([np.eye(p)[seat], coded]))
    x = np.array(rows)
    inverse = np.linalg.pinv(x.T @ x)[p:, p:]
    contrast = np.eye(k - 1)[card] if card < k - 1 else -np.ones(k - 1)
    scale = (p - 1) * k / (p * (k - 1))
    return float(scale**2 * contrast @ inverse @ contrast)


def test_weights_recompute_from_the_least_squares_of_a_known_design():
    for design in (ONE_SLOT, TWO_SLOTS):
        for card in (0, 3, len(CARDS) - 1):
            assert design.variances["win_share"][card] == pytest.approx(ols_variance(design, card), rel=1e-9)
    weights = seed_weights([ONE_SLOT, TWO_SLOTS], [1, 1], "win_share")
    # the two-slot card's weight over its one-slot weight is the ratio of the variances
    ratio = ols_variance(ONE_SLOT, 0) / ols_variance(TWO_SLOTS, 0)
    assert weights[1, 0] / weights[0, 0] == pytest.approx(ratio, rel=1e-9)
    assert weights[1, 0] > 1.5  # a card in two slots of a seed tells it far better than in one
    np.testing.assert_array_equal(weights[0], np.ones(len(CARDS)))  # the first design counts one


def test_the_design_variances_match_the_variance_of_simulated_estimates():
    world = World(CARDS, tuple(np.linspace(-0.04, 0.04, len(CARDS))), 5)
    rng = np.random.default_rng(11)
    measured = []
    for design in (ONE_SLOT, TWO_SLOTS):
        estimates = design.estimate(world.results(design, 4000, rng)["win_share"], "win_share")
        measured.append(estimates.var(axis=0) / design.variances["win_share"])
    # card by card, one residual variance for both designs (a variance ratio of 4000 seeds each has
    # a standard error of 3%): the designs' variances are what the seeds show
    np.testing.assert_allclose(measured[1] / measured[0], 1.0, atol=0.13)


def test_all_weights_one_is_exactly_the_unweighted_boundary():
    rng = np.random.default_rng(2)
    values = rng.normal(0.01, 0.2, size=(60, 3))
    ends = [20, 40, 60]
    plain = looks(values, ends, 0.05, 40.0)
    ones = looks(values, ends, 0.05, 40.0, np.ones_like(values))
    for a, b in zip(plain, ones, strict=True):
        np.testing.assert_allclose(a, b, rtol=1e-10)
    # and the weighted mean is the inverse-variance mean, its width the boundary at the total weight
    weights = np.where(np.arange(60)[:, None] < 30, 1.0, 2.5) * np.ones((1, 3))
    mean, lo, hi = (x[-1] for x in looks(values, [60], 0.05, 40.0, weights))
    total = weights.sum(axis=0)
    expected = (weights * values).sum(axis=0) / total
    sd = np.sqrt((weights**2 * (values - expected) ** 2).sum(axis=0) / total)
    np.testing.assert_allclose(mean, expected)
    np.testing.assert_allclose((hi - lo) / 2, half_width(sd, total, 0.05, 40.0))


SMALL = World(CARDS, (0.10, 0.07, 0.04, 0.02, 0.0, 0.0, -0.02, -0.04, -0.07, -0.10), 5)
"""Ten cards at five seats, planted across a band of ±4 points and past it."""


@pytest.fixture(scope="module")
def small_studies():
    """40 small weighted studies (at most 1,200 games each, batches of 20 seeds): their card rows."""
    return [simulate(SMALL, 0.04, 1200, 20, seed) for seed in range(40)]


def test_the_weighted_estimate_is_unbiased_over_mixed_designs():
    world = World(CARDS, tuple(np.linspace(-0.05, 0.05, len(CARDS))), 5)
    rng = np.random.default_rng(8)
    designs = [ONE_SLOT, TWO_SLOTS, TWO_SLOTS]
    errors = []
    for _ in range(300):  # 300 studies of three batches of 10 seeds
        batches = [world.play(design, 10, rng) for design in designs]
        values = np.concatenate([b.estimates["win_share"] for b in batches])
        weights = seed_weights(designs, [10, 10, 10], "win_share")
        mean, lo, hi = (x[-1] for x in looks(values, [30], 0.05, 30.0, weights))
        errors.append(mean - np.asarray(world.effects))
    errors_ = np.array(errors)
    se = errors_.std(axis=0, ddof=1) / np.sqrt(len(errors_))
    assert np.all(np.abs(errors_.mean(axis=0)) < 4 * se)  # every card, within four standard errors
    assert se.max() < 0.003  # and the check is sharp: a bias of a point would show


def test_coverage_of_every_card_stays_at_the_nominal_level(small_studies):
    missed = sum(
        bool(((t["low"] > t["true_effect"]) | (t["high"] < t["true_effect"])).any()) for t in small_studies
    )
    # at most 5% of studies may miss anywhere; the count must sit under the binomial's 99.9% point
    assert missed <= stats.binom.ppf(0.999, len(small_studies), 0.05)
    # planted effects recovered within the intervals, and the far cards decided, rightly
    inside = [
        ((t["low"] <= t["true_effect"]) & (t["true_effect"] <= t["high"])).mean() for t in small_studies
    ]
    assert np.mean(inside) > 0.97
    far = [t[t["true_effect"].abs() > 0.06] for t in small_studies]
    assert np.mean([(f["verdict"] != "undecided").mean() for f in far]) > 0.2
    assert all(f["right"].all() for f in far)


# --- a folder made before the weights -------------------------------------------------------------

DECK = Path(__file__).parent / "fixtures" / "deck.yaml"


def test_a_folder_without_an_estimator_resumes_unweighted_and_a_new_one_is_weighted(tmp_path):
    from sim.cards.controls import USAGE
    from sim.cards.deck_study import Budget, DeckStudy, batch_folder, read_meta, run_deck_study, save_batch
    from sim.cards.deck_study import write_meta as write_study
    from sim.cards.study import deck_cards
    from sim.config import load_config
    from sim.games.mingchu import SPEC

    config = load_config(DECK)
    cards = tuple(deck_cards(config, "门客"))
    plan = DeckStudy(config, "门客", cards, cards, 4, SPEC.lineup, seeds_per_batch=20)
    world = World(cards, tuple(np.linspace(-0.06, 0.06, len(cards))), 4)
    rng = np.random.default_rng(4)
    designs = [  # the second and third batches give the first half of the cards two slots
        Design(cards, cards, 4),
        Design(cards, (*cards[:6], *cards[:6], *cards[6:]), 4),
        Design(cards, (*cards[:6], *cards[:6], *cards[6:]), 4),
    ]
    batches = []
    for index, design in enumerate(designs):
        batch = world.play(design, plan.seeds_per_batch, rng)
        zeros = np.zeros((plan.seeds_per_batch, len(cards)))
        batch = Batch(design, batch.estimates, {name: zeros for name in USAGE})
        batch_folder(tmp_path, index).mkdir(parents=True)
        save_batch(batch_folder(tmp_path, index), batch)
        batches.append(batch)
    t_opt = 40.0
    write_study(tmp_path, plan, designs, {"t_opt": t_opt})  # as written before the estimator was
    played = sum(b.games for b in batches)
    table, summary = run_deck_study(plan, tmp_path, Budget(games=played), jobs=1, progress=False)
    assert summary["games"] == played  # nothing new was played
    assert read_meta(tmp_path)["estimator"] == "equal"
    equal = deck_verdicts(batches, cards, plan.tolerance, t_opt=t_opt, estimator="equal")
    weighted = deck_verdicts(batches, cards, plan.tolerance, t_opt=t_opt, estimator="weighted")
    np.testing.assert_allclose(table["low"], equal["low"])
    np.testing.assert_allclose(table["high"], equal["high"])
    assert list(table["verdict"]) == list(equal["verdict"])
    assert not np.allclose(weighted["low"], equal["low"])  # the two estimators do differ here
    # the same folder recording the weighted estimator reads it weighted
    meta = read_meta(tmp_path)
    write_study(tmp_path, plan, designs, {"t_opt": meta["t_opt"], "estimator": "weighted"})
    table, _ = run_deck_study(plan, tmp_path, Budget(games=played), jobs=1, progress=False)
    np.testing.assert_allclose(table["low"], weighted["low"])
    assert read_meta(tmp_path)["estimator"] == "weighted"


def test_an_unknown_estimator_in_a_folder_is_refused():
    from sim.cards.deck_study import study_estimator
    from sim.config import ConfigError

    assert study_estimator(None) == "weighted"
    assert study_estimator({"batches": [["a"]]}) == "equal"
    assert study_estimator({"batches": [["a"]], "estimator": "weighted"}) == "weighted"
    with pytest.raises(ConfigError, match="estimator 'median'"):
        study_estimator({"batches": [["a"]], "estimator": "median"})
