"""The loop of one game: ask the seat to act, let its bot choose, apply, until the game ends.

Every action of every game played goes through it, so it is compiled with sim.core's compiled core
(``sim/core/compiled.py``); ``sim.core.play`` sets a game up around it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sim.core.game import TurnCapExceeded


def play_actions(
    game: Any,
    state: Any,
    bots: list[Any],
    looks: list[Callable[[Any, int], Any] | None],
    owned: list[Callable[[Any], Any] | None],
    rngs: list[Any],
    cap: int,
    decisions: list[int],
    spells: list[int],
    running_scores: list[list[float]],
    on_step: Callable[[Any, int, Any, str], None] | None,
    counted: list[int],
) -> None:
    """Play ``state`` to its end. Per seat ``bots``, ``looks`` (what the bot is shown, None: the legal
    actions alone), ``owned`` (the bot's own cheaper pick, or None) and ``rngs``; ``decisions`` and
    ``spells`` are counted per seat as they happen, ``running_scores`` gets every finished round's
    scores, and ``counted[0]`` the number of actions applied (kept when the game fails)."""
    is_terminal, current_player, legal_actions = game.is_terminal, game.current_player, game.legal_actions
    apply, round_number = game.apply, game.round_number
    current_round = round_number(state)
    last_seat = -1
    actions = 0
    try:
        while not is_terminal(state):
            if actions >= cap:
                raise TurnCapExceeded(f"turn cap hit: no end after {cap} actions")
            seat: int = current_player(state)
            legal = legal_actions(state)
            if not legal:
                raise RuntimeError(f"no legal action for seat {seat} in round {current_round}")
            pick = owned[seat]
            if pick is not None:
                action = pick(legal)
            else:
                look = looks[seat]
                action = bots[seat].choose(None if look is None else look(state, seat), legal, rngs[seat])
            decisions[seat] += 1
            if seat != last_seat:
                spells[seat] += 1
                last_seat = seat
            if on_step is not None:
                on_step(state, seat, action, game.describe(state, action))
            apply(state, action)
            actions += 1
            new_round = round_number(state)
            if new_round != current_round:
                running_scores.append(list(game.running_scores(state)))
                current_round = new_round
    finally:
        counted[0] = actions
