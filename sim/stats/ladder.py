"""Bot ladder: does a seat effect hold across skilled bots, depend on their strength, or flip?

A tier is the set of games whose table is one bot only (``bots`` = "greedy,greedy,greedy");
mixed tables are left out, since their seat effects mix with bot strength. Random play is a
no-skill control, not a tier. Tiers are ordered by Bradley-Terry strength when the runs hold
head-to-head games between the bots."""

from __future__ import annotations

import numpy as np
import pandas as pd
from scipy import stats

from sim.dataset import GROUP
from sim.stats.bots import CONTROL_BOTS
from sim.stats.intervals import Z95, holm_adjust
from sim.stats.seats import seat_win_rates

STATUSES = ("robust", "strength-dependent", "flips", "under-powered", "pooled only", "control only", "none")


def table_tiers(games: pd.DataFrame) -> pd.Series:
    """Per game (indexed by gid): the bot name when every seat has the same bot, else NA."""
    lineups = games["bots"].fillna("")
    tier_of = {}
    for lineup in lineups.unique():  # few distinct lineups, many games
        names = set(lineup.split(","))
        tier_of[lineup] = next(iter(names)) if len(names) == 1 and lineup else None
    return pd.Series(lineups.map(tier_of).to_numpy(), index=games["gid"].to_numpy(), name="tier")


def seat_win_rates_by_tier(players: pd.DataFrame, games: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """``seat_win_rates`` per bot tier (single-bot tables only), Holm within each tier; ``control``
    marks the no-skill tiers (random play)."""
    tiers = table_tiers(games)
    tiered = players.assign(tier=tiers.reindex(players["gid"]).to_numpy()).dropna(subset=["tier"])
    out = seat_win_rates(tiered, alpha, by=["tier"])
    out["control"] = out["tier"].isin(CONTROL_BOTS) if "tier" in out.columns else pd.Series(dtype=bool)
    return out


def _se(part: pd.DataFrame) -> np.ndarray:
    """Standard error of each seat share, from its p-value's score test (null variance)."""
    z = stats.norm.isf(part["p_value"].clip(1e-300, 1) / 2)
    diff = (part["win_rate"] - part["fair_share"]).abs()
    with np.errstate(invalid="ignore", divide="ignore"):
        se = np.where(z > 1e-8, diff / z, (part["hi"] - part["lo"]) / (2 * Z95))
    return np.asarray(se, dtype=float)


def ladder_consistency(
    by_tier: pd.DataFrame, strengths: pd.DataFrame | None = None, alpha: float = 0.05
) -> pd.DataFrame:
    """Per (game, variant, n_players, seat) over the tiers: a status and the pooled seat effect.

    * ``robust``: significant (Holm within the tier) in the same direction in at least two
      skilled tiers, and the seat x tier interaction is not significant;
    * ``strength-dependent``: the interaction is significant (Holm across seats);
    * ``flips``: two skilled tiers significant in opposite directions (interaction not significant);
    * ``under-powered``: significant somewhere, but not in two skilled tiers;
    * ``pooled only``: significant in no tier, but the share pooled over the skilled tiers differs
      from the fair share (Holm across seats, ``pooled_p``): evidence that needs more games per tier;
    * ``control only``: significant only with random play;
    * ``none``: significant nowhere.

    ``effect``/``effect_lo``/``effect_hi`` pool the seat's share over the skilled tiers (inverse
    variance); ``tiers`` lists the skilled tiers weakest first when ``strengths`` (Bradley-Terry,
    from ``bots.bradley_terry``) are given."""
    columns = [*GROUP, "seat", "tiers", "control", "flagged_tiers", "interaction_p", "effect", "effect_lo",
               "effect_hi", "fair_share", "pooled_p", "status"]  # fmt: skip
    if by_tier.empty:
        return pd.DataFrame(columns=columns)
    frame = by_tier.assign(
        direction=np.sign(by_tier["win_rate"] - by_tier["fair_share"]),
        se=_se(by_tier),
        control=by_tier["tier"].isin(CONTROL_BOTS),
    )
    order = _tier_order(frame, strengths)
    frame["rank"] = [
        order.get((g, tier), np.inf) for g, tier in zip(frame["game"], frame["tier"], strict=True)
    ]
    rows = []
    for key, group in frame.groupby(GROUP, sort=True):
        if group["tier"].nunique() < 2:
            continue
        seat_rows = []
        for seat, part in group.groupby("seat", sort=True):
            part = part.sort_values(["rank", "tier"])
            skilled = part[~part["control"]]
            seat_rows.append(_seat_row(dict(zip(GROUP, key, strict=True)), int(seat), part, skilled))
        interaction = _holm([r["_interaction_raw"] for r in seat_rows])
        pooled = _holm([r["_pooled_raw"] for r in seat_rows])
        for row, p, q in zip(seat_rows, interaction, pooled, strict=True):
            row["interaction_p"], row["pooled_p"] = p, q
            row["status"] = _status(row, p, alpha)
            rows.append({c: row.get(c) for c in columns})
    return pd.DataFrame(rows, columns=columns)


def _holm(pvalues: list[float]) -> np.ndarray:
    """Holm-adjusted p-values, NaN kept where there is no test."""
    raw = np.array(pvalues, dtype=float)
    valid = ~np.isnan(raw)
    adjusted = np.full(len(raw), np.nan)
    if valid.any():
        adjusted[valid] = holm_adjust(raw[valid])
    return adjusted


def _tier_order(frame: pd.DataFrame, strengths: pd.DataFrame | None) -> dict[tuple[str, str], float]:
    if strengths is None or strengths.empty:
        return {}
    return {
        (g, b): s for g, b, s in zip(strengths["game"], strengths["bot"], strengths["strength"], strict=True)
        if not np.isnan(s)
    }  # fmt: skip


def _seat_row(labels: dict, seat: int, part: pd.DataFrame, skilled: pd.DataFrame) -> dict:
    arrows = {1.0: " ↑", -1.0: " ↓", 0.0: ""}
    flagged = part[part["imbalanced"]]
    sig = skilled[skilled["imbalanced"]]
    row = {
        **labels,
        "seat": seat,
        "tiers": ", ".join(skilled["tier"]),
        "control": ", ".join(part.loc[part["control"], "tier"]),
        "flagged_tiers": ", ".join(t + arrows[d] for t, d in zip(flagged["tier"], flagged["direction"], strict=True)),
        "fair_share": float(part["fair_share"].iloc[0]),
        "_up": int((sig["direction"] > 0).sum()),
        "_down": int((sig["direction"] < 0).sum()),
        "_control_flagged": bool(part.loc[part["control"], "imbalanced"].any()),
        "_interaction_raw": np.nan,
        "_pooled_raw": np.nan,
        "effect": np.nan,
        "effect_lo": np.nan,
        "effect_hi": np.nan,
    }  # fmt: skip
    usable = skilled[skilled["se"] > 0]
    if len(usable):
        w = 1 / usable["se"].to_numpy() ** 2
        effect = float(np.sum(w * usable["win_rate"]) / w.sum())
        half = Z95 / np.sqrt(w.sum())
        # a win share lies in [0, 1]: the interval is cut there (never a negative win rate)
        row.update(effect=effect, effect_lo=max(0.0, effect - half), effect_hi=min(1.0, effect + half))
        row["_pooled_raw"] = float(2 * stats.norm.sf(abs(effect - row["fair_share"]) * Z95 / half))
        if len(usable) >= 2:  # Cochran's Q: do the skilled tiers share one seat effect?
            q = float(np.sum(w * (usable["win_rate"] - effect) ** 2))
            row["_interaction_raw"] = float(stats.chi2.sf(q, len(usable) - 1))
    return row


def _status(row: dict, interaction_p: float, alpha: float) -> str:
    up, down = row["_up"], row["_down"]
    if not np.isnan(interaction_p) and interaction_p <= alpha:
        return "strength-dependent"
    if up and down:
        return "flips"
    if max(up, down) >= 2:
        return "robust"
    if up or down:
        return "under-powered"
    if not np.isnan(row["pooled_p"]) and row["pooled_p"] <= alpha:
        return "pooled only"
    if row["_control_flagged"]:
        return "control only"
    return "none"
