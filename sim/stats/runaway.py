"""Runaway leader: lead changes per game and how often the leader after round k wins."""

from __future__ import annotations

import numpy as np
import pandas as pd

from sim.dataset import GROUP
from sim.stats.intervals import mean_ci, wilson, win_shares


def round_leaders(rounds: pd.DataFrame) -> pd.DataFrame:
    """Per (gid, round): the sole leading seat, or -1 when the top running score is shared."""
    gid, rnd = rounds["gid"].to_numpy(), rounds["round"].to_numpy()
    if not np.all((gid[1:] > gid[:-1]) | ((gid[1:] == gid[:-1]) & (rnd[1:] >= rnd[:-1]))):
        rounds = rounds.sort_values(["gid", "round"], kind="stable")
        gid, rnd = rounds["gid"].to_numpy(), rounds["round"].to_numpy()
    score, seat = rounds["score"].to_numpy(dtype=float), rounds["seat"].to_numpy()
    if len(gid) == 0:
        return pd.DataFrame({"gid": gid, "round": rnd, "leader": seat})
    boundary = np.r_[True, (gid[1:] != gid[:-1]) | (rnd[1:] != rnd[:-1])]
    starts = np.flatnonzero(boundary)
    group = np.cumsum(boundary) - 1
    is_top = score == np.maximum.reduceat(score, starts)[group]
    n_top = np.add.reduceat(is_top.astype(np.int64), starts)
    top_seat = np.maximum.reduceat(np.where(is_top, seat, -1), starts)
    return pd.DataFrame(
        {"gid": gid[starts], "round": rnd[starts], "leader": np.where(n_top == 1, top_seat, -1)}
    )


def lead_changes(leaders: pd.DataFrame, games: pd.DataFrame) -> pd.DataFrame:
    """Per game (from ``round_leaders``): how often the sole leader changed to a different seat
    from one round to a later one."""
    sole = leaders[leaders["leader"] >= 0]
    previous = sole.groupby("gid")["leader"].shift()
    changed = (previous.notna() & (previous != sole["leader"])).groupby(sole["gid"]).sum()
    per_game = games.set_index("gid").loc[leaders["gid"].unique(), GROUP].copy()
    per_game["lead_changes"] = changed.reindex(per_game.index).fillna(0).astype(int)
    return per_game.reset_index()


def lead_change_summary(changes: pd.DataFrame) -> pd.DataFrame:
    """Mean lead changes per game with a t interval, per (game, variant, n_players); a count is
    never negative, so the interval is cut at zero."""
    summary = mean_ci(changes.groupby(GROUP)["lead_changes"]).reset_index()
    summary["lo"] = summary["lo"].clip(lower=0.0)
    return summary


def leader_wins(
    leaders: pd.DataFrame, games: pd.DataFrame, players: pd.DataFrame, min_games: int = 20
) -> pd.DataFrame:
    """P(the sole leader after round k wins), as the leader's mean win share, per (game, variant, n_players, k) with Wilson intervals.

    A game counts at round k if it lasted at least k rounds and had a sole leader then; rounds
    reached by fewer than ``min_games`` games are dropped. ``fair_share`` is 1/n for reference."""
    leaders = leaders[leaders["leader"] >= 0]
    group_of_gid = np.full(int(games["gid"].max()) + 1 if len(games) else 0, -1)
    group_of_gid[games["gid"].to_numpy()] = games.groupby(GROUP, sort=True).ngroup().to_numpy()
    labels = games.groupby(GROUP, sort=True).size().reset_index()[GROUP]
    # The leader's win share (1/k for a first place shared by k): look up packed (gid, seat) keys.
    share = win_shares(players)
    packed = players["gid"].to_numpy() * 1024 + players["seat"].to_numpy()
    order = np.argsort(packed, kind="stable")
    wanted = leaders["gid"].to_numpy() * 1024 + leaders["leader"].to_numpy()
    pos = np.clip(np.searchsorted(packed[order], wanted), 0, max(len(order) - 1, 0))
    found = packed[order][pos] == wanted if len(order) else np.zeros(len(wanted), bool)
    won = np.where(found, share[order][pos] if len(order) else 0.0, 0.0)
    hits = pd.DataFrame(
        {"group": group_of_gid[leaders["gid"].to_numpy()], "round": leaders["round"].to_numpy(), "won": won}
    )
    out = hits.groupby(["group", "round"]).agg(games=("won", "size"), leader_won=("won", "sum")).reset_index()
    out = out[out["games"] >= min_games]
    out = (
        labels.iloc[out["group"]]
        .reset_index(drop=True)
        .join(out.drop(columns="group").reset_index(drop=True))
    )
    out["p_leader_wins"] = out["leader_won"] / out["games"]
    # One leader per game and round: games are independent; a share in [0, 1] has at most the
    # binomial variance, so the Wilson interval on the summed shares is conservative.
    out["lo"], out["hi"] = wilson(out["leader_won"], out["games"])
    out["fair_share"] = 1.0 / out["n_players"]
    return out
