"""Variant comparison on shared seeds: seat win rates, scores and length, B − A."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from sim import stats
from sim.report import plots
from sim.report.labels import Lang, t
from sim.report.metric import Answers, Comparison, Metric, answer_row
from sim.report.names import Names
from sim.report.sections import Section, chart, safe_name, table
from sim.report.verdicts import paired_verdict

if TYPE_CHECKING:
    from sim.report.metric import Analysis


MAX_PAIRED = 3
"""At most this many variants are compared against the baseline of a game."""


def paired_section(a: Analysis, lang: Lang) -> Section | None:
    """Paired A/B comparisons on shared seeds (None without two plain variants)."""
    if not a.comparisons:
        return None
    section = Section("paired", t("sec_paired", lang))
    for c in a.comparisons:
        names = dict(zip("ab", _shown(a.names(lang), c), strict=True))
        section.notes.append(
            f"{a.names(lang).title(c.game)}: "
            + t("pairs_note", lang, pairs=f"{len(c.pairs):,}", same=f"{int(c.pairs['same_seed'].sum()):,}")
        )
        seat_figure = chart(
            lambda ax, d=c.seats, n=names: plots.plot_paired_differences(
                d, ax, lang, t("paired_title", lang, **n), t("paired_axis", lang)
            ),
            t("paired_title", lang, **names),
        )
        for row in c.seats.to_dict("records"):
            bucket = seat_figure.verdicts if row["significant"] else seat_figure.more_verdicts
            bucket.append(paired_verdict(row, names["a"], names["b"], lang))
        section.figures.append(seat_figure)
        section.figures.append(
            chart(
                lambda ax, d=c.scores, n=names: plots.plot_paired_differences(
                    d, ax, lang, t("paired_score_title", lang, **n), t("paired_score_axis", lang), scale=1.0
                ),
                t("paired_score_title", lang, **names),
            )
        )
        tag = f"{c.game}__{c.variant_b}_vs_{c.variant_a}"
        section.tables.append(
            table(
                a,
                lang,
                c.length,
                "{}: {} − {}".format(a.names(lang).title(c.game), *reversed(_shown(a.names(lang), c))),
                safe_name(f"paired_length__{tag}"),
            )
        )
    return section


def _shown(names: Names, c: Comparison) -> tuple[str, str]:
    """The comparison's two variants by their display names (a, b)."""
    return names.variant(c.game, c.variant_a), names.variant(c.game, c.variant_b)


def paired_answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """Variant comparisons on shared seeds: the seats whose win rate changed, else 'no detectable change'."""
    sentences, codes = [], []
    for c in a.comparisons:
        title = names.title(c.game)
        changed = c.seats[c.seats["significant"]]
        if changed.empty:
            widest = c.seats.loc[(c.seats["hi"] - c.seats["lo"]).idxmax()] if not c.seats.empty else None
            sentences.append(
                f"[{title}] " + t("paired_none", lang, **dict(zip("ab", _shown(names, c), strict=True)))
            )
            if widest is not None:
                codes.append(answer_row("paired", c.game, c.variant_b, int(widest["n_players"]), "none",
                                  widest["difference"], widest["lo"], widest["hi"], "low"))  # fmt: skip
        for row in changed.to_dict("records"):
            sentences.append(f"[{title}] " + paired_verdict(row, *_shown(names, c), lang))
            codes.append(answer_row("paired", c.game, c.variant_b, int(row["n_players"]), "changed",
                              row["difference"], row["lo"], row["hi"], "high"))  # fmt: skip
    return sentences, codes


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """Baseline against each other variant sharing game indices: the two variants of a game when it has
    two (``sim compare``, with or without ``--set``), else the first plain variant against the other plain
    ones. Sets ``a.comparisons``; one table of each kind per comparison."""
    run, tables = a.run, {}
    for game in sorted(run.games["game"].unique()):
        variants = a.variants(game)
        plain = variants if len(variants) == 2 else [v for v in variants if "[" not in v]
        for other in plain[1 : 1 + MAX_PAIRED]:
            pairs = stats.paired_games(run.games[run.games["game"] == game], plain[0], other)
            if pairs.empty:
                continue
            c = Comparison(
                game=game,
                variant_a=plain[0],
                variant_b=other,
                pairs=pairs,
                seats=stats.paired_seat_difference(run.players, pairs),
                scores=stats.paired_score_difference(run.players, pairs),
                length=stats.paired_length_difference(pairs),
            )
            a.comparisons.append(c)
            tag = f"{c.game}__{c.variant_b}_vs_{c.variant_a}"
            tables |= {
                f"paired_seats__{tag}": c.seats,
                f"paired_scores__{tag}": c.scores,
                f"paired_length__{tag}": c.length,
            }
    return tables


def findings(a: Analysis, lang: Lang) -> list[str]:
    """Each comparison's changed seats, or that none changed."""
    names, out = a.names(lang), []
    for c in a.comparisons:
        changed = c.seats[c.seats["significant"]]
        if changed.empty:
            out.append(
                f"[{names.title(c.game)}] "
                + t("paired_none", lang, **dict(zip("ab", _shown(names, c), strict=True)))
            )
        out += [
            f"[{names.title(c.game)}] {paired_verdict(row, *_shown(names, c), lang)}"
            for row in changed.to_dict("records")
        ]
    return out


METRIC = Metric(
    key="paired",
    compute=compute,
    section=paired_section,
    topic="ans_topic_paired",
    answers=paired_answers,
    answer_rank=40,
    codes=("changed", "none"),
    findings=findings,
)
