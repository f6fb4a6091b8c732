"""The dataset is declared once: the doc, the runner's tables and the synthetic writer all follow it."""

from __future__ import annotations

import re
from pathlib import Path

import pyarrow.parquet as pq

from sim.dataset.schema import EVENT_KEYS, GAMES, PLAYERS, ROUNDS, games_schema, players_schema
from sim.games.mingchu.rules.card_table import CARD_EVENTS
from sim.stats.synthetic import BREAKDOWN_COLUMNS, write_synthetic_run

DOC = Path(__file__).resolve().parents[2] / "docs" / "dataset.md"


def documented(section: str) -> list[tuple[str, str]]:
    """(column, type) rows of the table under ``## <section>``."""
    text = DOC.read_text(encoding="utf-8").split(f"## {section}\n", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| ([^|]+?) \| ([^|]+?) \|", text, flags=re.M)
    return [
        (name, kind) for name, kind in rows if name not in ("column", "---") and not name.startswith("param:")
    ]


def test_the_doc_lists_every_column_with_its_type():
    for section, columns in (("games/", GAMES), ("players/", PLAYERS), ("rounds/", ROUNDS)):
        assert documented(section) == [(c.name, c.type) for c in columns], section
    assert documented("events_<name>/") == [(c.name, c.type) for c in EVENT_KEYS]
    assert documented("events_cards/") == [(c.name, c.type) for c in CARD_EVENTS]


def test_synthetic_runs_are_written_in_the_declared_schema(tmp_path):
    out = write_synthetic_run(tmp_path / "run", player_counts=(3,), games_per_count=20)
    players = pq.read_schema(next((out / "players").glob("*.parquet")))
    assert players.remove_metadata() == players_schema(BREAKDOWN_COLUMNS)
    games = pq.read_schema(next((out / "games").glob("*.parquet")))
    assert games.remove_metadata() == games_schema()
