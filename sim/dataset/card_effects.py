"""The card-effects table ``sim compare`` keeps in its run folder (``card-effects/effects.csv``):
what the compared variants' change did to each changed card (``sim.cards.change`` writes it, the
report reads it). Declared here, with the other tables of a run folder, so both can use it."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from sim.csv_files import read_frame, write_frame

FOLDER = "card-effects"
"""The compare folder's sub-folder holding the card studies and their table."""
TABLE_FILE = "effects.csv"

COLUMNS = [
    "game", "variant_a", "variant_b", "n_players", "deck", "card", "metric", "in_a", "in_b",
    "effect_a", "lo_a", "hi_a", "effect_b", "lo_b", "hi_b", "change", "change_lo", "change_hi",
    "p_value", "seeds", "level",
]  # fmt: skip


def card_effects_path(run_folder: Path) -> Path:
    """Where a compare keeps its card-effects table."""
    return Path(run_folder) / FOLDER / TABLE_FILE


def write_card_effects(table: pd.DataFrame, run_folder: Path) -> Path:
    """Write the table (with a BOM, so that Excel reads it as UTF-8, and cells a spreadsheet would
    run escaped: ``sim.csv_files``); returns its path."""
    path = card_effects_path(run_folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_frame(table, path)


def read_card_effects(run_folder: Path) -> pd.DataFrame:
    """The card-effects table a compare wrote into ``run_folder`` (no rows when it has none)."""
    path = card_effects_path(run_folder)
    if not path.is_file():
        return pd.DataFrame(columns=COLUMNS)
    return read_frame(path)
