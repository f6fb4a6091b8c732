"""Load one or more run directories (``docs/dataset.md``) into pandas DataFrames via DuckDB."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from sim.dataset.identity import run_id_from_meta
from sim.dataset.schema import GAME_KEY, PARAM_PREFIX, PLAYERS, ROUNDS

ALWAYS_WRITTEN = ("games", "players", "rounds")
"""The tables every chunk writes (even one whose games all failed)."""
CHUNK_NAME = re.compile(r"part-v(\d+)-p(\d+)-g(\d+)-(\d+)")
"""A chunk's file stem: variant index, player count, first game, last game + 1."""

GROUP = ["game", "variant", "n_players"]
"""The unit most statistics are reported for."""


@dataclass
class Run:
    """The tables of one or more run directories, joined on a shared integer game id ``gid``."""

    games: pd.DataFrame
    players: pd.DataFrame
    rounds: pd.DataFrame
    events: dict[str, pd.DataFrame]
    meta: list[dict] = field(default_factory=list)
    """The parsed ``run.json`` of every directory, in the order given."""
    folders: list[Path] = field(default_factory=list)
    """The run directories read, in the order of ``meta`` (for files a command keeps beside the
    tables, such as the card effects of ``sim compare``)."""

    @property
    def breakdown_columns(self) -> list[str]:
        """Breakdown columns declared in any run.json and present in ``players``."""
        names: list[str] = []
        for meta in self.meta:
            for game in meta.get("games", {}).values():
                names += [c for c in game.get("breakdown_columns", []) if c not in names]
        return [c for c in names if c in self.players.columns]

    @property
    def param_columns(self) -> list[str]:
        """The ``param:<path>`` columns of ``games``."""
        return [c for c in self.games.columns if c.startswith(PARAM_PREFIX)]

    def subset(self, gids: Iterable[int]) -> Run:
        """The same run holding only the games ``gids`` (every table filtered on ``gid``)."""
        keep = set(gids)

        def only(df: pd.DataFrame) -> pd.DataFrame:
            return df[df["gid"].isin(keep)].reset_index(drop=True) if "gid" in df.columns else df

        return Run(
            games=only(self.games),
            players=only(self.players),
            rounds=only(self.rounds),
            events={name: only(df) for name, df in self.events.items()},
            meta=self.meta,
            folders=self.folders,
        )

    def variant_info(self) -> pd.DataFrame:
        """One row per (run_id, variant label) with its config path and overrides."""
        rows = [
            {
                "run_id": meta.get("run_id", ""),
                "variant": v.get("label", ""),
                "game": v.get("game", ""),
                "config_path": v.get("config_path", ""),
                "overrides": v.get("overrides") or {},
            }
            for meta in self.meta
            for v in meta.get("variants", [])
        ]
        return pd.DataFrame(rows, columns=["run_id", "variant", "game", "config_path", "overrides"])


def _parquet_files(folder: Path) -> list[str]:
    """Published part files (hidden and temporary names skipped), sorted for determinism."""
    if not folder.is_dir():
        return []
    return sorted(
        str(p)
        for p in folder.rglob("*.parquet")
        if not any(part.startswith((".", "_")) for part in p.relative_to(folder).parts)
    )


EMPTY_COLUMNS = {
    "players": [c.name for c in PLAYERS],
    "rounds": [c.name for c in ROUNDS if c.name in ("n_players", "round", "seat", "score")],
}


def _read_joined(
    con: duckdb.DuckDBPyConnection,
    files: list[str],
    columns: str,
    order: str = "k.gid",
    empty: list[str] = (),
) -> pd.DataFrame:
    """Read part files and join them to the registered ``keys`` table (adds ``gid`` and ``game``);
    a table without files is an empty frame with the ``empty`` columns."""
    if not files:
        return pd.DataFrame({c: pd.Series(dtype="int64") for c in ["gid", *empty]}).assign(game="")
    source = f"read_parquet({files!r}, union_by_name = true)"
    query = f"SELECT {columns} FROM {source} t JOIN keys k USING ({', '.join(GAME_KEY)}) ORDER BY {order}"
    return _sql(con, query, files)


def _to_pandas(relation: duckdb.DuckDBPyRelation) -> pd.DataFrame:
    """Via Arrow, several times faster than ``.df()`` on large tables."""
    result = relation.arrow()
    table = result.read_all() if hasattr(result, "read_all") else result  # a reader in DuckDB >= 1.4
    return table.to_pandas()


def read_columns(folder: Path, columns: list[str]) -> pd.DataFrame:
    """Some columns of one table of one run folder, file by file (lean: a run's own summary reads
    thousands of small files, where a threaded dataset scan holds on to far more memory)."""
    files = _parquet_files(folder)
    if not files:
        return pd.DataFrame(columns=columns)
    present = set(pq.read_schema(files[0]).names)
    wanted = [c for c in columns if c in present]
    tables = [pq.read_table(f, columns=wanted, use_threads=False) for f in files]
    return pa.concat_tables(tables, promote_options="default").to_pandas()


class DatasetError(ValueError):
    """A run folder's files cannot be read as one dataset; the message names the files and the repair."""


def _unreadable(files: list[str]) -> list[str]:
    bad = []
    for name in files:
        try:
            pq.read_metadata(name)
        except (OSError, pa.ArrowException):
            bad.append(name)
    return bad


def _sql(con: duckdb.DuckDBPyConnection, query: str, files: list[str]) -> pd.DataFrame:
    """Run ``query`` over ``files``; a damaged file becomes a DatasetError naming it and the repair."""
    try:
        return _to_pandas(con.sql(query))
    except duckdb.Error:
        bad = _unreadable(files)
        if not bad:
            raise
        raise DatasetError(
            f"{len(bad)} result file(s) are damaged and cannot be read: {', '.join(bad[:5])}"
            + (" ..." if len(bad) > 5 else "")
            + ". Run the same `sim run` command again (it is in run.json under 'command'): "
            "it plays those chunks again and replaces the files."
        ) from None


def _check_duplicates(
    con: duckdb.DuckDBPyConnection, files: list[str], extra_key: tuple[str, ...] = ()
) -> None:
    """Two files holding the same games (a copied chunk) are named, never silently pooled."""
    key = ", ".join([*GAME_KEY, *extra_key])
    query = (
        f"SELECT {key}, list(DISTINCT filename ORDER BY filename) AS files FROM read_parquet({files!r}, "
        f"union_by_name = true, filename = true) GROUP BY {key} HAVING count(*) > 1 LIMIT 1"
    )
    clash = con.sql(query).fetchall()
    if clash:
        names = clash[0][-1]
        raise DatasetError(
            f"these files hold the same games: {' and '.join(names)} (e.g. game {clash[0][3]} of variant "
            f"{clash[0][1]!r} at {clash[0][2]} players). One is a copy: delete the file that does not "
            "follow the part-v<variant>-p<players>-g<first>-<last>.parquet pattern, or the newer copy."
        )


def _read_meta(path: Path) -> dict:
    """A run folder's ``run.json`` (``{}`` when there is none); a damaged one is named."""
    file = path / "run.json"
    if not file.exists():
        return {}
    try:
        meta = json.loads(file.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise DatasetError(
            f"{file} is not valid JSON ({exc}); sim writes it, so it was edited or damaged"
        ) from None
    if not isinstance(meta, dict):
        raise DatasetError(f"{file} holds {type(meta).__name__}, not the mapping sim writes; it was edited")
    return meta


def _check_owners(folder: Path, meta: dict) -> None:
    """Every chunk of a run folder was written by the run its run.json names (a chunk copied in from
    another run, or a run.json put beside another run's chunks, is named, never pooled), with a
    config hash that run.json lists (a hand-edited hash is named, never shown)."""
    run_id = meta.get("run_id")
    if not run_id:
        return
    variants = meta.get("variants")
    hashes = (
        {v.get("config_hash") for v in variants if isinstance(v, dict)}
        if isinstance(variants, list)
        else set()
    )
    for name in _parquet_files(folder / "games"):
        try:
            footer = pq.read_schema(name).metadata or {}
        except (OSError, pa.ArrowException):
            continue  # a damaged file is named, with its repair, when the tables are read
        owner = footer.get(b"sim.run_id", b"").decode()
        played = footer.get(b"sim.config_hash", b"").decode()
        if owner == run_id and played and played not in hashes:
            raise DatasetError(
                f"{folder / 'run.json'} lists config hashes {sorted(map(str, hashes))} but {name} was played "
                f"with config {played}: run.json was edited by hand. Restore it, or rerun the `sim run` "
                "command into a new --out folder."
            )
        if owner and owner != run_id:
            raise DatasetError(
                f"{name} was written by run {owner}, but {folder / 'run.json'} names run {run_id}: "
                "a file from another run. Move it to its own run folder (or delete it), then report again."
            )


def _check_identity(folder: Path, meta: dict) -> None:
    """run.json's seed, bots, player counts and variants still give its run id (the id every chunk
    carries), so a hand-edited ``root_seed`` is named, never shown as the seed the games were played with."""
    run_id = meta.get("run_id")
    recomputed = run_id_from_meta(meta)
    if run_id and recomputed is not None and recomputed != run_id:
        raise DatasetError(
            f"{folder / 'run.json'} was edited by hand: its root_seed, bots, player_counts or variants "
            f"are not those of run {run_id}, whose games the folder holds. Restore run.json (or rerun "
            "the `sim run` command into a new --out folder); nothing was reported."
        )


def expected_tables(meta: dict) -> list[str]:
    """The table folders every finished chunk of the run writes: games, players, rounds and the
    event tables that run.json declares for its games."""
    games = meta.get("games")
    events = {
        f"events_{name}"
        for info in (games.values() if isinstance(games, dict) else ())
        if isinstance(info, dict) and isinstance(info.get("event_tables"), dict)
        for name in info["event_tables"]
    }
    return [*ALWAYS_WRITTEN, *sorted(events)]


def missing_parts(folder: Path, meta: dict) -> dict[str, list[str]]:
    """Table folder -> the chunks (file stems) it lacks: a chunk run.json lists as finished whose
    games file is gone, or a finished chunk (its games file is there) without another table's file."""
    listed = meta.get("chunks")
    listed = (
        {c for c in listed if isinstance(c, str) and CHUNK_NAME.fullmatch(c)}
        if isinstance(listed, list)
        else set()
    )
    present = {stem for f in _parquet_files(folder / "games") if CHUNK_NAME.fullmatch(stem := Path(f).stem)}
    missing: dict[str, list[str]] = {}
    for table in expected_tables(meta):
        chunks = listed | present if table == "games" else present
        have = present if table == "games" else {Path(f).stem for f in _parquet_files(folder / table)}
        lacking = sorted(chunks - have)
        if lacking:
            missing[table] = lacking
    return missing


def _describe_chunk(stem: str, meta: dict) -> str:
    """'games 4-7 of variant 'base' at 2 players' for ``part-v00-p2-g0000004-0000008``."""
    match = CHUNK_NAME.fullmatch(stem)
    if not match:
        return stem
    variant, players, start, stop = map(int, match.groups())
    variants = meta.get("variants")
    label = (
        variants[variant].get("label") if isinstance(variants, list) and variant < len(variants) else variant
    )
    return f"games {start}-{stop - 1} of variant {label!r} at {players} players"


def _check_complete(folder: Path, meta: dict) -> None:
    """Every finished chunk is whole: a deleted chunk or table folder is named, with the rerun that
    restores it, never left out of the report without a word."""
    missing = missing_parts(folder, meta)
    if not missing:
        return
    rerun = (
        "Run the same `sim run` command again into this folder (it is in run.json under 'command'): "
        "it plays the missing chunks again; then report."
    )
    if "games" in missing:
        gone = missing["games"]
        shown = "; ".join(_describe_chunk(c, meta) for c in gone[:3]) + (" ..." if len(gone) > 3 else "")
        raise DatasetError(
            f"{folder}: {len(gone)} finished chunk(s) are missing from games/ ({shown}). {rerun}"
        )
    tables = ", ".join(f"{t}/ ({len(c)} chunk(s))" for t, c in missing.items())
    raise DatasetError(
        f"{folder}: files are missing from {tables}, so the report would leave them out. {rerun}"
    )


def load_run(dirs: Path | str | Iterable[Path | str]) -> Run:
    """Read games, players, rounds and every events_<name> table of the given run directories."""
    given = [Path(dirs)] if isinstance(dirs, str | Path) else [Path(d) for d in dirs]
    paths = list(dict.fromkeys(p.resolve() for p in given))  # the same directory twice counts once
    missing = [str(p) for p in paths if not (p / "games").is_dir()]
    if missing:
        raise FileNotFoundError(f"not a run directory (no games/ folder): {', '.join(missing)}")
    meta = [_read_meta(p) for p in paths]
    no_players = [str(p) for p in paths if _parquet_files(p / "games") and not _parquet_files(p / "players")]
    if no_players:
        raise DatasetError(
            f"{', '.join(no_players)}: games/ holds results but players/ is missing or empty. Run the "
            "same `sim run` command into a new --out folder (it is in run.json under 'command')."
        )

    for folder, info in zip(paths, meta, strict=True):
        _check_owners(folder, info)
        _check_identity(folder, info)
        _check_complete(folder, info)
    # Copies of one run (the same run id in two folders) are read once.
    run_ids = [m.get("run_id") or str(p) for m, p in zip(meta, paths, strict=True)]
    unique = [p for i, p in enumerate(paths) if run_ids[i] not in run_ids[:i]]

    def files(table: str) -> list[str]:
        return [f for d in unique for f in _parquet_files(d / table)]

    con = duckdb.connect()
    game_files = files("games")
    games = _sql(con, f"SELECT * FROM read_parquet({game_files!r}, union_by_name = true)", game_files)
    if games.duplicated(GAME_KEY).any():
        _check_duplicates(con, game_files)
    games = games.sort_values(GAME_KEY, kind="stable").reset_index(drop=True)
    games["gid"] = range(len(games))
    games["error"] = games["error"].fillna("")
    games["winner_seats"] = games["winner_seats"].fillna("")
    keys = games[[*GAME_KEY, "gid", "game"]]
    con.register("keys", keys)
    players = _read_joined(
        con, files("players"), "t.*, k.gid, k.game", "k.gid, t.seat", EMPTY_COLUMNS["players"]
    )
    if players.duplicated(["gid", "seat"]).any():
        _check_duplicates(con, files("players"), ("seat",))
    # rounds/ is the largest table: keep only what the statistics use.
    rounds = _read_joined(
        con,
        files("rounds"),
        "k.gid, t.n_players, t.round, t.seat, t.score",
        "k.gid, t.round, t.seat",
        EMPTY_COLUMNS["rounds"],
    )
    event_names = sorted({p.name for d in paths for p in d.glob("events_*") if p.is_dir()})
    events = {
        name[len("events_") :]: _read_joined(con, files(name), "t.*, k.gid, k.game") for name in event_names
    }
    con.close()
    _label_conflicting_variants(games, [players, *events.values()])
    return Run(games=games, players=players, rounds=rounds, events=events, meta=meta, folders=paths)


def _label_conflicting_variants(games: pd.DataFrame, others: list[pd.DataFrame]) -> None:
    """Runs that name different configs alike (e.g. two ``base.yaml``) get ``variant@hash`` labels,
    so that different rules are never pooled under one name."""
    hashes = games.groupby(["game", "variant"])["config_hash"].nunique()
    clashing = set(hashes[hashes > 1].index.get_level_values("variant"))
    if not clashing:
        return
    pairs = games[games["variant"].isin(clashing)][["run_id", "variant", "config_hash"]].drop_duplicates()
    relabel = {(r.run_id, r.variant): f"{r.variant}@{r.config_hash[:6]}" for r in pairs.itertuples()}
    for frame in [games, *others]:
        if {"run_id", "variant"} <= set(frame.columns) and frame["variant"].isin(clashing).any():
            frame["variant"] = [
                relabel.get(key, key[1]) for key in zip(frame["run_id"], frame["variant"], strict=True)
            ]
