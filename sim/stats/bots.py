"""Bot results: win share per bot, the head-to-head matrix and Bradley-Terry strengths.

Games are the unit: a bot that fills several seats of one game, and the pairings of one game,
are one cluster, so every interval here is cluster-robust over games."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
from scipy import stats

from sim.dataset import GROUP
from sim.stats.intervals import Z95, game_ids, mean_ci, ratio_cluster_ci, wilson, win_shares

CONTROL_BOTS = frozenset({"random"})
"""Bots that play without skill: a no-skill control, never a tier of the ladder."""


def bot_results(players: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Per bot (within ``by``, default game/variant/n_players): seats played, games, games won or
    shared, mean win share per seat with a cluster-robust (game-level) interval, the fair share,
    the share relative to the fair share, and mean score with t interval."""
    keys = [c for c in (by if by is not None else GROUP) if c in players.columns]
    frame = players.assign(fair=1.0 / players["n_players"], _share=win_shares(players))
    frame["_gid"] = game_ids(players)
    grouped = frame.groupby([*keys, "bot"], sort=True)
    out = grouped.agg(
        seats=("_share", "size"),
        games=("_gid", "nunique"),
        wins=("won", "sum"),
        win_share=("_share", "sum"),
        fair_share=("fair", "mean"),
    )
    group = grouped.ngroup().to_numpy()
    ci = ratio_cluster_ci(frame["_share"].to_numpy(), np.ones(len(frame)), frame["_gid"].to_numpy(), group)
    out["win_rate"] = ci["estimate"].to_numpy()
    out["lo"], out["hi"] = ci["lo"].to_numpy(), ci["hi"].to_numpy()
    # A bot that won none (or all) of its seats has no spread to estimate a variance from: the
    # interval is Wilson's on its games instead of a point.
    flat = (out["hi"] - out["lo"]).to_numpy() <= 0
    if flat.any():
        lo, hi = wilson(out["win_rate"] * out["games"], out["games"])
        out["lo"], out["hi"] = np.where(flat, lo, out["lo"]), np.where(flat, hi, out["hi"])
    out["lo"], out["hi"] = out["lo"].clip(0, 1) + 0.0, out["hi"].clip(0, 1) + 0.0  # a rate's range; no -0
    out["relative"] = out["win_rate"] / out["fair_share"]
    score = mean_ci(grouped["score"]).rename(columns=lambda c: f"score_{c}").drop(columns="score_n")
    return out.join(score).reset_index()


def _pairings(players: pd.DataFrame, keys: list[str]) -> tuple[pd.DataFrame, pd.DataFrame, np.ndarray]:
    """Every ordered pairing of two different bots in one game: (group, gid, bot_a, bot_b, ahead)."""
    ordered = players.sort_values(["gid", "seat"], kind="stable")
    groups = ordered.groupby(keys, sort=True)
    labels = groups.size().reset_index()[keys]
    ordered = ordered.assign(group=groups.ngroup(), bot_code=pd.factorize(ordered["bot"], sort=True)[0])
    bot_names = np.asarray(sorted(players["bot"].unique()))
    parts = []
    for n, part in ordered.groupby("n_players", sort=True):
        n = int(n)
        if len(part) % n or not (part["seat"].to_numpy().reshape(-1, n) == np.arange(n)).all():
            raise ValueError(f"players table is missing seats in some {n}-player games")
        rank = part["rank"].to_numpy().reshape(-1, n)
        bot = part["bot_code"].to_numpy().reshape(-1, n)
        group = part["group"].to_numpy().reshape(-1, n)[:, 0]
        gid = part["gid"].to_numpy().reshape(-1, n)[:, 0]
        for i in range(n):
            for j in range(n):
                keep = bot[:, i] != bot[:, j]  # no self-pairs: a bot against itself says nothing
                if i == j or not keep.any():
                    continue
                score = np.where(rank[:, i] < rank[:, j], 1.0, np.where(rank[:, i] == rank[:, j], 0.5, 0.0))
                parts.append(
                    pd.DataFrame(
                        {
                            "group": group[keep],
                            "gid": gid[keep],
                            "a": bot[keep, i],
                            "b": bot[keep, j],
                            "ahead": score[keep],
                        }
                    )
                )
    columns = {"group": "int64", "gid": "int64", "a": "int64", "b": "int64", "ahead": "float64"}
    pairs = pd.concat(parts, ignore_index=True) if parts else pd.DataFrame(columns=list(columns))
    return pairs.astype(columns), labels, bot_names


def bot_matrix(players: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Head-to-head: for every ordered pair of different bots (A, B) that met in a game, the share
    of (A seat, B seat) pairings in the same game where A finished ahead of B (a shared place
    counts one half), with a cluster-robust interval over games. ``by`` defaults to game and
    variant. A bot is never paired with itself."""
    keys = [c for c in (by if by is not None else ["game", "variant"]) if c in players.columns]
    columns = [*keys, "bot_a", "bot_b", "pairings", "games", "share_ahead", "lo", "hi"]
    if players.empty or players["bot"].nunique() < 2:
        return pd.DataFrame(columns=columns)
    pairs, labels, bot_names = _pairings(players, keys)
    if pairs.empty:
        return pd.DataFrame(columns=columns)
    n_bots = len(bot_names)
    cell = (pairs["group"].to_numpy() * n_bots + pairs["a"].to_numpy()) * n_bots + pairs["b"].to_numpy()
    ci = ratio_cluster_ci(pairs["ahead"].to_numpy(), np.ones(len(pairs)), pairs["gid"].to_numpy(), cell)
    met = ci.index.to_numpy()
    group_of, rest = np.divmod(met, n_bots * n_bots)
    out = labels.iloc[group_of].reset_index(drop=True)
    out["bot_a"], out["bot_b"] = bot_names[rest // n_bots], bot_names[rest % n_bots]
    out["pairings"] = ci["n"].to_numpy().astype(np.int64)
    out["games"] = ci["clusters"].to_numpy().astype(np.int64)
    out["share_ahead"] = ci["estimate"].to_numpy()
    out["lo"], out["hi"] = ci["lo"].to_numpy(), ci["hi"].to_numpy()
    return out[columns]


def bradley_terry(players: pd.DataFrame, by: list[str] | None = None) -> pd.DataFrame:
    """Bradley-Terry strengths of the bots (per ``by`` group, default game): log-odds of finishing
    ahead, centred on the control bot when it played (else on the mean), with 95% intervals.

    A bot's strength s means: against a bot of strength t it finishes ahead with probability
    1 / (1 + exp(t - s)). The intervals are cluster-robust over games (a sandwich over every pairing
    of a game at once: one game's pairings share its deal and are not independent). ``bound`` is
    ``at_most`` for a bot that never finished ahead of another (its strength is then the prior's,
    and only the upper end means something), ``at_least`` for one that always did, else empty.
    Bots linked by no pairing to the others get NaN."""
    keys = [c for c in (by if by is not None else ["game"]) if c in players.columns]
    columns = [*keys, "bot", "strength", "lo", "hi", "pairings", "bound"]
    if players.empty or players["bot"].nunique() < 2:
        return pd.DataFrame(columns=columns)
    pairs, labels, bot_names = _pairings(players, keys)
    rows = []
    for group, part in pairs.groupby("group", sort=True):
        present = np.unique(np.concatenate([part["a"].to_numpy(), part["b"].to_numpy()]))
        names = [str(bot_names[i]) for i in present]
        local = np.searchsorted(present, part[["a", "b"]].to_numpy())
        fit = _fit_bt(local[:, 0], local[:, 1], part["ahead"].to_numpy(), part["gid"].to_numpy(), names)
        label = labels.iloc[int(group)]
        for i, name in enumerate(names):
            rows.append(
                {
                    **{k: label[k] for k in keys},
                    "bot": name,
                    "strength": fit.strength[i],
                    "lo": fit.strength[i] - Z95 * fit.se[i],
                    "hi": fit.strength[i] + Z95 * fit.se[i],
                    "pairings": int((local[:, 0] == i).sum()),
                    "bound": fit.bound[i],
                }
            )
    return pd.DataFrame(rows, columns=columns)


PRIOR_GAMES = 1.0
"""Pseudo-meetings added to each pair in the Bradley-Terry fit, split evenly between the two."""


@dataclass(frozen=True)
class BTFit:
    strength: np.ndarray
    se: np.ndarray
    bound: list[str]


def _fit_bt(a: np.ndarray, b: np.ndarray, ahead: np.ndarray, gid: np.ndarray, names: list[str]) -> BTFit:
    """Newton-Raphson for the log-strengths (the control bot, or the mean, at 0) from ordered
    pairings (bot ``a`` vs bot ``b`` in game ``gid``, ``ahead`` 1 / 0.5 / 0), then the sandwich
    covariance with games as clusters."""
    k = len(names)
    upper = a < b  # (B, A) mirrors (A, B): one orientation carries the information
    a, b, ahead, gid = a[upper], b[upper], ahead[upper], gid[upper]
    pair = a * k + b
    met, pair_of = np.unique(pair, return_inverse=True)
    pa, pb = met // k, met % k
    # Half a win and half a loss added to every pair that met (a weak prior towards equal
    # strength): a bot that won every meeting gets a large finite strength, not an infinite one.
    n = np.bincount(pair_of, minlength=len(met)) + PRIOR_GAMES
    w = np.bincount(pair_of, ahead, minlength=len(met)) + PRIOR_GAMES / 2
    anchor = next((i for i, x in enumerate(names) if x in CONTROL_BOTS), None)
    free = np.arange(k) != anchor if anchor is not None else np.full(k, True)
    s = np.zeros(k)
    info = np.zeros((k, k))
    for _ in range(100):
        p = 1 / (1 + np.exp(s[pb] - s[pa]))
        resid = w - n * p
        grad = np.bincount(pa, resid, minlength=k) - np.bincount(pb, resid, minlength=k)
        info = _information(pa, pb, n * p * (1 - p), k)
        step = np.zeros(k)
        if anchor is not None:
            step[free] = np.linalg.lstsq(info[np.ix_(free, free)], grad[free], rcond=None)[0]
        else:
            step = np.linalg.lstsq(info + 1.0 / k, grad, rcond=None)[0]
        s = np.clip(s + step, -20, 20)
        if anchor is None:
            s -= s.mean()
        if np.max(np.abs(step)) < 1e-10:
            break
    # Sandwich: bread = the information, meat = the spread of each game's summed score vector.
    resid = ahead - 1 / (1 + np.exp(s[b] - s[a]))
    games, game_of = np.unique(gid, return_inverse=True)
    scores = np.zeros((len(games), k))
    np.add.at(scores, (game_of, a), resid)
    np.add.at(scores, (game_of, b), -resid)
    g = len(games)
    meat = scores.T @ scores * (g / (g - 1) if g > 1 else 1.0)
    if anchor is not None:
        bread = np.linalg.pinv(info[np.ix_(free, free)])
        cov = np.zeros((k, k))
        cov[np.ix_(free, free)] = bread @ meat[np.ix_(free, free)] @ bread
    else:
        centre = np.eye(k) - 1.0 / k
        bread = centre @ np.linalg.pinv(info) @ centre
        cov = bread @ meat @ bread
    se = np.sqrt(np.clip(np.diag(cov), 0, None))
    wins = np.bincount(a, ahead, minlength=k) + np.bincount(b, 1 - ahead, minlength=k)
    meetings = np.bincount(a, minlength=k) + np.bincount(b, minlength=k)
    bound = [
        "at_most" if m and x == 0 else "at_least" if m and x == m else ""
        for x, m in zip(wins, meetings, strict=True)
    ]
    linked = meetings > 0
    s[~linked], se[~linked] = np.nan, np.nan
    return BTFit(s, se, bound)


def _information(a: np.ndarray, b: np.ndarray, v: np.ndarray, k: int) -> np.ndarray:
    """Fisher information of the log-strengths for pairs (a, b) with weights ``v``."""
    info = np.zeros((k, k))
    np.add.at(info, (a, a), v)
    np.add.at(info, (b, b), v)
    np.add.at(info, (a, b), -v)
    np.add.at(info, (b, a), -v)
    return info


def strength_order_pvalue(a: pd.Series, b: pd.Series) -> float:
    """Two-sided p-value that two Bradley-Terry strengths differ (independent normal estimates)."""
    se = np.sqrt(((a["hi"] - a["lo"]) / 2 / Z95) ** 2 + ((b["hi"] - b["lo"]) / 2 / Z95) ** 2)
    if not se > 0:
        return float("nan")
    return float(2 * stats.norm.sf(abs(a["strength"] - b["strength"]) / se))
