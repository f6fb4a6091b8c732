"""Worker processes never outlive the run that started them, however it ends, and never import
from the working folder.

A worker polls its parent: when ``sim run`` is gone (killed with SIGKILL, its terminal closed),
the worker is re-parented and exits at once. SIGTERM and SIGHUP in the main process become a
clean interruption that stops the local workers before exiting.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

_watching = False


def _watch_parent(parent: int, every_s: float) -> None:
    while True:
        time.sleep(every_s)
        if os.getppid() != parent:
            os._exit(1)


def exit_with_parent(parent: int, every_s: float = 0.5) -> None:
    """A local worker's initializer: exit as soon as ``parent`` (the ``sim run`` process) is gone.

    Idempotent: one watcher per worker process.
    """
    global _watching
    if _watching or os.getpid() == parent:
        return
    if os.getppid() != parent:
        if not _alive(parent):  # the run died while this worker was still starting up
            os._exit(1)
        return  # not a child of the run (e.g. a Dask worker): nothing to watch
    _watching = True
    watcher = threading.Thread(
        target=_watch_parent, args=(parent, every_s), daemon=True, name="exit-with-parent"
    )
    watcher.start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # alive, but another user's
        return True
    return True


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP: handled like Ctrl-C (finished chunks are kept)."""


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated(signal.Signals(signum).name)


def stop_local_workers() -> None:
    """Kill the reusable pool of local worker processes, if one was started (never starts one)."""
    from joblib.externals.loky import reusable_executor

    pool = reusable_executor._executor
    if pool is not None:
        pool.shutdown(wait=False, kill_workers=True)


@contextmanager
def safe_import_path() -> Iterator[None]:
    """Python processes started inside (the local workers) leave the working folder off their import
    path (``PYTHONSAFEPATH``): a ``joblib.py`` or ``numpy.py`` there is never imported."""
    previous = os.environ.get(SAFE_PATH)
    os.environ[SAFE_PATH] = "1"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(SAFE_PATH, None)
        else:
            os.environ[SAFE_PATH] = previous


SAFE_PATH = "PYTHONSAFEPATH"


@contextmanager
def interruptible() -> Iterator[None]:
    """SIGTERM/SIGHUP interrupt like Ctrl-C; any interruption stops the local workers."""
    if threading.current_thread() is not threading.main_thread():  # signals reach the main thread only
        yield
        return
    previous = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGHUP)}
    for sig in previous:
        signal.signal(sig, _raise_terminated)
    try:
        yield
    except BaseException:
        stop_local_workers()
        raise
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
