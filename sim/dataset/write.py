"""Atomic writes: a reader never sees half a file, and an interrupted write leaves only a hidden temp."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

MARKER_TABLE = "games"
"""Written last for each chunk: a chunk is finished when its games file exists."""


def temp_path(path: Path) -> Path:
    """The hidden name a file is written under before it is renamed into place."""
    return path.with_name(f".{path.name}.tmp")


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a hidden temp file in the same folder, then rename over ``path``."""
    tmp = temp_path(path)
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_json(path: Path, payload: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(payload, indent=2, ensure_ascii=False, default=str).encode("utf-8"))


def write_table(path: Path, table: pa.Table, metadata: dict[str, str] | None = None) -> None:
    """One Parquet file (zstd), written atomically, with ``metadata`` added to its schema."""
    if metadata:
        table = table.replace_schema_metadata({**(table.schema.metadata or {}), **metadata})
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_path(path)
    pq.write_table(table, tmp, compression="zstd")
    os.replace(tmp, path)


def write_chunk(out: Path, chunk_id: str, tables: dict[str, pa.Table], metadata: dict[str, str]) -> None:
    """Write each table of a chunk, the games table last (it marks the chunk finished)."""
    for name in sorted(tables, key=lambda name: name == MARKER_TABLE):
        write_table(out / name / f"part-{chunk_id}.parquet", tables[name], metadata)
