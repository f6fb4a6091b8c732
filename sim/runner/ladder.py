"""A strength ladder: the same config played by a no-skill control, each heuristic on its own,
the heuristics together, and the generic lookahead and search bots (onestep, mcts:N, rollout:N)
among them.

Each rung is an ordinary study in its own folder under the ladder's folder (Parquet, resumable,
any backend), so the statistics and the report read a ladder like any set of runs: tiers are the
single-bot rungs, and the mixed rungs give the head-to-head games that rate the bots.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sim.bots.cost import Cost, measure_cost
from sim.config import ResolvedConfig
from sim.core.bot_names import parse_bot_name
from sim.core.game import GameSpec
from sim.runner.execute import run_study
from sim.runner.plan import Study

CONTROL = "random"
SEARCH_BOTS = ("onestep", "mcts", "rollout")
"""The generic lookahead and search bots: the rungs whose cost the ladder reports."""


@dataclass(frozen=True)
class Rung:
    name: str
    bots: tuple[str, ...]
    games: int


def ladder_rungs(
    heuristics: Sequence[str],
    budgets: Sequence[int],
    games: int,
    search_games: int,
    rollouts: Sequence[int] = (2,),
) -> list[Rung]:
    """Control, one tier per heuristic, the heuristics mixed, then onestep, mcts:N and rollout:N
    each among them."""
    heuristics = tuple(h for h in heuristics if h != CONTROL)
    rungs = [Rung("control", (CONTROL,), games)]
    rungs += [Rung(f"tier-{h}", (h,), games) for h in heuristics]
    if len(heuristics) > 1:
        rungs.append(Rung("mixed", heuristics, games))
    rungs.append(Rung("onestep", ("onestep", *heuristics), games))
    rungs += [Rung(f"mcts-{b}", (f"mcts:{b}", *heuristics), search_games) for b in budgets]
    rungs += [Rung(f"rollout-{r}", (f"rollout:{r}", *heuristics), search_games) for r in rollouts]
    return rungs


def run_ladder(
    config: ResolvedConfig,
    player_counts: tuple[int, ...],
    rungs: Sequence[Rung],
    out: Path,
    *,
    seed: int = 1,
    chunk_size: int = 10,
    **run_options: Any,
) -> list[Path]:
    """Play every rung (resuming finished chunks); return the rung folders in order."""
    folders = []
    for rung in rungs:
        study = Study((config,), player_counts, rung.games, rung.bots, seed, min(chunk_size, rung.games))
        folder = out / rung.name
        run_study(study, folder, **run_options)
        folders.append(folder)
    return folders


def search_costs(
    spec: GameSpec, params: Any, player_counts: Sequence[int], rungs: Sequence[Rung], games: int
) -> list[tuple[int, Cost]]:
    """What each rung's lookahead or search bot costs, timed in ``games`` extra games per player count
    (CPU of its decisions, at seat 1 among copies of the rung's first heuristic): (count, cost) pairs."""
    costs = []
    for rung in rungs:
        bot = rung.bots[0]
        if parse_bot_name(bot).base not in SEARCH_BOTS:
            continue
        opponent = rung.bots[1] if len(rung.bots) > 1 else None
        costs += [(n, measure_cost(spec, params, n, bot, games, opponent=opponent)) for n in player_counts]
    return costs
