"""The results dataset: tables declared once (``schema``), written atomically (``write``), read back (``read``)."""

from sim.dataset.read import GROUP, DatasetError, Run, load_run, read_columns
from sim.dataset.schema import GAME_KEY, PARAM_PREFIX, TABLES, event_schema, games_schema, players_schema
from sim.dataset.write import write_chunk, write_json, write_table

__all__ = [
    "GAME_KEY",
    "DatasetError",
    "GROUP",
    "PARAM_PREFIX",
    "Run",
    "TABLES",
    "event_schema",
    "games_schema",
    "load_run",
    "players_schema",
    "read_columns",
    "write_chunk",
    "write_json",
    "write_table",
]
