"""A tiny race game: the template to copy for a new game, and the toolkit's fast test game.

Every import inside the package is relative and the game's name is its package's name, so a copy
of this folder under another name (``mygame/``, importable) is a game of that name as it stands:
``sim check mygame``, ``sim run mygame/configs/base.yaml`` (docs/architecture.md).
"""

from __future__ import annotations

from pathlib import Path

from sim.core.game import BotsSpec, GameSpec, ReportSpec
from sim.core.random_bot import RandomBot
from sim.core.seat_goals import seat_goals

from .bots import BOTS
from .names import DISPLAY_NAMES
from .params import ToyParams
from .rules import BREAKDOWN_COLUMNS, EVENT_TABLES, ToyGame

CONFIGS = Path(__file__).resolve().parent / "configs"
"""The game's configs folder: ``base.yaml`` (the default config) and its variants; a config in it
may leave ``game:`` out (it is a config of this package's game)."""

SEAT_GOALS, SEAT_PLAYS = seat_goals({"draft": "draft_shift", "play": "play_shift"}, share=1.0)
"""Where a seat's edge can come from: the setup draft's order or the turn order of play."""

SPEC = GameSpec(
    name=__name__.rpartition(".")[2],
    title="Toy race (template)",
    rules_version="toy-2",
    player_counts=(2, 3, 4),
    game=ToyGame(),
    params_model=ToyParams,
    default_config=CONFIGS / "base.yaml",
    max_actions=lambda n: 200 * n,
    example=True,
    bots=BotsSpec(bots={"random": RandomBot, **BOTS}),
    report=ReportSpec(
        display_names=DISPLAY_NAMES,
        breakdown_columns=BREAKDOWN_COLUMNS,
        scoring_columns=("steps",),
        event_tables=EVENT_TABLES,
        goals=SEAT_GOALS,
        goal_plays=SEAT_PLAYS,
    ),
)
