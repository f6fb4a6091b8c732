"""The seats holding a card that a variant changed, in the base and in the variant (``sim compare``).

A changed card is a list item with an ``id`` (a card, a tile) whose entry differs between the two
variants' resolved configs, or that only one of them has. Its holders are the seats the event
tables record taking it (any event of it when the table records no ``taken``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd

from sim.dataset import Run
from sim.stats.content import KIND_COLUMN, config_items, context_columns, item_columns, item_rows
from sim.stats.intervals import Z95, hybrid_difference, win_shares

HELD_KIND = "taken"
"""The event kind that makes a seat a card's holder, where the table records kinds."""

COLUMNS = [
    "game", "variant_a", "variant_b", "n_players", "list", "card", "item", "seats_a", "seats_b",
    "win_a", "win_b", "win_diff", "win_lo", "win_hi", "score_a", "score_b", "score_diff",
    "score_lo", "score_hi",
]  # fmt: skip


def changed_items(resolved_a: Mapping[str, Any], resolved_b: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(list path, id) of every id'd item whose entry differs between two resolved configs, in B's order
    then A's (an item only one of them has counts as changed)."""
    a = {(p, i): e for p, i, e in config_items(resolved_a)}
    b = {(p, i): e for p, i, e in config_items(resolved_b)}
    return [key for key in dict.fromkeys([*b, *a]) if a.get(key) != b.get(key)]


def _resolved(run: Run, game: str, variant: str) -> Mapping[str, Any]:
    for meta in run.meta:
        for v in meta.get("variants", []):
            if v.get("game") == game and v.get("label") == variant:
                return v.get("resolved") or {}
    return {}


def holder_seats(run: Run, list_path: str, card: str) -> tuple[str, pd.DataFrame]:
    """The event item naming ``card`` of list ``list_path`` (``deck·id`` where ids are qualified by
    their deck, the list's last name) and its holders' (gid, seat); ("", empty) when no event has it."""
    names = {card, f"{list_path.rsplit('.', 1)[-1]}·{card}"}
    for name, table in run.events.items():
        if "seat" not in table.columns or table.empty:
            continue
        for column in item_columns(table, context_columns(run, name)):
            rows = item_rows(table, column)
            rows = rows[rows[column].isin(names)]
            if rows.empty:
                continue
            if KIND_COLUMN in rows.columns and (rows[KIND_COLUMN] == HELD_KIND).any():
                rows = rows[rows[KIND_COLUMN] == HELD_KIND]
            item = str(rows[column].iloc[0])
            return item, rows[["gid", "seat"]].drop_duplicates()
    return "", pd.DataFrame(columns=["gid", "seat"])


def _mean_se(values: np.ndarray) -> tuple[float, float]:
    if len(values) == 0:
        return np.nan, np.nan
    se = float(values.std(ddof=1) / np.sqrt(len(values))) if len(values) > 1 else np.nan
    return float(values.mean()), se


def holder_changes(run: Run, game: str, variant_a: str, variant_b: str) -> pd.DataFrame:
    """Per changed card and player count: its holders' seats, mean win share and mean score in A and
    in B, and B − A with a normal 95% interval (for the win share, widened where needed to Newcombe's
    from the two groups' Wilson intervals: ``hybrid_difference``). The two variants' holders are
    different seats, taken as independent samples (on shared seeds the truth is positively correlated, so the interval is
    wide rather than narrow)."""
    changed = changed_items(_resolved(run, game, variant_a), _resolved(run, game, variant_b))
    players = run.players[run.players["game"] == game]
    if not changed or players.empty:
        return pd.DataFrame(columns=COLUMNS)
    players = players.assign(_share=win_shares(players))
    rows = []
    for list_path, card in changed:
        item, holders = holder_seats(run, list_path, card)
        if holders.empty:
            continue
        held = players.merge(holders, on=["gid", "seat"])
        for n, part in held.groupby("n_players", sort=True):
            a, b = (part[part["variant"] == v] for v in (variant_a, variant_b))
            win_a, se_wa = _mean_se(a["_share"].to_numpy(float))
            win_b, se_wb = _mean_se(b["_share"].to_numpy(float))
            score_a, se_sa = _mean_se(a["score"].to_numpy(float))
            score_b, se_sb = _mean_se(b["score"].to_numpy(float))
            se_w, se_s = np.hypot(se_wa, se_wb), np.hypot(se_sa, se_sb)
            win_lo, win_hi, _ = hybrid_difference(  # never narrower than Newcombe's (0 wins: se 0)
                win_b - win_a, se_w, b["_share"].sum(), len(b), a["_share"].sum(), len(a)
            )
            rows.append(
                {
                    "game": game, "variant_a": variant_a, "variant_b": variant_b, "n_players": int(n),
                    "list": list_path, "card": card, "item": item, "seats_a": len(a), "seats_b": len(b),
                    "win_a": win_a, "win_b": win_b, "win_diff": win_b - win_a,
                    "win_lo": float(win_lo), "win_hi": float(win_hi),
                    "score_a": score_a, "score_b": score_b, "score_diff": score_b - score_a,
                    "score_lo": score_b - score_a - Z95 * se_s, "score_hi": score_b - score_a + Z95 * se_s,
                }
            )  # fmt: skip
    return pd.DataFrame(rows, columns=COLUMNS)
