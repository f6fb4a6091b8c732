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


class RunDirError(Exception):
    """The output directory cannot be used for this run."""


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a hidden temp file in the same folder, then rename over ``path``."""
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
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
        with open(tmp, "rb") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)


def remove_temp_files(out: Path) -> None:
    """Delete temp files left by an interrupted run."""
    for tmp in out.glob("*/.part-*.tmp"):
        tmp.unlink(missing_ok=True)


def finished_games(out: Path, run_id: str) -> dict[tuple[int, int], set[int]]:
    """(variant index, n_players) -> game indices whose chunk is complete for this run."""
    done: dict[tuple[int, int], set[int]] = {}
    folder = out / MARKER_TABLE
    if not folder.is_dir():
        return done
    for path in sorted(folder.iterdir()):
        match = PART_RE.match(path.name)
        if not match:
            continue
        meta = pq.read_schema(path).metadata or {}
        if meta.get(b"sim.run_id", b"").decode() != run_id:
            raise RunDirError(f"{path} belongs to another run; use a new --out directory")
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
