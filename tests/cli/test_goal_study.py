"""``sim goals``' rounds (``sim.goal_study``) on planted goals: no engine, a look reads synthetic
per-game values, so the stopping rule and the anytime-valid intervals are checked on known answers."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from sim.cards.deck_study import Budget
from sim.core.goal_looks import LOOKS_FILE, read_looks
from sim.goal_study import GoalStudy, PlayPlan, anytime, judge_row, ratio, run_goal_study

BAND_MAX = 0.5
TRUTH = {"clear_met": 0.1, "clear_not_met": 0.9, "edge": BAND_MAX}
"""Each goal's true mean (one per play): well inside the band, well outside, on its edge."""


def planted_look(seed: int = 0, games: int = 100_000):
    """A look over synthetic games: goal g's measure is the mean of its play's first ``targets[g]``
    per-game values (normal, sd 1, mean ``TRUTH[g]``) with its fixed-sample 95% interval."""
    rng = np.random.default_rng(seed)
    values = {goal: rng.normal(mean, 1.0, games) for goal, mean in TRUTH.items()}

    def look(targets) -> pd.DataFrame:
        rows = []
        for goal, x in values.items():
            part = x[: targets[goal]]
            half = 1.96 * part.std(ddof=1) / math.sqrt(len(part))
            rows.append(
                {"game": "g", "variant": "v", "n_players": 4, "goal": goal, "value": part.mean(),
                 "low": part.mean() - half, "high": part.mean() + half, "games": len(part),
                 "band_min": None, "band_max": BAND_MAX, "unit": "share"}
            )  # fmt: skip
        return pd.DataFrame(rows)

    return look


def planted_study(budget: Budget, goal_budgets=None) -> GoalStudy:
    plays = {goal: PlayPlan(goal) for goal in TRUTH}
    return GoalStudy(plays, {goal: (goal,) for goal in TRUTH}, 50, budget, goal_budgets or {})


def run(tmp_path, budget: Budget, goal_budgets=None, seed: int = 0):
    played: list[tuple[str, int]] = []
    state = run_goal_study(
        planted_study(budget, goal_budgets),
        tmp_path,
        lambda key, games, stop: played.append((key, games)),
        planted_look(seed),
        clock=lambda: 0.0,
    )
    return state, played


def test_clear_goals_stop_early_and_the_edge_goal_plays_to_the_budget(tmp_path):
    state, played = run(tmp_path, Budget(games=20_000))
    verdicts = {r["goal"]: r["verdict"] for r in state.records.values()}
    assert verdicts == {"clear_met": "met", "clear_not_met": "not_met", "edge": "undecided"}
    assert state.status == {"clear_met": "decided", "clear_not_met": "decided", "edge": "budget"}
    # the clear goals were decided within a few rounds, a few hundred games; the edge goal's play
    # took the rest of the budget, nearly all of it
    assert state.targets["clear_met"] <= 400 and state.targets["clear_not_met"] <= 400
    assert state.targets["edge"] > 10 * max(state.targets["clear_met"], state.targets["clear_not_met"])
    assert 15_000 <= sum(state.targets.values()) <= 20_000
    # a decided goal's play stopped growing: it was never played again
    last_met = max(i for i, (key, _) in enumerate(played) if key == "clear_met")
    assert last_met < max(i for i, (key, _) in enumerate(played) if key == "edge")
    # the undecided goal says how many more games it needs
    edge = next(r for r in state.records.values() if r["goal"] == "edge")
    assert edge["units_needed"] > edge["units"]


def test_a_goals_own_budget_stops_its_play_alone(tmp_path):
    state, _ = run(tmp_path, Budget(games=20_000), {"edge": Budget(games=800)})
    assert state.status["edge"] == "budget" and state.targets["edge"] <= 800


def test_a_rerun_replays_the_rounds_and_reaches_the_same_verdicts(tmp_path):
    first, played = run(tmp_path, Budget(games=5_000))
    looks = read_looks([tmp_path / "lineup"])
    again, replayed = run(tmp_path, Budget(games=5_000))
    assert (tmp_path / LOOKS_FILE).is_file() and looks is not None and looks["stop"] == "budget"
    assert again.rounds == first.rounds and again.records == first.records
    assert replayed == played  # the same plays asked, in the same order (the runner resumes them)


def test_the_widening_grows_slowly_and_is_about_one_and_a_half_near_its_tuning():
    assert math.isnan(ratio(10, 100))
    assert 1.4 < ratio(100, 100) < 1.7
    assert ratio(10_000, 100) > ratio(1_000, 100) > ratio(200, 100)


def test_the_intervals_hold_at_every_look_where_fixed_sample_ones_do_not():
    # a mean on the band's edge, looked at after every doubling from 25 to 6400 games: the share of
    # studies whose interval misses the truth at some look
    rng = np.random.default_rng(3)
    ends = [25 * 2**k for k in range(9)]
    anytime_miss = fixed_miss = 0
    studies = 400
    for _ in range(studies):
        x = rng.normal(0.0, 1.0, ends[-1])
        earlier: list[tuple[float, float]] = []
        missed_any = missed_fixed = False
        for n in ends:
            mean, half = x[:n].mean(), 1.96 * x[:n].std(ddof=1) / math.sqrt(n)
            low, high = anytime(mean, mean - half, mean + half, n, 4 * ends[0], earlier)
            earlier.append((low, high))
            missed_any |= not low <= 0.0 <= high
            missed_fixed |= not mean - half <= 0.0 <= mean + half
        anytime_miss += missed_any
        fixed_miss += missed_fixed
    assert anytime_miss / studies <= 0.05
    assert fixed_miss / studies > 0.10  # looking nine times at fixed-sample intervals misses often


def test_setup_luck_counts_setups_not_games():
    # the same interval over 100 games is 25 units when each setup is replayed 4 times: a wider
    # anytime interval than 100 independent games would give
    row = {"game": "g", "variant": "v", "n_players": 4, "goal": "setup_luck", "value": 0.2, "low": 0.1,
           "high": 0.3, "games": 100, "band_min": None, "band_max": 0.25, "unit": "share"}  # fmt: skip
    clustered, independent = judge_row(row, None, replays=4), judge_row(row, None, replays=1)
    assert clustered["units"] == 25 and independent["units"] == 100
    assert clustered["t_opt"] == pytest.approx(100) and independent["t_opt"] == pytest.approx(400)
    assert clustered["verdict"] == independent["verdict"] == "undecided"
    assert clustered["units_needed"] * 4 > 100 and independent["units_needed"] > 100


@pytest.mark.parametrize(
    ("option", "said"),
    [
        (["--budget", "soon"], "give minutes, hours or games"),
        (["--goal-budget", "nosuchgoal=5m"], "GOAL one of"),
        (["--goal-budget", "drama=0g"], "give minutes, hours or games"),
        (["--goals", "drama,nosuchgoal"], "nosuchgoal: not a goal"),
    ],
)
def test_sim_goals_refuses_a_bad_budget_or_goal_before_playing(tmp_path, option, said):
    from click.testing import CliRunner

    from sim.cli import cli

    out = tmp_path / "g"
    result = CliRunner().invoke(cli, ["goals", "toy", "-p", "2", "-n", "5", "--out", str(out), *option])
    assert result.exit_code == 2 and said in result.output and "Traceback" not in result.output
    assert not out.exists()  # nothing played


class SlowClock:
    """A fake clock that a fake play advances: ``pace`` seconds a game, games launched in chunks of
    ``chunk`` while ``stop()`` says go on (the chunk in flight finishes); a look takes ``look_s``."""

    def __init__(self, pace: float, chunk: int = 25, look_s: float = 2.0) -> None:
        self.now, self.pace, self.chunk, self.look_s = 0.0, pace, chunk, look_s
        self.held: dict[str, int] = {}

    def __call__(self) -> float:
        return self.now

    def play(self, key: str, games: int, stop) -> int:
        held = self.held.get(key, 0)
        while held < games and not stop():
            step = min(self.chunk, games - held)
            self.now += step * self.pace
            held += step
        self.held[key] = held
        return held

    def look(self, base):
        def timed(targets):
            self.now += self.look_s
            return base(targets)

        return timed


def test_a_budget_in_minutes_is_kept_and_the_cut_round_counts_its_finished_games(tmp_path):
    # the pace changes mid-run (the machine gets shared): the round planned from the old pace
    # would overrun; the play stops launching at the deadline, the round counts what finished
    clock = SlowClock(pace=0.01)
    base = planted_look()

    def look(targets):
        if sum(targets.values()) > 500:
            clock.pace = 0.2  # twenty times slower from here on
        return clock.look(base)(targets)

    study = replace(planted_study(Budget(minutes=1.0)), in_flight=dict.fromkeys(TRUTH, clock.chunk))
    state = run_goal_study(study, tmp_path, clock.play, look, clock=clock)
    # the games, the looks and the time kept for the report end within the budget, but for the
    # chunk in flight at the stop (launched before the deadline, at a pace twenty times the known)
    assert clock.now + state.report_seconds <= 60 + clock.chunk * clock.pace
    assert state.report_seconds > 0
    assert state.cut == [len(state.rounds)]  # the last round was cut
    looks = read_looks([tmp_path / "lineup"])
    assert looks["cut"] == state.cut and looks["stop"] == "budget"
    assert looks["rounds"][-1] == state.targets == clock.held  # recorded with the games finished
    assert all(state.targets[k] % 25 == 0 for k in state.targets)  # whole chunks, none half-counted
    edge = next(r for r in state.records.values() if r["goal"] == "edge")
    assert edge["verdict"] == "undecided" and edge["units_needed"] > edge["units"]
    assert state.status["edge"] == "budget"

    # a rerun replays the cut round as recorded (no new game: the folder holds them) and judges alike
    replayed: list[tuple[str, int]] = []

    def held_play(key, games, stop):
        replayed.append((key, games))
        return min(games, clock.held[key])

    again = run_goal_study(
        planted_study(Budget(games=sum(state.targets.values()))), tmp_path, held_play, base, clock=lambda: 0.0
    )
    assert again.rounds == state.rounds and again.records == state.records and again.cut == state.cut
    assert replayed[-1] == ("edge", state.targets["edge"])  # the cut round asked as it was recorded
    assert all(games <= state.targets[key] for key, games in replayed)  # and nothing beyond


def test_a_count_budget_has_no_deadline(tmp_path):
    clock = SlowClock(pace=10.0)  # very slow games: a count budget plays them all the same
    state = run_goal_study(
        planted_study(Budget(games=2_000)), tmp_path, clock.play, clock.look(planted_look()), clock=clock
    )
    assert state.cut == [] and 1_000 <= sum(state.targets.values()) <= 2_000


def test_sim_goals_ends_within_its_minutes_and_writes_the_report(tmp_path, monkeypatch):
    # the games slow down tenfold mid-run (a machine that gets shared): the round planned from the
    # earlier pace is cut at the deadline of a 30-second budget (on an idle machine; a busy one may
    # stop before), and the command still writes the report, goals.csv and the verdicts, within
    # the budget and a small margin
    import time

    from click.testing import CliRunner

    import sim.runner.execute as execute
    from sim.cli import cli

    real, chunks = execute.run_chunk, []

    def slow(chunk, *args, **kwargs):
        chunks.append(chunk)
        time.sleep((0.02 if len(chunks) <= 12 else 0.2) * len(chunk.game_indices))
        return real(chunk, *args, **kwargs)

    import sim.cli.goals

    real_report, report_took = sim.cli.goals.make_report, []

    def timed_report(*args, **kwargs):
        started = time.monotonic()
        try:
            return real_report(*args, **kwargs)
        finally:
            report_took.append(time.monotonic() - started)

    monkeypatch.setattr(execute, "run_chunk", slow)
    monkeypatch.setattr(sim.cli.goals, "make_report", timed_report)
    out = tmp_path / "g"
    command = ["goals", "toy", "-p", "2", "-n", "20", "-j", "1", "--chunk-size", "10", "--budget", "0.5m"]
    begun = time.monotonic()
    result = CliRunner().invoke(cli, [*command, "--no-progress", "--out", str(out)])
    took = time.monotonic() - begun
    assert result.exit_code == 0, result.output
    looks = read_looks([out / "lineup"])
    # within the budget but for one chunk in flight (2 s) and what the report took beyond the time
    # kept for it (none on an idle machine: 30 s + 1 s in all; the report's time on a busy one is
    # a forecast)
    overrun = max(0.0, report_took[0] - looks["report_seconds"])
    assert took - report_took[0] <= 30 + 3, (took, report_took)  # play and looks stop at the deadline
    if (
        looks["report_seconds"] < 30
    ):  # a machine so busy that the report alone outlasts the budget can't keep it
        assert took <= 30 + 3 + overrun, (took, report_took, looks["report_seconds"])
    assert looks["stop"] == "budget" and looks["cut"] in ([], [len(looks["rounds"])])
    assert (out / "report" / "report.html").is_file() and (out / "report" / "tables" / "goals.csv").is_file()
    assert "anytime-valid" in (out / "report" / "report.html").read_text(
        encoding="utf-8"
    )  # said beside the table
    assert (f"round {len(looks['rounds'])} cut at the deadline" in result.output) == bool(looks["cut"])
    assert "## " in result.output.split("Report:")[-1]  # the verdicts on the console
    # each play holds at least what it held a round before (a cut round's games are whole chunks of
    # the cut round's own plan: 46 games may be 40 and a last chunk of 6, so no fixed multiple applies)
    rounds = looks["rounds"]
    assert all(
        later[k] >= earlier[k] for earlier, later in zip(rounds, rounds[1:], strict=False) for k in earlier
    ), rounds


def test_a_budget_too_short_for_any_game_says_so_in_one_line(tmp_path):
    from click.testing import CliRunner

    from sim.cli import cli

    out = tmp_path / "g"
    result = CliRunner().invoke(
        cli, ["goals", "toy", "-p", "2", "-n", "20", "--budget", "0.01m", "--out", str(out)]
    )
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert "--budget 0.01m: the deadline came before any game finished" in result.output


def test_a_goals_own_budget_in_minutes_stops_its_play_mid_round(tmp_path):
    # a play checks stop() before each chunk of 10 games; a game takes 1 s of the fake clock for the
    # first 100 games, then 3 s, so the edge goal's third round (100 more games, planned at 1 s a
    # game to spend the last 200 s of its 5 minutes) would take 300 s: it is stopped at its budget,
    # mid-round, holding the games it finished; the other goals are not touched and no deadline
    # cut is recorded
    now = [0.0]
    played: dict[str, int] = {}

    def play(key, games, stop):
        held = played.get(key, 0)
        while held < games and not stop():
            now[0] += 10.0 if held < 100 else 30.0
            held += 10
        played[key] = held
        return held

    study = planted_study(Budget(minutes=600), {"edge": Budget(minutes=5)})
    state = run_goal_study(study, tmp_path, play, planted_look(), clock=lambda: now[0])
    assert state.status == {"clear_met": "decided", "clear_not_met": "decided", "edge": "budget"}
    assert state.seconds["edge"] <= 300 + 30 and state.targets["edge"] < 200  # not 200 games in 400 s
    assert state.cut == []
    assert state.rounds[-1]["edge"] == state.targets["edge"]  # recorded as held: a rerun replays it


def test_a_widened_interval_is_cut_to_the_range_its_measure_can_take():
    row = {"game": "g", "variant": "v", "n_players": 5, "goal": "decisiveness", "value": 0.02, "low": 0.005,
           "high": 0.06, "games": 400, "band_min": None, "band_max": 0.1, "unit": "share"}  # fmt: skip
    share = judge_row(row, None)
    free = judge_row(row, None, limits=(None, None))  # e.g. a share of the seat advantage
    assert share["low"] == 0.0 and free["low"] < 0.0  # a share of games is never below 0
    assert share["high"] == free["high"]
    full = judge_row(
        {**row, "value": 0.98, "low": 0.95, "high": 0.995, "band_max": None, "band_min": 0.5}, None
    )
    assert full["high"] == 1.0 and full["low"] < 0.95
    assert judge_row({**row, "unit": "points"}, None)["low"] == 0.0  # a gap in points: never below 0


def test_a_goal_on_its_edge_to_rounding_asks_for_no_count_and_the_search_ends():
    """A 5-player seat gap of 25% - 20% is 4.999...9 points against a band of 5: no count of units
    ends it (NaN), and a rounding-size gap no longer keeps the seed search doubling for ever."""
    import numpy as np

    from sim.cards.sequential import seeds_for_width
    from sim.goal_study import units_needed

    assert np.isnan(units_needed((0.25 - 0.20) * 100, 0.0, 19.9, 100, 100.0, (None, 5.0)))
    assert np.isfinite(seeds_for_width(np.array([1.0]), np.array([1e-15]), 100, 0.05, 100.0)).all()
