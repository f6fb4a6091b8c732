"""明初商途's newcomer, learning and depth goals (the rules' "游戏玩点" 3-5) and the games they read.

* ``newcomer`` (新手友好不坐牢): the ``novice`` seat's mean score as a ratio of its table's, read
  from the play ``novice`` (the lineup with one seat given to the novice), reported with the share
  of the novice's turns that were idle (the players column ``idle_turns`` over ``turns``: 不坐牢)
  and its failed orders a game (``orders_failed``);
* ``learning`` (学习成本低, a proxy): the novice's mean score, who uses only the basic actions, as a
  share of the experienced bots' (heuristics and search) in the same games; read from the play
  ``ladder``;
* ``depth`` (策略有深度): the ladder random < novice < heuristics < search, its weakest step as a
  head-to-head share; read from the play ``ladder`` (random play, the novice, the strongest heuristic,
  the search bot and one more heuristic), a small share of the games: the search bot is costly.

The measures are in ``sim.stats.goals_novice`` (pure pandas: the report imports them without the
engine).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import cycle, islice

from sim.core.goals import BOTS, CONTROL, Goal, Play

MEASURES = "sim.stats.goals_novice"
NOVICE = "novice"
MOST_PLAYERS = 5
"""The most players 明初商途 seats: the novice's play fills this many seats, the novice in one."""
STRONGEST = "industrialist"
"""The strongest heuristic (the game's ``search_policy``): the ladder's heuristic rung and the policy
of the search bot's playouts."""
SEARCH = "rollout:2"
"""The search bot of the ladder: 2 playouts per candidate from round 4 (``SPEC.bots.search_worthy``)."""
LADDER_SHARE = 0.2
"""The ladder's games as a share of the lineup's: a search bot's game costs seconds."""
LADDER_BUDGET = 0.25
"""The ladder goals' default share of ``sim goals``' budget (its search bot is costly)."""


def novice_table(lineup: Sequence[str]) -> tuple[str, ...]:
    """The lineup with one seat given to the novice: the novice, then the lineup's bots (random play
    left out) repeated to fill the other seats of the largest table. The runner rotates these bots
    over the seats (``sim.core.seating``): at 5 players the novice sits in every game, in every
    seat equally often; at 4 players it sits out one game in five (those games are not read)."""
    others = [bot for bot in lineup if bot not in (CONTROL, NOVICE)] or [STRONGEST]
    fill = max(MOST_PLAYERS - 1, len(others))
    return (NOVICE, *islice(cycle(others), fill))


def ladder_table(lineup: Sequence[str]) -> tuple[str, ...]:
    """Random play, the novice, the strongest heuristic, the search bot and one more heuristic (the
    lineup's first other one): five bots, all seated at 5 players, four of them in turn at 4."""
    other = next((b for b in lineup if b not in (CONTROL, NOVICE, STRONGEST)), "runner")
    return (CONTROL, NOVICE, STRONGEST, SEARCH, other)


PLAYS: tuple[Play, ...] = (
    Play(NOVICE, novice_table, "the lineup with one seat given to the novice"),
    Play(
        "ladder",
        ladder_table,
        "random play, the novice, heuristics and the search bot",
        LADDER_SHARE,
        budget_share=LADDER_BUDGET,
    ),
)

GOALS: tuple[Goal, ...] = (
    Goal(
        "newcomer",
        "ratio",
        min=0.7,
        about="The novice's mean score as a ratio of its table's mean score (a newcomer who only "
        "fulfils its reserved orders scores decently); beside it the share of the novice's turns "
        "that were idle (nothing to do but lay the 掌柜 down: the rules' 不坐牢) and its failed "
        "orders a game.",
        play=NOVICE,
        measure=f"{MEASURES}:newcomer",
        subject=BOTS,
        columns=(("idle", "idle_turns"), ("turns", "turns"), ("failed", "orders_failed")),
    ),
    Goal(
        "learning",
        "ratio",
        min=0.5,
        about="Proxy: the novice's mean score, with the basic actions alone, as a share of the "
        "experienced bots' (heuristics and search) in the same games (the basic actions are common sense).",
        play="ladder",
        measure=f"{MEASURES}:learning",
        subject=BOTS,
    ),
    Goal(
        "depth",
        "share",
        min=0.5,
        about="The ladder random < novice < heuristics < search: the smallest head-to-head share of "
        "a rung over the one below (good play beats plain play at every step).",
        play="ladder",
        measure=f"{MEASURES}:depth",
        subject=BOTS,
    ),
)
