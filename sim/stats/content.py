"""Never-used content: breakdown columns that are always zero and config ids no event mentions."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pandas as pd

from sim.dataset import Run
from sim.stats.intervals import bh_adjust, binom_pvalues, wilson

KEY_COLUMNS = ("run_id", "variant", "game", "config_hash", "gid", "game_index", "n_players")


def zero_breakdown_columns(players: pd.DataFrame, columns: list[str]) -> pd.DataFrame:
    """Per (game, variant, column): breakdown columns that are zero in every game. A column that is
    missing (NaN) throughout belongs to another game of a combined report and is skipped."""
    rows = []
    for (game, variant), part in players.groupby(["game", "variant"], sort=True):
        for column in columns:
            values = part[column]
            if values.notna().any() and (values.fillna(0.0) == 0).all():
                rows.append({"game": game, "variant": variant, "column": column, "player_rows": len(part)})
    return pd.DataFrame(rows, columns=["game", "variant", "column", "player_rows"])


def config_ids(resolved: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every (list path, id) of list items carrying an ``id`` in a resolved config."""
    if isinstance(resolved, dict):
        for key, value in resolved.items():
            yield from config_ids(value, f"{path}.{key}" if path else str(key))
    elif isinstance(resolved, list):
        for item in resolved:
            if isinstance(item, dict) and "id" in item:
                yield path, str(item["id"])
            yield from config_ids(item, path)


def event_values(run: Run) -> dict[tuple[str, str], set[str]]:
    """Every string value seen in any event table, per (game, variant)."""
    seen: dict[tuple[str, str], set[str]] = {}
    for table in run.events.values():
        text_columns = [
            c for c in table.columns if c not in KEY_COLUMNS and not pd.api.types.is_numeric_dtype(table[c])
        ]
        for column in text_columns:
            distinct = table[["game", "variant", column]].dropna().drop_duplicates()
            for game, variant, value in distinct.itertuples(index=False):
                seen.setdefault((game, variant), set()).add(str(value))
    return seen


def unseen_config_ids(run: Run) -> pd.DataFrame:
    """Config ids (cards, tiles, places...) that no event table row mentions, per (game, variant).

    Only lists that the events track at all (at least one of their ids appears) are checked, so a
    list of places is not reported when no event table records places."""
    seen = event_values(run)
    played = set(zip(run.games["game"], run.games["variant"], strict=True))
    rows = []
    for meta in run.meta:
        for variant in meta.get("variants", []):
            key = (variant.get("game", ""), variant.get("label", ""))
            if key not in played or key not in seen:
                continue
            by_list: dict[str, list[str]] = {}
            for list_path, item_id in config_ids(variant.get("resolved") or {}):
                by_list.setdefault(list_path, []).append(item_id)
            for list_path, ids in by_list.items():
                if not any(i in seen[key] for i in ids):
                    continue
                rows += [
                    {"game": key[0], "variant": key[1], "list": list_path, "id": i}
                    for i in ids
                    if i not in seen[key]
                ]
    return pd.DataFrame(rows, columns=["game", "variant", "list", "id"]).drop_duplicates()


def event_win_rates(run: Run, alpha: float = 0.05) -> pd.DataFrame:
    """Per (game, variant, n_players, table, column, value) of every text column of an event table
    with a ``seat``: how many (game, seat) pairs had the value, the win rate of those seats with a
    Wilson interval, the fair share 1/n, and a binomial p-value with Benjamini-Hochberg q-value
    across the values of that column. Observational, like 17lands: strong play and long games
    also change which cards get played."""
    winners = run.players[["gid", "seat", "won"]]
    parts = []
    for name, table in run.events.items():
        if "seat" not in table.columns or table.empty:
            continue
        text_columns = [
            c for c in table.columns if c not in KEY_COLUMNS and not pd.api.types.is_numeric_dtype(table[c])
        ]
        for column in text_columns:
            seen = table[["gid", "seat", column]].dropna().drop_duplicates()
            seen = seen.merge(winners, on=["gid", "seat"]).join(
                run.games.set_index("gid")[["game", "variant", "n_players"]], on="gid"
            )
            out = (
                seen.groupby(["game", "variant", "n_players", column], sort=True)["won"]
                .agg(seats="size", wins="sum")
                .reset_index()
                .rename(columns={column: "value"})
                .assign(table=name, column=column)
            )
            parts.append(out)
    columns = ["game", "variant", "n_players", "table", "column", "value", "seats", "wins"]
    if not parts:
        numbers = ["win_rate", "lo", "hi", "fair_share", "relative", "p_value", "q_value"]
        return pd.DataFrame(columns=[*columns, *numbers]).assign(notable=pd.Series(dtype=bool))
    out = pd.concat(parts, ignore_index=True)[columns]
    out["win_rate"] = out["wins"] / out["seats"]
    out["lo"], out["hi"] = wilson(out["wins"], out["seats"])
    out["fair_share"] = 1.0 / out["n_players"]
    out["relative"] = out["win_rate"] / out["fair_share"]
    out["p_value"] = binom_pvalues(out["wins"], out["seats"], out["fair_share"])
    family = ["game", "variant", "n_players", "table", "column"]
    out["q_value"] = out.groupby(family)["p_value"].transform(
        lambda p: pd.Series(bh_adjust(p.to_numpy()), index=p.index)
    )
    out["notable"] = out["q_value"] <= alpha
    return out.sort_values(
        [*family, "relative"], ascending=[True] * len(family) + [False], kind="stable"
    ).reset_index(drop=True)
