"""Run every metric of the registry over a loaded run: the data behind the report and its CSV tables."""

from __future__ import annotations

from collections.abc import Sequence

from sim.dataset import Run
from sim.report import metrics
from sim.report.metric import Analysis, Comparison, Metric
from sim.report.metrics.counts import player_count_table
from sim.report.metrics.end import end_stages

__all__ = ["Analysis", "Comparison", "analyse", "end_stages", "player_count_table"]


def analyse(run: Run, registry: Sequence[Metric] | None = None) -> Analysis:
    """Compute the tables of every metric (``sim.report.metrics.REGISTRY`` unless given), each after
    the metrics it needs."""
    chosen = list(metrics.REGISTRY if registry is None else registry)
    by_key = {m.key: m for m in chosen}
    analysis = Analysis(run=run, registry=chosen)
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
