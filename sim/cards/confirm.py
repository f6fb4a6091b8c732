"""``--confirm BOT``: do a deck study's verdicts hold with another (stronger) bot, on fresh seeds?

The cards the study found something about (decided outside the band, or flagged ``misplayed`` /
``unused`` by its controls) and a sample of the cards decided ``within`` are the family of a
second deck study, played with ``BOT`` at every seat into ``DIR/confirm-<bot>``: the same design
rules, the same confidence sequences and stopping rule (``deck_study.run_deck_study``), its own
budget, and seeds of its own. Its batches' root seeds are those of the stream ``CONFIRM_STREAM``
of the study's seed, offset by ``FRESH_OFFSET``: a study's root seeds are below 2**31, a
confirmation's at or above it, so no game of the confirmation replays a seed of the study. Each
card's two verdicts are then set side by side, and a card's effect is only ever shown with its
interval: before a confirmation has the seeds for one (``sequential.MIN_SEEDS``), the table says
how many more of its games would give one instead.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np
import pandas as pd

from sim import texts
from sim.cards.deck_report import FLAG_WORDS, VERDICT_WORDS, with_control_columns
from sim.cards.deck_study import STUDY_FILE, DeckStudy
from sim.cards.deck_verdicts import next_design
from sim.cards.sequential import MIN_SEEDS, TOO_STRONG, TOO_WEAK, UNDECIDED, WITHIN
from sim.csv_files import write_frame
from sim.report.labels import Lang, t

SAMPLE = 3
"""Cards decided "within" (and not flagged) that are replayed beside the others (a check that the
bot does not simply move every card)."""

SEEDS_PER_BATCH = 2
"""Seeds per batch of the confirmation: the search bots take seconds a game, so small batches keep
a minutes budget (which is checked between batches) from being overrun by one long batch."""

CONFIRM_STREAM = 0xC0F1
"""The spawn key of the confirmation's root seeds (a study's batches use ``0xBA7C``)."""
FRESH_OFFSET = 1 << 31
"""Added to a confirmation's root seeds: a study's are ``uint64 >> 33``, below 2**31, so the two
sets of root seeds (and the games' seeds the runner draws from them) never meet."""
MARKER = "confirm.json"
"""Written into a confirmation's folder: its seeds are fresh (a folder without it replayed the study's)."""

AGREE, DISAGREE, OPEN = "agree", "disagree", "open"
"""Both verdicts decided and the same; both decided and different; one of them undecided."""

FAMILY_COLUMNS = ("card", "verdict", "effect", "low", "high", "flag")
COLUMNS = (
    "card",
    "study_verdict",
    "study_effect",
    "study_low",
    "study_high",
    "study_flag",
    "confirm_verdict",
    "confirm_effect",
    "confirm_low",
    "confirm_high",
    "confirm_flag",
    "confirm_games",
    "games_for_interval",
    "agreement",
)
HEADERS = texts.words("confirm_header")
"""The table's column headers by language (the catalogue's ``confirm_header.*``)."""
AGREEMENT_WORDS = texts.words("confirm_agreement")
"""Agreement as the CSV holds it (codes in English, words in Chinese)."""
TEXT = texts.table("confirm")
"""The console's texts by key and language (the catalogue's ``confirm.*``)."""


@dataclass(frozen=True)
class ConfirmStudy(DeckStudy):
    """A deck study whose batches play fresh seeds: root seeds of the stream ``CONFIRM_STREAM`` of
    the study's seed, offset by ``FRESH_OFFSET`` (disjoint from any deck study's)."""

    def batch_seed(self, batch: int) -> int:
        """The root seed of the confirmation's batch ``batch`` (at or above 2**31)."""
        sequence = np.random.SeedSequence(self.seed, spawn_key=(CONFIRM_STREAM, batch))
        return FRESH_OFFSET + int(sequence.generate_state(1, np.uint64)[0] >> np.uint64(33))


def confirm_plan(plan: DeckStudy, family: Sequence[str], bots: tuple[str, ...]) -> ConfirmStudy:
    """The confirmation of ``plan``: ``family`` decided with ``bots``, small batches, fresh seeds."""
    fields = {name: getattr(plan, name) for name in DeckStudy.__dataclass_fields__}
    base = ConfirmStudy(**fields)
    return replace(base, family=tuple(family), bots=bots, seeds_per_batch=SEEDS_PER_BATCH)


def check_folder(folder: Path, seed: int) -> None:
    """Refuse a folder holding a confirmation from before fresh seeds; mark a new one as fresh."""
    folder = Path(folder)
    if (folder / STUDY_FILE).is_file() and not (folder / MARKER).is_file():
        raise ValueError(str(folder))
    folder.mkdir(parents=True, exist_ok=True)
    marker = {"seeds": "fresh", "stream": CONFIRM_STREAM, "offset": FRESH_OFFSET, "study_seed": seed}
    (folder / MARKER).write_text(json.dumps(marker), encoding="utf-8")


def confirm_family(table: pd.DataFrame, seed: int, sample: int = SAMPLE) -> list[str]:
    """The cards of ``table`` decided outside the band, then the flagged ones (``misplayed``,
    ``unused``) not among them, then up to ``sample`` unflagged cards decided ``within`` (drawn by
    ``seed``)."""
    rows = with_control_columns(table)
    flagged = rows["flag"].astype(bool)
    outside = rows["verdict"].isin([TOO_STRONG, TOO_WEAK])
    within = rows.loc[(rows["verdict"] == WITHIN) & ~flagged, "card"].tolist()
    rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(0xC0F,)))
    picked = [within[i] for i in sorted(rng.choice(len(within), min(sample, len(within)), replace=False))]
    return [*rows.loc[outside, "card"], *rows.loc[flagged & ~outside, "card"], *picked]


def games_per_seed(plan: DeckStudy, summary: dict | None = None) -> float:
    """Games a seed of the confirmation costs: as played so far, else its first batch's (one slot
    per card)."""
    if summary and summary.get("seeds"):
        return summary["games"] / summary["seeds"]
    return float(len(next_design(plan.cards, plan.n_players, plan.seed, 0, []).slots))


def agree(before: str, again: str) -> str:
    """``open`` while either verdict is undecided; else ``agree`` or ``disagree``."""
    if UNDECIDED in (before, again):
        return OPEN
    return AGREE if before == again else DISAGREE


def agreement(
    first: pd.DataFrame, second: pd.DataFrame, family: Sequence[str], per_seed: float
) -> pd.DataFrame:
    """One row per card of ``family`` (``COLUMNS``; win shares in fractions): its verdict, effect,
    interval and flag in the study (``first``) and the confirmation (``second``, empty when no batch
    was played), the confirmation's games with the card, the further confirmation games (at
    ``per_seed`` games a seed) before it has an interval (NaN once it has one), and the agreement."""
    study = with_control_columns(first).set_index("card")
    again = with_control_columns(second).set_index("card") if len(second) else None
    rows = []
    for card in family:
        before = study.loc[card]
        row = {"card": card, **{f"study_{c}": before[c] for c in FAMILY_COLUMNS[1:]}}
        if again is not None and card in again.index:
            after = again.loc[card]
            row |= {f"confirm_{c}": after[c] for c in FAMILY_COLUMNS[1:]}
            seeds, games = int(after["seeds"]), int(after["games"])
        else:
            row |= {"confirm_verdict": UNDECIDED, "confirm_flag": ""}
            row |= {f"confirm_{c}": math.nan for c in ("effect", "low", "high")}
            seeds, games = 0, 0
        row["confirm_games"] = games
        row["games_for_interval"] = (
            math.ceil((MIN_SEEDS - seeds) * per_seed) if seeds < MIN_SEEDS else math.nan
        )
        row["agreement"] = agree(row["study_verdict"], row["confirm_verdict"])
        rows.append(row)
    return pd.DataFrame(rows, columns=list(COLUMNS))


def _points(effect: pd.Series, low: pd.Series, high: pd.Series) -> tuple[pd.Series, ...]:
    """Effect, low and high in points; all three blank where the interval is unknown (an effect is
    never shown without its interval)."""
    known = low.notna() & high.notna()
    return tuple((100 * s.astype(float)).round(2).where(known, "") for s in (effect, low, high))


def confirm_table(result: pd.DataFrame, lang: Lang) -> pd.DataFrame:
    """The agreement table as the console and the CSV show it: points of win share, verdicts, flags
    and agreement in ``lang``, an effect only beside its interval, ``games_for_interval`` only
    while there is none."""
    out = pd.DataFrame({"card": result["card"]})
    for side in ("study", "confirm"):
        out[f"{side}_verdict"] = result[f"{side}_verdict"].map(VERDICT_WORDS[lang])
        cells = _points(result[f"{side}_effect"], result[f"{side}_low"], result[f"{side}_high"])
        for name, cell in zip(("effect", "low", "high"), cells, strict=True):
            out[f"{side}_{name}"] = cell
        out[f"{side}_flag"] = result[f"{side}_flag"].fillna("").map(FLAG_WORDS[lang])
    out["confirm_games"] = result["confirm_games"].astype(int)
    out["games_for_interval"] = result["games_for_interval"].map(
        lambda x: "" if math.isnan(x) else str(int(x))
    )
    out["agreement"] = result["agreement"].map(AGREEMENT_WORDS[lang])
    return out[list(COLUMNS)].rename(columns=HEADERS[lang])


def write_confirmation(result: pd.DataFrame, path: Path, lang: Lang) -> Path:
    """Write the agreement table to ``path`` (UTF-8 with a BOM, as the other CSVs)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_frame(confirm_table(result, lang), path)
    return path


def closing_lines(result: pd.DataFrame, bot: str, path: Path, lang: Lang) -> list[str]:
    """The console's lines after the table: the cards without an interval yet, with the games that
    would give them one, and the count of each agreement."""
    lines = []
    waiting = result[result["games_for_interval"].notna()]
    if len(waiting):
        separator = t("enum_separator", lang)
        lines.append(
            TEXT["no_interval"][lang].format(
                cards=separator.join(waiting["card"]),
                min=MIN_SEEDS,
                games=f"{int(waiting['games_for_interval'].max()):,}",
            )
        )
    counts = result["agreement"].value_counts()
    lines.append(
        TEXT["summary"][lang].format(
            bot=bot, path=path, **{k: int(counts.get(k, 0)) for k in (AGREE, DISAGREE, OPEN)}
        )
    )
    return lines
