"""Benchmark 明初商途: games/s with random and heuristic bots, end reasons and war outcomes.

.venv/bin/python benchmarks/bench_mingchu.py --games 50
.venv/bin/python benchmarks/bench_mingchu.py --games 40 --kinds heuristic --scores before.json
  (``--scores`` writes every game's final scores: a speed-up must leave the file unchanged)
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from statistics import mean

from sim.config import load_config
from sim.core.play import play_game
from sim.games.mingchu import SPEC

HEURISTIC = ("runner", "industrialist", "roadbuilder")


def lineup(kind: str, n: int, seed: int) -> list[str]:
    """All-random, or the three personalities rotated over the seats (seat order varies by seed)."""
    if kind == "random":
        return ["random"] * n
    return [HEURISTIC[(seat + seed) % len(HEURISTIC)] for seat in range(n)]


def run(config: str, games: int, kind: str, n: int, finals: dict | None = None) -> dict:
    params = load_config(config).params
    reasons: Counter = Counter()
    scores: dict[str, list[float]] = {}
    wins: Counter = Counter()
    orders, rounds, errors, actions = [], [], 0, 0
    start = time.perf_counter()
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
    return {
        "games_per_s": games / elapsed,
        "actions_per_game": actions / max(1, games - errors),
        "errors": errors,
        "reasons": reasons,
        "orders_per_game": mean(orders) if orders else 0.0,
        "rounds_per_game": mean(rounds) if rounds else 0.0,
        "mean_scores": {bot: round(mean(v), 1) for bot, v in scores.items()},
        "wins": dict(wins),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per bot kind and player count")
    parser.add_argument("--config", default=str(SPEC.default_config))
    parser.add_argument("--kinds", default="random,heuristic")
    parser.add_argument("--players", default="4,5")
    parser.add_argument("--scores", help="write each game's final scores to this JSON file")
    args = parser.parse_args()
    finals: dict[str, list[float]] = {}
    for kind in args.kinds.split(","):
        for n in (int(x) for x in args.players.split(",")):
            result = run(args.config, args.games, kind, n, finals)
            print(
                f"{kind:9s} {n}p: {result['games_per_s']:.2f} games/s, {result['actions_per_game']:.0f} actions/game, "
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
