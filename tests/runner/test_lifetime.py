"""A worker that starts after its run has died exits at once instead of waiting for work forever."""

from __future__ import annotations

import os
import subprocess
import sys

WORKER = "from sim.runner.lifetime import exit_with_parent; exit_with_parent({run}); print('kept')"


def test_a_worker_whose_run_is_already_gone_exits():
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a run that ended before its worker reached the initializer
    worker = subprocess.run(
        [sys.executable, "-c", WORKER.format(run=gone.pid)], capture_output=True, text=True
    )
    assert worker.returncode == 1 and "kept" not in worker.stdout


def test_a_process_whose_parent_is_not_the_live_run_is_left_alone():
    # like a Dask worker: the run (here this test's own parent) is alive but is not its parent
    worker = subprocess.run(
        [sys.executable, "-c", WORKER.format(run=os.getppid())], capture_output=True, text=True
    )
    assert worker.returncode == 0 and "kept" in worker.stdout
