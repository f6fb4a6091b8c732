"""What a compare's change did to each changed card: the card lab's causal effect on paired seeds.

``sim compare`` plays the forced arm of the card study for every changed card in each variant and
writes the table into its run folder (``sim.cards.change``); this metric reads it, opens the
comparison's answers and key findings with it, and names the changed cards it has no effect for
(the holders' table, ``holders``, only describes who took them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from sim.dataset.card_effects import COLUMNS, read_card_effects
from sim.report.labels import Lang, t
from sim.report.metric import Answers, Metric, answer_row
from sim.report.names import Names
from sim.report.sections import Section, table
from sim.report.verdicts import card_change_lines, card_change_rows

if TYPE_CHECKING:
    from sim.report.metric import Analysis

TABLE = "changed_card_effects"
HOLDERS = "changed_card_holders"
KEYS = ["game", "variant_a", "variant_b"]


def compute(a: Analysis) -> dict[str, pd.DataFrame]:
    """The card-effects rows of every paired comparison of the run (from the folders ``sim compare``
    wrote them into)."""
    frames = [read_card_effects(folder) for folder in a.run.folders]
    effects = pd.concat(
        [f for f in frames if not f.empty] or [pd.DataFrame(columns=COLUMNS)], ignore_index=True
    )
    pairs = pd.DataFrame([(c.game, c.variant_a, c.variant_b) for c in a.comparisons], columns=KEYS)
    return {TABLE: effects.merge(pairs, on=KEYS)[COLUMNS] if len(effects) else effects}


def _lines(a: Analysis, lang: Lang) -> list[str]:
    """One line per changed card and player count, after its game's title."""
    names, table = a.names(lang), a.tables[TABLE]
    games = [win["game"] for win, _ in card_change_rows(table)]
    lines = card_change_lines(table, lang, names)
    return [f"[{names.title(game)}] {line}" for game, line in zip(games, lines, strict=True)]


def _unmeasured(a: Analysis) -> pd.DataFrame:
    """The changed cards the holders' table describes that have no causal effect in the run."""
    holders = a.tables.get(HOLDERS, pd.DataFrame(columns=[*KEYS, "card"]))
    cards = holders[[*KEYS, "card"]].drop_duplicates()
    measured = a.tables[TABLE][[*KEYS, "card"]].drop_duplicates()
    marked = cards.merge(measured.assign(_m=True), on=[*KEYS, "card"], how="left")
    return marked[marked["_m"].isna()].drop(columns="_m")


def _unmeasured_lines(a: Analysis, lang: Lang) -> list[tuple[dict, str]]:
    names = a.names(lang)
    return [
        (
            r,
            f"[{names.title(r['game'])}] "
            + t(
                "card_change_unmeasured",
                lang,
                card=names.term(r["game"], r["card"]),
                a=names.variant(r["game"], r["variant_a"]),
                b=names.variant(r["game"], r["variant_b"]),
            ),
        )
        for r in _unmeasured(a).to_dict("records")
    ]


def section(a: Analysis, lang: Lang) -> Section | None:
    """The causal lines and their table (None when the comparison changes no card)."""
    rows = a.tables[TABLE]
    unmeasured = _unmeasured_lines(a, lang)
    if rows.empty and not unmeasured:
        return None
    out = Section("card_change", t("sec_card_change", lang), notes=[t("card_change_note", lang)])
    out.notes += _lines(a, lang) + [line for _, line in unmeasured]
    if not rows.empty:
        out.tables.append(table(a, lang, rows, t("sec_card_change", lang), TABLE))
    return out


def answers(a: Analysis, names: Names, lang: Lang) -> Answers:
    """Each changed card's causal effect in A and in B and the change, first of a comparison's answers;
    the changed cards without a measured effect are named as such."""
    codes = []
    for win, _ in card_change_rows(a.tables[TABLE]):
        lo, hi = float(win["change_lo"]), float(win["change_hi"])
        both = bool(win["in_a"]) and bool(win["in_b"])
        moved = both and not np.isnan(lo) and (lo > 0 or hi < 0)
        code = ("changed" if moved else "same") if both else ("added" if win["in_b"] else "removed")
        est, low, high = (win["change"], lo, hi) if both else _one_side(win)
        codes.append(answer_row("card_change", win["game"], win["variant_b"], win["n_players"], code,
                                est, low, high, "medium" if moved else "low"))  # fmt: skip
    unmeasured = _unmeasured_lines(a, lang)
    for r, _ in unmeasured:
        codes.append(answer_row("card_change", r["game"], r["variant_b"], "", "unmeasured",
                                np.nan, np.nan, np.nan, "low"))  # fmt: skip
    return _lines(a, lang) + [line for _, line in unmeasured], codes


def _one_side(win: dict) -> tuple[float, float, float]:
    side = "a" if bool(win["in_a"]) else "b"
    return win[f"effect_{side}"], win[f"lo_{side}"], win[f"hi_{side}"]


def findings(a: Analysis, lang: Lang) -> list[str]:
    """Every changed card's causal line (they open the key findings of a comparison)."""
    return _lines(a, lang) + [line for _, line in _unmeasured_lines(a, lang)]


METRIC = Metric(
    key="card_change",
    tables=(TABLE,),
    compute=compute,
    needs=("paired", "holders"),
    section=section,
    topic="ans_topic_card_change",
    answers=answers,
    answer_rank=0,
    codes=("changed", "same", "added", "removed", "unmeasured"),
    findings=findings,
)
"""Registered first, so a comparison's report opens with what the change did to each changed card."""
