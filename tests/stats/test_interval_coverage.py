"""Known-answer coverage of the intervals a designer reads (issue 39, item 3).

Each test plants a truth, simulates many small runs with numpy (no games), and checks that the
interval holds the truth at its stated 95%: the observed coverage may fall short of 95% by Monte
Carlo noise only (``covers_95``: a one-sided binomial test at 1%), and every interval holds its own
estimate."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from sim import stats
from sim.report.metrics.counts import decide_best_count
from sim.stats import content, goals_seats
from sim.stats.intervals import hybrid_difference, wilson
from sim.stats.seats import widest_gap


def covers_95(hits: np.ndarray) -> bool:
    """True unless the hit rate is significantly below 95% (one-sided binomial test, p < 0.01)."""
    hits = np.asarray(hits, dtype=bool)
    return sps.binomtest(int(hits.sum()), len(hits), 0.95, alternative="less").pvalue >= 0.01


def simulated_players(rng: np.random.Generator, p: np.ndarray, games: int, runs: int) -> pd.DataFrame:
    """``runs`` runs (variants "0", "1", ...) of ``games`` games each, seat s winning with p[s]."""
    n = len(p)
    winner = rng.choice(n, size=runs * games, p=p)
    seat = np.tile(np.arange(n), runs * games)
    won = seat == np.repeat(winner, n)
    return pd.DataFrame(
        {
            "game": "g",
            "variant": np.repeat(np.arange(runs), games * n).astype(str),
            "n_players": n,
            "gid": np.repeat(np.arange(runs * games), n),
            "seat": seat,
            "won": won,
            "rank": np.where(won, 1, 2),
        }
    )


@pytest.mark.parametrize("planted", [[0.2] * 5, [0.28, 0.22, 0.2, 0.17, 0.13]], ids=["fair", "gap_8_points"])
def test_widest_seat_gap_interval_covers_the_planted_gap_and_its_estimate(planted):
    """The percentile bootstrap of the maximum it replaces covered a fair game's gap of 0 never (its
    low end is above 0 in every run) and the planted 8 points 88% of the time, and left the reported
    gap below its interval (the issue's "1.5 (95% CI 1.7 … 8.3)")."""
    p = np.array(planted)
    truth = float(np.abs(p - 1 / len(p)).max())
    fpa = stats.first_player_advantage(
        stats.seat_win_rates(simulated_players(np.random.default_rng(39), p, games=200, runs=300))
    )
    assert len(fpa) == 300
    assert ((fpa["max_gap_lo"] <= fpa["max_gap"]) & (fpa["max_gap"] <= fpa["max_gap_hi"])).all()
    assert covers_95((fpa["max_gap_lo"] <= truth + 1e-12) & (truth <= fpa["max_gap_hi"] + 1e-12))


def _event_difference(rng: np.random.Generator, p_held: list[float], p_other: list[float]) -> tuple:
    """One simulated item over two strata (35 holders, 300 comparable seats, one game per seat): the
    report's difference, interval and p-value, and the planted truth under the same weights."""
    stratum = rng.integers(0, 2, size=335)
    held = np.arange(335) < 35
    p = np.where(held, np.array(p_held)[stratum], np.array(p_other)[stratum])
    share = (rng.random(335) < p).astype(float)
    diff, se = content.mantel_haenszel_difference(share, held, stratum, np.arange(335))
    arm1, n1, arm0, n0 = content.mantel_haenszel_arms(share, held, stratum)
    lo, hi, pv = hybrid_difference(diff, se, arm1 * n1, n1, arm0 * n0, n0)
    k1, k0 = np.bincount(stratum[held], minlength=2), np.bincount(stratum[~held], minlength=2)
    weight = k1 * k0 / (k1 + k0)
    truth = float(np.sum(weight * (np.array(p_held) - np.array(p_other))) / weight.sum())
    return diff, float(lo), float(hi), float(pv), truth, arm1


def test_item_difference_near_no_wins_covers_the_planted_difference():
    """Holders winning 2-3% against 10-12%: a third of the runs see no holder win, where the
    cluster-robust interval alone (standard error from the comparators only) was about ±2.5 points
    around -11 and missed the truth; the issue's "0 wins in 35 seats: -10.8 [-13.2, -8.3]"."""
    rng = np.random.default_rng(7)
    runs = [_event_difference(rng, [0.02, 0.03], [0.10, 0.12]) for _ in range(1000)]
    diff, lo, hi, pv, truth, arm1 = (np.array(c) for c in zip(*runs, strict=True))
    assert (arm1 == 0).mean() > 0.25
    assert ((lo <= diff) & (diff <= hi)).all()
    assert covers_95((lo <= truth) & (truth <= hi))
    zero = arm1 == 0
    assert covers_95(((lo <= truth) & (truth <= hi))[zero])
    assert ((pv <= 0.05) == ((lo > 0) | (hi < 0))).mean() > 0.99  # the p-value agrees with the interval


def test_item_difference_is_never_narrower_than_newcombe():
    """At 0 of 35 against 32 of 296 (one stratum) the interval is at least Newcombe's hybrid score
    interval (statsmodels ``method="newcomb"``), itself wider than either group's own Wilson."""
    from statsmodels.stats.proportion import confint_proportions_2indep

    share = np.r_[np.zeros(35), np.ones(32), np.zeros(264)]
    held = np.arange(len(share)) < 35
    stratum = np.zeros(len(share), dtype=int)
    diff, se = content.mantel_haenszel_difference(share, held, stratum, np.arange(len(share)))
    arm1, n1, arm0, n0 = content.mantel_haenszel_arms(share, held, stratum)
    lo, hi, p = hybrid_difference(diff, se, arm1 * n1, n1, arm0 * n0, n0)
    low, high = confint_proportions_2indep(0, 35, 32, 296, method="newcomb", compare="diff")
    assert lo <= low + 1e-12 and hi >= high - 1e-12
    assert hi - lo >= wilson(0, 35)[1] - wilson(0, 35)[0]
    assert diff + 1.96 * se < -0.07 and hi > -0.01  # the normal interval alone ended below -7 points
    assert 0.01 < p < 0.05  # not the old q < 0.001


def _count_measures(
    rng: np.random.Generator, planted: dict[int, tuple[list[float], float, float]], games: int
):
    """One simulated run per player count (seat win probabilities, mean winning margin, mean lead
    changes): the player-count table rows the best count is decided on, with their intervals."""
    rows = []
    for n, (p, margin, changes) in planted.items():
        rate = np.bincount(rng.choice(n, size=games, p=p), minlength=n) / games
        gap, gap_lo, gap_hi = widest_gap(rate, np.full(n, float(games)), 1 / n)
        margins = rng.exponential(margin, size=games)
        leads = rng.poisson(changes, size=games).astype(float)
        half_m = 1.96 * margins.std(ddof=1) / np.sqrt(games)
        half_c = 1.96 * leads.std(ddof=1) / np.sqrt(games)
        rows.append(
            {
                "n_players": n, "max_gap": gap, "max_gap_lo": gap_lo, "max_gap_hi": gap_hi,
                "spread": margins.mean() / 100, "spread_lo": (margins.mean() - half_m) / 100,
                "spread_hi": (margins.mean() + half_m) / 100, "lead_changes": leads.mean(),
                "changes_lo": leads.mean() - half_c, "changes_hi": leads.mean() + half_c,
            }
        )  # fmt: skip
    return pd.DataFrame(rows)


@pytest.mark.parametrize(
    "planted,truth",
    [
        ({n: ([1 / n] * n, 10.0, 2.0) for n in (3, 4, 5)}, None),
        (
            {
                3: ([0.36, 0.33, 0.31], 10.0, 2.0),
                4: ([0.25] * 4, 9.5, 2.1),
                5: ([0.24, 0.2, 0.2, 0.2, 0.16], 10.0, 2.0),
            },
            4,
        ),
    ],
    ids=["no_best", "four_slightly_best"],
)
def test_best_player_count_is_decided_wrongly_at_most_5_percent_of_the_time(planted, truth):
    """A count is named best only when an interval sets it apart; with equal counts (no best) the
    answer is undecided, and with a slightly better count a decided answer names that one, in 95% of
    the runs or more. The rank sum alone (the old "moderately sure" answer) named a count every time,
    a different one run to run (the issue's 4 -> 5 flip)."""
    rng = np.random.default_rng(11)
    named, right = [], []
    for _ in range(400):
        best, _, clear = decide_best_count(_count_measures(rng, planted, games=300))
        named.append(int(best["n_players"]))
        right.append(not clear or int(best["n_players"]) == truth)
    assert covers_95(np.array(right))
    assert len(set(named)) == 3  # the point estimates alone flip between all three counts


@pytest.mark.parametrize("edge", [(0, 0, 0, 0), (2, 1, 0, 0)], ids=["fair", "planted_edge"])
def test_a_compensation_is_proposed_only_when_it_beats_none(edge):
    """Whole-number scores 10-19 plus a planted per-seat ``edge``. On fair seats a fitted compensation
    only adds noise: at most 5% of runs may propose one (the old goal proposed one in every run,
    e.g. +2/+3/+1/+0/+0 raising 1.5 to 3.0); with a real edge it is proposed and its held-out gap is
    below the uncompensated one. Both gaps' intervals hold the gap itself and the planted truth (the
    seats' exact win shares from the score distribution) at 95%."""
    edge = np.array(edge)
    n = len(edge)
    grid = np.stack(np.meshgrid(*[np.arange(10, 20) + e for e in edge], indexing="ij"), -1).reshape(-1, n)
    exact = goals_seats._win_rates(grid.astype(float), np.zeros(n))  # all 10^n deals, equally likely
    truth = float(np.abs(exact - 1 / n).max())
    rng = np.random.default_rng(5)
    helps, covered = [], []
    for _ in range(300):
        scores = (rng.integers(10, 20, size=(300, n)) + edge).astype(float)
        ok, plain, fitted = goals_seats.compensation_helps(scores, 6, rng, draws=200)
        helps.append(ok)
        assert plain[1] <= plain[0] <= plain[2] and fitted[1] <= fitted[0] <= fitted[2]
        covered.append(plain[1] <= truth <= plain[2])
        if ok:
            assert fitted[0] < plain[0]
    assert covers_95(np.array(covered))
    if edge.any():
        assert np.mean(helps) > 0.9
    else:
        assert covers_95(~np.array(helps))


def test_the_seat_gap_chart_draws_each_dot_inside_its_bar():
    """The player-count chart of the widest seat gap: every dot within its drawn error bar (the
    issue's dot sat below its bar, the bootstrap interval lying wholly above the gap)."""
    import matplotlib

    matplotlib.use("Agg")
    from sim.report import plots

    rng = np.random.default_rng(3)
    parts = [simulated_players(rng, np.full(n, 1 / n), games=60, runs=4) for n in (3, 4, 5)]
    players = pd.concat([p.assign(gid=p["gid"] + 10_000 * i) for i, p in enumerate(parts)], ignore_index=True)
    fpa = stats.first_player_advantage(stats.seat_win_rates(players))
    ax = plots.plot_metric_by_players(fpa, "max_gap", "max_gap_lo", "max_gap_hi", scale=100)
    drawn = []
    for container in ax.containers:
        dots = container.lines[0].get_ydata()
        for dot, segment in zip(dots, container.lines[2][0].get_segments(), strict=True):
            low, high = sorted(segment[:, 1])
            assert low - 1e-9 <= dot <= high + 1e-9
            drawn.append((round(dot, 9), round(low, 9), round(high, 9)))
    table = {
        tuple(round(100 * v, 9) for v in r) for r in fpa[["max_gap", "max_gap_lo", "max_gap_hi"]].to_numpy()
    }
    assert len(drawn) == len(fpa) == 12 and set(drawn) == table  # the bars are the intervals, unclipped


def test_the_changed_cards_holders_difference_is_never_narrower_than_newcombe():
    """Holders of a changed card: 0 wins in 35 seats in A, 8 in 40 in B (one holder a game, a
    four-seat game each). A's standard error is 0, so the normal interval alone is B's alone."""
    from statsmodels.stats.proportion import confint_proportions_2indep

    from sim.dataset import Run
    from sim.stats.holders import holder_changes

    rows, events = [], []
    for variant, seats, wins in (("a", 35, 0), ("b", 40, 8)):
        for i in range(seats):
            gid = len(rows) // 4
            for seat in range(4):
                won = seat == 0 and i < wins or seat == 1 and i >= wins
                rows.append({"game": "g", "variant": variant, "n_players": 4, "gid": gid, "seat": seat, "won": won,
                             "rank": 1 if won else 2, "score": float(won)})  # fmt: skip
            events.append({"game": "g", "variant": variant, "n_players": 4, "gid": gid, "seat": 0, "card": "X",
                           "kind": "taken"})  # fmt: skip
    meta = [{"variants": [{"game": "g", "label": v, "resolved": {"cards": [{"id": "X", "amount": k}]}}
                          for v, k in (("a", 1), ("b", 2))]}]  # fmt: skip
    run = Run(pd.DataFrame(), pd.DataFrame(rows), pd.DataFrame(), {"cards": pd.DataFrame(events)}, meta)
    row = holder_changes(run, "g", "a", "b").iloc[0]
    assert (row["seats_a"], row["seats_b"], row["win_a"], row["win_b"]) == (35, 40, 0.0, 0.2)
    low, high = confint_proportions_2indep(8, 40, 0, 35, method="newcomb", compare="diff")
    assert row["win_lo"] <= low + 1e-12 and row["win_hi"] >= high - 1e-12
    assert row["win_lo"] <= row["win_diff"] <= row["win_hi"]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_compensation_goal_proposes_none_on_fair_seats_and_says_so(lang):
    """Fair seats (scores 10-19 for every seat): the goal reads the gap without points, names no
    points, and its line says none is shown to help."""
    from sim.report.metrics.goals import describe

    rng = np.random.default_rng(8)
    scores = rng.integers(10, 20, size=(300, 4)).astype(float)
    top = scores == scores.max(axis=1, keepdims=True)
    players = pd.DataFrame(
        {"game": "g", "variant": "v", "n_players": 4, "gid": np.repeat(np.arange(300), 4),
         "seat": np.tile(np.arange(4), 300), "score": scores.ravel(), "won": top.ravel()}
    )  # fmt: skip
    table = goals_seats.compensation(players, most=6, draws=100)
    goal = goals_seats.seat_compensation(type("Run", (), {"players": players})()).iloc[0]
    assert not table["helps"].iloc[0]
    assert goal["value"] == table["base_gap"].iloc[0] and goal["low"] <= goal["value"] <= goal["high"]
    assert (goal["driver"], goal["driver_other"]) == ("", goals_seats.NONE_HELPS)
    row = {**goal.to_dict(), "goal": "seat_compensation", "unit": "points", "verdict": "no_band"}
    text = describe(row, lang)
    assert ("no compensation is shown" in text) if lang == "en" else ("不建议补偿" in text)
    assert "+0 /" not in text and "+1" not in text
