"""Write a synthetic results dataset (the schema of docs/dataset.md) with planted effects.

Tests, notebooks and the report benchmark use it so the statistics can be checked against known
answers without running a real game. The winner of each game is drawn from planted per-seat
weights (times a per-bot strength); scores, ranks, rounds and events are then made consistent
with that winner. Games with the same ``(n_players, game_index)`` share one random stream in
every variant (common random numbers), as the real runner's seeds do.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa

from sim.dataset.schema import PARAM_PREFIX, ROUNDS_SCHEMA, event_schema, games_schema, players_schema
from sim.dataset.write import write_table

BREAKDOWN_COLUMNS = ("points_trade", "points_build", "points_bonus", "tiles_built_unused")
CARD_IDS = ("broker", "scholar", "gambler", "smuggler", "hermit")
USED_CARDS = CARD_IDS[:4]
STRONG_CARD = "broker"
"""Planted: the winner played this card in half of the games."""
END_REASONS = ("deck_exhausted", "score_limit")


@dataclass(frozen=True)
class PlantedItem:
    """An item (card, tile...) that seats take with a per-bot probability before the winner is
    drawn; a holder's winning weight is multiplied by ``effect`` (1.0 = no effect)."""

    name: str
    effect: float = 1.0
    take: Mapping[str, float] = field(default_factory=dict)
    """Probability that a seat of this bot takes the item; other bots use ``default``."""
    default: float = 0.0
    kind: str = "taken"


@dataclass(frozen=True)
class SyntheticVariant:
    """One variant: its label, planted seat weights per player count, and sweep parameters."""

    label: str
    seat_weights: Mapping[int, Sequence[float]] = field(default_factory=dict)
    params: Mapping[str, object] = field(default_factory=dict)
    config_path: str = "configs/synth/base.yaml"


DISPLAY_NAMES = {
    "en": {"title": "Synthetic game"},
    "zh": {
        "title": "合成测试游戏",
        "terms": {
            "deck_exhausted": "牌库耗尽",
            "score_limit": "达到分数上限",
            "points_trade": "贸易得分",
            "points_build": "建造得分",
            "points_bonus": "奖励得分",
            "tiles_built_unused": "未用板块",
            "start_money": "起始资金",
        },
    },
}
"""The synthetic game's display names, carried in its run.json like a real game's."""


def _seat_probabilities(weights: Sequence[float] | None, n_players: int) -> np.ndarray:
    w = np.ones(n_players) if weights is None else np.asarray(weights, dtype=float)
    if len(w) != n_players:
        raise ValueError(f"seat weights {list(w)} do not match {n_players} players")
    return w / w.sum()


EVENT_COLUMNS = {"card": "string", "seat": "int64", "round": "int64", "kind": "string"}


def _param_type(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int64"
    if isinstance(value, float):
        return "float64"
    return "string"


def _schemas(params: Mapping[str, object]) -> dict[str, pa.Schema]:
    """The dataset's own schemas (``sim.dataset.schema``), so synthetic runs read like real ones;
    ``param:`` columns are typed like the runner's (int64, float64, bool or string)."""
    return {
        "games": games_schema({k: _param_type(v) for k, v in params.items()}),
        "players": players_schema(BREAKDOWN_COLUMNS),
        "rounds": ROUNDS_SCHEMA,
        "events_cards": event_schema(EVENT_COLUMNS),
    }


@dataclass(frozen=True)
class _Knobs:
    """Run-wide settings of the synthetic generator (see ``write_synthetic_run``)."""

    bots: Sequence[str]
    bot_strength: Mapping[str, float]
    mixed_tables: bool
    tier_seat_weights: Mapping[str, Mapping[int, Sequence[float]]]
    root_seed: int
    error_rate: float
    tie_rate: float
    shared_win_rate: float
    items: Sequence[PlantedItem] = ()


def _seat_bots(bots: Sequence[str], n_players: int, n_games: int, mixed: bool) -> np.ndarray:
    """Bot name per (game, seat): the runner's Latin-square rotation over seats (mixed; its
    balanced period, without the per-block shuffle) or one bot per table (a tier)."""
    k = len(bots)
    if mixed and k >= n_players:
        pattern = [[bots[(g + s) % k] for s in range(n_players)] for g in range(k)]
    elif mixed:
        from sim.core.seating import seat_bots

        pattern = [seat_bots(bots, n_players, g) for g in range(n_players * k)]
    else:
        pattern = [[bots[g % k]] * n_players for g in range(k)]
    return np.array(pattern)[np.arange(n_games) % len(pattern)]


def _simulate_block(
    variant: SyntheticVariant, n_players: int, n_games: int, knobs: _Knobs
) -> dict[str, pd.DataFrame]:
    """All rows of one (variant, player count) block, vectorised over games."""
    bots, bot_strength, root_seed = knobs.bots, knobs.bot_strength, knobs.root_seed
    error_rate, tie_rate, shared_win_rate = knobs.error_rate, knobs.tie_rate, knobs.shared_win_rate
    idx = np.arange(n_games)
    # Common random numbers: the stream depends only on (root seed, n_players), not the variant.
    rng = np.random.default_rng([root_seed, n_players])
    u_win, u_err, u_tie, u_shared, u_end = rng.random((5, n_games))
    noise = rng.random((n_games, n_players))
    n_rounds = 6 + rng.poisson(3.0, n_games)
    seeds = rng.integers(0, 2**31 - 1, n_games)

    seat_bot = _seat_bots(bots, n_players, n_games, knobs.mixed_tables)
    strength = np.vectorize(lambda b: bot_strength.get(b, 1.0))(seat_bot)
    weights = np.tile(_seat_probabilities(variant.seat_weights.get(n_players), n_players), (n_games, 1))
    for bot, by_count in knobs.tier_seat_weights.items():
        if n_players in by_count:  # tables of one bot only (a tier) use that tier's seat weights
            weights[(seat_bot == bot).all(axis=1)] = _seat_probabilities(by_count[n_players], n_players)
    probs = weights * strength
    # Planted items: taken before the winner is drawn (own stream: the other draws stay paired).
    item_rng = np.random.default_rng([root_seed, n_players, 7])
    held = {}
    for item in knobs.items:
        chance = np.vectorize(lambda b, it=item: it.take.get(b, it.default))(seat_bot)
        held[item.name] = item_rng.random((n_games, n_players)) < chance
        probs = probs * np.where(held[item.name], item.effect, 1.0)
    probs /= probs.sum(axis=1, keepdims=True)
    winner = (u_win[:, None] > np.cumsum(probs, axis=1)).sum(axis=1)
    winner = np.minimum(winner, n_players - 1)
    errored = u_err < error_rate

    # Scores: the winner is on top; a tie-break or a shared win sets the runner-up equal to it.
    base = 40 + 30 * noise
    scores = np.round(base, 0)
    scores[idx, winner] = scores.max(axis=1) + 1 + np.round(10 * u_win)
    order = np.argsort(-scores, axis=1, kind="stable")
    runner_up = order[:, 1]
    tie = u_tie < tie_rate
    shared = (u_shared < shared_win_rate) & ~tie
    equal = tie | shared
    scores[idx[equal], runner_up[equal]] = scores[idx[equal], winner[equal]]
    rank = np.empty_like(order)
    rank[idx[:, None], order] = np.arange(1, n_players + 1)[None, :]
    rank[idx[shared], runner_up[shared]] = 1
    # Breakdown: the winner gains mostly on trade, everyone else spreads evenly.
    trade_share = np.where(np.arange(n_players)[None, :] == winner[:, None], 0.6, 0.4)
    trade = np.round(scores * trade_share, 0)
    bonus = np.round(scores * 0.1, 0)
    build = scores - trade - bonus

    variant_meta = {"variant": variant.label, "config_hash": f"hash-{variant.label}"}
    games = pd.DataFrame(
        {
            "game": "synth",
            **variant_meta,
            "rules_version": "1",
            "code_version": "0.1.0",
            "n_players": np.int64(n_players),
            "game_index": idx.astype(np.int64),
            "seed": seeds.astype(np.int64),
            "bots": [",".join(row) for row in seat_bot],
            "rounds": np.where(errored, 0, n_rounds).astype(np.int64),
            "actions": np.where(errored, 0, n_rounds * n_players * 3).astype(np.int64),
            "winner_seats": [
                "" if e else ",".join(str(s) for s in np.flatnonzero(r == 1))
                for e, r in zip(errored, rank, strict=True)
            ],
            "tie_break": tie & ~errored,
            "end_reason": np.where(errored, "", np.where(u_end < 0.7, END_REASONS[0], END_REASONS[1])),
            "error": np.where(
                errored,
                np.where(u_end < 0.5, "turn cap hit", "ValueError: no legal action (at rules.py:42)"),
                "",
            ),
            "duration_s": 0.01 + 0.001 * n_rounds,
        }
    )
    for path, value in variant.params.items():
        games[f"{PARAM_PREFIX}{path}"] = value

    ok = np.flatnonzero(~errored)
    players = pd.DataFrame(
        {
            **variant_meta,
            "game_index": np.repeat(ok, n_players).astype(np.int64),
            "n_players": np.int64(n_players),
            "seat": np.tile(np.arange(n_players), len(ok)).astype(np.int64),
            "bot": seat_bot[ok].ravel(),
            "score": scores[ok].ravel(),
            "rank": rank[ok].ravel().astype(np.int64),
            "won": rank[ok].ravel() == 1,
            "win_share": ((rank[ok] == 1) / (rank[ok] == 1).sum(axis=1, keepdims=True)).ravel(),
            "decisions": np.repeat(n_rounds[ok] * 3, n_players).astype(np.int64),  # 3 a round
            "spells": np.repeat(n_rounds[ok], n_players).astype(np.int64),  # one turn a round
            "points_trade": trade[ok].ravel(),
            "points_build": build[ok].ravel(),
            "points_bonus": bonus[ok].ravel(),
            "tiles_built_unused": 0.0,
        }
    )

    # Running scores: equal increments with noise, ending exactly at the final score.
    r_of_game = n_rounds[ok]
    game_rep = np.repeat(ok, r_of_game)
    round_no = np.concatenate([np.arange(1, r + 1) for r in r_of_game]) if len(ok) else np.array([], int)
    frac = round_no / np.repeat(r_of_game, r_of_game)
    wobble = rng.normal(0, 4, (len(game_rep), n_players)) * (1 - frac)[:, None]
    running = np.round(scores[game_rep] * frac[:, None] + wobble, 1)
    rounds = pd.DataFrame(
        {
            "variant": variant.label,
            "game_index": np.repeat(game_rep, n_players).astype(np.int64),
            "n_players": np.int64(n_players),
            "round": np.repeat(round_no, n_players).astype(np.int64),
            "seat": np.tile(np.arange(n_players), len(game_rep)).astype(np.int64),
            "score": running.ravel(),
        }
    )

    # Every seat plays one card; the winner's card is the planted strong card half of the time.
    plays = rng.integers(0, len(USED_CARDS), (len(ok), n_players))
    strong = rng.random(len(ok)) < 0.5
    plays[np.flatnonzero(strong), winner[ok][strong]] = USED_CARDS.index(STRONG_CARD)
    events = pd.DataFrame(
        {
            "variant": variant.label,
            "game_index": np.repeat(ok, n_players).astype(np.int64),
            "n_players": np.int64(n_players),
            "card": np.asarray(USED_CARDS)[plays.ravel()],
            "seat": np.tile(np.arange(n_players), len(ok)).astype(np.int64),
            "round": np.int64(1),
            "kind": "played",
        }
    )
    taken = []
    for item in knobs.items:
        game_idx, seat = np.nonzero(held[item.name][ok])
        taken.append(
            pd.DataFrame(
                {
                    "variant": variant.label,
                    "game_index": ok[game_idx].astype(np.int64),
                    "n_players": np.int64(n_players),
                    "card": item.name,
                    "seat": seat.astype(np.int64),
                    "round": np.int64(1),
                    "kind": item.kind,
                }
            )
        )
    events = pd.concat([events, *taken], ignore_index=True)
    return {"games": games, "players": players, "rounds": rounds, "events_cards": events}


def write_synthetic_run(
    out_dir: Path | str,
    *,
    variants: Sequence[SyntheticVariant] = (SyntheticVariant("base"),),
    player_counts: Sequence[int] = (2, 3, 4),
    games_per_count: int = 200,
    bots: Sequence[str] = ("random",),
    bot_strength: Mapping[str, float] | None = None,
    mixed_tables: bool = True,
    tier_seat_weights: Mapping[str, Mapping[int, Sequence[float]]] | None = None,
    root_seed: int = 1,
    error_rate: float = 0.0,
    tie_rate: float = 0.05,
    shared_win_rate: float = 0.0,
    items: Sequence[PlantedItem] = (),
    run_id: str = "synthetic",
) -> Path:
    """Write a run directory with planted effects and return its path.

    Bots rotate over the seats (``mixed_tables``) or each table is one bot (a tier of a bot
    ladder); ``tier_seat_weights[bot][n]`` plants seat weights for the tables of that tier only;
    ``shared_win_rate`` makes the runner-up share first place; ``items`` plants items taken per
    bot with an effect (or none) on winning (``PlantedItem``)."""
    knobs = _Knobs(
        bots,
        bot_strength or {},
        mixed_tables,
        tier_seat_weights or {},
        root_seed,
        error_rate,
        tie_rate,
        shared_win_rate,
        tuple(items),
    )
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    chunks = []
    for v_i, variant in enumerate(variants):
        for n_players in player_counts:
            block = _simulate_block(variant, n_players, games_per_count, knobs)
            chunk = f"v{v_i}-p{n_players}-c0000"
            chunks.append(chunk)
            meta = {
                "sim.config_hash": f"hash-{variant.label}",
                "sim.rules_version": "1",
                "sim.code_version": "0.1.0",
                "sim.run_id": run_id,
            }
            schemas = _schemas(variant.params)
            for table_name, table in block.items():
                table.insert(0, "run_id", run_id)
                arrow = pa.Table.from_pandas(table, schema=schemas[table_name], preserve_index=False)
                write_table(out / table_name / f"part-{chunk}.parquet", arrow, meta)
    run = {
        "run_id": run_id,
        "root_seed": root_seed,
        "player_counts": list(player_counts),
        "games_per_count": games_per_count,
        "bots": list(bots),
        "chunk_size": games_per_count,
        "variants": [
            {
                "label": v.label,
                "game": "synth",
                "config_path": v.config_path,
                "config_hash": f"hash-{v.label}",
                "rules_version": "1",
                "overrides": dict(v.params),
                "resolved": {
                    "cards": [{"id": c, "cost": 3} for c in (*CARD_IDS, *(i.name for i in items))],
                    "start_money": 10,
                },
            }
            for v in variants
        ],
        "games": {
            "synth": {
                "title": "Synthetic game",
                "display_names": DISPLAY_NAMES,
                "breakdown_columns": list(BREAKDOWN_COLUMNS),
                "event_tables": {"cards": EVENT_COLUMNS},
            }
        },
        "versions": {"sim": "0.1.0", "numpy": np.__version__, "pandas": pd.__version__},
        "chunks": chunks,
    }
    (out / "run.json").write_text(json.dumps(run, ensure_ascii=False, indent=2), encoding="utf-8")
    return out
