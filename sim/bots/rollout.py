"""``rollout`` / ``rollout:N``: the game's own heuristics, improved by playing their choices out.

A policy-rollout bot (Tesauro and Galperin 1996; Bertsekas' rollout algorithm). At each decision:

1. The candidates are the distinct choices of the game's heuristic bots (``spec.bots.default_bots``)
   from the seat's view. When they all agree, that is the move: no search is spent.
2. A game may say which disagreements are worth a search (``spec.bots.search_worthy``, e.g. only the
   turn's main choices, not each sale of a production step); the others are settled by the rollout
   heuristic's own pick (``spec.bots.search_policy``), as a playout would settle them.
3. Otherwise each candidate is played out N times in full states sampled from the seat's
   observation (``determinize``), every seat played by the rollout heuristic, to the end of the game
   or, when the game sets ``spec.bots.search_horizon`` (a number, or one per decision), through that many
   round ends. The same N samples
   and bot streams serve every candidate (common random numbers), so the candidates are compared
   on the same deals.
4. The candidate with the best mean value for the seat is played: its win share at the end of the
   game (a shared win counts 1/k), or from the running scores at the horizon how far it leads or
   trails (``leaf_values``); the score margin over the best other seat breaks ties.

It reads only what a player may see (its observation) and needs no game-specific code beyond the
heuristics the game already has. ``searched``, ``playouts`` and ``playout_actions`` count its work.

``rollout:N@H`` stays on one heuristic's route: ``H`` (one of the game's own bots) alone proposes,
its ``ADVISED_TOP_K`` best moves instead of one (its pick, then its pick once the first is ruled
out, ...), and ``H`` plays every seat in the playouts. So a route's strength can be judged with a
stronger player than its heuristic that still plays that route.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from sim.bots.search import leaf_values
from sim.core.bot_names import bot_name
from sim.core.game import GameSpec

DEFAULT_ROLLOUTS = 4
ADVISED_TOP_K = 2
"""Moves a single adviser proposes (``rollout:N@H``): its best and its second best."""
MARGIN_WEIGHT = 1e-3
"""Weight of the score margin (per point) next to the win share: a tie-break, not a goal."""


class RolloutBot:
    """Chooses among the heuristics' candidate moves by playing each out ``rollouts`` times."""

    sees = "observation"

    def __init__(
        self, spec: GameSpec, seat: int = 0, rollouts: int = DEFAULT_ROLLOUTS, adviser: str | None = None
    ) -> None:
        self.spec, self.game, self.seat, self.rollouts = spec, spec.game, seat, rollouts
        self.name = bot_name("rollout", rollouts, adviser or "")
        heuristics = [name for name in spec.lineup if name in spec.bots.bots and name != "random"]
        if adviser is not None:
            heuristics = [adviser]
        self.top_k = 1 if adviser is None else ADVISED_TOP_K
        """How many moves each proposer proposes: 1, or ``ADVISED_TOP_K`` for a single adviser."""
        self.policy = adviser or spec.bots.search_policy or heuristics[0]
        self.proposers = frozenset(heuristics)
        """The heuristics whose picks are the candidates: the lineup's."""
        self.advisers = [(name, spec.bots.bots[name](seat)) for name in heuristics]
        if self.policy not in heuristics:  # it settles the disagreements not worth a search
            self.advisers.append((self.policy, spec.bots.bots[self.policy](seat)))
        self.worthy = spec.bots.search_worthy
        self.horizon = spec.bots.search_horizon
        self.searched = 0
        """Decisions where the heuristics disagreed and playouts were run."""
        self.playouts = 0
        self.playout_actions = 0
        """Actions played in all playouts: the bulk of the bot's cost."""

    def choose(self, observation: Any, legal: Sequence[Any], rng: np.random.Generator) -> Any:
        if len(legal) == 1:
            return legal[0]
        sample = self.game.determinize(observation, rng)  # a full state of the observation's type
        picks = self._picks(sample, legal, rng)
        candidates = list(dict.fromkeys(action for name, action in picks if name in self.proposers))
        if self.top_k > 1:
            candidates = self._runners_up(sample, legal, rng, candidates)
        if len(candidates) == 1:
            return candidates[0]
        if self.worthy is not None and not self.worthy(sample, candidates):
            return dict(picks)[self.policy]
        self.searched += 1
        horizon = self.horizon(sample, candidates) if callable(self.horizon) else self.horizon
        seeds = [int(seed) for seed in rng.integers(2**63, size=self.rollouts)]
        values = [
            sum(self._playout(observation, action, seed, horizon) for seed in seeds) for action in candidates
        ]
        return candidates[int(np.argmax(values))]

    def _picks(self, sample: Any, legal: Sequence[Any], rng: np.random.Generator) -> list[tuple[str, Any]]:
        """(heuristic, its move) from the seat's view of ``sample``, in the order of the game's bot list."""
        view = self.game.view(sample, self.seat)
        return [(name, adviser.choose(view, legal, rng)) for name, adviser in self.advisers]

    def _runners_up(
        self, sample: Any, legal: Sequence[Any], rng: np.random.Generator, ranked: list[Any]
    ) -> list[Any]:
        """``ranked`` (the adviser's pick) followed by its next picks, each once the earlier ones are
        ruled out, up to ``top_k`` moves (fewer when the adviser picks a move already ruled out)."""
        adviser = self.advisers[0][1]
        view = self.game.view(sample, self.seat)
        rest = [action for action in legal if action not in ranked]
        while len(ranked) < self.top_k and rest:
            action = rest[0] if len(rest) == 1 else adviser.choose(view, rest, rng)
            if action not in rest:
                break
            ranked.append(action)
            rest = [other for other in rest if other != action]
        return ranked

    def _playout(self, observation: Any, action: Any, seed: int, horizon: int) -> float:
        """The seat's value after ``action`` and heuristic play (see the module's docstring)."""
        state = self._play_out(observation, action, seed, horizon)
        game = self.game
        scores = game.outcome(state).scores if game.is_terminal(state) else game.running_scores(state)
        margin = scores[self.seat] - max(s for i, s in enumerate(scores) if i != self.seat)
        return leaf_values(game, state)[self.seat] + MARGIN_WEIGHT * margin

    def _play_out(self, observation: Any, action: Any, seed: int, horizon: int) -> Any:
        """A full state sampled with ``seed``, after ``action`` and the rollout heuristic's play to the
        game's end or through ``horizon`` round ends (0: to the end)."""
        game = self.game
        stream = np.random.default_rng(seed)
        state = game.determinize(observation, stream)
        n = len(game.running_scores(state))
        bots = [self.spec.bots.bots[self.policy](seat) for seat in range(n)]
        stop = game.round_number(state) + horizon if horizon else None
        game.apply(state, action)
        cap = self.spec.max_actions(n)
        played = 0
        while played < cap and not game.is_terminal(state):
            if stop is not None and game.round_number(state) >= stop:
                break
            seat = game.current_player(state)
            legal = game.legal_actions(state)
            move = legal[0] if len(legal) == 1 else bots[seat].choose(state, legal, stream)  # a sampled state
            game.apply(state, move)
            played += 1
        self.playouts += 1
        self.playout_actions += played
        return state
