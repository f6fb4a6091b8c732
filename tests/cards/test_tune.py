"""sim tune's search: bisection on shared seeds finds the value that zeroes a planted linear effect."""

from __future__ import annotations

import numpy as np
import pytest

from sim.cards.tune import Point, bisect, parse_range, parse_target


def planted(root: float, slope: float, noise: float, games: int = 100, seed: int = 7):
    """An effect linear in the parameter, measured with seeded noise (the same seeds for every value)."""
    shared = np.random.default_rng(seed).normal(0, noise, size=games)  # common random numbers
    calls: list[float] = []

    def evaluate(value: float) -> Point:
        calls.append(value)
        values = slope * (value - root) + shared
        half = 1.96 * values.std(ddof=1) / np.sqrt(games)
        mean = float(values.mean())
        return Point(value, mean, mean - half, mean + half, games)

    return evaluate, calls


@pytest.mark.parametrize("root", [0.5, 3.3, 7.0, 11.6, 19.5])
def test_bisection_finds_the_zero_of_a_linear_effect_within_one_step(root):
    evaluate, calls = planted(root, slope=-0.02, noise=0.01)
    result = bisect(evaluate, 0, 20, target=0.0, step=1, integer=True)
    assert result.bracketed
    assert abs(result.value - root) <= 1
    assert isinstance(result.value, int)
    assert len(calls) <= 2 + int(np.ceil(np.log2(20)))  # a bisection, not a scan
    assert result.games == 100 * len(calls)
    assert result.lo <= result.root <= result.hi


def test_the_interval_of_the_value_holds_the_planted_zero_about_95_times_in_100():
    held = 0
    for seed in range(200):
        evaluate, _ = planted(6.4, slope=-0.02, noise=0.05, seed=seed)
        result = bisect(evaluate, 0, 20, target=0.0, step=1, integer=True)
        held += result.lo <= 6.4 <= result.hi
    assert 0.9 <= held / 200 <= 0.99


def test_float_search_and_a_target_other_than_zero():
    evaluate, _ = planted(2.0, slope=0.05, noise=0.005)
    result = bisect(evaluate, 0.5, 4.5, target=0.025, step=0.125)
    assert abs(result.root - 2.5) <= 0.125
    assert result.lo < result.root < result.hi


def test_no_bracket_reports_the_nearer_end():
    evaluate, calls = planted(30.0, slope=-0.02, noise=0.0)
    result = bisect(evaluate, 0, 20, target=0.0, step=1, integer=True)
    assert not result.bracketed and result.value == 20 and calls == [0, 20]
    evaluate, _ = planted(0.0, slope=-0.02, noise=0.01)  # a zero at the very end of the range
    assert bisect(evaluate, 0, 20, target=0.0, step=1, integer=True).value == 0
    evaluate, calls = planted(0.0, slope=-0.02, noise=0.0)  # an end exactly on the target
    result = bisect(evaluate, 0, 20, target=0.0, step=1, integer=True)
    assert result.bracketed and result.value == 0 and calls == [0, 20]


def test_targets_and_ranges_are_checked():
    target = parse_target("effect:赌徒=1.5")
    assert (target.metric, target.subject, target.goal) == ("effect", "赌徒", 0.015)
    assert parse_target("win_share:2=20").goal == pytest.approx(0.2)
    assert parse_target("score_effect:管家=-3").goal == -3
    assert parse_range("0..10") == (0.0, 10.0, True)
    assert parse_range("0.5..2") == (0.5, 2.0, False)
    for bad in ("effect=0", "win_share:0=20", "win_share:1=0.2%x", "win_share:1=120"):
        with pytest.raises(ValueError, match="--target"):
            parse_target(bad)
    for bad in ("10..0", "a..b", "5"):
        with pytest.raises(ValueError, match="--range"):
            parse_range(bad)
