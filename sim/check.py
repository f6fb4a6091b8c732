"""``sim check``: the public conformance check any game package can be run through.

Random playouts at every supported player count, checking after every action that the game
keeps its own invariants and the shape's promises: legal actions exist until the end and every
listed one applies, the game ends within its cap, clones are independent and replay alike, the
same seed gives the same game, an observation hides what its seat may not see (a state sampled
from it gives back the same observation), so does the view bots decide from (a sampled state gives
the same view, and the view is not the state itself), and the outcome is well formed.
"""

from __future__ import annotations

import math
import pickle
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sim.core.game import GameSpec
from sim.core.play import bot_rng, setup_rng


@dataclass(frozen=True)
class Problem:
    """One broken promise, with where to replay it."""

    check: str
    n_players: int
    seed: int
    step: int
    message: str

    def __str__(self) -> str:
        where = f"{self.n_players} players, seed {self.seed}" + (
            f", action {self.step}" if self.step >= 0 else ""
        )
        return f"[{self.check}] {where}: {self.message}"


@dataclass
class CheckReport:
    game: str
    playouts: int = 0
    actions: int = 0
    probes: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


class _Failed(Exception):
    """Stops one playout at its first problem (later steps would only repeat it)."""


def _where(exc: BaseException) -> str:
    frame = traceback.extract_tb(exc.__traceback__)[-1]
    return f"{type(exc).__name__}: {exc} (at {frame.filename.rsplit('/', 1)[-1]}:{frame.lineno})"


def _same(a: Any, b: Any) -> bool:
    """Equal by value; objects without value equality (e.g. rngs) compared by their pickles."""
    try:
        if a == b:
            return True
    except Exception:  # e.g. numpy arrays compared element-wise
        pass
    try:
        return pickle.dumps(a) == pickle.dumps(b)
    except Exception:
        return False


class _Playout:
    """One seeded random playout with every per-action check."""

    def __init__(self, spec: GameSpec, params: Any, n: int, seed: int, report: CheckReport, probe_every: int):
        self.spec, self.game, self.params, self.n, self.seed = spec, spec.game, params, n, seed
        self.report, self.probe_every = report, probe_every
        self.step = -1

    def fail(self, check: str, message: str) -> None:
        self.report.problems.append(Problem(check, self.n, self.seed, self.step, message))
        raise _Failed

    def call(self, check: str, fn: Callable[..., Any], *args: Any) -> Any:
        try:
            return fn(*args)
        except _Failed:
            raise
        except Exception as exc:  # a game bug becomes a problem, not a crash
            self.fail(check, _where(exc))

    def run(self) -> tuple[Any, list[str], list[int]]:
        """Play to the end; return the final state, the described actions and the choices."""
        game, n = self.game, self.n
        state = self.call("setup", game.initial_state, self.params, n, setup_rng(self.seed))
        self.check_invariants(state)
        rng = bot_rng(self.seed, 0)
        cap = self.spec.max_actions(n)
        texts: list[str] = []
        choices: list[int] = []
        while not self.call("is_terminal", game.is_terminal, state):
            self.step = len(choices)
            if self.step >= cap:
                self.fail("ends", f"no end within the cap of {cap} actions")
            seat = self.call("current_player", game.current_player, state)
            if not (isinstance(seat, (int, np.integer)) and 0 <= seat < n):
                self.fail("current_player", f"seat {seat!r} is not one of 0..{n - 1}")
            legal = list(self.call("legal_actions", game.legal_actions, state))
            if not legal:
                self.fail("legal_actions", f"no legal action for seat {seat} before the end")
            if self.step % self.probe_every == 0:
                self.probe(state, seat, legal)
            choice = int(rng.integers(len(legal)))
            texts.append(self.call("describe", game.describe, state, legal[choice]))
            self.call("apply", game.apply, state, legal[choice])
            choices.append(choice)
            self.check_invariants(state)
            self.report.actions += 1
        self.step = len(choices)
        self.check_outcome(state)
        return state, texts, choices

    def check_invariants(self, state: Any) -> None:
        broken = self.call("invariants", self.spec.game.invariants, state)
        if broken:
            self.fail("invariants", "; ".join(map(str, broken)))

    def probe(self, state: Any, seat: int, legal: list[Any]) -> None:
        """Every listed action applies to a clone; the observation hides what it must."""
        self.report.probes += 1
        game = self.game
        for action in legal:
            trial = self.call("clone", state.clone)
            try:
                game.apply(trial, action)
            except Exception as exc:
                self.fail("legal_actions", f"listed action {action!r} does not apply: {_where(exc)}")
            self.check_invariants(trial)
        observation = self.call("observation", game.observation, state, seat)
        for k in range(2):
            sampled = self.call("determinize", game.determinize, observation, np.random.default_rng(k))
            again = self.call("observation", game.observation, sampled, seat)
            if not _same(again, observation):
                self.fail(
                    "observation",
                    f"seat {seat}'s observation changed when hidden information was resampled: "
                    "it shows something the seat may not see, or determinize changed what the seat sees",
                )
            self.check_invariants(sampled)
            self.check_view(state, sampled, seat)
        self.call("determinize", self.continue_randomly, sampled)

    def check_view(self, state: Any, sampled: Any, seat: int) -> None:
        """The view a bot gets shows nothing that resampling the hidden information would change."""
        seen = self.call("view", self.game.view, state, seat)
        if seen is state:
            self.fail("view", "view() returned the full state itself")
        if not _same(self.call("view", self.game.view, sampled, seat), seen):
            self.fail(
                "view",
                f"seat {seat}'s view changed when hidden information was resampled: "
                "a bot could read something the seat may not see",
            )

    def continue_randomly(self, state: Any) -> None:
        """A sampled state must be playable: a few random actions apply."""
        rng = np.random.default_rng(0)
        for _ in range(5):
            if self.game.is_terminal(state):
                return
            legal = list(self.game.legal_actions(state))
            self.game.apply(state, legal[int(rng.integers(len(legal)))])

    def check_outcome(self, state: Any) -> None:
        outcome = self.call("outcome", self.game.outcome, state)
        n, spec = self.n, self.spec
        scores, ranks = list(outcome.scores), list(outcome.ranks)
        if len(scores) != n or len(ranks) != n or len(outcome.breakdown) != n:
            self.fail("outcome", f"scores, ranks and breakdown need {n} entries each")
        if not all(isinstance(s, (int, float, np.number)) and math.isfinite(s) for s in scores):
            self.fail("outcome", f"scores must be finite numbers: {scores}")
        if 1 not in ranks or not all(1 <= r <= n for r in ranks):
            self.fail("outcome", f"ranks must run from 1 (best) to {n}: {ranks}")
        if any(scores[s] < max(scores) for s, r in enumerate(ranks) if r == 1):
            self.fail("outcome", f"a winner without the top score: scores {scores}, ranks {ranks}")
        for row in outcome.breakdown:
            unknown = set(row) - set(spec.report.breakdown_columns)
            if unknown:
                self.fail("outcome", f"breakdown columns not declared in the spec: {sorted(unknown)}")
        for table, rows in outcome.events.items():
            if table not in spec.report.event_tables:
                self.fail("outcome", f"event table {table!r} not declared in the spec")
            for row in rows:
                unknown = set(row) - set(spec.report.event_tables[table])
                if unknown:
                    self.fail("outcome", f"{table} columns not declared in the spec: {sorted(unknown)}")
        if not outcome.end_reason:
            self.fail("outcome", "empty end reason")


def _replay(game: Any, state: Any, choices: list[int]) -> Any:
    for choice in choices:
        game.apply(state, list(game.legal_actions(state))[choice])
    return state


def _check_clones_and_seeds(spec: GameSpec, params: Any, n: int, seed: int, report: CheckReport) -> None:
    """Same seed, same game; a mid-game clone is untouched by the original and replays alike."""
    game = spec.game
    first = _Playout(spec, params, n, seed, report, probe_every=10**9)
    final, texts, choices = first.run()
    second = _Playout(spec, params, n, seed, report, probe_every=10**9)
    final2, texts2, _ = second.run()
    if texts != texts2 or not _same(game.outcome(final).scores, game.outcome(final2).scores):
        step = next((i for i, (a, b) in enumerate(zip(texts, texts2, strict=False)) if a != b), len(texts))
        report.problems.append(
            Problem("determinism", n, seed, step, "the same seed and choices gave a different game")
        )
        return
    half = len(choices) // 2
    state = game.initial_state(params, n, setup_rng(seed))
    _replay(game, state, choices[:half])
    clone = state.clone()
    frozen = pickle.dumps(clone)
    _replay(game, state, choices[half:])
    if pickle.dumps(clone) != frozen:
        report.problems.append(Problem("clone", n, seed, half, "a clone changed when the original went on"))
        return
    for copy in (clone, pickle.loads(frozen)):
        try:
            finished = _replay(game, copy, choices[half:])
        except Exception as exc:
            report.problems.append(Problem("clone", n, seed, half, f"a copy does not replay: {_where(exc)}"))
            return
        if not game.is_terminal(finished) or game.outcome(finished).scores != game.outcome(final).scores:
            report.problems.append(Problem("clone", n, seed, half, "a copy replayed to a different result"))
            return


def check_game(
    spec: GameSpec,
    params: Any,
    *,
    player_counts: tuple[int, ...] | None = None,
    playouts: int = 2,
    probe_every: int = 10,
    seed: int = 0,
) -> CheckReport:
    """Run every check on ``spec`` with ``params``; problems are collected, not raised."""
    report = CheckReport(spec.name)
    for n in player_counts or spec.player_counts_for(params):
        for k in range(playouts):
            game_seed = seed + 1000 * n + k
            try:
                _Playout(spec, params, n, game_seed, report, probe_every).run()
            except _Failed:
                continue
            report.playouts += 1
        try:
            _check_clones_and_seeds(spec, params, n, seed + 1000 * n + 999, report)
        except _Failed:
            continue
    return report


def iter_lines(report: CheckReport) -> Iterator[str]:
    """The report as lines for people."""
    for problem in report.problems:
        yield f"FAIL {problem}"
    status = "passed" if report.ok else f"failed: {len(report.problems)} problem(s)"
    yield (
        f"{report.game}: {report.playouts} playouts, {report.actions} actions, "
        f"{report.probes} positions probed: {status}"
    )
