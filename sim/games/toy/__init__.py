"""A tiny race game: the template to copy for a new game, and the toolkit's fast test game."""

from __future__ import annotations

from sim.core.game import GameSpec
from sim.core.random_bot import RandomBot
from sim.core.resources import default_config
from sim.core.seat_goals import seat_goals
from sim.games.toy.bots import BOTS
from sim.games.toy.names import DISPLAY_NAMES
from sim.games.toy.params import ToyParams
from sim.games.toy.rules import BREAKDOWN_COLUMNS, EVENT_TABLES, ToyGame

SEAT_GOALS, SEAT_PLAYS = seat_goals({"draft": "draft_shift", "play": "play_shift"}, share=1.0)
"""Where a seat's edge can come from: the setup draft's order or the turn order of play."""

SPEC = GameSpec(
    name="toy",
    title="Toy race (template)",
    rules_version="toy-2",
    player_counts=(2, 3, 4),
    game=ToyGame(),
    params_model=ToyParams,
    default_config=default_config("toy"),
    bots={"random": RandomBot, **BOTS},
    breakdown_columns=BREAKDOWN_COLUMNS,
    event_tables=EVENT_TABLES,
    max_actions=lambda n: 200 * n,
    example=True,
    display_names=DISPLAY_NAMES,
    scoring_columns=("steps",),
    goals=SEAT_GOALS,
    goal_plays=SEAT_PLAYS,
)
