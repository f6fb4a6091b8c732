"""Benchmark 明初商途: games/s with random and heuristic bots, end reasons and war outcomes.

.venv/bin/python benchmarks/bench_mingchu.py --games 50
.venv/bin/python benchmarks/bench_mingchu.py --games 40 --kinds heuristic --scores before.json
  (``--scores`` writes every game's final scores: a speed-up must leave the file unchanged)
.venv/bin/python benchmarks/bench_mingchu.py --games 10 --repeats 3
  (CPU time, ``time.process_time``: ms per game and µs per decision, the best of the repeats; the
  process runs on one core, as ``bench_games.py``; compare before/after measured in the same conditions)
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections import Counter
from statistics import mean

from bench_games import pin_to_one_core

from sim.config import load_config
from sim.core.gc_policy import tune_for_many_games
from sim.core.play import play_game
from sim.games.mingchu import SPEC

HEURISTIC = ("runner", "industrialist", "roadbuilder")


def lineup(kind: str, n: int, seed: int) -> list[str]:
    """All-random, or the three personalities rotated over the seats (seat order varies by seed)."""
    if kind == "random":
        return ["random"] * n
    return [HEURISTIC[(seat + seed) % len(HEURISTIC)] for seat in range(n)]


def run(config: str, games: int, kind: str, n: int, finals: dict | None = None, repeats: int = 1) -> dict:
    params = load_config(config).params
    cpu = min(_cpu_time(params, games, kind, n) for _ in range(repeats - 1)) if repeats > 1 else None
    reasons: Counter = Counter()
    scores: dict[str, list[float]] = {}
    wins: Counter = Counter()
    orders, rounds, errors, actions = [], [], 0, 0
    start, start_cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        bots = lineup(kind, n, seed)
        record = play_game(SPEC, params, n, seed, bots)
        if record.error:
            errors += 1
            print("error:", record.error)
            continue
        actions += record.actions
        if finals is not None:
            finals[f"{kind} {n}p seed {seed}"] = record.scores
        rounds.append(record.rounds)
        reasons[record.end_reason] += 1
        orders.append(
            sum(
                sum(row[k] for k in ("orders_hongwu", "orders_jingnan", "orders_later"))
                for row in record.breakdown
            )
        )
        for seat, bot in enumerate(bots):
            scores.setdefault(bot, []).append(record.scores[seat])
        for seat in record.winner_seats:
            wins[bots[seat]] += 1
    elapsed = time.perf_counter() - start
    cpu = min(cpu, time.process_time() - start_cpu) if cpu is not None else time.process_time() - start_cpu
    return {
        "cpu_ms_per_game": cpu / games * 1e3,
        "cpu_us_per_decision": cpu / max(1, actions) * 1e6,
        "games_per_s": games / elapsed,
        "actions_per_game": actions / max(1, games - errors),
        "errors": errors,
        "reasons": reasons,
        "orders_per_game": mean(orders) if orders else 0.0,
        "rounds_per_game": mean(rounds) if rounds else 0.0,
        "mean_scores": {bot: round(mean(v), 1) for bot, v in scores.items()},
        "wins": dict(wins),
    }


def _cpu_time(params, games: int, kind: str, n: int) -> float:
    """CPU seconds to play the seeds once more (a repeat for the best-of timing)."""
    start = time.process_time()
    for seed in range(games):
        play_game(SPEC, params, n, seed, lineup(kind, n, seed))
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per bot kind and player count")
    parser.add_argument("--config", default=str(SPEC.default_config))
    parser.add_argument("--kinds", default="random,heuristic")
    parser.add_argument("--players", default="4,5")
    parser.add_argument("--scores", help="write each game's final scores to this JSON file")
    parser.add_argument(
        "--repeats", type=int, default=1, help="play each set this often; CPU time is the best"
    )
    parser.add_argument("--core", type=int, default=None, help="the core to run on (-1: do not pin)")
    args = parser.parse_args()
    core = pin_to_one_core(args.core) if args.core != -1 else None
    tune_for_many_games()  # as a runner worker does
    print(
        f"load average at the start: {os.getloadavg()[0]:.2f}, core {core if core is not None else 'not pinned'}"
        " (CPU time below; compare runs made alike)"
    )
    finals: dict[str, list[float]] = {}
    for kind in args.kinds.split(","):
        for n in (int(x) for x in args.players.split(",")):
            result = run(args.config, args.games, kind, n, finals, args.repeats)
            print(
                f"{kind:9s} {n}p: {result['cpu_ms_per_game']:.1f} ms/game CPU, "
                f"{result['cpu_us_per_decision']:.1f} µs/decision CPU, "
                f"{result['games_per_s']:.2f} games/s, {result['actions_per_game']:.0f} actions/game, "
                f"{result['errors']} errors, {result['orders_per_game']:.1f} orders/game, "
                f"{result['rounds_per_game']:.1f} rounds/game"
            )
            print("   scores", result["mean_scores"], "wins", result["wins"])
            for reason, count in result["reasons"].most_common():
                print(f"   {count:4d}  {reason}")
    if args.scores:
        with open(args.scores, "w", encoding="utf-8") as out:
            json.dump(finals, out, indent=1)


if __name__ == "__main__":
    main()
