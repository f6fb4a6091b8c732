"""Readable play-by-play and JSONL logs for one game (``sim play``)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import IO, Any

from sim.core.game import GameSpec
from sim.core.play import GameRecord, StepHook


def action_details(action: Any) -> dict[str, Any]:
    """An action record as plain data for JSON."""
    if dataclasses.is_dataclass(action):
        return json.loads(json.dumps(dataclasses.asdict(action), ensure_ascii=False, default=str))
    return {"value": str(action)}


def make_step_hook(
    spec: GameSpec, bot_names: list[str], echo: Callable[[str], None] | None, log: IO[str] | None
) -> StepHook:
    """A hook for ``play_game`` that prints round headers and actions and/or writes JSONL events."""
    last_round = [None]

    def hook(state: Any, seat: int, action: Any, text: str) -> None:
        round_number = spec.game.round_number(state)
        if echo is not None:
            if round_number != last_round[0]:
                echo(f"\n== Round {round_number} ==")
            echo(f"  seat {seat + 1} ({bot_names[seat]}): {text}")
        last_round[0] = round_number
        if log is not None:
            event = {
                "event": "action",
                "round": round_number,
                "seat": seat,
                "bot": bot_names[seat],
                "action": type(action).__name__,
                "details": action_details(action),
                "text": text,
            }
            log.write(json.dumps(event, ensure_ascii=False) + "\n")

    return hook


def final_lines(spec: GameSpec, record: GameRecord) -> list[str]:
    """The end-of-game block: result, then each seat's score and breakdown."""
    if record.error:
        return [f"\nGame failed after {record.actions} actions: {record.error}"]
    lines = [
        f"\nGame over after {record.rounds} rounds, {record.actions} actions ({record.end_reason}).",
        "  seat  bot            rank  score",
    ]
    for seat in range(record.n_players):
        lines.append(
            f"  {seat + 1:>4}  {record.bots[seat]:<13} {record.ranks[seat]:>5}  {record.scores[seat]:g}"
        )
    if spec.breakdown_columns:
        lines.append("  breakdown:")
        for seat, parts in enumerate(record.breakdown):
            shown = ", ".join(f"{k}={v:g}" for k, v in parts.items() if v)
            lines.append(f"    seat {seat + 1}: {shown}")
    return lines


def final_event(record: GameRecord) -> dict[str, Any]:
    return {
        "event": "end",
        "round": record.rounds,
        "seed": record.seed,
        "bots": record.bots,
        "scores": record.scores,
        "ranks": record.ranks,
        "end_reason": record.end_reason,
        "error": record.error,
        "breakdown": record.breakdown,
    }
