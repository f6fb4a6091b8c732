"""Measures of the newcomer and depth goals (a game declares them; docs/goals.md): how the game's
novice (a seat that plays common sense alone: the bot the game declares, ``BotsSpec.novice``, which
run.json records) scores against its table, what share of the experienced bots' score common sense
alone earns, and whether the skill ladder random < novice < heuristics < search holds step by step.
The novice's rung is named by the novice's own name. Pure pandas: one row per (game, variant,
n_players) with ``value``, ``low``, ``high``, ``games`` and the driver columns."""

from __future__ import annotations

from functools import partial

import numpy as np
import pandas as pd

from sim.core.bot_names import parse_bot_name
from sim.core.goals import CONTROL
from sim.dataset import GROUP
from sim.dataset.declared import declared
from sim.stats.bots import bot_matrix
from sim.stats.goals import DRIVER_COLUMNS, MEASURE_COLUMNS
from sim.stats.intervals import bootstrap_means, seeded_rng, wilson

SEARCH_BASES = ("rollout", "mcts")
"""Bots whose names are these generic search bots are the search rung (``rollout:2``, ``mcts:200``)."""
HEURISTICS = "heuristics"
SEARCH = "search"
COLUMNS = MEASURE_COLUMNS + DRIVER_COLUMNS
DRAWS = 1000


EXPERIENCED = "experienced"
"""The heuristic and search rungs together (``learning``)."""


def rungs(novice: str) -> tuple[str, ...]:
    """The skill ladder, lowest first: random play, the novice (``novice``, the game's), the
    heuristic bots, the search bot."""
    return (CONTROL, novice, HEURISTICS, SEARCH)


def rung(bot: str, novice: str) -> str:
    """The ladder rung a bot stands on (``novice``: the game's novice bot, "" for none)."""
    if bot == CONTROL or (novice and bot == novice):
        return bot
    return SEARCH if parse_bot_name(bot).base in SEARCH_BASES else HEURISTICS


def experience(bot: str, novice: str) -> str:
    """Random play, the novice, or ``EXPERIENCED`` (a heuristic or search bot)."""
    level = rung(bot, novice)
    return level if level in (CONTROL, novice) else EXPERIENCED


def novices(run) -> dict[str, str]:
    """Per game of the run's players, its novice as run.json declares it; games without one left out."""
    games = sorted(set(run.players["game"].astype(str))) if "game" in run.players.columns else []
    found = {game: str(declared(run, game, "novice_bot") or "") for game in games}
    return {game: novice for game, novice in found.items() if novice}


def _per_game(players: pd.DataFrame, rungs: tuple[str, ...], rung_of) -> pd.DataFrame:
    """Per game: the mean score of each rung's seats (columns ``rungs``; ``rung_of`` maps a bot to
    its rung) and of the whole table (``table``); games without a seat of every rung asked for are
    left out."""
    seats = players.assign(rung=players["bot"].map(rung_of))
    means = seats.pivot_table(index=[*GROUP, "gid"], columns="rung", values="score", aggfunc="mean")
    means["table"] = seats.groupby([*GROUP, "gid"])["score"].mean()
    missing = [r for r in rungs if r not in means.columns]
    if missing:
        return pd.DataFrame(columns=[*GROUP, "gid", *rungs, "table"])
    return means.dropna(subset=list(rungs)).reset_index()


def _ratio_interval(values: np.ndarray, key: tuple, top: int, bottom: int):
    """(estimate, low, high) of mean[top] / mean[bottom] over the games (rows), a percentile
    bootstrap over games."""

    def ratio(means: np.ndarray) -> np.ndarray:
        with np.errstate(divide="ignore", invalid="ignore"):
            return means[..., top] / means[..., bottom]

    value = float(ratio(values.mean(axis=0)))
    boot = ratio(bootstrap_means(values, DRAWS, seeded_rng(*key)))
    boot = boot[np.isfinite(boot)]
    if len(boot) == 0 or not np.isfinite(value):
        return value, np.nan, np.nan
    low, high = np.quantile(boot, [0.025, 0.975])
    return value, min(float(low), value), max(float(high), value)


def waiting(
    players: pd.DataFrame, novice: str, idle: str = "", turns: str = "", failed: str = ""
) -> pd.DataFrame:
    """Per group, over the seats of ``players`` the ``novice`` played: the share of their turns that were idle (``idle_share``:
    a newcomer is never stuck without a useful action) and their failed orders a game (``failed``),
    from the players columns the game names (``idle``: idle turns, ``turns``: turns taken,
    ``failed``: orders reserved and never delivered; its goal's ``columns``); NaN where a column is
    not named or not in the table."""
    seats = players[players["bot"] == novice]
    rows = []
    for key, part in seats.groupby(GROUP, sort=True):
        taken = part[turns].sum() if turns in part else 0.0
        idle_share = float(part[idle].sum() / taken) if taken > 0 and idle in part else np.nan
        failed_orders = float(part.groupby("gid")[failed].sum().mean()) if failed in part else np.nan
        rows.append((*key, idle_share, failed_orders))
    return pd.DataFrame(rows, columns=[*GROUP, "idle_share", "failed"]).set_index(GROUP)


def newcomer(run, idle: str = "", turns: str = "", failed: str = "") -> pd.DataFrame:
    """The novice's mean score as a ratio of its table's mean score in the same games (a game with
    several novice seats counts their mean), bootstrap interval over games; drivers: the share of
    the novice's turns that were idle (``driver_value``) and its failed orders a game
    (``driver_other``, the number written with two decimals; empty when not recorded), from the
    columns the game's goal names (``waiting``). Games whose run.json declares no novice: no rows."""
    rows = []
    for game, novice in novices(run).items():
        players = run.players[run.players["game"].astype(str) == game]
        games = _per_game(players, (novice,), partial(rung, novice=novice))
        read = players.merge(games[[*GROUP, "gid"]], on=[*GROUP, "gid"])  # the games measured
        waits = waiting(read, novice, idle, turns, failed)
        for key, part in games.groupby(GROUP, sort=True):
            values = part[[novice, "table"]].to_numpy(dtype=float)
            value, low, high = _ratio_interval(values, ("newcomer", *key), 0, 1)
            idle_share, failed_orders = waits.loc[key] if key in waits.index else (np.nan, np.nan)
            failed_text = "" if np.isnan(failed_orders) else f"{failed_orders:.2f}"
            rows.append((*key, value, low, high, len(part), novice, failed_text, float(idle_share)))
    return pd.DataFrame(rows, columns=COLUMNS)


def learning(run) -> pd.DataFrame:
    """A proxy of how far common sense alone goes: the novice's mean score as a share of the
    experienced bots' (the heuristic and search seats) in the same games, over the games that seat
    both, bootstrap interval over games; driver: how often the novice finishes ahead of a heuristic
    bot (head-to-head share, ``bot_matrix`` on the bots pooled by rung)."""
    rows = []
    for game, novice in novices(run).items():
        players = run.players[run.players["game"].astype(str) == game]
        games = _per_game(players, (novice, EXPERIENCED), partial(experience, novice=novice))
        ahead = bot_matrix(players.assign(bot=players["bot"].map(partial(rung, novice=novice))), by=GROUP)
        ahead = ahead[(ahead["bot_a"] == novice) & (ahead["bot_b"] == HEURISTICS)].set_index(GROUP)
        for key, part in games.groupby(GROUP, sort=True):
            values = part[[novice, EXPERIENCED]].to_numpy(dtype=float)
            value, low, high = _ratio_interval(values, ("learning", *key), 0, 1)
            share = float(ahead.loc[key, "share_ahead"]) if key in ahead.index else np.nan
            rows.append((*key, value, low, high, len(part), novice, HEURISTICS, share))
    return pd.DataFrame(rows, columns=COLUMNS)


def ladder_steps(players: pd.DataFrame, novice: str) -> pd.DataFrame:
    """Each step of the ladder (``rungs(novice)``): the head-to-head share of the higher rung over
    the rung below it (``bot_matrix`` on the bots pooled by rung, cluster-robust over games, floored
    by the Wilson interval over games as in the skill gap), one row per (group, step) that met;
    a step is named ``<higher>><lower>``."""
    pooled = players.assign(bot=players["bot"].map(partial(rung, novice=novice)))
    matrix = bot_matrix(pooled, by=GROUP)
    columns = [*GROUP, "step", "higher", "lower", "share", "low", "high", "games"]
    if matrix.empty:
        return pd.DataFrame(columns=columns)
    ladder = rungs(novice)
    pairs = [(ladder[i + 1], ladder[i]) for i in range(len(ladder) - 1)]
    rows = matrix[[(a, b) in pairs for a, b in zip(matrix["bot_a"], matrix["bot_b"], strict=True)]]
    rows = rows.rename(columns={"bot_a": "higher", "bot_b": "lower", "share_ahead": "share"})
    floor, ceiling = wilson(rows["share"] * rows["games"], rows["games"])
    rows = rows.assign(
        step=[f"{h}>{lo}" for h, lo in zip(rows["higher"], rows["lower"], strict=True)],
        low=np.minimum(rows["lo"], floor),
        high=np.maximum(rows["hi"], ceiling),
    )
    return rows[columns].reset_index(drop=True)


def depth(run) -> pd.DataFrame:
    """The ladder's weakest step: the smallest head-to-head share of a rung over the one below it,
    with the interval [smallest low end, smallest high end] of the steps' intervals (every step
    above a bound exactly when the smallest low end is, some step below it exactly when the
    smallest high end is); driver: that step (higher rung, lower rung) and its share. Only where
    every step of the ladder met."""
    rows = []
    for game, novice in novices(run).items():
        steps = ladder_steps(run.players[run.players["game"].astype(str) == game], novice)
        for key, part in steps.groupby(GROUP, sort=True):
            if len(part) < len(rungs(novice)) - 1:
                continue
            weakest = part.loc[part["share"].idxmin()]
            rows.append(
                (*key, float(weakest["share"]), float(part["low"].min()), float(part["high"].min()),
                 int(part["games"].min()), weakest["higher"], weakest["lower"], float(weakest["share"]))
            )  # fmt: skip
    return pd.DataFrame(rows, columns=COLUMNS)
