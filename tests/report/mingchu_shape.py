"""A synthetic run shaped like 明初商途: its game name, combined end-reason strings (period trigger ·
war outcome · final trigger, ``+`` between triggers that fired together) and breakdown columns
(``vp_*`` points that sum to the score, money and counts that do not)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd

from sim.stats.synthetic import BREAKDOWN_COLUMNS, write_synthetic_run

HONGWU = ["洪武驾崩", "洪武订单耗尽", "洪武驾崩+洪武订单耗尽"]
WAR = ["燕王胜", "建文胜", "燕王胜(速胜)", "建文胜(速胜)"]
FINAL = ["天数将至", "订单耗尽", "天数将至+订单耗尽"]
END_REASONS = [f"{h}·{w}·{f}" for h in HONGWU for w in WAR for f in FINAL][:22]
"""22 combined labels: the chart must split them into stages, not show 22 categories."""
VP = ["vp_coins", "vp_industries", "vp_orders", "vp_card_bonus", "vp_score_cards", "vp_tianwei"]
OTHER = ["coins", "favor_paid", "best_income", "orders_hongwu", "war_side"]


def write_mingchu_shaped_run(out: Path, games_per_count: int = 120) -> Path:
    run = write_synthetic_run(
        out, player_counts=(4, 5), games_per_count=games_per_count, bots=("random", "greedy")
    )
    rng = np.random.default_rng(7)
    for path in sorted((run / "games").glob("*.parquet")):
        games = pd.read_parquet(path)
        games["game"] = "mingchu"
        finished = games["error"] == ""
        games.loc[finished, "end_reason"] = rng.choice(END_REASONS, size=int(finished.sum()))
        games.to_parquet(path, index=False)
    for folder in ("players", "rounds", "events_cards"):
        for path in sorted((run / folder).glob("*.parquet")):
            frame = pd.read_parquet(path)
            if "game" in frame.columns:
                frame["game"] = "mingchu"
            if folder == "players":
                score = frame["score"].to_numpy(dtype=float)
                weights = rng.dirichlet(np.ones(len(VP)), size=len(frame))
                parts = np.floor(weights * score[:, None])
                parts[:, 2] += score - parts.sum(axis=1)  # the points add up to the score
                frame = frame.drop(columns=list(BREAKDOWN_COLUMNS))
                for k, name in enumerate(VP):
                    frame[name] = parts[:, k]
                frame["coins"] = rng.integers(40, 160, len(frame)).astype(float)
                frame["favor_paid"] = rng.integers(0, 60, len(frame)).astype(float)
                frame["best_income"] = rng.integers(10, 50, len(frame)).astype(float)
                frame["orders_hongwu"] = rng.integers(0, 3, len(frame)).astype(float)
                frame["war_side"] = rng.choice([-1.0, 0.0, 1.0], len(frame))
            frame.to_parquet(path, index=False)
    meta = json.loads((run / "run.json").read_text(encoding="utf-8"))
    info = meta["games"].pop("synth")
    info.pop("display_names", None)  # the synthetic game's names are not 明初商途's: its spec gives them
    info["title"] = "明初商途"
    info["breakdown_columns"] = VP + OTHER
    meta["games"]["mingchu"] = info
    for variant in meta["variants"]:
        variant["game"] = "mingchu"
        variant["config_path"] = "configs/mingchu/base.yaml"
    (run / "run.json").write_text(json.dumps(meta, ensure_ascii=False), encoding="utf-8")
    return run
