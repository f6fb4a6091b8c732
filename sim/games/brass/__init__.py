"""Brass: Birmingham (Roxley 2018): canal and rail eras, 2-4 players."""

from __future__ import annotations

from pathlib import Path

from sim.core.game import BotsSpec, BuildSpec, GameSpec, ReportSpec
from sim.core.random_bot import RandomBot

from . import compiled  # before the other modules: the compiled core or the .py files
from .bots.heuristic import BOTS
from .names import DISPLAY_NAMES
from .params import BrassParams
from .planted import PLANTED_VARIANTS
from .rules.game import BREAKDOWN_COLUMNS, EVENT_TABLES, BrassGame

compiled.CORE.register_pickling()

CONFIGS = Path(__file__).resolve().parent / "configs"
"""The game's configs folder: ``base.yaml`` (the default config) and its variants (``configs/brass/`` is a
link to it)."""

SPEC = GameSpec(
    name="brass",
    title="Brass: Birmingham",
    rules_version="brass-2",
    player_counts=(2, 3, 4),
    game=BrassGame(),
    params_model=BrassParams,
    default_config=CONFIGS / "base.yaml",
    max_actions=lambda n_players: 700 * n_players,
    bots=BotsSpec(
        bots={"random": RandomBot, **BOTS},
        default_bots=("industrialist", "merchant", "potter", "networker"),
    ),
    report=ReportSpec(
        display_names=DISPLAY_NAMES,
        breakdown_columns=BREAKDOWN_COLUMNS,
        scoring_columns=tuple(c for c in BREAKDOWN_COLUMNS if c.startswith("vp_")),
        event_tables=EVENT_TABLES,
        context_columns={"tiles": ("era",)},  # when a tile was built, not what was had
        planted_variants=PLANTED_VARIANTS,
    ),
    build=BuildSpec(compiled=compiled.CORE),
)
