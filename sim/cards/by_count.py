"""A card study at several player counts (``sim cards study -p 4,5``): one row per card with its
verdict and effect at each count, and where the verdicts differ.

Both designs are read into the same rows (points of win share, the score effect in points of
score): the deck design's verdict table (``deck_verdicts``), or the paired design's effects (the
forced arm when it was played, else the removed one). A card's verdict *differs* when it is not the
same at every count; it is *decided both ways* when it differs between two counts at which the
card was decided (a verdict other than undecided or not enough games).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path

import pandas as pd

from sim import texts
from sim.cards.effects import NOT_ENOUGH
from sim.cards.sequential import UNDECIDED
from sim.csv_files import write_frame
from sim.report.labels import Lang, t
from sim.report.markdown import markdown_table

ROW_COLUMNS = ["card", "verdict", "effect", "low", "high", "games", "score"]
"""A count's rows: win share in points (effect and interval), games with the card, score effect."""
OPEN = (UNDECIDED, NOT_ENOUGH)
"""Verdicts that decide nothing."""
WORDS = texts.words("by_count")
"""The report's words by language (the catalogue's ``by_count.*``)."""


def deck_rows(table: pd.DataFrame) -> pd.DataFrame:
    """The deck design's verdict table as rows: card, verdict, effect, low, high (points), games."""
    out = table[["card", "verdict", "games"]].copy()
    for column in ("effect", "low", "high"):
        out[column] = 100 * table[column].astype(float)
    out["score"] = table["score_effect"].astype(float)
    return out[ROW_COLUMNS].reset_index(drop=True)


def paired_rows(effects: pd.DataFrame) -> pd.DataFrame:
    """The paired design's win-share effects as rows (the forced arm, else the removed one)."""
    arm = "forced" if (effects["arm"] == "forced").any() else "removed"
    rows = effects[(effects["arm"] == arm) & (effects["metric"] == "win_share")]
    out = pd.DataFrame(
        {"card": rows["card"], "verdict": rows["verdict"], "games": rows["games"]}
    ).reset_index(drop=True)
    for column, source in (("effect", "estimate"), ("low", "lo"), ("high", "hi")):
        out[column] = 100 * rows[source].astype(float).to_numpy()
    score = effects[(effects["arm"] == arm) & (effects["metric"] == "score")].set_index("card")["estimate"]
    out["score"] = out["card"].map(score).astype(float)
    return out[ROW_COLUMNS].reset_index(drop=True)


def by_count(rows: Mapping[int, pd.DataFrame]) -> pd.DataFrame:
    """One row per card (in the first count's order): ``verdict_<n>``, ``effect_<n>``, ``low_<n>``,
    ``high_<n>``, ``score_<n>`` per count, ``differs`` and ``both_ways`` (the module's text)."""
    counts = list(rows)
    cards = list(dict.fromkeys(c for n in counts for c in rows[n]["card"]))
    out = pd.DataFrame({"card": cards})
    for n in counts:
        frame = rows[n].set_index("card")
        for column in ("verdict", "effect", "low", "high", "score"):
            out[f"{column}_{n}"] = out["card"].map(frame[column])
        out[f"verdict_{n}"] = out[f"verdict_{n}"].fillna(NOT_ENOUGH)
    verdicts = out[[f"verdict_{n}" for n in counts]]
    out["differs"] = verdicts.nunique(axis=1) > 1
    decided = verdicts.apply(lambda row: {v for v in row if v not in OPEN}, axis=1)
    out["both_ways"] = decided.map(len) > 1
    return out


def _cell(effect: float, low: float, high: float) -> str:
    if math.isnan(effect):
        return ""
    if math.isnan(low):
        return f"{effect:+.1f}"
    return f"{effect:+.1f} [{low:+.1f}, {high:+.1f}]"


def shown(frame: pd.DataFrame, counts: list[int], lang: Lang) -> pd.DataFrame:
    """``by_count`` for a reader: verdicts in words, effects with their intervals, ``differs`` marked."""
    w = WORDS[lang]
    out = pd.DataFrame({w["card"]: frame["card"]})
    for n in counts:
        out[w["verdict"].format(n=n)] = frame[f"verdict_{n}"].map(lambda v: w.get(v, v))
        cells = zip(frame[f"effect_{n}"], frame[f"low_{n}"], frame[f"high_{n}"], strict=True)
        out[w["effect"].format(n=n)] = [_cell(float(e), float(lo), float(hi)) for e, lo, hi in cells]
        out[w["score"].format(n=n)] = [_cell(float(x), math.nan, math.nan) for x in frame[f"score_{n}"]]
    out[w["differs"]] = [
        w["both_ways"] if both else w["yes"] if diff else ""
        for diff, both in zip(frame["differs"], frame["both_ways"], strict=True)
    ]
    return out


def summary_lines(frame: pd.DataFrame, counts: list[int], lang: Lang) -> list[str]:
    """Where the verdicts differ between the counts (or that they never do)."""
    w = WORDS[lang]
    sep = t("list_separator", lang)
    joined = t("and_separator", lang).join(map(str, counts))
    differ = frame.loc[frame["differs"], "card"].tolist()
    if not differ:
        return [w["same"].format(counts=joined)]
    lines = [w["differ"].format(counts=joined, cards=sep.join(differ))]
    both = frame.loc[frame["both_ways"], "card"].tolist()
    if both:
        lines.append(w["decided"].format(cards=sep.join(both)))
    return lines


def write_by_count(frame: pd.DataFrame, deck: str, counts: list[int], out: Path, lang: Lang) -> Path:
    """Write ``verdicts-by-count.csv`` and ``verdicts-by-count.md`` into ``out``; returns the markdown."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    table = shown(frame, counts, lang)
    write_frame(table, out / "verdicts-by-count.csv")
    joined = ", ".join(map(str, counts))
    lines = [f"# {WORDS[lang]['title'].format(deck=deck, counts=joined)}", "", *markdown_table(table), ""]
    lines += [*summary_lines(frame, counts, lang), ""]
    path = out / "verdicts-by-count.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path
