"""Measures of interaction and waiting (design goals ``waiting`` and ``interaction``), pure pandas.

``waiting`` reads the players table's ``decisions`` and ``spells`` (every game); ``interaction``
reads a game's flow columns (``<flow prefix><kind>_<unit>_out`` / ``_in``, what passes between
players, and ``<earned prefix><unit>``, what a player gains from outside them; the game declares
both prefixes, ``ReportSpec.flow_prefix`` and ``earned_prefix``, and run.json records them), so the
report measures both without the engine. One row per (game, variant, n_players) with ``value``,
``low``, ``high`` (a t interval over games: each game is one observation), ``games`` and the driver
columns."""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import pandas as pd

from sim.dataset import GROUP
from sim.dataset.declared import declared
from sim.stats.intervals import mean_ci

MEASURE_COLUMNS = [*GROUP, "value", "low", "high", "games"]
DRIVER_COLUMNS = ["driver", "driver_other", "driver_value"]
OUT = [*MEASURE_COLUMNS, *DRIVER_COLUMNS]


def _per_game(per_player: pd.DataFrame, column: str) -> pd.DataFrame:
    """The mean over a game's players of ``column``, then its mean over games with a t interval."""
    games = per_player.groupby([*GROUP, "gid"], sort=True)[column].mean().dropna()
    if games.empty:
        return pd.DataFrame(columns=OUT)
    ci = mean_ci(games.groupby(level=GROUP, sort=True))
    out = ci.reset_index().rename(columns={"mean": "value", "lo": "low", "hi": "high", "n": "games"})
    # one game: no spread to estimate, the interval is unknown (undecided), not a point
    out.loc[out["games"] < 2, ["low", "high"]] = np.nan
    return out.assign(driver="", driver_other="", driver_value=np.nan)[OUT]


def waiting(players: pd.DataFrame) -> pd.DataFrame:
    """Decisions by the other players per turn of a player: for each player, (the game's decisions
    minus its own) / its spells (maximal runs of its own consecutive decisions), averaged over the
    game's players, then over games. Runs without the columns (written before them) give no rows."""
    if not {"decisions", "spells"} <= set(players.columns):
        return pd.DataFrame(columns=OUT)
    known = players.dropna(subset=["decisions", "spells"])
    known = known[known["spells"] > 0]
    if known.empty:
        return pd.DataFrame(columns=OUT)
    total = known.groupby("gid")["decisions"].transform("sum")
    wait = (total - known["decisions"]) / known["spells"]
    return _per_game(known.assign(wait=wait.astype(float)), "wait")


def flow_columns(columns, prefix: str) -> dict[str, tuple[str, str, str]]:
    """``<prefix><kind>_<unit>_<out|in>`` columns (what a player paid to / received from the other
    players) -> (kind, unit, direction); none for an empty prefix (a game without flows)."""
    found: dict[str, tuple[str, str, str]] = {}
    if not prefix:
        return found
    for name in columns:
        if not name.startswith(prefix):
            continue
        kind, _, rest = name[len(prefix) :].partition("_")
        unit, _, direction = rest.rpartition("_")
        if unit and direction in ("out", "in"):
            found[name] = (kind, unit, direction)
    return found


def interaction(
    players: pd.DataFrame,
    prices: Mapping[str, float] | None = None,
    settles: tuple[str, ...] = (),
    flow_prefix: str = "",
    earned_prefix: str = "",
) -> pd.DataFrame:
    """The value a player exchanges with the other players (received + paid, its flow columns:
    ``flow_columns`` of ``flow_prefix``) per unit of value it gains (``<earned_prefix><unit>``
    columns: from outside the players, plus what it receives from them);
    averaged over the game's players, then over games. A unit's value is ``prices[unit]``, 1 when
    not given (the game's columns are in one currency: its docs say why). ``settles``: kinds of
    flow that settle an exchange already counted (a marker bought back for the price it was counted
    at when it passed): left out, so one exchange counts once.

    Driver: the kind of flow (``<flow_prefix><kind>``) that carries most of the value exchanged, with
    its share of it. Runs without the columns (or the prefixes) give no rows."""
    flows = {c: f for c, f in flow_columns(players.columns, flow_prefix).items() if f[0] not in settles}
    earned = [c for c in players.columns if earned_prefix and c.startswith(earned_prefix)]
    if not flows or not earned:
        return pd.DataFrame(columns=OUT)
    known = players.dropna(subset=[*earned, *flows])
    if known.empty:
        return pd.DataFrame(columns=OUT)
    prices = prices or {}
    value = {name: known[name].astype(float) * prices.get(unit, 1.0) for name, (_, unit, _) in flows.items()}
    received = sum(v for name, v in value.items() if flows[name][2] == "in")
    exchanged = sum(value.values())
    gained = received + sum(known[c].astype(float) * prices.get(c[len(earned_prefix) :], 1.0) for c in earned)
    share = (exchanged / gained).where(gained > 0)
    out = _per_game(known.assign(share=share), "share")
    if out.empty:
        return out
    kinds = sorted({kind for kind, _, _ in flows.values()})
    by_kind = pd.DataFrame(
        {k: sum(v for name, v in value.items() if flows[name][0] == k) for k in kinds}
    ).assign(**{c: known[c] for c in GROUP})
    totals = by_kind.groupby(GROUP, sort=True)[kinds].sum()
    top = totals.idxmax(axis=1)
    share_top = totals.max(axis=1) / totals.sum(axis=1).where(totals.sum(axis=1) > 0)
    drivers = pd.DataFrame({"driver": flow_prefix + top, "driver_value": share_top}).reset_index()
    drivers.loc[drivers["driver_value"].isna(), "driver"] = ""
    out = out.drop(columns=["driver", "driver_value"]).merge(drivers, on=GROUP, how="left")
    out["driver"] = out["driver"].fillna("")
    return out[OUT]


def interaction_goal(run, settles: str = "") -> pd.DataFrame:
    """``interaction`` of a ``sim.dataset.read.Run`` (the measure a game's goal declares), each game's
    players with the flow and earned prefixes its run.json declares; ``settles``: a flow kind that
    settles an exchange already counted (the goal's ``columns``)."""
    parts = [
        interaction(
            players,
            settles=(settles,) if settles else (),
            flow_prefix=declared(run, str(game), "flow_prefix"),
            earned_prefix=declared(run, str(game), "earned_prefix"),
        )
        for game, players in run.players.groupby("game", sort=True)
    ]
    parts = [part for part in parts if not part.empty]
    return pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=OUT)
