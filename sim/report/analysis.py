"""Run every metric of the registry over a loaded run: the data behind the report and its CSV tables."""

from __future__ import annotations

from collections.abc import Sequence

from sim.core.goals import GENERIC_PLAYS, LINEUP, play_of
from sim.dataset import Run
from sim.report import metrics
from sim.report.metric import Analysis, Comparison, Metric
from sim.report.metrics.counts import player_count_table
from sim.report.metrics.end import end_stages

__all__ = ["Analysis", "Comparison", "analyse", "end_stages", "lineup_games", "player_count_table"]


def lineup_games(run: Run) -> Run:
    """``run`` without the games ``sim goals`` plays for single goals (variant ``<variant>+<play>``),
    when the lineup's own games are there too; else ``run`` as it is."""
    plays = {play.key for play in GENERIC_PLAYS}
    for meta in run.meta:
        for info in (meta.get("games") or {}).values():
            for goal in info.get("goals") or []:
                plays |= {goal.get("play", LINEUP), *goal.get("reads", ())}
    variants = run.games["variant"].astype(str)
    is_play = variants.map(lambda v: play_of(v, sorted(plays))[1] != LINEUP)
    if not is_play.any() or is_play.all():
        return run
    return run.subset(run.games.loc[~is_play.to_numpy(), "gid"])


def analyse(
    run: Run, registry: Sequence[Metric] | None = None, goals: Sequence[str] | None = None
) -> Analysis:
    """Compute the tables of every metric (``sim.report.metrics.REGISTRY`` unless given), each after
    the metrics it needs. The games of the design goals' plays are read by the goals alone;
    ``goals`` names the design goals to measure (None: all)."""
    chosen = list(metrics.REGISTRY if registry is None else registry)
    by_key = {m.key: m for m in chosen}
    only = None if goals is None else frozenset(goals)
    analysis = Analysis(run=lineup_games(run), registry=chosen, goal_run=run, goals=only)
    done: set[str] = set()

    def compute(metric: Metric, path: tuple[str, ...] = ()) -> None:
        if metric.key in done:
            return
        if metric.key in path:
            raise ValueError(f"metrics need each other in a circle: {' -> '.join((*path, metric.key))}")
        for key in metric.needs:
            if key not in by_key:
                raise ValueError(f"metric {metric.key!r} needs {key!r}, which is not in the registry")
            compute(by_key[key], (*path, metric.key))
        if metric.compute is not None:
            tables = metric.compute(analysis)
            missing = [name for name in metric.tables if name not in tables]
            if missing:
                raise ValueError(f"metric {metric.key!r} did not return its tables {missing}")
            analysis.tables.update(tables)
        done.add(metric.key)

    for metric in chosen:
        compute(metric)
    return analysis
