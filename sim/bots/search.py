"""Game-independent bots that think through the ``Game`` interface only.

* ``onestep``: one ply: applies each legal action to a copy and keeps the one that leaves its seat
  furthest ahead by the game's running score (ties broken by the bot's own rng), in one full state sampled from what it sees.
* ``mcts`` / ``mcts:N``: information-set Monte Carlo tree search (single-observer ISMCTS,
  Cowling, Powley and Whitehouse 2012). Each of its N iterations samples a full state consistent
  with what the seat sees (``determinize``), descends one shared tree by UCB over the actions
  legal in that sample, plays a short random rollout, and scores the leaf by the running scores
  (or the final win shares). It reads nothing a player could not see.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sim.core.game import Game

DEFAULT_BUDGET = 200
ROLLOUT_DEPTH = 12
EXPLORATION = 0.7


def leaf_values(game: Game, state: Any) -> list[float]:
    """Each seat's value in [0, 1]: its win share at the end, else how far it leads or trails."""
    if game.is_terminal(state):
        ranks = game.outcome(state).ranks
        winners = ranks.count(1)
        return [1.0 / winners if r == 1 else 0.0 for r in ranks]
    scores = game.running_scores(state)
    spread = max(scores) - min(scores)
    scale = max(spread, 1.0, 0.1 * max(abs(s) for s in scores))
    return [
        1.0 / (1.0 + math.exp(-4.0 * (s - max(scores[:i] + scores[i + 1 :])) / scale))
        for i, s in enumerate(scores)
    ]


class OneStepBot:
    """Best immediate change in its own lead by the running score (one ply)."""

    name = "onestep"
    sees = "observation"

    def __init__(self, game: Game, seat: int = 0) -> None:
        self.game, self.seat = game, seat

    def choose(self, observation: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        state = self.game.determinize(observation, rng)
        best: list[Any] = []
        best_value = -math.inf
        for action in legal:
            trial = state.clone()
            self.game.apply(trial, action)
            value = leaf_values(self.game, trial)[self.seat]
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[int(rng.integers(len(best)))]


@dataclass
class _Node:
    mover: int
    """The seat whose action led here (its rewards are what the parent's UCB maximises)."""
    visits: int = 0
    available: int = 0
    reward: float = 0.0
    children: dict[Any, _Node] = field(default_factory=dict)


class MCTSBot:
    """Information-set MCTS with a budget of iterations per decision."""

    sees = "observation"

    def __init__(self, game: Game, seat: int = 0, budget: int = DEFAULT_BUDGET, depth: int = ROLLOUT_DEPTH):
        self.game, self.seat, self.budget, self.depth = game, seat, budget, depth
        self.name = f"mcts:{budget}"

    def choose(self, observation: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        root = _Node(mover=-1)
        for _ in range(self.budget):
            self._iterate(root, self.game.determinize(observation, rng), rng)
        visits = [(root.children[a].visits if a in root.children else -1, i) for i, a in enumerate(legal)]
        most = max(v for v, _ in visits)
        tied = [i for v, i in visits if v == most]
        return legal[tied[int(rng.integers(len(tied)))]]

    def _iterate(self, root: _Node, state: Any, rng: np.random.Generator) -> None:
        game = self.game
        path = [root]
        node = root
        while not game.is_terminal(state):
            legal = game.legal_actions(state)
            mover = game.current_player(state)
            untried = [a for a in legal if a not in node.children]
            for action in legal:
                if action in node.children:
                    node.children[action].available += 1
            if untried:
                action = untried[int(rng.integers(len(untried)))]
                node.children[action] = child = _Node(mover=mover, available=1)
                game.apply(state, action)
                path.append(child)
                break
            action = max(legal, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            game.apply(state, action)
            path.append(node)
        for _ in range(self.depth):
            if game.is_terminal(state):
                break
            legal = game.legal_actions(state)
            game.apply(state, legal[int(rng.integers(len(legal)))])
        values = leaf_values(game, state)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.reward += values[visited.mover]

    @staticmethod
    def _ucb(node: _Node) -> float:
        if node.visits == 0:
            return math.inf
        return node.reward / node.visits + EXPLORATION * math.sqrt(
            math.log(max(node.available, 1)) / node.visits
        )
