"""Waiting on a Dask cluster with a deadline: a run whose cluster lost its last worker ends with a
message (the scheduler would wait for a worker forever), and a cluster's failure is one line on the
console, never the library's logged traceback."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sim.texts import message

MAX_DETAIL = 160
"""Characters of a library's own error message kept in ours (cut at a word)."""


class ClusterWatch:
    """Watches a Dask client during a run: when the cluster has had no worker for ``timeout_s``
    seconds it closes the client (so the run's wait ends at once) and keeps the reason in ``reason``."""

    def __init__(self, client: Any, address: str, timeout_s: float, every_s: float = 0.5) -> None:
        self.client = client
        self.address = address
        self.timeout_s = timeout_s
        self.every_s = every_s
        self.reason: str | None = None
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True, name="sim-dask-watch")

    def __enter__(self) -> ClusterWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=2 * self.every_s)

    def _workers(self) -> int | None:
        try:
            return len(self.client.scheduler_info().get("workers", {}))
        except Exception:  # noqa: BLE001 (the scheduler gone: the run's own wait reports that)
            return None

    def _watch(self) -> None:
        empty_since: float | None = None
        while not self._stop.wait(self.every_s):
            workers = self._workers()
            if workers is None:
                return
            if workers:
                empty_since = None
                continue
            empty_since = empty_since if empty_since is not None else time.monotonic()
            if time.monotonic() - empty_since >= self.timeout_s:
                self.reason = message("dask_no_worker_left", address=self.address, seconds=self.timeout_s)
                self.client.close()
                return


def failure_message(exc: BaseException, watch: ClusterWatch | None) -> str:
    """One line for a cluster that failed during a run: the watch's reason, a lost scheduler, or the
    library's message on one line (cut at a word)."""
    text = " ".join(str(exc).split())
    if watch is not None and watch.reason:
        reason = watch.reason
    elif "connection" in text.lower() and "scheduler" in text.lower():
        if watch is not None:
            reason = message("dask_lost_scheduler_at", address=watch.address)
        else:
            reason = message("dask_lost_scheduler")
    else:
        cut = text if len(text) <= MAX_DETAIL else text[:MAX_DETAIL].rsplit(" ", 1)[0] + " …"
        reason = f"{type(exc).__name__}: {cut}" if cut else type(exc).__name__
    return message("dask_failed", reason=reason)


LIBRARY_LOGGERS = ("distributed", "tornado")
"""Dask's loggers and those of the network library under it (its callbacks log a closed stream)."""


@contextmanager
def quiet_library_logs(names: tuple[str, ...] = LIBRARY_LOGGERS) -> Iterator[None]:
    """The libraries' own log lines (a lost scheduler's 40-line traceback) are not shown while
    inside: the run says what failed in one line."""
    loggers = [
        logging.getLogger(name)
        for name in sorted(set(names) | set(logging.root.manager.loggerDict))
        if any(name == root or name.startswith(root + ".") for root in names)
    ]  # each one: a child's record reaches its parent's handler whatever the parent's level
    previous = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, previous, strict=True):
            logger.setLevel(level)
