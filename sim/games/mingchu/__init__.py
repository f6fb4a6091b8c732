"""明初商途 (Mingchu trade routes): a 4-5 player economic game across three Ming periods."""

from __future__ import annotations

import copyreg

from sim.bots.random_bot import RandomBot
from sim.config.resources import default_config
from sim.core.game import GameSpec
from sim.games.mingchu import compiled  # before the other modules: the compiled core or the .py files
from sim.games.mingchu.bots import BOTS
from sim.games.mingchu.params import MingchuParams
from sim.games.mingchu.rules import EVENT_TABLES, MingchuGame
from sim.games.mingchu.scoring import BREAKDOWN_COLUMNS
from sim.games.mingchu.state import Topology

compiled.CORE.register_pickling()
if compiled.ACTIVE:  # the compiled Topology cannot be made without its params: rebuilt from them
    copyreg.pickle(Topology, lambda topo: (Topology, (topo.params,)))

SPEC = GameSpec(
    name="mingchu",
    title="明初商途",
    rules_version="mingchu-3",
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
)
