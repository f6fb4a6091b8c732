"""``sim goals`` as one call: the plays of a config's design goals grown in rounds
(``sim.goal_study``) until every goal is decided or its budget is spent (docs/goals.md).

``run_goals`` builds the study (each play's plan, the goals' plays, budgets and ranges), grows each
play's run folder on the same seeds (a folder never shrinks: a rerun resumes it), measures the
goals at every look and says which folders the report reads and which goals no play reached. The
games are played by the function the caller passes (``RunGames``: the command line's runs, with
their console summary and error threshold), so this module prints nothing itself; ``look_line``
and ``goals_section`` are the lines the command prints."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from sim.cards.deck_study import Budget
from sim.config import ConfigError, ResolvedConfig, load_config, parse_override
from sim.core.game import GameSpec
from sim.core.goals import GENERIC_PLAYS, LINEUP, PLAY_SEPARATOR, Play
from sim.goal_study import (
    REPORT_PER_GAME,
    GoalStudy,
    PlayPlan,
    Progress,
    measure_goals,
    plays_of,
    report_reserve,
    run_goal_study,
)
from sim.report.labels import t
from sim.report.names import Names
from sim.runner.store import PART_RE
from sim.texts import message

RunGames = Callable[[ResolvedConfig, Sequence[str], int, Path, int, int, Callable[[], bool]], None]
"""``run_games(variant, bots, games, out, replays, chunk_size, stop)``: grow the run folder ``out``
of ``variant`` to ``games`` games with ``bots`` rotated over the seats, ``replays`` games per setup
in chunks of ``chunk_size``, launching no chunk once ``stop()`` says so."""


@dataclass(frozen=True)
class GoalRun:
    """What ``sim goals`` was asked, parsed: the config (``--set`` values applied, ``overrides``
    holding them), the lineup judged, the goals judged (key -> ``Goal``), ``-n``, the budgets, the
    runner's workers and chunk size, the output folder and the ``time.monotonic()`` the command
    started at (the budget counts from there)."""

    resolved: ResolvedConfig
    spec: GameSpec
    lineup: tuple[str, ...]
    goals: Mapping[str, Any]
    games: int
    budget: Budget
    folder: Path
    started: float
    overrides: Mapping[str, Any] = field(default_factory=dict)
    goal_budgets: Mapping[str, Budget] = field(default_factory=dict)
    jobs: int = 1
    chunk_size: int = 25


@dataclass(frozen=True)
class GoalOutcome:
    """The rounds' state, the play folders that hold games (the report's) and the goals none of
    whose plays got a game."""

    progress: Progress
    study: GoalStudy
    played: list[Path]
    unplayed: list[str]


def run_goals(
    run: GoalRun, run_games: RunGames, on_look: Callable[[Progress], None] | None = None
) -> GoalOutcome:
    """Play and judge ``run``'s goals in rounds (``sim.goal_study.run_goal_study``), each play's
    games grown by ``run_games``; ``on_look`` is called after every look."""
    declared = {play.key: play for play in (*GENERIC_PLAYS, *run.spec.report.goal_plays)}
    plans = {LINEUP: PlayPlan(LINEUP)} | {
        k: PlayPlan(k, p.share, p.replays, p.budget_share) for k, p in declared.items()
    }
    study = GoalStudy(
        plans,
        {k: plays_of(k, run.goals) for k in run.goals},
        run.games,
        run.budget,
        run.goal_budgets,
        limits={key: goal.range() for key, goal in run.goals.items()},
        in_flight={k: run.jobs * chunk_of(p, run.chunk_size) for k, p in plans.items()},
    )
    study = replace(study, report_seconds=report_reserve(study.budget), report_per_game=REPORT_PER_GAME)
    folders = {key: run.folder / key for key in plans}
    completed: dict[str, int] = {}  # the games each play's folder was completed to in this command

    def play(key: str, games: int, stop: Callable[[], bool]) -> int:
        # a folder never shrinks: one holding more finished games (a later round, resumed) keeps them
        asked = max(games, games_held(folders[key])[1])
        if completed.get(key, 0) < asked:
            _play_games(run, declared.get(key), folders[key], asked, stop, run_games)
        held = games_held(folders[key])[0]
        completed[key] = held
        replays = plans[key].replays
        return min(games, held // replays * replays)  # whole setups of the games asked

    def look(targets: Mapping[str, int]) -> Any:
        held = {k: games for k, games in targets.items() if games}  # a deadline may leave a play none
        return measure_goals([folders[k] for k in held], held, list(run.goals))

    progress = run_goal_study(study, run.folder, play, look, on_look=on_look, started=run.started)
    played = [folders[k] for k, games in progress.targets.items() if games]  # a deadline may leave none
    looked = {record["goal"] for record in progress.records.values()}
    unplayed = [
        goal
        for goal, reads in study.goal_plays.items()
        if goal not in looked and any(not progress.targets.get(play) for play in reads)
    ]
    return GoalOutcome(progress, study, played, unplayed)


def _play_games(
    run: GoalRun, play: Play | None, out: Path, games: int, stop: Callable[[], bool], run_games: RunGames
) -> None:
    """Grow one play's folder to ``games`` games: the lineup's own games (``play`` None) or a goal's
    play, on the same seeds as the variant ``<variant>+<play>`` (its --set values and bots)."""
    if play is None:
        run_games(run.resolved, run.lineup, games, out, 1, run.chunk_size, stop)
        return
    played_with = (
        load_config(run.resolved.path, {**run.overrides, **_overrides(play.sets)})
        if play.sets
        else run.resolved
    )
    # the label is the lineup's (its --set values included) + the play: the report pairs them
    variant = replace(played_with, variant=f"{run.resolved.label}{PLAY_SEPARATOR}{play.key}", overrides={})
    chunk_size = chunk_of(play, spread_chunks(games, run.chunk_size, run.jobs))
    run_games(variant, play.bots(run.lineup), games, out, play.replays, chunk_size, stop)


def _overrides(sets: Sequence[str]) -> dict[str, Any]:
    """A play's own config overrides (``path=value``, as ``--set`` takes them)."""
    overrides = {}
    for text in sets:
        try:
            path, value = parse_override(text)
        except ValueError as exc:
            raise ConfigError(message("set_error", error=exc.args[0] if exc.args else str(exc))) from None
        overrides[path] = value
    return overrides


def games_held(out: Path) -> tuple[int, int]:
    """(the games every player count of a run folder holds from game 0 on without a gap, the index
    past its last finished game): (0, 0) for none yet. Chunk files name their games; a run stopped
    at a deadline holds the chunks it launched."""
    try:
        counts = json.loads((out / "run.json").read_text(encoding="utf-8")).get("player_counts") or []
    except (OSError, ValueError):
        return 0, 0
    held: dict[int, set[int]] = {int(n): set() for n in counts}
    for path in (out / "games").glob("part-*.parquet"):
        match = PART_RE.match(path.name)
        if match:
            _, n_players, start, stop = map(int, match.groups())
            held.setdefault(n_players, set()).update(range(start, stop))
    if not held or not any(held.values()):
        return 0, 0
    prefix = min(next(i for i in range(len(games) + 1) if i not in games) for games in held.values())
    return prefix, max(max(games, default=-1) + 1 for games in held.values())


def spread_chunks(games: int, chunk_size: int, jobs: int) -> int:
    """A chunk size that gives every worker several tasks: a costly play of a few games (a search
    bot's) would otherwise be one chunk on one worker."""
    return min(chunk_size, max(1, -(-games // (4 * jobs))))


def chunk_of(play: Play | PlayPlan, chunk_size: int) -> int:
    """A goal play's chunk size: whole setups (a multiple of its ``replays``: a run stopped at a
    deadline then holds no setup in part), one setup for a costly play (``budget_share`` < 1, e.g.
    search bots: a deadline then waits for one game a worker, not a chunk of them)."""
    if play.budget_share < 1:
        return play.replays
    return max(play.replays, chunk_size // play.replays * play.replays)


def look_line(state: Progress, game: str, lang: str, budget: str = "") -> str:
    """One line after a look: the round, the games of each play and the goals still open, by their
    display names in ``lang``."""
    names = Names.from_meta([], lang)
    games = ", ".join(f"{names.play(game, k)} {v}" for k, v in state.targets.items())
    still = [names.term(game, g) for g, s in state.status.items() if s == "open"]
    line = message("goals_look", round=len(state.rounds), games=games, open=", ".join(still) or "-")
    if state.cut and state.cut[-1] == len(state.rounds) > state.replayed:  # cut by this command
        cut = message("goals_cut", round=len(state.rounds), budget=budget)
        return f"{line.in_lang(lang)}\n{cut.in_lang(lang)}"
    return line.in_lang(lang)


def goals_section(summary: Path, lang: str) -> str:
    """The design goals' section of a report's summary.md (its heading and one line per goal)."""
    heading = t("sec_goals", lang)
    parts = summary.read_text(encoding="utf-8").split("\n## ")
    return next((f"## {part.strip()}" for part in parts if part.startswith(heading)), "")
