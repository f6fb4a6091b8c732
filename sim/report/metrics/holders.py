"""Holders of the changed cards, as a description: the seats that took each changed card in A and in B.

The holders are a different group after the change, so their win rate mixes what the change did to
the card with who takes it now; the comparison's answer about a card is its causal effect
(``card_change``), and these lines stay in their own section, labelled as a description."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from sim.report.labels import Lang, t
from sim.report.metric import Metric
from sim.report.sections import Section, table
from sim.report.verdicts import holders_verdict
from sim.stats.holders import COLUMNS, holder_changes

if TYPE_CHECKING:
    from sim.report.metric import Analysis

TABLE = "changed_card_holders"


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """One row per changed card and player count of every paired comparison (``paired``)."""
    frames = [holder_changes(a.run, c.game, c.variant_a, c.variant_b) for c in a.comparisons]
    frames = [f for f in frames if not f.empty]
    return {TABLE: pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=COLUMNS)}


def _lines(a: Analysis, lang: Lang) -> list[tuple[dict, str]]:
    names = a.names(lang)
    return [
        (
            r,
            f"[{names.title(r['game'])}] "
            + holders_verdict(
                r
                | {
                    "variant_a": names.variant(r["game"], r["variant_a"]),
                    "variant_b": names.variant(r["game"], r["variant_b"]),
                },
                names.term(r["game"], r["card"]),
                lang,
            ),
        )
        for r in a.tables[TABLE].to_dict("records")
    ]


def section(a: Analysis, lang: Lang) -> Section | None:
    """The holders' lines and their table (None when no comparison changes a card)."""
    rows = a.tables[TABLE]
    if rows.empty:
        return None
    out = Section("holders", t("sec_holders", lang), notes=[t("holders_note", lang)])
    out.notes += [line for _, line in _lines(a, lang)]
    out.tables.append(
        table(
            a,
            lang,
            rows,
            t("sec_holders", lang),
            TABLE,
            pct=("win_a", "win_b", "win_diff", "win_lo", "win_hi"),
        )
    )
    return out


METRIC = Metric(
    key="holders",
    tables=(TABLE,),
    compute=compute,
    needs=("paired",),
    section=section,
)
"""A description of who took the changed cards, never an answer or a key finding: the comparison's
answer about a card is its causal effect (``card_change``)."""
