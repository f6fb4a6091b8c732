"""Steam: Rails to Riches (Mayfair 2009), Base and Standard rules, 3-6 players by map."""

from __future__ import annotations

from pathlib import Path

from sim.core.game import BotsSpec, GameSpec, ReportSpec
from sim.core.random_bot import RandomBot

from .bots.heuristic import BOTS
from .names import DISPLAY_NAMES
from .params import SteamParams
from .planted import PLANTED_VARIANTS
from .rules.game import BREAKDOWN_COLUMNS, EVENT_TABLES, SteamGame


def supported_players(params: SteamParams) -> tuple[int, ...]:
    """The player counts a config's map supports (``SPEC.player_counts`` is the union over maps)."""
    return tuple(params.board.players) if params.board is not None else (3, 4, 5, 6)


CONFIGS = Path(__file__).resolve().parent / "configs"
"""The game's configs folder: ``base.yaml`` (the default config) and its variants (``configs/steam/`` is a
link to it)."""

SPEC = GameSpec(
    name="steam",
    title="Steam: Rails to Riches",
    rules_version="steam-1",
    player_counts=(3, 4, 5, 6),
    game=SteamGame(),
    params_model=SteamParams,
    default_config=CONFIGS / "base.yaml",
    max_actions=lambda n: 1500 * n,
    players_for=supported_players,
    bots=BotsSpec(bots={"random": RandomBot, **BOTS}, default_bots=("builder", "income")),
    report=ReportSpec(
        display_names=DISPLAY_NAMES,
        breakdown_columns=BREAKDOWN_COLUMNS,
        scoring_columns=("vp_track", "vp_income", "vp_links"),
        event_tables=EVENT_TABLES,
        planted_variants=PLANTED_VARIANTS,
    ),
)
