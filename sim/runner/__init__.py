"""Plan studies, run them in parallel, and store results as a Parquet dataset."""

from sim.runner.execute import RunResult, run_study
from sim.runner.plan import Chunk, Study, game_seed, plan_chunks, seat_bots
from sim.runner.store import RunDirError
from sim.runner.until import run_until

__all__ = [
    "Chunk",
    "RunDirError",
    "RunResult",
    "Study",
    "game_seed",
    "plan_chunks",
    "run_study",
    "run_until",
    "seat_bots",
]
