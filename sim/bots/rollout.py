"""``rollout`` / ``rollout:N``: the game's own heuristics, improved by playing their choices out.

A policy-rollout bot (Tesauro and Galperin 1996; Bertsekas' rollout algorithm). At each decision:

1. The candidates are the distinct choices of the game's heuristic bots (``spec.default_bots``)
   from the seat's view. When they all agree, that is the move: no search is spent.
2. Otherwise each candidate is played out N times to the end of the game in full states sampled
   from the seat's observation (``determinize``), every seat played by the game's rollout
   heuristic (``spec.search_policy``). The same N samples and bot streams serve every candidate
   (common random numbers), so the candidates are compared on the same deals.
3. The candidate with the best mean win share for the seat (a shared win counts 1/k; the score
   margin over the best other seat breaks ties) is played.

It reads only what a player may see (its observation) and needs no game-specific code beyond the
heuristics the game already has.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.core.game import GameSpec

DEFAULT_ROLLOUTS = 4
MARGIN_WEIGHT = 1e-3
"""Weight of the score margin (per point) next to the win share: a tie-break, not a goal."""


class RolloutBot:
    """Chooses among the heuristics' candidate moves by playing each out ``rollouts`` times."""

    sees = "observation"

    def __init__(self, spec: GameSpec, seat: int = 0, rollouts: int = DEFAULT_ROLLOUTS) -> None:
        self.spec, self.game, self.seat, self.rollouts = spec, spec.game, seat, rollouts
        self.name = f"rollout:{rollouts}"
        heuristics = [name for name in spec.lineup if name in spec.bots and name != "random"]
        self.advisers = [spec.bots[name](seat) for name in heuristics]
        self.policy = spec.search_policy or heuristics[0]
        self.searched = 0
        """Decisions where the heuristics disagreed and playouts were run."""

    def choose(self, observation: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        candidates = self._candidates(observation, legal, rng)
        if len(candidates) == 1:
            return candidates[0]
        self.searched += 1
        seeds = rng.integers(2**63, size=self.rollouts)
        values = [sum(self._playout(observation, action, int(seed)) for seed in seeds) for action in candidates]
        return candidates[int(np.argmax(values))]

    def _candidates(self, observation: Any, legal: Sequence[Any], rng: np.random.Generator) -> list[Any]:
        """The distinct moves the heuristics would make, in the order of the game's bot list."""
        seen = self.game.determinize(observation, rng)  # a full state of the observation's type
        view = self.game.view(seen, self.seat)
        picks: list[Any] = []
        for adviser in self.advisers:
            action = adviser.choose(view, legal, rng)
            if action not in picks:
                picks.append(action)
        return picks

    def _playout(self, observation: Any, action: Any, seed: int) -> float:
        """The seat's win share (plus a small score-margin tie-break) after ``action`` and heuristic play."""
        game = self.game
        stream = np.random.default_rng(seed)
        state = game.determinize(observation, stream)
        n = len(game.running_scores(state))
        bots = [self.spec.bots[self.policy](seat) for seat in range(n)]
        game.apply(state, action)
        cap = self.spec.max_actions(n)
        for _ in range(cap):
            if game.is_terminal(state):
                break
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            move = legal[0] if len(legal) == 1 else bots[seat].choose(state, legal, stream)  # a sampled state
            game.apply(state, move)
        if not game.is_terminal(state):
            scores = game.running_scores(state)
            best = max(scores)
            winners = [s for s in range(n) if scores[s] == best]
        else:
            outcome = game.outcome(state)
            scores = list(outcome.scores)
            winners = [s for s in range(n) if outcome.ranks[s] == 1]
        share = 1.0 / len(winners) if self.seat in winners else 0.0
        margin = scores[self.seat] - max(s for i, s in enumerate(scores) if i != self.seat)
        return share + MARGIN_WEIGHT * margin
