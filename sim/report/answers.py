"""The answers a report opens with, one topic per metric that answers (seat balance, best player count,
runaway leader, variant changes, end reasons, cards, what needs more games...).

Each answer is first a row of codes and numbers (topic, code, estimate, interval, how sure); the
sentences come from the message catalogue (``sim.report.labels``) only."""

from __future__ import annotations

import pandas as pd

from sim.report.analysis import Analysis
from sim.report.labels import Lang, t
from sim.report.names import Names


def answers(a: Analysis, names: Names, lang: Lang) -> tuple[list[tuple[str, list[str]]], pd.DataFrame]:
    """(topic title, sentences) in reading order, and every answer's codes and numbers."""
    out, rows = [], []
    if a.run.players.empty:
        return [(t("ans_topic_seats", lang), [t("no_finished", lang)])], pd.DataFrame()
    answering = sorted((m for m in a.registry if m.answers is not None), key=lambda m: m.answer_rank)
    for metric in answering:
        sentences, codes = metric.answers(a, names, lang)  # type: ignore[misc]
        if sentences:
            out.append((t(metric.topic, lang), sentences))
        rows += codes
    return out, pd.DataFrame(rows)
