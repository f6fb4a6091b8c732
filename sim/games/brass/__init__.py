"""Brass: Birmingham (Roxley 2018): canal and rail eras, 2-4 players."""

from __future__ import annotations

from pathlib import Path

from sim.bots.random_bot import RandomBot
from sim.core.game import GameSpec
from sim.games.brass import rules
from sim.games.brass.bots import BOTS
from sim.games.brass.params import BrassParams

SPEC = GameSpec(
    name="brass",
    title="Brass: Birmingham",
    rules_version="brass-2",
    player_counts=(2, 3, 4),
    rules=rules,
    params_model=BrassParams,
    default_config=Path(__file__).resolve().parents[3] / "configs/brass/base.yaml",
    bots={"random": RandomBot, **BOTS},
    breakdown_columns=rules.BREAKDOWN_COLUMNS,
    event_tables=rules.EVENT_TABLES,
    max_actions=lambda n_players: 700 * n_players,
    default_bots=("industrialist", "merchant", "potter", "networker"),
)
