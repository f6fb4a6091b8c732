"""明初商途 (Mingchu trade routes): a 4-5 player economic game across three Ming periods."""

from __future__ import annotations

import copyreg
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sim.core.game import BotsSpec, BuildSpec, CardsSpec, GameSpec, ReportSpec
from sim.core.random_bot import RandomBot

from . import compiled  # before the other modules: the compiled core or the .py files
from .bots.heuristic import BOTS
from .bots.novice import NoviceBot
from .bots.weights import bot_weights
from .deck_rules import DECK_RULES
from .decks import CARD_DECKS, FORCED_KEY
from .goals import diversity, interaction, newcomer, routes, seats
from .names import DISPLAY_NAMES
from .params import Decks, MingchuParams
from .planted import PLANTED_VARIANTS
from .rules.actions import UseRetainer
from .rules.game import EVENT_TABLES, MingchuGame
from .rules.scoring import BREAKDOWN_COLUMNS
from .rules.state import MingchuState, Topology
from .rules.turn import TURN
from .story import Narrator

CONFIGS = Path(__file__).resolve().parent / "configs"
"""The game's configs folder: ``base.yaml`` (the default config) and its variants (``configs/mingchu/`` is
a link to it)."""

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
"""Decisions that shape the game (setup, cards taken, free builds). In a turn the main choices are
which 掌柜, where it goes and the main action; the rest (production, sales, quick actions, war
markers) are micro-steps."""
SEARCH_FROM_ROUND = 4
"""Main choices are searched from this round on. The playouts stop 2 round ends later and the running
scores judge them, which say little early: in 60 five-player games (the rollout bot among four
heuristics) the leader by running score after rounds 1-4 won 17-28% of them (fair 20%), after round 6
57%, after round 8 77%. Searching main choices from round 1, the bot won 18.3% of those 60 games, less
than each industrialist seat (29.2%): there the noise overruled the heuristic's better pick."""
MICRO_FROM_ROUND = 7
"""Micro-steps are searched from this round on, their playouts to the end of the round (their income
is settled there), when the running score tells the winner more often (after round 7: 60%)."""


def is_main(state: MingchuState, candidates: Sequence[Any]) -> bool:
    """A main choice: a decision that shapes the game, or in a turn a choice of 掌柜, move or main action."""
    kind = state.pending.next.kind
    return kind in MAIN_DECISIONS or (kind == "turn" and any(type(a) in TURN.by_type for a in candidates))


CARD_DECISIONS = frozenset({"draft", "pick_retainer"})
"""Decisions that take a card (the draft column, hiring a 门客): searched from the first round."""


def uses_or_takes_card(state: MingchuState, candidates: Sequence[Any]) -> bool:
    """A decision on a card: one of ``CARD_DECISIONS``, or a turn in which a candidate uses a 门客."""
    kind = state.pending.next.kind
    return kind in CARD_DECISIONS or (kind == "turn" and any(type(a) is UseRetainer for a in candidates))


def worth_searching(state: MingchuState, candidates: Sequence[Any]) -> bool:
    """The rollout bot's search filter: decisions on a card (``uses_or_takes_card``) from the first
    round, so that a card study confirmed with the search bot does not rest on the heuristics' card
    play; other main choices from ``SEARCH_FROM_ROUND``, micro-steps from ``MICRO_FROM_ROUND``;
    before, the rollout heuristic's own pick is played."""
    if uses_or_takes_card(state, candidates):
        return True
    if state.round < SEARCH_FROM_ROUND:
        return False
    return state.round >= MICRO_FROM_ROUND or is_main(state, candidates)


def search_horizon(state: MingchuState, candidates: Sequence[Any]) -> int:
    """Round ends a playout plays through: 2 for a main choice, 1 for a micro-step."""
    return 2 if is_main(state, candidates) else 1


FLOW_PREFIX = "flow_"
"""The breakdown columns ``flow_<kind>_<unit>_<out|in>`` (``rules/scoring.py``, ``state.FLOWS``): what a
player paid to or received from the other players, read by the interaction goal."""
EARNED_PREFIX = "earned_"
"""The breakdown columns ``earned_<unit>``: what a player gained from the bank, the goal's denominator."""

_GAME = MingchuGame()

SPEC = GameSpec(
    name="mingchu",
    title="明初商途",
    rules_version="mingchu-3",
    player_counts=(4, 5),
    game=_GAME,
    params_model=MingchuParams,
    default_config=CONFIGS / "base.yaml",
    max_actions=lambda n_players: 6000 * n_players,
    bots=BotsSpec(
        bots={"random": RandomBot, **BOTS, newcomer.NOVICE: NoviceBot},
        default_bots=("runner", "industrialist", "roadbuilder"),
        search_policy="industrialist",  # the strongest heuristic (ladder) plays the search bot's playouts
        search_worthy=worth_searching,
        search_horizon=search_horizon,
        bot_weights=bot_weights,
        novice=newcomer.NOVICE,
    ),
    report=ReportSpec(
        display_names=DISPLAY_NAMES,
        breakdown_columns=BREAKDOWN_COLUMNS,
        scoring_columns=tuple(c for c in BREAKDOWN_COLUMNS if c.startswith("vp_")),
        event_tables=EVENT_TABLES,
        context_columns={"cards": ("period",)},  # when a card moved, not what was had
        flow_prefix=FLOW_PREFIX,
        trade_table="trades",  # the offers between players and their answers (rules/trade.py)
        trade_switch="rules.trading",  # MingchuRules.trading: false plays without trading
        earned_prefix=EARNED_PREFIX,
        goals=(
            *routes.GOALS,
            *seats.GOALS,
            *newcomer.GOALS,
            *interaction.GOALS,
            *diversity.GOALS,
        ),
        goal_plays=(
            *routes.PLAYS,
            *seats.PLAYS,
            *newcomer.PLAYS,
            *interaction.PLAYS,
            *diversity.PLAYS,
        ),
        planted_variants=PLANTED_VARIANTS,
        narrator=Narrator,  # the play log as a story, fact by fact, in Chinese or English (story/)
    ),
    cards=CardsSpec(decks=Decks, deck_rules=DECK_RULES, card_decks=CARD_DECKS, forced_key=FORCED_KEY),
    build=BuildSpec(compiled=compiled.CORE),
)
