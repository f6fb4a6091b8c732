"""明初商途 (Mingchu trade routes): a 4-5 player economic game across three Ming periods."""

from __future__ import annotations

import copyreg
from collections.abc import Sequence
from typing import Any

from sim.bots.random_bot import RandomBot
from sim.config.resources import default_config
from sim.core.game import GameSpec
from sim.games.mingchu import compiled  # before the other modules: the compiled core or the .py files
from sim.games.mingchu.bots import BOTS
from sim.games.mingchu.params import MingchuParams
from sim.games.mingchu.rules import EVENT_TABLES, MingchuGame
from sim.games.mingchu.scoring import BREAKDOWN_COLUMNS
from sim.games.mingchu.state import MingchuState, Topology
from sim.games.mingchu.turn import TURN

compiled.CORE.register_pickling()
if compiled.ACTIVE:  # the compiled Topology cannot be made without its params: rebuilt from them
    copyreg.pickle(Topology, lambda topo: (Topology, (topo.params,)))

MAIN_DECISIONS = frozenset(
    {
        "draft",
        "place_manager",
        "setup_road",
        "pick_retainer",
        "pick_score",
        "pick_tianwei",
        "bonus_build",
        "bonus_road",
    }
)
"""Decisions that shape the game (setup, cards taken, free builds): searched whenever the heuristics
disagree. In a turn only the main choices are: which 掌柜, where it goes, the main action."""


def worth_searching(state: MingchuState, candidates: Sequence[Any]) -> bool:
    """The rollout bot's search filter: main choices, not production steps, sales or war markers."""
    kind = state.pending.next.kind
    if kind == "turn":
        return any(type(action) in TURN.by_type for action in candidates)
    return kind in MAIN_DECISIONS


SPEC = GameSpec(
    name="mingchu",
    title="明初商途",
    rules_version="mingchu-2",
    player_counts=(4, 5),
    game=MingchuGame(),
    params_model=MingchuParams,
    default_config=default_config("mingchu"),
    bots={"random": RandomBot, **BOTS},
    breakdown_columns=BREAKDOWN_COLUMNS,
    event_tables=EVENT_TABLES,
    max_actions=lambda n_players: 6000 * n_players,
    default_bots=("runner", "industrialist", "roadbuilder"),
    search_policy="industrialist",  # the strongest heuristic (ladder) plays the search bot's playouts
    search_worthy=worth_searching,
    search_horizon=2,
)
