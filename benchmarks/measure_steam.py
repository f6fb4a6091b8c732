"""Deliveries and auction bids of Steam's bots over many games.

``python benchmarks/measure_steam.py CONFIG PLAYERS [GAMES]`` (CONFIG a bundled config's stem, e.g.
``rhine-ruhr``) plays seeded games between ``builder`` and ``income`` and prints the mean
deliveries per player per game, the share of games with a delivery in every round, why the
rounds without one had none, and the share of Standard auctions with a positive bid.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sim.config import load_config
from sim.core.play import play_game
from sim.core.resources import config_root
from sim.games.steam import SPEC
from sim.games.steam.rules.actions import Bid, CityGrowth, Urbanize
from sim.games.steam.rules.goods import delivery_options
from sim.games.steam.rules.state import SteamState


def every_round_share(games: Iterable[tuple[int, Iterable[int]]]) -> float:
    """Share of games (rounds played, rounds of their deliveries) with a delivery in every round."""
    flags = [set(range(1, rounds + 1)) <= set(delivered) for rounds, delivered in games]
    return sum(flags) / len(flags) if flags else 0.0


@dataclass
class Tally:
    """What ``measure`` counts over its games."""

    games: int = 0
    players: int = 0
    deliveries: int = 0
    rounds_played: list[tuple[int, list[int]]] = field(default_factory=list)
    dry: Counter[tuple[str, str]] = field(default_factory=Counter)
    """Rounds without a delivery by (final round or not, why): no legal delivery for anyone at
    the start of the move phase (``no cube reachable``), or one existed and nobody took it."""
    auctions: int = 0
    auctions_with_bid: int = 0
    refills: Counter[str] = field(default_factory=Counter)
    """City Growth and Urbanization carried out, and Goods Supply cubes left at the end."""

    @property
    def per_player(self) -> float:
        return self.deliveries / max(1, self.games * self.players)

    @property
    def every_round(self) -> float:
        return every_round_share(self.rounds_played)

    def lines(self) -> list[str]:
        out = [
            f"games {self.games}, deliveries per player per game {self.per_player:.2f}, "
            f"games with a delivery every round {self.every_round:.1%}"
        ]
        for (when, why), k in sorted(self.dry.items()):
            out.append(f"  rounds without a delivery ({when}, {why}): {k}")
        per_game = ", ".join(f"{k} {v / max(1, self.games):.1f}" for k, v in sorted(self.refills.items()))
        out.append(f"  per game: {per_game}")
        if self.auctions:
            share = self.auctions_with_bid / self.auctions
            out.append(
                f"  auctions {self.auctions}, with a positive bid {self.auctions_with_bid} ({share:.1%})"
            )
        return out


class _Watch:
    """Per game: whether anyone could deliver at the start of each move phase; auctions with a bid."""

    def __init__(self) -> None:
        self.movable: dict[int, bool] = {}
        self.auctions: dict[int, bool] = {}
        self.refills: Counter[str] = Counter()
        self.supply_left = 0

    def __call__(self, state: SteamState, seat: int, action: Any, text: str) -> None:
        r = state.round
        if state.phase == "auction":
            self.auctions[r] = self.auctions.get(r, False) or (isinstance(action, Bid) and action.amount > 0)
        if isinstance(action, (CityGrowth, Urbanize)):
            self.refills[type(action).__name__] += 1
        self.supply_left = sum(map(len, state.supply_sets))
        if state.phase == "move" and state.move_round == 1 and r not in self.movable:
            self.movable[r] = any(delivery_options(state, s) for s in state.order)


def measure(path: str, n: int, games: int, lineup: Sequence[str] = ("builder", "income")) -> Tally:
    """Play ``games`` seeded games (seeds 0..games-1) of config ``path`` with ``n`` players."""
    params = load_config(path).params
    tally = Tally(players=n)
    bots = [lineup[s % len(lineup)] for s in range(n)]
    for seed in range(games):
        watch = _Watch()
        record = play_game(SPEC, params, n, seed, bots, on_step=watch, catch_errors=False)
        delivered = {e["round"] for e in record.events["deliveries"]}
        tally.games += 1
        tally.deliveries += len(record.events["deliveries"])
        tally.rounds_played.append((record.rounds, sorted(delivered)))
        for r in range(1, record.rounds + 1):
            if r not in delivered:
                when = "final round" if r == record.rounds else "earlier round"
                why = "nobody chose to deliver" if watch.movable.get(r) else "no cube reachable"
                tally.dry[(when, why)] += 1
        tally.refills.update(watch.refills)
        tally.refills["supply cubes left"] += watch.supply_left
        tally.auctions += len(watch.auctions)
        tally.auctions_with_bid += sum(watch.auctions.values())
    return tally


def main(argv: Sequence[str]) -> None:
    name, n = argv[0], int(argv[1])
    games = int(argv[2]) if len(argv) > 2 else 100
    tally = measure(str(config_root() / "steam" / f"{name}.yaml"), n, games)
    print(f"{name} {n}p: " + "\n".join(tally.lines()))


if __name__ == "__main__":
    main(sys.argv[1:])
