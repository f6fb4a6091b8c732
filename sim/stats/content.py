"""Never-used content: breakdown columns that are always zero and config ids no event mentions."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from typing import Any

import numpy as np
import pandas as pd

from sim.dataset import Run
from sim.dataset.declared import declared
from sim.stats.intervals import bh_adjust, hybrid_difference, wilson, win_shares

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


def config_items(resolved: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    """Every (list path, id, entry) of list items carrying an ``id`` in a resolved config, at any depth."""
    if isinstance(resolved, dict):
        for key, value in resolved.items():
            yield from config_items(value, f"{path}.{key}" if path else str(key))
    elif isinstance(resolved, list):
        for item in resolved:
            if isinstance(item, dict) and "id" in item:
                yield path, str(item["id"]), item
            yield from config_items(item, path)


def config_ids(resolved: Any) -> Iterator[tuple[str, str]]:
    """Every (list path, id) of list items carrying an ``id`` in a resolved config."""
    for path, item_id, _ in config_items(resolved):
        yield path, item_id


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


KIND_COLUMN = "kind"
"""An event table's column that says what happened to the item (drawn, taken, played, scored):
each kind is its own item family."""
QUALIFIED_BY = {"card_id": "deck"}
"""Id columns whose ids are unique only within another column (a card's id within its deck: two
decks may each hold a card of the same id): their items are named ``deck·id``."""
STRATA = ("bot", "seat")
"""Holders are compared with non-holders of the same bot in the same seat (player count fixed)."""


def context_columns(run: Run, name: str) -> set[str]:
    """The columns of event table ``name`` that say when or why something happened (a game period,
    an era), not what was had, as its games declare them (``ReportSpec.context_columns``, recorded in
    run.json): their values are not items (nearly every seat 'has' a period)."""
    table = run.events.get(name)
    games = set(table["game"].astype(str)) if table is not None and "game" in table.columns else {""}
    return {
        column for game in sorted(games) for column in declared(run, game, "context_columns").get(name, ())
    }


def item_columns(table: pd.DataFrame, context: Collection[str] = ()) -> list[str]:
    """The text columns whose values are items (cards, tiles, places): not the keys, the kind, the
    ``context`` columns (``context_columns``) nor a column that only qualifies another's ids (a
    whole deck)."""
    qualifiers = {q for c, q in QUALIFIED_BY.items() if c in table.columns}
    return [
        c
        for c in table.columns
        if c not in KEY_COLUMNS
        and c != KIND_COLUMN
        and c not in context
        and c not in qualifiers
        and not pd.api.types.is_numeric_dtype(table[c])
        and not pd.api.types.is_bool_dtype(table[c])
    ]


CARDS_KEY = "cards"
"""The resolved config's mapping of card decks (``cards.<deck>`` lists): what a game calls a card."""


def card_decks(run: Run) -> dict[str, dict[str, set[str]]]:
    """Per game, the decks of its config's ``cards`` mapping and their card ids (no entry for a game
    without one)."""
    decks: dict[str, dict[str, set[str]]] = {}
    for meta in run.meta:
        for variant in meta.get("variants", []):
            cards = (variant.get("resolved") or {}).get(CARDS_KEY)
            if not isinstance(cards, dict):
                continue
            game = decks.setdefault(str(variant.get("game", "")), {})
            for path, item_id, _ in config_items(cards, CARDS_KEY):
                game.setdefault(path.split(".")[1], set()).add(item_id)
    return decks


def card_table(
    table: pd.DataFrame, column: str, decks: dict[str, dict[str, set[str]]]
) -> pd.DataFrame | None:
    """The rows of ``table`` whose ``column`` names a real card, in a game with card decks: ids
    qualified by a deck (``QUALIFIED_BY``) only in the config's card decks (not an income-track space
    the same table logs); a column of bare card ids (a traded card: ambiguous across decks, and the
    row's seat sold or bought it rather than held it) is no card item: None. The rows of a game
    without card decks are kept."""
    games = table["game"].astype(str).to_numpy() if "game" in table.columns else np.full(len(table), "")
    if not any(g in decks for g in set(games)):
        return table
    qualifier = QUALIFIED_BY.get(column)
    if qualifier in table.columns:
        real = [g not in decks or str(d) in decks[g] for g, d in zip(games, table[qualifier], strict=True)]
        return table[np.array(real, dtype=bool)]
    ids = {i for g in set(games) for ids_ in decks.get(g, {}).values() for i in ids_}
    if table[column].dropna().astype(str).isin(ids).any():
        return None
    return table


def item_rows(table: pd.DataFrame, column: str) -> pd.DataFrame:
    """The distinct (gid, seat, item[, kind]) rows of one item column, items named ``deck·id`` where
    the column's ids are qualified (``QUALIFIED_BY``)."""
    cols = ["gid", "seat", column, *([KIND_COLUMN] if KIND_COLUMN in table.columns else [])]
    seen = table[cols].dropna(subset=[column])
    seen = seen[seen[column].astype(str) != ""]
    qualifier = QUALIFIED_BY.get(column)
    if qualifier in table.columns:
        within = table.loc[seen.index, qualifier].astype(str)
        seen = seen.assign(**{column: within + "·" + seen[column].astype(str)})
    return seen.drop_duplicates()


MIN_GAMES = 30
"""Holders in fewer games than this give a difference without an interval or a test (too few clusters)."""
MIN_SEATS = 30
"""A comparison needs this many seats with the item and this many comparable seats without it (same
bot and seat as some holder); fewer: no difference, interval nor test (``comparable`` false)."""


def mantel_haenszel_difference(
    share: np.ndarray, held: np.ndarray, stratum: np.ndarray, game: np.ndarray
) -> tuple[float, float]:
    """Mantel-Haenszel weighted difference in mean win share, holders minus non-holders, over the
    strata, with a cluster-robust (game-level) standard error of the linearised estimator."""
    k = int(stratum.max()) + 1 if len(stratum) else 0
    n1 = np.bincount(stratum, held, minlength=k)
    n0 = np.bincount(stratum, ~held, minlength=k)
    s1 = np.bincount(stratum, share * held, minlength=k)
    s0 = np.bincount(stratum, share * ~held, minlength=k)
    both = (n1 > 0) & (n0 > 0)
    if not both.any():
        return np.nan, np.nan
    weight = np.where(both, n1 * n0 / np.maximum(n1 + n0, 1), 0.0)
    total = weight.sum()
    with np.errstate(invalid="ignore", divide="ignore"):
        m1, m0 = np.where(both, s1 / n1, 0.0), np.where(both, s0 / n0, 0.0)
        difference = float(np.sum(weight * (m1 - m0)) / total)
        coef = np.where(
            held, weight[stratum] / (total * n1[stratum]), -weight[stratum] / (total * n0[stratum])
        )
    coef = np.where(both[stratum], coef, 0.0)
    resid = share - np.where(held, m1[stratum], m0[stratum])
    _, codes = np.unique(game, return_inverse=True)
    per_game = np.bincount(codes, coef * resid)
    g = len(per_game)
    if len(np.unique(game[held & both[stratum]])) < MIN_GAMES:  # a sandwich over a handful of
        return difference, np.nan  # holders' games is far too narrow: no interval, no test
    se = float(np.sqrt(np.sum(per_game**2) * g / max(g - 1, 1)))
    return difference, se


def mantel_haenszel_arms(
    share: np.ndarray, held: np.ndarray, stratum: np.ndarray
) -> tuple[float, float, float, float]:
    """The two arms of the Mantel-Haenszel difference: each arm's weighted mean win share and its
    effective number of seats (W^2 / sum w^2/n over the strata), holders first; their difference is
    ``mantel_haenszel_difference``'s."""
    k = int(stratum.max()) + 1 if len(stratum) else 0
    n1 = np.bincount(stratum, held, minlength=k)
    n0 = np.bincount(stratum, ~held, minlength=k)
    both = (n1 > 0) & (n0 > 0)
    if not both.any():
        return np.nan, np.nan, np.nan, np.nan
    n1, n0 = n1[both], n0[both]
    s1 = np.bincount(stratum, share * held, minlength=k)[both]
    s0 = np.bincount(stratum, share * ~held, minlength=k)[both]
    weight = n1 * n0 / (n1 + n0)
    total = weight.sum()
    arm1, arm0 = float(np.sum(weight * s1 / n1) / total), float(np.sum(weight * s0 / n0) / total)
    return arm1, float(total**2 / np.sum(weight**2 / n1)), arm0, float(total**2 / np.sum(weight**2 / n0))


def event_win_rates(run: Run, alpha: float = 0.05) -> pd.DataFrame:
    """Per (game, variant, n_players, table, column, kind, value) of every text column of an event
    table with a ``seat`` (its items: ``item_columns``): the seats that had the value (per
    ``kind`` when the table has one), their mean win share (Wilson interval, conservative for
    shares) and that of the other seats, the comparable seats without it (``comparators``: same bot
    and seat as a holder), and, when both number at least ``MIN_SEATS`` (``comparable``), the
    difference adjusted by Mantel-Haenszel over (bot, seat) strata with a game-level cluster-robust
    interval widened where needed to Newcombe's from the two arms' Wilson intervals (an item with no
    wins keeps its whole Wilson width: ``hybrid_difference``), its p-value (the larger of the two),
    Benjamini-Hochberg q across the compared values of the family, and ``notable`` (q <= alpha). Observational: it adjusts for who took the item and where they
    sat, not for the game situation that led to it."""
    players = run.players
    columns = [
        "game", "variant", "n_players", "table", "column", "kind", "value", "seats", "comparators",
        "comparable", "games", "wins",
        "win_rate", "lo", "hi", "others_rate", "fair_share", "relative", "difference", "diff_lo",
        "diff_hi", "p_value", "q_value", "notable", "strata",
    ]  # fmt: skip
    if players.empty:
        return pd.DataFrame(columns=columns).assign(
            comparable=pd.Series(dtype=bool), notable=pd.Series(dtype=bool)
        )
    base = players[["gid", "seat", "game", "variant", "n_players"]].copy()
    base["_share"] = win_shares(players)
    base["_won"] = players["won"].astype(bool).to_numpy()
    strata = [c for c in STRATA if c in players.columns]
    base["_stratum"] = players.groupby(strata, sort=True).ngroup().to_numpy() if strata else 0
    base["_key"] = base["gid"].to_numpy() * 1024 + base["seat"].to_numpy()
    decks = card_decks(run)
    rows = []
    for name, table in run.events.items():
        if "seat" not in table.columns or table.empty:
            continue
        kinds = KIND_COLUMN in table.columns
        for column in item_columns(table, context_columns(run, name)):
            cards = card_table(table, column, decks)
            if cards is None:
                continue
            seen = item_rows(cards, column)
            if seen.empty:
                continue
            seen = seen.assign(_key=seen["gid"].to_numpy() * 1024 + seen["seat"].to_numpy())
            family = seen.groupby([KIND_COLUMN] if kinds else (lambda _: ""), sort=True)
            for kind, items in family:
                kind = kind[0] if isinstance(kind, tuple) else kind
                touched = base[base["gid"].isin(items["gid"].unique())]
                for (game, variant, n), group in touched.groupby(["game", "variant", "n_players"], sort=True):
                    keys = group["_key"].to_numpy()
                    share = group["_share"].to_numpy()
                    stratum = group["_stratum"].to_numpy()
                    gid = group["gid"].to_numpy()
                    for value, holders in items.groupby(column, sort=True):
                        held = np.isin(keys, holders["_key"].to_numpy())
                        if not held.any():
                            continue
                        comparators = int((~held & np.isin(stratum, stratum[held])).sum())
                        comparable = held.sum() >= MIN_SEATS and comparators >= MIN_SEATS
                        diff, se = (
                            mantel_haenszel_difference(share, held, stratum, gid)
                            if comparable
                            else (np.nan, np.nan)
                        )
                        arms = mantel_haenszel_arms(share, held, stratum) if comparable else (np.nan,) * 4
                        rows.append(
                            {
                                "game": game, "variant": variant, "n_players": n, "table": name,
                                "column": column, "kind": str(kind), "value": str(value),
                                "seats": int(held.sum()), "comparators": comparators,
                                "comparable": bool(comparable), "games": int(len(np.unique(gid[held]))),
                                "wins": int(group["_won"].to_numpy()[held].sum()),
                                "share_sum": float(share[held].sum()),
                                "others_rate": float(share[~held].mean()) if (~held).any() else np.nan,
                                "difference": diff, "se": se, "_arm1": arms[0], "_n1": arms[1],
                                "_arm0": arms[2], "_n0": arms[3],
                            }
                        )  # fmt: skip
    if not rows:
        return pd.DataFrame(columns=columns).assign(
            comparable=pd.Series(dtype=bool), notable=pd.Series(dtype=bool)
        )
    out = pd.DataFrame(rows)
    out["win_rate"] = out["share_sum"] / out["seats"]
    out["lo"], out["hi"] = wilson(out["share_sum"], out["seats"])
    out["fair_share"] = 1.0 / out["n_players"]
    out["relative"] = out["win_rate"] / out["fair_share"]
    out["diff_lo"], out["diff_hi"], out["p_value"] = hybrid_difference(
        out["difference"],
        out["se"],
        out["_arm1"] * out["_n1"],
        out["_n1"],
        out["_arm0"] * out["_n0"],
        out["_n0"],
    )
    family = ["game", "variant", "n_players", "table", "column", "kind"]
    out["q_value"] = out.groupby(family)["p_value"].transform(_bh_skip_nan)
    out["notable"] = out["q_value"] <= alpha
    out["strata"] = ", ".join(strata)
    return (
        out[columns]
        .sort_values([*family, "difference"], ascending=[True] * len(family) + [False], kind="stable")
        .reset_index(drop=True)
    )


def _bh_skip_nan(p: pd.Series) -> pd.Series:
    out = pd.Series(np.nan, index=p.index)
    valid = p.dropna()
    if len(valid):
        out[valid.index] = bh_adjust(valid.to_numpy())
    return out
