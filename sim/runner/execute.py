"""Run a planned study locally (joblib processes) or on a Dask cluster, writing chunks as they finish."""

from __future__ import annotations

import contextlib
import json
import os
import platform
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

import joblib
import numpy as np
from tqdm import tqdm

from sim.dataset import read_columns
from sim.dataset.read import expected_tables
from sim.dataset.write import write_chunk, write_json
from sim.games import get_game
from sim.runner.cluster import ClusterWatch, failure_message, quiet_library_logs
from sim.runner.fingerprint import code_fingerprint
from sim.runner.lifetime import exit_with_parent, interruptible, safe_import_path
from sim.runner.params import param_columns
from sim.runner.plan import Chunk, Study, plan_chunks
from sim.runner.store import (
    RunDirError,
    check_out_dir,
    finished_games,
    read_run_json,
    remove_temp_files,
    run_lock,
)
from sim.runner.tables import ChunkContext
from sim.runner.worker import run_chunk
from sim.texts import message

BACKENDS = ("local", "dask")
CONNECT_TIMEOUT_S = 10
WORKER_TIMEOUT_S = 30


def code_version() -> str:
    try:
        return metadata.version("sim")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def package_versions() -> dict[str, str]:
    versions = {"python": platform.python_version(), "sim": code_version()}
    for name in ("numpy", "pandas", "pyarrow", "joblib", "pydantic"):
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue
    return versions


@dataclass(frozen=True)
class RunResult:
    """What a run did: where, how many games were planned, run now, and how many failed overall."""

    out: Path
    run_id: str
    games_planned: int
    games_run_now: int
    errors: int

    @property
    def error_rate(self) -> float:
        return self.errors / max(self.games_planned, 1)


def _contexts(study: Study, run_id: str) -> dict[tuple[int, int], ChunkContext]:
    contexts = {}
    param_types, param_values = param_columns(study.variants)
    for vi, variant in enumerate(study.variants):
        spec = get_game(variant.game)
        for n in study.player_counts:
            contexts[(vi, n)] = ChunkContext(
                run_id=run_id,
                game=variant.game,
                variant=variant.label,
                config_hash=variant.config_hash,
                rules_version=spec.rules_version,
                code_version=code_version(),
                n_players=n,
                params=param_values[vi],
                param_types=param_types,
                breakdown_columns=tuple(spec.report.breakdown_columns),
                event_tables={k: dict(v) for k, v in spec.report.event_tables.items()},
            )
    return contexts


def run_json_payload(study: Study, command: str) -> dict[str, Any]:
    games = {}
    for variant in study.variants:
        spec = get_game(variant.game)
        games[variant.game] = {
            "title": spec.title,
            "rules_version": spec.rules_version,
            "code_fingerprint": code_fingerprint(spec),
            "breakdown_columns": list(spec.report.breakdown_columns),
            "event_tables": {k: dict(v) for k, v in spec.report.event_tables.items()},
            "display_names": {lang: dict(names) for lang, names in spec.report.display_names.items()},
            "scoring_columns": list(spec.report.scoring_columns),
            "goals": [goal.declaration() for goal in spec.report.goals],
            "context_columns": {k: list(v) for k, v in spec.report.context_columns.items()},
            "flow_prefix": spec.report.flow_prefix,
            "earned_prefix": spec.report.earned_prefix,
            "trade_table": spec.report.trade_table,
            "trade_switch": spec.report.trade_switch,
            "novice_bot": spec.bots.novice,
        }
    return {
        "run_id": study.run_id,
        "command": command,
        "root_seed": study.root_seed,
        "seed_scheme": "SeedSequence(root_seed, spawn_key=(n_players, game_index)) -> uint64 >> 1",
        "player_counts": list(study.player_counts),
        "games_per_count": study.games_per_count,
        "bots": list(study.bots),
        "chunk_size": study.chunk_size,
        **({"replays": study.replays} if study.replays != 1 else {}),
        "variants": [
            {
                "label": v.label,
                "game": v.game,
                "config_path": str(v.path),
                "config_hash": v.config_hash,
                "rules_version": get_game(v.game).rules_version,
                "overrides": dict(v.overrides),
                "resolved": v.params.model_dump(mode="json"),
                "reference": v.data.get("reference") or {},
                "goals": v.goals,
            }
            for v in study.variants
        ],
        "games": games,
        "versions": package_versions(),
    }


RUN_JSON_FACTS = ("root_seed", "seed_scheme", "player_counts", "bots")
VARIANT_FACTS = ("label", "game", "config_hash", "rules_version", "overrides", "resolved")
"""What run.json says about a run that its run id already fixes: a difference is a hand edit."""


def _edited(existing: dict[str, Any], study: Study) -> list[str]:
    """The facts of ``existing`` that differ from what this run writes (same run id)."""
    payload = json.loads(json.dumps(run_json_payload(study, ""), default=str))  # as written to disk
    edited = [key for key in RUN_JSON_FACTS if existing.get(key) != payload[key]]
    old, new = existing.get("variants"), payload["variants"]
    if not isinstance(old, list) or len(old) != len(new):
        return [*edited, "variants"]
    for i, (was, now) in enumerate(zip(old, new, strict=True)):
        if not isinstance(was, dict):
            return [*edited, f"variants[{i}]"]
        edited += [f"variants[{i}].{key}" for key in VARIANT_FACTS if was.get(key) != now[key]]
    return edited


def _check_existing(out: Path, study: Study) -> dict[str, Any] | None:
    existing = read_run_json(out)
    if existing is not None and not isinstance(existing, dict):
        raise RunDirError(message("run_json_not_mapping", path=out / "run.json"))
    if existing is not None and existing.get("run_id") == study.run_id:
        edited = _edited(existing, study)
        if edited:
            raise RunDirError(
                message("run_json_edited", path=out / "run.json", fields=edited[:4], run_id=study.run_id)
            )
    if existing is not None and existing.get("run_id") != study.run_id:
        labels = [v.get("label") for v in existing.get("variants", [])]
        raise RunDirError(
            message(
                "run_other",
                out=out,
                run_id=existing.get("run_id"),
                labels=str(labels),
                seed=existing.get("root_seed"),
                bots=str(existing.get("bots")),
                this=study.run_id,
            )
        )
    return existing


@contextmanager
def _backend(backend: str, scheduler: str | None) -> Iterator[ClusterWatch | None]:
    """The backend's context: for Dask a connected client (every wait with a deadline) and the
    watch that ends a run whose cluster lost its last worker."""
    if backend == "local":
        yield None
        return
    from dask.distributed import Client

    address = scheduler or os.environ.get("DASK_SCHEDULER_ADDRESS")
    if not address:
        raise RunDirError(message("dask_no_scheduler"))
    try:
        _probe(address)  # a server that is not a Dask scheduler fails here, before a Client exists
        client = Client(address, timeout=f"{CONNECT_TIMEOUT_S}s")
    except Exception as exc:  # noqa: BLE001 (garbage from a wrong server raises anything, MemoryError too)
        detail = " ".join(str(exc).split()) or message("dask_no_answer")
        raise RunDirError(
            message(
                "dask_unreachable",
                address=address,
                seconds=CONNECT_TIMEOUT_S,
                kind=type(exc).__name__,
                detail=detail,
            )
        ) from None
    try:
        client.wait_for_workers(1, timeout=WORKER_TIMEOUT_S)
    except (OSError, TimeoutError) as exc:
        client.close()
        raise RunDirError(
            message("dask_no_workers", address=address, seconds=WORKER_TIMEOUT_S, detail=str(exc))
        ) from None
    with (
        quiet_library_logs(),
        client,
        ClusterWatch(client, address, WORKER_TIMEOUT_S) as watch,
        joblib.parallel_config(backend=_cluster_backend()),
    ):
        yield watch


def _probe(address: str) -> None:
    """Open and close one Dask connection (its handshake reads what the server answers)."""
    import asyncio

    from distributed.comm import connect

    async def handshake() -> None:
        comm = await connect(address, timeout=CONNECT_TIMEOUT_S)
        await comm.close()

    # connect's own timeout does not cover a server that accepts and never answers
    asyncio.run(asyncio.wait_for(handshake(), CONNECT_TIMEOUT_S))


def _cluster_backend() -> str:
    """joblib's Dask backend, but never fewer than 2 jobs: with one worker thread in the whole cluster,
    joblib would take its one-job shortcut and play every game in this process, not on the cluster."""
    from joblib._dask import DaskDistributedBackend

    class ClusterBackend(DaskDistributedBackend):
        def effective_n_jobs(self, n_jobs: int) -> int:
            return max(2, super().effective_n_jobs(n_jobs))

    joblib.register_parallel_backend("sim-dask", ClusterBackend)
    return "sim-dask"


def run_study(
    study: Study,
    out: Path,
    *,
    jobs: int = 1,
    backend: str = "local",
    scheduler: str | None = None,
    progress: bool = True,
    command: str = "",
    label: str = "games",
    stop: Callable[[], bool] | None = None,
) -> RunResult:
    """Run every planned game not yet in ``out``; identical rows for any ``jobs`` or backend.
    ``label`` names the progress bar (a card study names each arm). ``stop``, asked before each
    chunk is launched, ends the run early once it says True: the chunks in flight finish (at most
    one a worker), no other starts, so the folder holds the planned games of every chunk launched
    and a later run with the same plan plays the rest."""
    if backend not in BACKENDS:
        raise RunDirError(message("backend_unknown", backend=backend, choices=list(BACKENDS)))
    out = Path(out)
    check_out_dir(out, study.run_id)
    _check_existing(out, study)
    with _backend(backend, scheduler) as watch, run_lock(out), interruptible():
        return _run(study, out, jobs, backend, progress, command, label, watch, stop)


def _run(
    study: Study,
    out: Path,
    jobs: int,
    backend: str,
    progress: bool,
    command: str,
    label: str = "games",
    watch: ClusterWatch | None = None,
    stop: Callable[[], bool] | None = None,
) -> RunResult:
    out.mkdir(parents=True, exist_ok=True)
    remove_temp_files(out)
    run_id = study.run_id
    payload = run_json_payload(study, command)
    tables = expected_tables(payload)
    done = finished_games(out, run_id, tables)
    held = max((max(indices) + 1 for indices in done.values() if indices), default=0)
    if held > study.games_per_count:
        raise RunDirError(message("run_more_games_held", out=out, held=held))
    chunks = plan_chunks(study, done)
    payload["chunks"] = _chunk_names(out)  # a run that fails from here on leaves the list true
    write_json(out / "run.json", payload)
    contexts = _contexts(study, run_id)
    metadata_base = {"sim.run_id": run_id, "sim.code_version": code_version(), "sim.numpy": np.__version__}
    total = sum(len(c.game_indices) for c in chunks)
    bar = tqdm(total=total, unit="game", file=sys.stderr, disable=not progress, smoothing=0.1, desc=label)
    try:
        for chunk, tables in _cluster_errors_named(
            _execute(chunks, study, contexts, jobs, backend, stop), backend, watch
        ):
            ctx = contexts[(chunk.variant_index, chunk.n_players)]
            meta = {
                **metadata_base,
                "sim.config_hash": ctx.config_hash,
                "sim.rules_version": ctx.rules_version,
            }
            write_chunk(out, chunk.chunk_id, tables, meta)
            bar.update(len(chunk.game_indices))
    finally:
        bar.close()
    done = finished_games(out, run_id, tables)
    payload["chunks"] = _chunk_names(out)
    write_json(out / "run.json", payload)
    planned = len(study.variants) * len(study.player_counts) * study.games_per_count
    return RunResult(out, run_id, planned, total, count_errors(out, sum(len(v) for v in done.values())))


def _chunk_names(out: Path) -> list[str]:
    """The finished chunks' names (their games files mark them finished)."""
    return sorted(p.stem for p in (out / "games").glob("part-*.parquet"))


def _cluster_errors_named(
    results: Iterator[tuple[Chunk, dict]], backend: str, watch: ClusterWatch | None = None
) -> Iterator[tuple[Chunk, dict]]:
    """A Dask cluster that fails mid-run (scheduler gone, workers lost) becomes one clear message;
    a game's own error never reaches here (it is a row of the games table)."""
    if backend == "local":
        yield from results
        return
    try:
        yield from results
    except Exception as exc:  # noqa: BLE001 (distributed raises many kinds: cancelled, closed, timed out)
        raise RunDirError(failure_message(exc, watch)) from None


def count_errors(out: Path, expected_rows: int) -> int:
    games = read_columns(out / "games", ["error"])
    if len(games) != expected_rows:
        raise RunDirError(message("run_games_rows", out=out, rows=len(games), expected=expected_rows))
    return int((games["error"] != "").sum())


def _execute(
    chunks: list[Chunk],
    study: Study,
    contexts: dict[tuple[int, int], ChunkContext],
    jobs: int,
    backend: str,
    stop: Callable[[], bool] | None = None,
) -> Iterator[tuple[Chunk, dict]]:
    def task(chunk: Chunk):
        variant = study.variants[chunk.variant_index]
        ctx = contexts[(chunk.variant_index, chunk.n_players)]
        return joblib.delayed(run_chunk)(
            chunk, variant.game, variant.params, study.bots, study.root_seed, ctx, study.replays
        )

    def launched() -> Iterator[Chunk]:
        for chunk in chunks:
            if stop is not None and stop():
                return
            yield chunk

    if backend == "local" and jobs == 1:
        for chunk in launched():
            function, args, kwargs = task(chunk)
            yield function(*args, **kwargs)
        return
    if backend == "local":  # each worker ends with this process, from its start (not its first task)
        pool = joblib.parallel_config(backend="loky", initializer=exit_with_parent, initargs=(os.getpid(),))
    else:
        pool = contextlib.nullcontext()
    with pool, safe_import_path():
        # with a stop, a chunk is handed out only when a worker is free: none waits queued past it
        queued = {} if stop is None else {"pre_dispatch": "n_jobs"}
        parallel = joblib.Parallel(
            n_jobs=jobs if backend == "local" else -1, return_as="generator_unordered", batch_size=1, **queued
        )
        yield from parallel(task(chunk) for chunk in launched())
