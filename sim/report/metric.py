"""What a report metric declares: its computation, tables, section, answers (codes and numbers first,
sentences from the message catalogue) and key findings. Each metric is one module of
``sim.report.metrics``, listed once in ``REGISTRY``; the report loops over that list. ``Analysis`` is
what the metrics compute into and read from (``analysis.analyse`` fills it)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from sim.dataset import Run
from sim.report.labels import Lang
from sim.report.names import Names
from sim.report.page import Section

Answers = tuple[list[str], list[dict[str, Any]]]
"""Sentences in the report language, and one row of codes and numbers per answer (``answer_row``)."""

MAX_ANSWER_VARIANTS = 3
"""Variants per game that get answers (the others are in the sections and tables)."""


@dataclass(frozen=True)
class Metric:
    """One metric of the report.

    ``compute`` returns the metric's tables (written to tables/<name>.csv) from the run and the tables of
    the metrics it ``needs``; ``section`` draws its part of the page (or None when it does not apply);
    ``answers`` gives its opening answers under the catalogue title ``topic``, whose codes are among
    ``codes`` (message ``<codes_prefix><code>``); ``findings`` adds lines to the summary's key findings."""

    key: str
    """Section id, and the name of the metric."""
    tables: tuple[str, ...] = ()
    """Tables ``compute`` always returns (it may return more, e.g. one per paired comparison)."""
    compute: Callable[[Analysis], dict[str, pd.DataFrame]] | None = None
    needs: tuple[str, ...] = ()
    """Keys of the metrics whose tables ``compute`` reads."""
    section: Callable[[Analysis, Lang], Section | None] | None = None
    topic: str = ""
    """Catalogue key of the answers' heading."""
    answers: Callable[[Analysis, Names, Lang], Answers] | None = None
    answer_rank: int = 100
    """Answers are shown in increasing rank (sections in registry order)."""
    codes: tuple[str, ...] = ()
    """Verdict codes of the answers (``code`` column of answers.csv)."""
    findings: Callable[[Analysis, Lang], list[str]] | None = None


@dataclass
class Comparison:
    """A paired A/B comparison of two variants of one game."""

    game: str
    variant_a: str
    variant_b: str
    pairs: pd.DataFrame
    seats: pd.DataFrame
    scores: pd.DataFrame
    length: pd.DataFrame


@dataclass
class Analysis:
    """Every metric table of a run, plus the paired comparisons it supports."""

    run: Run
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    comparisons: list[Comparison] = field(default_factory=list)
    goal_run: Run | None = None
    """Every game read, the plays ``sim goals`` adds for the design goals included; ``run`` leaves
    those plays out when the lineup's own games are there, so every other section describes the
    lineup. None: the same as ``run``."""
    registry: Sequence[Metric] = ()
    """The metrics this analysis computed, in section order."""
    goals: frozenset[str] | None = None
    """The design goals the goals table measures (None: every goal the runs can measure); ``sim
    goals --goals`` looks at the goals it judges alone."""
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


def answer_row(
    topic: str, game: str, variant: str, n: Any, code: str, est: float, lo: float, hi: float, sure: str
) -> dict[str, Any]:
    """One answer as codes and numbers: topic, group, code, estimate with interval, how sure."""
    return {
        "topic": topic, "game": game, "variant": variant, "n_players": n, "code": code,
        "estimate": est, "lo": lo, "hi": hi, "sure": sure,
    }  # fmt: skip


def answer_name(a: Analysis, names: Names, game: str, variant: str) -> str:
    """The game's title, with the variant when the game has several."""
    title = names.title(game)
    return title if len(a.variants(game)) <= 1 else f"{title} / {names.variant(game, variant)}"


def answer_groups(a: Analysis, df: pd.DataFrame) -> Iterator[tuple[str, str, pd.DataFrame]]:
    """(game, variant, rows) for the first ``MAX_ANSWER_VARIANTS`` variants of each game."""
    for (game, variant), part in df.groupby(["game", "variant"], sort=True):
        if variant in a.variants(game)[:MAX_ANSWER_VARIANTS]:
            yield game, variant, part
