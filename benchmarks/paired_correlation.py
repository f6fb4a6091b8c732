"""How closely a 明初商途 game with one 门客 more pairs with its base game on the same seed.

Plays the base config and the same config with one extra 门客 card (``试用门客``, an ability of 3
coins, by default) on the seeds and seatings ``sim run`` uses (``sim.runner.plan``), with the game's
default bots, and prints the Pearson correlation of the per-seat final scores over all the paired
seats, with a 95% interval from a bootstrap over games (a game's seats move together, so games are
resampled, not seats), how many games ended with the same scores, and the correlation apart over
the games whose setup turns the extra card up (a draft column or the face-up row: the bots see it
from their first decision) and the others. ``--trading on,off`` plays
both with trading between players and without it.

It builds the variant from the resolved base data (the card appended to the 门客 deck, then the
game's own params model), so it runs unchanged on older checkouts of the project (to bisect a
change of the figure: ``SIM_PURE_PYTHON=1 PYTHONPATH=<checkout> python <this file>``).

Measured (trading off, root seed 1, 5 players; the interval in brackets): the figure fell from
0.872 [0.843, 0.898] (300 games, 12-01 before the change) to 0.757 [0.712, 0.801] in one commit,
the one that made the heuristics value the 门客 of a draft column (before it every column's 门客
counted a flat 5 coins, so a new card dealt into the draft changed no pick). Over the same 200
seeds, before -> after that commit: games whose setup deals the card (77) 0.707 -> 0.417, the
others (123) 0.975 -> 0.961. The game's randomness is keyed per deck, die roll and tie-break, so no
variant game parts from its base before the card is turned up (``pairing_divergence.py``); what
is left is the card's own effect on the draft, which no layout of random streams removes without
changing what the bots see or how often the card is dealt.

Usage: python benchmarks/paired_correlation.py [--games 400] [--players 5] [--seed 1] [--trading on,off]
    [--jobs 1] [--json FILE]
"""

from __future__ import annotations

import argparse
import copy
import json
import multiprocessing
import time
from pathlib import Path
from typing import Any

import numpy as np

from sim.config.loader import load_config
from sim.core.play import play_game, setup_rng
from sim.games import get_game
from sim.runner.plan import game_seed, seat_bots

EXTRA_CARD = {"id": "试用门客", "ability": [{"effect": "gain_coins", "amount": 3}]}
"""The card the variant adds (a new id: no card of the base deck changes)."""
RESERVED = ("game", "extends", "description", "reference", "goals")
BOOTSTRAP = 2000


def base_config() -> Path:
    """The bundled base config of 明初商途 (its folder moved once; both places are tried)."""
    import sim

    root = Path(sim.__file__).resolve().parent
    for path in (root.parent / "configs/mingchu/base.yaml", root / "configs/mingchu/base.yaml"):
        if path.is_file():
            return path
    raise FileNotFoundError("no configs/mingchu/base.yaml")


def has_trading(params: Any) -> bool:
    """Whether this checkout's rules have a switch for trading between players."""
    return hasattr(params.rules, "trading")


def params_pair(trading: bool | None) -> tuple[Any, Any]:
    """(base params, params with ``EXTRA_CARD`` added), trading switched as asked (None: as is)."""
    spec = get_game("mingchu")
    data = copy.deepcopy(load_config(base_config()).data)
    data = {k: v for k, v in data.items() if k not in RESERVED}
    if trading is not None:
        data.setdefault("rules", {})["trading"] = trading
    base = spec.params_model.model_validate(copy.deepcopy(data))
    data["cards"]["门客"].append(copy.deepcopy(EXTRA_CARD))
    return base, spec.params_model.model_validate(data)


def lineup(spec: Any) -> tuple[str, ...]:
    """The bots ``sim run`` seats when none are named."""
    return tuple(getattr(spec, "lineup", None) or spec.bots.default_bots or spec.bots.bots)


def dealt_at_setup(spec: Any, params: Any, players: int, seed: int) -> bool:
    """Whether the setup of the variant's game turns the extra card up (a draft column or the
    face-up 门客 row), so that the bots can react to it from their first decision."""
    state = spec.game.initial_state(params, players, setup_rng(seed))
    columns = [column[0] for column in getattr(state, "draft_columns", ()) if column is not None]
    return EXTRA_CARD["id"] in [*columns, *getattr(state, "retainer_row", ())]


def play_pair(job: tuple[Any, Any, int, int, int]) -> tuple[list[float], list[float], bool]:
    """Final per-seat scores of the base game and the variant game of one game index, and whether
    the variant's setup turned the extra card up."""
    base, variant, players, root_seed, index = job
    spec = get_game("mingchu")
    seed = game_seed(root_seed, players, index)
    bots = seat_bots(lineup(spec), players, index)
    out = []
    for params in (base, variant):
        record = play_game(spec, params, players, seed, bots)
        if record.error:
            raise RuntimeError(f"game {index} (seed {seed}) failed: {record.error.splitlines()[-1]}")
        out.append([float(s) for s in record.scores])
    return out[0], out[1], dealt_at_setup(spec, variant, players, seed)


def correlation(a: np.ndarray, b: np.ndarray) -> float:
    """Pearson correlation of the per-seat scores of games ``a`` and ``b`` (games x seats)."""
    return float(np.corrcoef(a.ravel(), b.ravel())[0, 1])


def bootstrap_interval(a: np.ndarray, b: np.ndarray, level: float = 0.95) -> tuple[float, float]:
    """Percentile interval of the correlation over ``BOOTSTRAP`` resamples of whole games."""
    rng = np.random.default_rng(0)
    draws = [correlation(a[i], b[i]) for i in rng.integers(0, len(a), size=(BOOTSTRAP, len(a)))]
    lo, hi = np.quantile(draws, [(1 - level) / 2, (1 + level) / 2])
    return float(lo), float(hi)


def split(a: np.ndarray, b: np.ndarray, games: np.ndarray) -> dict[str, Any]:
    """The correlation and its interval over the ``games`` selected (None below 3 games)."""
    if games.sum() < 3:
        return {"games": int(games.sum()), "correlation": None, "ci95": None}
    lo, hi = bootstrap_interval(a[games], b[games])
    return {
        "games": int(games.sum()),
        "correlation": round(correlation(a[games], b[games]), 4),
        "ci95": [round(lo, 4), round(hi, 4)],
    }


def measure(trading: bool | None, args: argparse.Namespace) -> dict[str, Any]:
    """Play the paired games of one trading setting and summarise them."""
    base, variant = params_pair(trading)
    jobs = [(base, variant, args.players, args.seed, i) for i in range(args.games)]
    start = time.time()
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play_pair, jobs, chunksize=4)
    else:
        results = [play_pair(job) for job in jobs]
    a = np.array([r[0] for r in results])
    b = np.array([r[1] for r in results])
    dealt = np.array([r[2] for r in results], dtype=bool)
    lo, hi = bootstrap_interval(a, b)
    return {
        "trading": "as configured" if trading is None else ("on" if trading else "off"),
        "games": args.games,
        "players": args.players,
        "seed": args.seed,
        "correlation": round(correlation(a, b), 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "identical_games": int(np.all(a == b, axis=1).sum()),
        "dealt_at_setup": split(a, b, dealt),
        "not_dealt_at_setup": split(a, b, ~dealt),
        "seconds": round(time.time() - start, 1),
    }


def cell(row: dict[str, Any]) -> str:
    """``0.871 [0.842, 0.898]``, or ``-`` without a correlation."""
    if row["correlation"] is None:
        return "-"
    return f"{row['correlation']:.3f} [{row['ci95'][0]:.3f}, {row['ci95'][1]:.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1, help="root seed (as sim run --seed)")
    parser.add_argument("--trading", default="on,off", help="on, off or on,off")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", type=Path, help="also write the rows as JSON")
    args = parser.parse_args()
    switch = has_trading(params_pair(None)[0])
    settings = [s == "on" for s in args.trading.split(",")] if switch else [None]
    rows = [measure(setting, args) for setting in settings]
    print(
        "| trading | games | correlation [95%] | identical | card dealt at setup: games, correlation"
        " | not dealt: games, correlation | seconds |\n|---|---|---|---|---|---|---|"
    )
    for r in rows:
        print(
            f"| {r['trading']} | {r['games']} | {cell(r)} | {r['identical_games']} | "
            f"{r['dealt_at_setup']['games']}, {cell(r['dealt_at_setup'])} | "
            f"{r['not_dealt_at_setup']['games']}, {cell(r['not_dealt_at_setup'])} | {r['seconds']} |"
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
