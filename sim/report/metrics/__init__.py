"""The report's metrics, one module each, in the order of the page's sections.

Adding a metric is one module that defines ``METRIC`` (``sim.report.metric.Metric``) and one line
here; its text goes in the message catalogue (``sim.report.labels``)."""

from sim.report.metric import Metric
from sim.report.metrics import (
    bots,
    card_change,
    components,
    content,
    counts,
    end,
    errors,
    evenness,
    goals,
    holders,
    ladder,
    paired,
    precision,
    runaway,
    runs,
    scores,
    seats,
    sweep,
    trades,
    unused,
    winning_scores,
)

REGISTRY: list[Metric] = [
    goals.METRIC,
    card_change.METRIC,
    holders.METRIC,
    seats.METRIC,
    precision.METRIC,
    counts.METRIC,
    evenness.METRIC,
    paired.METRIC,
    sweep.METRIC,
    bots.METRIC,
    ladder.METRIC,
    scores.METRIC,
    winning_scores.METRIC,
    components.METRIC,
    end.METRIC,
    runaway.METRIC,
    content.METRIC,
    trades.METRIC,
    unused.METRIC,
    errors.METRIC,
    runs.METRIC,
]
"""Every metric of the report; sections are shown in this order, answers by ``answer_rank``."""
