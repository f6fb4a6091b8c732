"""Measures of the newcomer and depth goals (a game declares them; docs/goals.md): how a ``novice``
seat that only reserves and fulfils orders scores against its table, what share of the experienced
bots' score common sense alone earns, and whether the skill ladder random <
novice < heuristics < search holds step by step. Pure pandas: one row per (game, variant,
n_players) with ``value``, ``low``, ``high``, ``games`` and the driver columns."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.core.goals import CONTROL
from sim.dataset import GROUP
from sim.stats.bots import bot_matrix
from sim.stats.goals import DRIVER_COLUMNS, MEASURE_COLUMNS
from sim.stats.intervals import bootstrap_means, seeded_rng, wilson

NOVICE = "novice"
SEARCH_PREFIXES = ("rollout", "mcts")
"""Bots whose names start so are the search rung (``rollout:2``, ``mcts:200``)."""
RUNGS = (CONTROL, NOVICE, "heuristics", "search")
"""The skill ladder, lowest first: random play, the novice, the heuristic bots, the search bot."""
STEP_NAMES = {RUNGS[i + 1]: f"{RUNGS[i + 1]}>{RUNGS[i]}" for i in range(len(RUNGS) - 1)}
COLUMNS = MEASURE_COLUMNS + DRIVER_COLUMNS
DRAWS = 1000


EXPERIENCED = "experienced"
"""The heuristic and search rungs together (``learning``)."""


def rung(bot: str) -> str:
    """The ladder rung a bot stands on."""
    if bot in (CONTROL, NOVICE):
        return bot
    return "search" if bot.startswith(SEARCH_PREFIXES) else "heuristics"


def experience(bot: str) -> str:
    """Random play, the novice, or ``EXPERIENCED`` (a heuristic or search bot)."""
    level = rung(bot)
    return level if level in (CONTROL, NOVICE) else EXPERIENCED


def _per_game(players: pd.DataFrame, rungs: tuple[str, ...], rung_of=rung) -> pd.DataFrame:
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


def waiting(players: pd.DataFrame, idle: str = "", turns: str = "", failed: str = "") -> pd.DataFrame:
    """Per group, over the novice seats of ``players``: the share of their turns that were idle (``idle_share``:
    a newcomer is never stuck without a useful action) and their failed orders a game (``failed``),
    from the players columns the game names (``idle``: idle turns, ``turns``: turns taken,
    ``failed``: orders reserved and never delivered; its goal's ``columns``); NaN where a column is
    not named or not in the table."""
    novice = players[players["bot"] == NOVICE]
    rows = []
    for key, part in novice.groupby(GROUP, sort=True):
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
    columns the game's goal names (``waiting``)."""
    games = _per_game(run.players, (NOVICE,))
    read = run.players.merge(games[[*GROUP, "gid"]], on=[*GROUP, "gid"])  # the games measured
    waits = waiting(read, idle, turns, failed)
    rows = []
    for key, part in games.groupby(GROUP, sort=True):
        values = part[[NOVICE, "table"]].to_numpy(dtype=float)
        value, low, high = _ratio_interval(values, ("newcomer", *key), 0, 1)
        idle, failed = waits.loc[key] if key in waits.index else (np.nan, np.nan)
        failed_text = "" if np.isnan(failed) else f"{failed:.2f}"
        rows.append((*key, value, low, high, len(part), NOVICE, failed_text, float(idle)))
    return pd.DataFrame(rows, columns=COLUMNS)


def learning(run) -> pd.DataFrame:
    """A proxy of how far common sense alone goes: the novice's mean score as a share of the
    experienced bots' (the heuristic and search seats) in the same games, over the games that seat
    both, bootstrap interval over games; driver: how often the novice finishes ahead of a heuristic
    bot (head-to-head share, ``bot_matrix`` on the bots pooled by rung)."""
    games = _per_game(run.players, (NOVICE, EXPERIENCED), experience)
    ahead = bot_matrix(run.players.assign(bot=run.players["bot"].map(rung)), by=GROUP)
    ahead = ahead[(ahead["bot_a"] == NOVICE) & (ahead["bot_b"] == "heuristics")].set_index(GROUP)
    rows = []
    for key, part in games.groupby(GROUP, sort=True):
        values = part[[NOVICE, EXPERIENCED]].to_numpy(dtype=float)
        value, low, high = _ratio_interval(values, ("learning", *key), 0, 1)
        share = float(ahead.loc[key, "share_ahead"]) if key in ahead.index else np.nan
        rows.append((*key, value, low, high, len(part), NOVICE, "heuristics", share))
    return pd.DataFrame(rows, columns=COLUMNS)


def ladder_steps(players: pd.DataFrame) -> pd.DataFrame:
    """Each step of the ladder: the head-to-head share of the higher rung over the rung below it
    (``bot_matrix`` on the bots pooled by rung, cluster-robust over games, floored by the Wilson
    interval over games as in the skill gap), one row per (group, step) that met."""
    pooled = players.assign(bot=players["bot"].map(rung))
    matrix = bot_matrix(pooled, by=GROUP)
    columns = [*GROUP, "step", "higher", "lower", "share", "low", "high", "games"]
    if matrix.empty:
        return pd.DataFrame(columns=columns)
    pairs = [(RUNGS[i + 1], RUNGS[i]) for i in range(len(RUNGS) - 1)]
    rows = matrix[[(a, b) in pairs for a, b in zip(matrix["bot_a"], matrix["bot_b"], strict=True)]]
    rows = rows.rename(columns={"bot_a": "higher", "bot_b": "lower", "share_ahead": "share"})
    floor, ceiling = wilson(rows["share"] * rows["games"], rows["games"])
    rows = rows.assign(
        step=[STEP_NAMES[h] for h in rows["higher"]],
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
    steps = ladder_steps(run.players)
    rows = []
    for key, part in steps.groupby(GROUP, sort=True):
        if len(part) < len(RUNGS) - 1:
            continue
        weakest = part.loc[part["share"].idxmin()]
        rows.append(
            (*key, float(weakest["share"]), float(part["low"].min()), float(part["high"].min()),
             int(part["games"].min()), weakest["higher"], weakest["lower"], float(weakest["share"]))
        )  # fmt: skip
    return pd.DataFrame(rows, columns=COLUMNS)
