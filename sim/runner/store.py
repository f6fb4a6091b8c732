"""The results directory: atomic per-chunk Parquet files, run.json, and what is already finished."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

PART_RE = re.compile(r"^part-v(\d+)-p(\d+)-g(\d+)-(\d+)\.parquet$")
MARKER_TABLE = "games"
"""Written last for each chunk: a chunk is finished when its games file exists."""


def is_table_folder(name: str) -> bool:
    return name in ("games", "players", "rounds") or name.startswith("events_")


class RunDirError(Exception):
    """The output directory cannot be used for this run."""


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a hidden temp file in the same folder, then rename over ``path``."""
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def write_json(path: Path, payload: dict[str, Any]) -> None:
    write_atomic(path, json.dumps(payload, indent=2, ensure_ascii=False, default=str).encode("utf-8"))


def write_chunk(out: Path, chunk_id: str, tables: dict[str, pa.Table], metadata: dict[str, str]) -> None:
    """Write each table of a chunk atomically, the games table last (it marks the chunk finished)."""
    order = sorted(tables, key=lambda name: name == MARKER_TABLE)
    for name in order:
        folder = out / name
        folder.mkdir(parents=True, exist_ok=True)
        table = tables[name]
        table = table.replace_schema_metadata({**(table.schema.metadata or {}), **metadata})
        path = folder / f"part-{chunk_id}.parquet"
        tmp = path.with_name(f".{path.name}.tmp")
        pq.write_table(table, tmp, compression="zstd")
        os.replace(tmp, path)


def remove_temp_files(out: Path) -> None:
    """Delete temp files left by an interrupted run."""
    for tmp in out.glob("*/.part-*.tmp"):
        tmp.unlink(missing_ok=True)


def _readable_run_id(path: Path) -> str | None:
    """The run id in a Parquet file's footer, or None if the file is missing or unreadable."""
    try:
        meta = pq.read_schema(path).metadata or {}
    except (OSError, pa.ArrowInvalid):
        return None
    return meta.get(b"sim.run_id", b"").decode()


def finished_games(out: Path, run_id: str) -> dict[tuple[int, int], set[int]]:
    """(variant index, n_players) -> game indices whose chunk is complete for this run.

    A chunk is complete when every table folder holds its file and each file's footer reads back,
    so a file cut short by a crash (or a power loss) is simply played again.
    """
    done: dict[tuple[int, int], set[int]] = {}
    folder = out / MARKER_TABLE
    if not folder.is_dir():
        return done
    tables = [p for p in out.iterdir() if p.is_dir() and is_table_folder(p.name)]
    for path in sorted(folder.iterdir()):
        match = PART_RE.match(path.name)
        if not match:
            continue
        owners = {_readable_run_id(table / path.name) for table in tables if (table / path.name).exists()}
        if owners - {run_id, None}:
            raise RunDirError(f"{path} belongs to another run; use a new --out directory")
        if None in owners or not all((table / path.name).exists() for table in tables):
            continue
        variant, n_players, start, stop = map(int, match.groups())
        done.setdefault((variant, n_players), set()).update(range(start, stop))
    return done


def read_run_json(out: Path) -> dict[str, Any] | None:
    path = out / "run.json"
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RunDirError(f"{path} is not valid JSON ({exc}); it was not written by sim") from None
