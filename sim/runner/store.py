"""The results directory of a run: its run.json, leftovers of an interrupted run, and what is already finished."""

from __future__ import annotations

import fcntl
import json
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from sim.dataset.read import ALWAYS_WRITTEN
from sim.dataset.schema import is_table_folder
from sim.dataset.write import MARKER_TABLE
from sim.texts import message

PART_RE = re.compile(r"^part-v(\d+)-p(\d+)-g(\d+)-(\d+)\.parquet$")


class RunDirError(Exception):
    """The output directory cannot be used for this run."""


RUN_ENTRIES = ("run.json", "report")
"""What a run folder may hold besides its table folders and hidden temp files."""


def check_out_dir(out: Path, run_id: str | None = None) -> None:
    """Refuse an --out folder that is a file, or not empty and not a run folder. A run folder that
    lost its run.json is still this run's when its chunk files say so (``run_id``)."""
    if out.exists() and not out.is_dir():
        raise RunDirError(message("out_is_file", out=out))
    if not out.is_dir():
        return
    foreign = sorted(
        p.name + ("/" if p.is_dir() else "")
        for p in out.iterdir()
        if not (p.name in RUN_ENTRIES or p.name.startswith(".") or (p.is_dir() and is_table_folder(p.name)))
    )
    unnamed = any(not p.name.startswith(".") for p in out.iterdir()) and not (out / "run.json").is_file()
    if unnamed and run_id is not None and _chunk_owners(out) == {run_id}:
        unnamed = False  # run.json was deleted: the chunks show the folder is this run's
    if foreign or unnamed:
        if len(foreign) > 5:
            why = message("out_holds_more", entries=foreign[:5], more=len(foreign) - 5)
        else:
            why = message("out_holds", entries=foreign) if foreign else message("out_no_run_json")
        raise RunDirError(message("out_not_run_folder", out=out, why=why, example=out / "run"))


def remove_temp_files(out: Path) -> None:
    """Delete temp files left by an interrupted run."""
    for tmp in out.glob("*/.part-*.tmp"):
        tmp.unlink(missing_ok=True)


def _game_range(path: Path) -> tuple[int, int] | None:
    """(first, last + 1) game index a games file holds, from its footer's column statistics
    (None when they are missing: the file is then judged by its name alone)."""
    meta = pq.read_metadata(path)
    column = meta.schema.names.index("game_index") if "game_index" in meta.schema.names else None
    if column is None or meta.num_row_groups == 0:
        return None
    lows, highs = [], []
    for group in range(meta.num_row_groups):
        statistics = meta.row_group(group).column(column).statistics
        if statistics is None or not statistics.has_min_max:
            return None
        lows.append(statistics.min)
        highs.append(statistics.max)
    return int(min(lows)), int(max(highs)) + 1


def _chunk_owners(out: Path) -> set[str | None]:
    """The run ids written in the footers of the folder's chunk files."""
    return {_readable_run_id(path) for path in (out / MARKER_TABLE).glob("part-*.parquet")}


def _readable_run_id(path: Path) -> str | None:
    """The run id in a Parquet file's footer, or None if the file is missing or unreadable."""
    try:
        meta = pq.read_schema(path).metadata or {}
    except (OSError, pa.ArrowInvalid):
        return None
    return meta.get(b"sim.run_id", b"").decode()


def finished_games(
    out: Path, run_id: str, tables: Iterable[str] = ALWAYS_WRITTEN
) -> dict[tuple[int, int], set[int]]:
    """(variant index, n_players) -> game indices whose chunk is complete for this run.

    A chunk is complete when every table folder (those present and ``tables``, the ones the run
    writes) holds its file and each file's footer reads back, so a file cut short by a crash (or a
    power loss), or a deleted table folder, is simply played again.
    """
    done: dict[tuple[int, int], set[int]] = {}
    folder = out / MARKER_TABLE
    if not folder.is_dir():
        return done
    # Every chunk writes at least these, so a deleted folder means its chunks must be played again.
    tables = sorted(
        {out / name for name in (*ALWAYS_WRITTEN, *tables)}
        | {p for p in out.iterdir() if p.is_dir() and is_table_folder(p.name)}
    )
    for path in sorted(folder.iterdir()):
        match = PART_RE.match(path.name)
        if not match:
            continue
        owners = {_readable_run_id(table / path.name) for table in tables if (table / path.name).exists()}
        if owners - {run_id, None}:
            raise RunDirError(message("chunk_other_run", path=path))
        if None in owners or not all((table / path.name).exists() for table in tables):
            continue
        variant, n_players, start, stop = map(int, match.groups())
        held = _game_range(path)
        if held is not None and held != (start, stop):
            raise RunDirError(
                message(
                    "chunk_misnamed", path=path, first=held[0], last=held[1] - 1, start=start, end=stop - 1
                )
            )
        done.setdefault((variant, n_players), set()).update(range(start, stop))
    return done


LOCK_NAME = ".lock"


@contextmanager
def run_lock(out: Path) -> Iterator[None]:
    """One writer per run folder: a second ``sim run`` on the same ``--out`` is refused at once
    (the operating system drops the lock when the process ends, however it ends)."""
    out.mkdir(parents=True, exist_ok=True)
    with (out / LOCK_NAME).open("a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise RunDirError(message("run_locked", out=out)) from None
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def read_run_json(out: Path) -> dict[str, Any] | None:
    path = out / "run.json"
    if not path.is_file():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RunDirError(message("run_json_invalid", path=path, detail=str(exc))) from None
