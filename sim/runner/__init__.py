"""Plan studies, run them in parallel, and store results as a Parquet dataset."""

from sim.runner.execute import RunResult, run_study
from sim.runner.plan import Chunk, Study, game_seed, plan_chunks, seat_bots
from sim.runner.store import RunDirError

__all__ = ["Chunk", "RunDirError", "RunResult", "Study", "game_seed", "plan_chunks", "run_study", "seat_bots"]
