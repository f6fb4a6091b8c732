"""Benchmark every registered game: ms per game and µs per action, random and heuristic bots.

For every game that is not a template (``spec.example`` is False) and each of its player counts,
plays ``--games`` games in-process on one core (``sim.core.play.play_game``, seeds 0..N-1) with
all-random bots and with the game's default heuristic lineup (``spec.lineup`` rotated over the
seats by ``sim.runner.seat_bots``), ``--repeats`` times, and reports the best and the median CPU
time (``time.process_time``) of the repeats. Writes a Markdown table and a JSON file under
``benchmarks/results/`` with the machine it ran on.

The process pins itself to one core (the last one it may run on, or ``--core``; ``--core -1``: no
pinning), so that a game's time is one core's. The best of the repeats is the figure to compare:
on a shared machine, other processes only ever add time to a run (the reasoning of ``timeit``'s
documentation), and the median shows how much they added.

.venv/bin/python benchmarks/bench_games.py
.venv/bin/python benchmarks/bench_games.py --games 20 --games-for mingchu=5 --repeats 5
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import statistics
import time
from pathlib import Path
from typing import Any

import numpy as np

from sim.config import load_config
from sim.core.gc_policy import tune_for_many_games
from sim.core.play import play_game
from sim.games import game_names, get_game
from sim.runner import seat_bots

RESULTS = Path(__file__).resolve().parent / "results"


def cpu_model() -> str:
    """The CPU's model name (Linux /proc/cpuinfo, else what ``platform`` knows)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict[str, Any]:
    """Where the numbers were measured."""
    return {
        "platform": platform.platform(),
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "load_average": round(os.getloadavg()[0], 1),
        "core": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
    }


def pin_to_one_core(core: int | None = None) -> int | None:
    """Run this process on one core only: ``core``, else the last one it may run on now; None when
    the system cannot pin (then nothing changes). Returns the core."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    allowed = sorted(os.sched_getaffinity(0))
    chosen = allowed[-1] if core is None else core
    if chosen not in allowed:
        raise SystemExit(f"--core {chosen}: this process may run on cores {allowed} only")
    os.sched_setaffinity(0, {chosen})
    return chosen


def lineup_for(spec: Any, kind: str, n_players: int, game_index: int) -> list[str]:
    """All-random bots, or the game's default lineup rotated over the seats."""
    if kind == "random":
        return ["random"] * n_players
    return list(seat_bots(spec.lineup, n_players, game_index))


def measure(spec: Any, params: Any, n_players: int, kind: str, games: int, repeats: int) -> dict[str, Any]:
    """CPU time of ``repeats`` runs of the same ``games`` games: the best run and the median run."""
    times: list[float] = []
    actions = 0
    errors = 0
    for _ in range(repeats):
        actions = errors = 0
        start = time.process_time()
        for g in range(games):
            record = play_game(spec, params, n_players, g, lineup_for(spec, kind, n_players, g))
            actions += record.actions
            errors += bool(record.error)
        times.append(time.process_time() - start)
    cpu, median = min(times), statistics.median(times)
    return {
        "game": spec.name,
        "players": n_players,
        "bots": kind,
        "games": games,
        "repeats": repeats,
        "ms_per_game": 1e3 * cpu / games,
        "ms_per_game_median": 1e3 * median / games,
        "us_per_action": 1e6 * cpu / actions if actions else float("nan"),
        "actions_per_game": actions / games,
        "errors": errors,
    }


def markdown(rows: list[dict[str, Any]], info: dict[str, Any]) -> str:
    lines = [
        "# Game engine benchmark",
        "",
        f"{info['date']}; {info['cpu']} ({info['cores']} cores); {info['platform']};"
        f" Python {info['python']}, numpy {info['numpy']}; load average {info['load_average']} at the start"
        " (other processes share the cores: CPU times rise with it).",
        "",
        f"One core ({_core_text(info)}), in-process `play_game`, CPU time (`time.process_time`): the best"
        " of the repeats (other processes only add time to a run), and their median.",
        "",
        "| game | config | players | bots | games × repeats | ms/game | median ms/game | µs/action | actions/game | errors |",
        "|---|---|---:|---|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['game']} | {r.get('config', 'base')} | {r['players']} | {r['bots']} | {r['games']} × {r['repeats']} |"
            f" {r['ms_per_game']:.2f} | {r['ms_per_game_median']:.2f} | {r['us_per_action']:.1f}"
            f" | {r['actions_per_game']:.0f} | {r['errors']} |"
        )
    return "\n".join(lines) + "\n"


def _core_text(info: dict[str, Any]) -> str:
    cores = info.get("core")
    return "not pinned" if not cores or len(cores) != 1 else f"pinned to core {cores[0]}"


def parse_games_for(items: list[str]) -> dict[str, int]:
    out = {}
    for item in items:
        name, _, count = item.partition("=")
        if not count:
            raise SystemExit(f"--games-for wants GAME=N, got {item!r}")
        out[name] = int(count)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per game, player count and bots")
    parser.add_argument(
        "--games-for", action="append", default=[], metavar="GAME=N", help="another game count for one game"
    )
    parser.add_argument("--repeats", type=int, default=5, help="timed runs of the same games (best, median)")
    parser.add_argument("--core", type=int, default=None, help="the core to run on (-1: do not pin)")
    parser.add_argument("--only", nargs="*", default=None, help="benchmark only these games")
    parser.add_argument("--out", type=Path, default=RESULTS, help="directory for bench_games.md/.json")
    args = parser.parse_args()
    if args.core != -1:
        pin_to_one_core(args.core)
    tune_for_many_games()  # as a runner worker does
    per_game = parse_games_for(args.games_for)
    info = machine()
    rows = []
    for name in game_names():
        spec = get_game(name)
        if spec.example or (args.only is not None and name not in args.only):
            continue
        games = per_game.get(name, args.games)
        # A game whose configs differ in player counts (Steam's maps) is measured per config.
        configs = sorted(spec.config_dir.glob("*.yaml")) if spec.players_for else [spec.default_config]
        for config in configs:
            params = load_config(config).params
            for n in spec.player_counts_for(params):
                for kind in ("random", "heuristic"):
                    row = {"config": config.stem, **measure(spec, params, n, kind, games, args.repeats)}
                    rows.append(row)
                    print(
                        f"{name:>10} {config.stem:>22} {n}p {kind:>9}: {row['ms_per_game']:8.2f} ms/game"
                        f" (median {row['ms_per_game_median']:.2f}) {row['us_per_action']:8.1f} µs/action"
                        f" ({row['errors']} errors)",
                        flush=True,
                    )
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "bench_games.json").write_text(
        json.dumps({"machine": info, "results": rows}, indent=2) + "\n"
    )
    (args.out / "bench_games.md").write_text(markdown(rows, info))
    print(f"wrote {args.out / 'bench_games.md'} and {args.out / 'bench_games.json'}")


if __name__ == "__main__":
    main()
