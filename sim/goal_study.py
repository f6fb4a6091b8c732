"""``sim goals`` in rounds: each goal gets the games it needs, judged at every look (docs/goals.md,
"Budgets and stopping").

Round 0 plays every play a goal needs at ``-n`` games (times its share and replays); after each
round the goals are measured on the games played so far (``look``) and each goal's fixed-sample
interval is widened into a confidence sequence, the card study's boundary (``sim.cards.sequential``,
normal mixture, Waudby-Smith et al. 2021 asymptotic form): at ``t`` units (the games of the goal's
play, or its setups when the play replays each setup) an arm ``z·s/√t`` becomes ``s·boundary(t)``,
so each arm of the interval (an asymmetric bootstrap interval keeps its shape) is multiplied by

    ratio(t) = half_width(1, t, alpha, t_opt) · √t / z,

and intersected with the goal's intervals at its earlier looks. ``t_opt`` is fixed at a goal's first
look (``TUNE_AHEAD`` times its units then). For a measure that is a mean over its units this is the
asymptotic confidence sequence itself; for the others (a widest gap, an entropy, a variance share)
it assumes the measure behaves like one, as their bootstrap intervals do. A goal is *open* while a
row of it with a band is undecided and its budget is not spent; the next round doubles the games of
every play an open goal reads (capped to what the budgets left buy at the plays' last pace), the
others stay as they are. A budget in minutes is a deadline: every play stops launching games in
time for the chunks in flight, the next look and the report; the round it cuts counts the games
finished (whole chunks from game 0 on), is looked at, recorded with those games and is the last.
The rounds (the games of each play, ``cut``: the rounds the deadline cut) are kept in the command's
output folder (``sim.core.goal_looks``): running the same command again replays them (no new game,
a cut round with the games it counted) and the same looks, so the same seeds give the same verdicts
whatever ``-j``, then goes on where it stopped.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from sim.cards.deck_study import Budget
from sim.cards.sequential import ALPHA, MIN_SEEDS, half_width, seeds_for_width
from sim.core.goal_looks import read_looks, row_key, write_looks
from sim.core.goals import LINEUP, on_edge, unit_range, verdict

Z = 1.959963984540054
"""The normal quantile of a two-sided fixed-sample 95% interval."""
TUNE_AHEAD = 4.0
"""A goal's boundary is tuned to be tightest at this many times its units at its first look (the
rounds double: about two rounds on)."""
GROWTH = 2
"""Each round multiplies the games of the plays open goals read by this."""
SMALLEST_STEP = 0.1
"""A play grows by at least this share of its games in a round, or not at all (budget spent)."""
REPORT_SECONDS = 30.0
"""The report's fixed cost (its charts), kept from a budget in minutes from the start; at most
``REPORT_SHARE`` of a small budget. Measured on the bundled card game, 5 players, every goal: the report of 400 /
1,600 lineup games took 28 / 52 s (load 3 on 2 cores), of 650 games with one goal 29 s (load 8):
about 20 s and 0.02 s a game, kept as 30 s and ``REPORT_PER_GAME``."""
REPORT_PER_GAME = 0.03
"""The report's seconds per game held (every play's), kept besides ``REPORT_SECONDS``."""
REPORT_LOOKS = 5.0
"""The report is kept at least this many looks' time: a look is timed on the machine as it is
now, so this follows a machine that slows down (measured: the report took 3.5 looks of every goal
on 400 games of the bundled card game, 11 looks of one goal on 650, 5 to 12 looks on 20 games of the template game at
load 13 and 1)."""
REPORT_SHARE = 0.25


def ratio(units: float, t_opt: float, alpha: float = ALPHA) -> float:
    """How much wider an arm of the confidence sequence is than the fixed-sample arm at ``units``
    (NaN below ``MIN_SEEDS`` units: no interval yet)."""
    if not units or units != units or units < MIN_SEEDS:
        return math.nan
    return float(half_width(1.0, units, alpha, t_opt)) * math.sqrt(units) / Z


def anytime(
    value: float,
    low: float,
    high: float,
    units: float,
    t_opt: float,
    earlier: Sequence[Sequence[float]] = (),
) -> tuple[float, float]:
    """The confidence-sequence interval at this look: each arm of the fixed-sample ``[low, high]``
    about ``value`` widened by ``ratio``, intersected with the ``earlier`` looks' (low, high) (when
    they disagree, which only a miss does, the current one is kept)."""
    r = ratio(units, t_opt)
    if any(x != x for x in (r, value, low, high)):
        return math.nan, math.nan
    lo_now, hi_now = value - (value - low) * r, value + (high - value) * r
    lo, hi = lo_now, hi_now
    for before_lo, before_hi in earlier:
        if before_lo == before_lo and before_hi == before_hi:
            lo, hi = max(lo, before_lo), min(hi, before_hi)
    return (lo_now, hi_now) if lo > hi else (lo, hi)


def units_needed(
    value: float, low: float, high: float, units: float, t_opt: float, band: tuple[float | None, float | None]
) -> float:
    """Units in all (at the spread seen so far) after which the confidence sequence of a goal whose
    value stays put clears the band edge its interval crosses: the per-unit spread is read from the
    arm towards that edge, then the card study's bisection (``seeds_for_width``). NaN when no edge
    lies in the interval or the value sits on it."""
    r = ratio(units, t_opt)
    if any(x != x for x in (r, value, low, high)):
        return math.nan
    needed = []
    for edge in (e for e in band if e is not None and low <= e <= high):
        distance, arm = abs(value - edge), (high - value) if edge >= value else (value - low)
        if not on_edge(value, edge) and arm > 0:
            spread = np.array([arm / r * math.sqrt(units) / Z])
            needed.append(float(seeds_for_width(spread, np.array([distance]), units, ALPHA, t_opt)[0]))
    return max(needed) if needed else math.nan


def judge_row(
    row: Mapping[str, Any],
    record: Mapping[str, Any] | None,
    replays: int = 1,
    limits: tuple[float | None, float | None] | None = None,
) -> dict[str, Any]:
    """A goal row judged as a confidence sequence: ``low``, ``high`` (cut to the range the measure
    can take: ``limits``, else its unit's), ``verdict`` (``no_band`` without a band), ``units`` (its
    games over its play's replays), ``t_opt`` (the record's, or tuned on these units at a first
    look), ``looks`` (the record's and this one) and ``units_needed`` (undecided rows)."""
    record = record or {}
    games = float(row["games"]) if row["games"] == row["games"] else math.nan
    units = games / max(int(replays), 1)
    t_opt = float(record.get("t_opt") or max(TUNE_AHEAD * (0.0 if units != units else units), MIN_SEEDS))
    earlier = [look[1:] for look in record.get("looks", []) if look[0] < units]
    low, high = anytime(float(row["value"]), float(row["low"]), float(row["high"]), units, t_opt, earlier)
    floor, ceiling = limits if limits is not None else unit_range(str(row.get("unit")))
    if low == low:  # a widened arm past what the measure can take is cut there
        low, high = _within(low, floor, ceiling), _within(high, floor, ceiling)
    band = (_bound(row.get("band_min")), _bound(row.get("band_max")))
    judged = "no_band" if band == (None, None) else verdict(low, high, *band)
    more = (
        units_needed(float(row["value"]), low, high, units, t_opt, band)
        if judged == "undecided"
        else math.nan
    )
    looks = [*record.get("looks", []), [units, low, high]] if low == low else list(record.get("looks", []))
    return {
        "games": None if games != games else int(games),
        "replays": int(replays),
        "low": low,
        "high": high,
        "verdict": judged,
        "units": units,
        "t_opt": t_opt,
        "looks": looks,
        "units_needed": more,
    }


def _within(x: float, floor: float | None, ceiling: float | None) -> float:
    """``x`` cut to [floor, ceiling] (None: no limit on that side)."""
    x = x if floor is None else max(x, floor)
    return (x if ceiling is None else min(x, ceiling)) + 0.0  # + 0.0: no -0.0 from max(-0.0, 0.0)


def _bound(x: object) -> float | None:
    return None if x is None or (isinstance(x, float) and x != x) else float(x)  # type: ignore[arg-type]


@dataclass(frozen=True)
class PlayPlan:
    """A play as the rounds grow it: its games per ``-n`` game (``share``), games per setup
    (``replays``) and the share of the command's budget the goals reading it may spend by default."""

    key: str
    share: float = 1.0
    replays: int = 1
    budget_share: float = 1.0

    def games(self, n: float) -> int:
        """Its games when the lineup plays ``n``: whole setups, at least one."""
        return max(1, round(n * self.share)) * self.replays


@dataclass
class GoalStudy:
    """What the rounds play and judge: the plays (lineup first), each goal's plays (its own and
    those it reads), ``-n`` of the first round, the command's budget and the goals' own."""

    plays: Mapping[str, PlayPlan]
    goal_plays: Mapping[str, tuple[str, ...]]
    first: int
    budget: Budget
    goal_budgets: Mapping[str, Budget] = field(default_factory=dict)
    limits: Mapping[str, tuple[float | None, float | None]] = field(default_factory=dict)
    """Each goal's range (``Goal.range``): its widened intervals are cut to it (a goal not named
    here: its unit's range)."""
    in_flight: Mapping[str, int] = field(default_factory=dict)
    """Games each play may still finish once it stops launching work (its workers' chunks in
    flight): a play stops launching that many games' time (at its pace) before the deadline."""
    report_seconds: float = 0.0
    """The report's fixed seconds (whatever its games), kept from a budget in minutes from the
    start (``report_reserve``)."""
    report_per_game: float = 0.0
    """The report's seconds per game held, kept besides (``REPORT_PER_GAME`` for ``sim goals``)."""

    def goal_budget(self, goal: str) -> Budget:
        """A goal's own budget: ``--goal-budget``, else the command's times the smallest
        ``budget_share`` of its plays."""
        if goal in self.goal_budgets:
            return self.goal_budgets[goal]
        share = min((self.plays[p].budget_share for p in self.goal_plays[goal]), default=1.0)
        minutes = None if self.budget.minutes is None else self.budget.minutes * share
        games = None if self.budget.games is None else int(self.budget.games * share)
        return Budget(minutes=minutes, games=games)


@dataclass
class Progress:
    """The state of the rounds: games per play (``targets``), seconds each play's batches took in
    this command, the last pace per play (seconds a game; a resumed run starts from the recorded
    one), the goals' records and statuses."""

    targets: dict[str, int]
    seconds: dict[str, float] = field(default_factory=dict)
    pace: dict[str, float] = field(default_factory=dict)
    records: dict[str, dict[str, Any]] = field(default_factory=dict)
    status: dict[str, str] = field(default_factory=dict)
    rounds: list[dict[str, int]] = field(default_factory=list)
    look_seconds: float = 0.0
    played: dict[str, int] = field(default_factory=dict)
    """New games each play played in this command (its pace so far: ``seconds`` over these)."""
    cut: list[int] = field(default_factory=list)
    """The rounds (1-based) the deadline cut: a play stopped launching games, the round counts the
    games finished (``rounds`` holds them, so a rerun replays the round as it was cut)."""
    report_seconds: float = 0.0
    """Seconds kept for the report of the games held (``report_time``)."""
    replayed: int = 0
    """The rounds an earlier run recorded, replayed first (their cuts are that run's)."""

    def pace_so_far(self, key: str) -> float | None:
        """A play's seconds a game for planning: the slower of its last batch's and its pace over
        this command's batches (the current round's included); the recorded pace before any."""
        last = self.pace.get(key)
        games = self.played.get(key, 0)
        overall = self.seconds.get(key, 0.0) / games if games else None
        known = [p for p in (last, overall) if p is not None and p > 0]
        return max(known) if known else last


def run_goal_study(
    study: GoalStudy,
    folder: Path,
    play: Callable[[str, int, Callable[[], bool]], int | None],
    look: Callable[[Mapping[str, int]], pd.DataFrame],
    clock: Callable[[], float] = time.monotonic,
    on_look: Callable[[Progress], None] | None = None,
    started: float | None = None,
) -> Progress:
    """Play and judge in rounds until every goal is decided or its budget is spent; ``play(key,
    games, stop)`` grows a play's folder towards ``games``, launching no more work once ``stop()``
    says so, and returns the games it holds from the first on (whole setups; None: all asked),
    ``look(targets)`` measures the goals on the games below the targets (a goals table with
    ``game``, judged ``variant``, ``n_players``, ``goal``, ``value``, ``low``, ``high``, ``games``,
    ``band_min``, ``band_max``). The rounds and looks are written to ``folder`` (the command's
    output folder, the plays' folders inside it) after every look; the recorded rounds of an
    earlier run with the same ``-n`` are replayed first.

    A budget in minutes is kept: a play stops launching games when what is left of it would not
    finish the games in flight, one more look and the report (``_reserve``). The round it cuts
    counts the games finished, is recorded with them (``Progress.cut``) and is the last. A goal's own
    budget (``GoalStudy.goal_budget``) stops its plays the same way, mid-round: such a play holds the
    games it finished, the round goes on with the other plays, and its goals close as ``budget``.
    ``started``: the ``clock()`` the command started at (now, if not given)."""
    started = clock() if started is None else started
    end = math.inf if study.budget.minutes is None else started + 60 * study.budget.minutes
    earlier = read_looks([folder / LINEUP]) or {}
    needed = [p for p in study.plays if any(p in plays for plays in study.goal_plays.values())]
    # the costly plays last (a stable sort): a deadline that cuts a round leaves them short, not the rest
    needed.sort(key=lambda p: -study.plays[p].budget_share)
    replay = list(earlier.get("rounds", []))
    if earlier.get("first") != study.first or (replay and set(replay[0]) != set(needed)):
        replay = []  # another -n or other goals: a new schedule (the games played are reused)
    state = Progress(targets={p: 0 for p in needed}, report_seconds=study.report_seconds)
    state.cut = [
        int(r) for r in earlier.get("cut", []) if replay and int(r) <= len(replay)
    ]  # replayed as cut
    state.replayed = len(replay)
    state.pace.update(
        {k: float(v) for k, v in earlier.get("pace", {}).items() if k in needed}
    )  # until played
    planned = replay[0] if replay else {p: study.plays[p].games(study.first) for p in needed}
    while True:
        cut = False
        for key, games in planned.items():
            if games <= state.targets.get(key, 0) or cut:
                continue
            # kept back: the next look, the report of the round's games, the chunks in flight
            after = {**state.targets, **{k: max(g, state.targets.get(k, 0)) for k, g in planned.items()}}
            state.report_seconds = report_time(study, state, sum(after.values()))
            in_flight = (state.pace_so_far(key) or 0.0) * study.in_flight.get(key, 0)
            margin = _reserve(state) + in_flight
            begun = clock()
            # its goals' own budgets (--goal-budget) end it too: the seconds they have left, less its
            # chunks in flight
            unclosed = [g for g in study.goal_plays if state.status.get(g, "open") == "open"]
            own_end = (
                begun + _allowances(study, state, unclosed).get(key, (math.inf, math.inf))[0] - in_flight
            )
            held = play(
                key, games, lambda margin=margin, own_end=own_end: clock() >= min(end - margin, own_end)
            )
            spent = clock() - begun
            held = games if held is None else max(min(int(held), games), state.targets.get(key, 0))
            new = held - state.targets.get(key, 0)
            state.seconds[key] = state.seconds.get(key, 0.0) + spent
            state.played[key] = state.played.get(key, 0) + new
            if spent > 0 and new > 0 and len(state.rounds) >= len(replay):
                state.pace[key] = spent / new
            state.targets[key] = held
            cut = held < games and clock() >= end - margin  # else its goals' budgets stopped it alone
        if not any(state.targets.values()):  # the deadline came before any game: no round, no look
            _close_open(study, state)
            break
        state.rounds.append(dict(state.targets))
        if cut and len(state.rounds) not in state.cut:
            state.cut.append(len(state.rounds))
        begun = clock()
        _judge(study, state, look(dict(state.targets)))
        state.look_seconds = clock() - begun
        state.report_seconds = report_time(study, state, sum(state.targets.values()))
        _write(folder, study, state, stop="")
        if on_look is not None:
            on_look(state)
        if cut:
            _close_open(study, state)
            break
        if len(state.rounds) < len(replay):
            planned = replay[len(state.rounds)]
            continue
        planned = _next_round(study, state, clock() - started)
        if not planned:
            break
    for goal, reads in study.goal_plays.items():  # a goal whose play a deadline left without games
        if goal not in state.status and any(state.targets.get(p) == 0 for p in reads):
            state.status[goal] = "budget"
    stop = "decided" if all(s == "decided" for s in state.status.values()) else "budget"
    _write(folder, study, state, stop=stop)
    return state


def report_reserve(budget: Budget) -> float:
    """The report's fixed seconds kept from ``budget``: ``REPORT_SECONDS``, at most ``REPORT_SHARE``
    of a budget in minutes (0 for a budget in games: no deadline)."""
    if budget.minutes is None:
        return 0.0
    return min(REPORT_SECONDS, REPORT_SHARE * 60 * budget.minutes)


def report_time(study: GoalStudy, state: Progress, games: int) -> float:
    """Seconds kept for the report of ``games``: its fixed seconds and seconds a game, at least
    ``REPORT_LOOKS`` looks."""
    return max(study.report_seconds + study.report_per_game * games, REPORT_LOOKS * state.look_seconds)


def _reserve(state: Progress) -> float:
    """Seconds kept back from a budget in minutes for what follows the games: the next look (the
    last one's time, times ``GROWTH``: the games doubled) and the report."""
    return GROWTH * state.look_seconds + state.report_seconds


def _close_open(study: GoalStudy, state: Progress) -> None:
    """After a round the deadline cut: every open goal's budget is spent, and so is that of a goal
    whose plays the deadline left without a game (never looked at)."""
    for goal in study.goal_plays:
        if state.status.get(goal, "open") == "open":
            state.status[goal] = "budget"


def _judge(study: GoalStudy, state: Progress, rows: pd.DataFrame) -> None:
    """Judge every goal row as a confidence sequence and set each goal's status: ``decided`` (every
    row with a band decided, or none has a band), else ``open`` (``_next_round`` closes a goal whose
    budget is spent: ``budget``)."""
    open_goals = set()
    for row in rows.to_dict("records"):
        plays = study.goal_plays.get(row["goal"])
        if plays is None:
            continue
        key = row_key(row["game"], row["variant"], row["n_players"], row["goal"])
        replays = study.plays[plays[0]].replays if plays[0] in study.plays else 1
        judged = judge_row(row, state.records.get(key), replays, study.limits.get(row["goal"]))
        state.records[key] = {**judged, "goal": row["goal"]}
        if judged["verdict"] == "undecided":
            open_goals.add(row["goal"])
    for goal in study.goal_plays:
        if any(r["goal"] == goal for r in state.records.values()) or goal in open_goals:
            state.status[goal] = "open" if goal in open_goals else "decided"


def _next_round(study: GoalStudy, state: Progress, elapsed: float) -> dict[str, int]:
    """The games of each play in the next round: doubled for the plays an open goal reads, capped to
    what the budgets left buy at the plays' last pace (a play's allowance is the largest of its open
    goals', within the command's); {} when no play can grow. An open goal none of whose plays grows
    is closed as ``budget``."""
    open_goals = [goal for goal, status in state.status.items() if status == "open"]
    allowance = _allowances(study, state, open_goals)
    reserve = _reserve(state) + sum(
        (state.pace_so_far(k) or 0.0) * study.in_flight.get(k, 0) for k in allowance
    )  # the next look, the report and the games in flight at a stop
    seconds, games = _left(study.budget, elapsed + reserve, sum(state.targets.values()))
    planned: dict[str, int] = {}
    for key, current in state.targets.items():
        if key not in allowance:
            continue
        own = allowance[key]
        grown = _afford(
            study.plays[key],
            state,
            key,
            GROWTH * current,
            (min(own[0], seconds), min(own[1], games)),
            study.report_per_game,
        )
        if grown > current:
            planned[key] = grown
            seconds -= (grown - current) * ((state.pace_so_far(key) or 0.0) + study.report_per_game)
            games -= grown - current
    for goal in open_goals:
        if not any(p in planned for p in study.goal_plays[goal]):
            state.status[goal] = "budget"
    return {**state.targets, **planned} if planned else {}


def _allowances(study: GoalStudy, state: Progress, goals: Sequence[str]) -> dict[str, tuple[float, float]]:
    """(seconds, games) each play may still spend: the largest of what the own budgets of
    ``goals`` reading it have left, after the seconds and games of every play each goal reads."""
    allowance: dict[str, tuple[float, float]] = {}
    for goal in goals:
        plays = [p for p in study.goal_plays[goal] if p in state.targets]
        spent = sum(state.seconds.get(p, 0.0) for p in plays)
        left = _left(study.goal_budget(goal), spent, sum(state.targets[p] for p in plays))
        for key in plays:
            before = allowance.get(key, (-math.inf, -math.inf))
            allowance[key] = (max(before[0], left[0]), max(before[1], left[1]))
    return allowance


def _left(budget: Budget, seconds: float, games: int) -> tuple[float, float]:
    """(seconds, games) a budget has left after ``seconds`` and ``games`` (inf where it sets none)."""
    secs = math.inf if budget.minutes is None else 60 * budget.minutes - seconds
    left_games = math.inf if budget.games is None else budget.games - games
    return secs, left_games


def _afford(
    plan: PlayPlan, state: Progress, key: str, want: int, left: tuple[float, float], report: float = 0.0
) -> int:
    """The games of play ``key`` next round: ``want``, or fewer (whole setups) when the budget left
    (seconds, games) buys fewer at its last pace; its current games when it buys less than
    ``SMALLEST_STEP`` of them."""
    current = state.targets[key]
    seconds, games = left
    pace = state.pace_so_far(key)
    buys = games if pace is None or pace <= 0 else min(games, seconds / (pace + report))
    if seconds <= 0 or games <= 0:
        return current
    extra = int(min(want - current, buys) // plan.replays) * plan.replays
    if extra < max(plan.replays, SMALLEST_STEP * current):
        return current
    return current + extra


def _write(folder: Path, study: GoalStudy, state: Progress, stop: str) -> None:
    write_looks(
        folder,
        {
            "first": study.first,
            "budget": {"minutes": study.budget.minutes, "games": study.budget.games},
            "rounds": state.rounds,
            "goals": state.records,
            "status": state.status,
            "seconds": {k: round(v, 1) for k, v in state.seconds.items()},
            "pace": {k: round(v, 3) for k, v in state.pace.items()},
            "cut": state.cut,
            "look_seconds": round(state.look_seconds, 1),
            "report_seconds": round(state.report_seconds, 1),
            "stop": stop,
        },
    )


def plays_of(goal_key: str, goals: Mapping[str, Any]) -> tuple[str, ...]:
    """A goal's plays, its own first, then those it reads (``Goal.play``, ``Goal.reads``)."""
    goal = goals[goal_key]
    return tuple(dict.fromkeys((goal.play or LINEUP, *goal.reads)))


def measure_goals(
    folders: Sequence[Path], targets: Mapping[str, int], goals: Sequence[str] | None = None
) -> pd.DataFrame:
    """The goals table (fixed-sample intervals) of the games of ``folders`` below each play's
    target (``game_index < targets[play]``; the lineup's own games: ``targets["lineup"]``): a look
    reads exactly the games its round played, whatever else the folders hold. ``goals``: the goals
    measured (None: all; a goal not judged is not measured, some cost seconds a look)."""
    from dataclasses import replace

    from sim.core.goals import play_of
    from sim.dataset import load_run
    from sim.report.analysis import analyse
    from sim.report.metrics import REGISTRY

    run = load_run(list(folders))
    plays = sorted(set(targets) - {LINEUP})
    index = run.games["game_index"].to_numpy()
    limit = run.games["variant"].astype(str).map(lambda v: targets.get(play_of(v, plays)[1], 0)).to_numpy()
    run = replace(run.subset(run.games.loc[index < limit, "gid"]), folders=[])  # no recorded looks
    wanted = {"goals", "seats", "scores", "runaway"}
    return analyse(run, [m for m in REGISTRY if m.key in wanted], goals).tables["goals"]
