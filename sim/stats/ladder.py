"""Bot ladder: does a seat finding hold at every tier of bot strength, or flip between tiers?

A tier is the set of games whose table is one bot only (``bots`` = "greedy,greedy,greedy");
mixed tables are left out, since their seat effects mix with bot strength."""

from __future__ import annotations

import pandas as pd

from sim.dataset import GROUP
from sim.stats.seats import seat_win_rates


def table_tiers(games: pd.DataFrame) -> pd.Series:
    """Per game (indexed by gid): the bot name when every seat has the same bot, else NA."""
    lineups = games["bots"].fillna("")
    tier_of = {}
    for lineup in lineups.unique():  # few distinct lineups, many games
        names = set(lineup.split(","))
        tier_of[lineup] = next(iter(names)) if len(names) == 1 and lineup else None
    return pd.Series(lineups.map(tier_of).to_numpy(), index=games["gid"].to_numpy(), name="tier")


def seat_win_rates_by_tier(players: pd.DataFrame, games: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """``seat_win_rates`` per bot tier (single-bot tables only), Holm within each tier."""
    tiers = table_tiers(games)
    tiered = players.assign(tier=tiers.reindex(players["gid"]).to_numpy()).dropna(subset=["tier"])
    return seat_win_rates(tiered, alpha, by=["tier"])


def ladder_consistency(by_tier: pd.DataFrame) -> pd.DataFrame:
    """Per (game, variant, n_players, seat) over the tiers: which tiers flag the seat, and a status:
    ``holds`` (flagged at every tier in the same direction), ``flips`` (flagged at some tiers only,
    or in opposite directions) or ``none`` (flagged nowhere). Only groups with two or more tiers."""
    frame = by_tier.assign(
        direction=(by_tier["win_rate"] > by_tier["fair_share"]).map({True: " ↑", False: " ↓"})
    )
    rows = []
    for key, part in frame.groupby([*GROUP, "seat"], sort=True):
        if part["tier"].nunique() < 2:
            continue
        flagged = part[part["imbalanced"]]
        if flagged.empty:
            status = "none"
        elif len(flagged) == len(part) and flagged["direction"].nunique() == 1:
            status = "holds"
        else:
            status = "flips"
        rows.append(
            {
                **dict(zip([*GROUP, "seat"], key, strict=True)),
                "tiers": ", ".join(part["tier"]),
                "flagged_tiers": ", ".join(flagged["tier"] + flagged["direction"]),
                "status": status,
            }
        )
    return pd.DataFrame(rows, columns=[*GROUP, "seat", "tiers", "flagged_tiers", "status"])
