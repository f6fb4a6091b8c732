"""Benchmark Brass: CPU ms per game and µs per action with random and heuristic bots, errors, winning scores.

The games are those of ``bench_games.py`` (seeds 0..N-1, all-random bots or the default heuristic
lineup rotated over the seats), played in-process on one core; times are CPU time
(``time.process_time``), the median of ``--repeats`` runs. ``--profile`` prints, for each player
count and bot kind, the functions with the most own time under cProfile instead (what stands in the
way of a faster engine).

Usage: python benchmarks/bench_brass.py --games 20 [--repeats 3] [--players 4] [--profile 25]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from pathlib import Path
from typing import Any

from sim.config import load_config
from sim.core.gc_policy import tune_for_many_games
from sim.core.play import play_game
from sim.games.brass import SPEC
from sim.runner import seat_bots


def lineup(kind: str, n_players: int, game_index: int) -> list[str]:
    """All-random bots, or the default heuristic lineup rotated over the seats (as ``bench_games``)."""
    if kind == "random":
        return ["random"] * n_players
    return list(seat_bots(SPEC.lineup, n_players, game_index))


def play_all(params: Any, n_players: int, kind: str, games: int) -> tuple[int, int, list[float]]:
    """Play games 0..games-1: (actions, errors, winning scores)."""
    actions = errors = 0
    winning: list[float] = []
    for g in range(games):
        record = play_game(SPEC, params, n_players, g, lineup(kind, n_players, g))
        if record.error:
            errors += 1
            print(f"  game {g}: {record.error}")
            continue
        actions += record.actions
        winning.append(max(record.scores))
    return actions, errors, winning


def bench(params: Any, n_players: int, kind: str, games: int, repeats: int) -> dict[str, float]:
    """CPU ms per game and µs per action (median of the repeats), errors and winning scores."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        actions, errors, winning = play_all(params, n_players, kind, games)
        times.append(time.process_time() - start)
    cpu = statistics.median(times)
    return {
        "ms_per_game": 1e3 * cpu / games,
        "us_per_action": 1e6 * cpu / actions if actions else float("nan"),
        "actions_per_game": actions / games,
        "errors": errors,
        "win_median": statistics.median(winning) if winning else float("nan"),
    }


def profile(params: Any, n_players: int, kind: str, games: int, top: int) -> None:
    """Print the ``top`` functions by own time, with their share of the whole run."""
    profiler = cProfile.Profile()
    profiler.enable()
    play_all(params, n_players, kind, games)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])  # type: ignore[attr-defined]
    print(f"{n_players}p {kind}: {total:.2f} s under cProfile")
    for (path, line, name), (_, calls, own, cumulative, _) in rows[:top]:
        where = f"{Path(path).name}:{line}({name})"
        print(
            f"  {100 * own / total:5.1f}% own {100 * cumulative / total:5.1f}% incl {calls:>8} calls  {where}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per player count and bot kind")
    parser.add_argument("--repeats", type=int, default=3, help="timed runs of the same games (median)")
    parser.add_argument("--config", type=Path, default=SPEC.default_config)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--bots", nargs="*", default=["random", "heuristic"], choices=["random", "heuristic"])
    parser.add_argument("--profile", type=int, default=0, metavar="N", help="print the N costliest functions")
    args = parser.parse_args()
    tune_for_many_games()  # as a runner worker does
    params = load_config(args.config).params
    if not args.profile:
        print(
            f"{'players':>7} {'bots':>9} {'ms/game':>8} {'µs/action':>9} {'actions':>7} {'errors':>6} {'win med':>7}"
        )
    for n in args.players:
        for kind in args.bots:
            if args.profile:
                profile(params, n, kind, args.games, args.profile)
                continue
            row = bench(params, n, kind, args.games, args.repeats)
            print(
                f"{n:>7} {kind:>9} {row['ms_per_game']:>8.2f} {row['us_per_action']:>9.1f}"
                f" {row['actions_per_game']:>7.0f} {row['errors']:>6} {row['win_median']:>7.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
