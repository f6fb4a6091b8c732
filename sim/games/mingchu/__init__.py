"""明初商途 (Mingchu trade routes): a 4-5 player economic game across three Ming periods."""

from __future__ import annotations

from pathlib import Path

from sim.bots.random_bot import RandomBot
from sim.core.game import GameSpec
from sim.games.mingchu.bots import BOTS
from sim.games.mingchu.params import MingchuParams
from sim.games.mingchu.rules import MingchuRules
from sim.games.mingchu.scoring import BREAKDOWN_COLUMNS

SPEC = GameSpec(
    name="mingchu",
    title="明初商途",
    rules_version="mingchu-2",
    player_counts=(4, 5),
    rules=MingchuRules(),
    params_model=MingchuParams,
    default_config=Path(__file__).resolve().parents[3] / "configs/mingchu/base.yaml",
    bots={"random": RandomBot, **BOTS},
    breakdown_columns=BREAKDOWN_COLUMNS,
    event_tables={
        "cards": {
            "card_id": "string",
            "deck": "string",
            "seat": "int64",
            "round": "int64",
            "period": "string",
            "kind": "string",
        }
    },
    max_actions=lambda n_players: 6000 * n_players,
    default_bots=("runner", "industrialist", "roadbuilder"),
)
