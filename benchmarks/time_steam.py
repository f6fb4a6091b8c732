"""Time Steam games: ``python benchmarks/time_steam.py [games]`` prints CPU ms per game and mean
deliveries per player per game for every bundled config, supported player count and bot kind."""

from __future__ import annotations

import sys
import time

from sim.config import load_config
from sim.core.play import play_game
from sim.core.resources import config_root
from sim.games.steam import SPEC

LINEUPS = {
    "heuristic": ("builder", "income"),
    "builder": ("builder",),
    "income": ("income",),
    "random": ("random",),
}


def main(games: int = 20, players: tuple[int, ...] = ()) -> None:
    print(f"{'config':24} {'p':>2} {'bots':10} {'ms/game':>8} {'deliveries/player':>18} {'errors':>6}")
    for path in sorted((config_root() / "steam").glob("*.yaml")):
        params = load_config(path).params
        for n in params.board.players:
            if players and n not in players:
                continue
            for kind, bots in LINEUPS.items():
                lineup = [bots[s % len(bots)] for s in range(n)]
                start = time.process_time()
                deliveries = errors = 0
                for seed in range(games):
                    record = play_game(SPEC, params, n, seed, lineup)
                    errors += bool(record.error)
                    deliveries += sum(b.get("deliveries", 0) for b in record.breakdown)
                ms = (time.process_time() - start) * 1000 / games
                print(f"{path.stem:24} {n:>2} {kind:10} {ms:8.1f} {deliveries / games / n:18.2f} {errors:>6}")


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    only = tuple(int(x) for x in sys.argv[2].split(",")) if len(sys.argv) > 2 else ()
    main(count, only)
