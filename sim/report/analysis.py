"""Run every metric of the registry over a loaded run: the data behind the report and its CSV tables."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pandas as pd

from sim.dataset import Run
from sim.report import metrics
from sim.report.metric import Metric
from sim.report.metrics.counts import player_count_table
from sim.report.metrics.end import end_stages
from sim.report.metrics.paired import Comparison
from sim.report.names import Names

__all__ = ["Analysis", "Comparison", "analyse", "end_stages", "player_count_table"]


@dataclass
class Analysis:
    """Every metric table of a run, plus the paired comparisons it supports."""

    run: Run
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    comparisons: list[Comparison] = field(default_factory=list)
    registry: Sequence[Metric] = ()
    """The metrics this analysis computed, in section order."""
    _variants: dict[str, list[str]] = field(default_factory=dict)
    _names: dict[str, Names] = field(default_factory=dict)

    def names(self, lang: str) -> Names:
        """Display names of game terms in ``lang`` (run metadata first, then the per-game mapping)."""
        if lang not in self._names:
            self._names[lang] = Names.from_meta(self.run.meta, lang)  # type: ignore[arg-type]
        return self._names[lang]

    def variants(self, game: str) -> list[str]:
        """Variants of a game in run.json order (then any others, sorted)."""
        if not self._variants:
            played = self.run.games.groupby("game")["variant"].unique()
            for name, labels in played.items():
                declared = [
                    v["label"] for m in self.run.meta for v in m.get("variants", []) if v.get("game") == name
                ]
                ordered = [v for v in dict.fromkeys(declared) if v in set(labels)]
                self._variants[name] = ordered + sorted(set(labels) - set(ordered))
        return self._variants.get(game, [])


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
