"""Readable play-by-play and JSONL logs for one game (``sim play``).

A game whose spec has a ``narrator`` (``GameSpec.report.narrator(bot_names)``, or
``narrator(bot_names, lang=lang)`` for ``sim play --lang``) tells its game as a story: the
narrator's ``step(state, seat, action)`` returns the facts of each action and of everything it
triggers (``Fact`` records: ``kind``, ``round``, ``period``, ``seat``, ``text``, ``data``, ``level``,
``record()``) and the action's changes per seat as plain data (seat -> amounts); ``lang`` is the
language of its text (the one asked for when the game has texts in it, else the game's own),
``name(term)`` a bot's or breakdown column's display name and ``scoring_columns`` the columns that
sum to the score, for the final table. Other games print the decisions, one line each.
"""

from __future__ import annotations

import dataclasses
import json
import unicodedata
from collections.abc import Callable
from typing import IO, Any

from sim.core.game import GameSpec
from sim.core.play import GameRecord, StepHook
from sim.texts import has_catalogue, in_lang, t


def action_details(action: Any) -> dict[str, Any]:
    """An action record as plain data for JSON."""
    if dataclasses.is_dataclass(action):
        return json.loads(json.dumps(dataclasses.asdict(action), ensure_ascii=False, default=str))
    return {"value": str(action)}


def narrator_for(spec: GameSpec, bot_names: list[str], lang: str | None = None) -> Any | None:
    """The game's story teller for this lineup, telling in ``lang`` when given and the game has texts in
    it (else in its own language), or None when the game has none."""
    make = spec.report.narrator
    if make is None:
        return None
    return make(list(bot_names)) if lang is None else make(list(bot_names), lang=lang)


def story_lang(spec: GameSpec, bot_names: list[str]) -> str:
    """The language ``sim play`` tells this game in: its narrator's, else English."""
    narrator = narrator_for(spec, bot_names)
    return "en" if narrator is None else str(getattr(narrator, "lang", "en"))


def header_line(spec: GameSpec, variant: str, n_players: int, seed: int, bot_names: list[str]) -> str:
    """The first line of ``sim play``: the game, variant (as the caller shows it), player count,
    seed and bots, in the narrator's language when the game tells its games as a story."""
    narrator = narrator_for(spec, bot_names)
    lang = told_in(narrator)
    if lang != "en":
        bots = t("playlog.list_separator", lang).join(narrator.name(bot) for bot in bot_names)
    else:
        bots = t("playlog.list_separator", lang).join(bot_names)
    return t(
        "playlog.header", lang, title=spec.title, variant=variant, n_players=n_players, seed=seed, bots=bots
    )


def told_in(narrator: Any | None) -> str:
    """The language of the header and the end of ``sim play``: a narrator's own when the catalogue has
    it (the game is told as a story, its final table under the narrator's display names), else English."""
    lang = "en" if narrator is None else str(getattr(narrator, "lang", "en"))
    return lang if has_catalogue(lang) else "en"


def make_step_hook(
    spec: GameSpec,
    bot_names: list[str],
    echo: Callable[[str], None] | None,
    log: IO[str] | None,
    lang: str | None = None,
) -> StepHook:
    """A hook for ``play_game`` that prints the game and/or writes JSONL records.

    With a narrator: the story (round headers, each action with its costs and who received them,
    settlement, events, income, war, period changes, the end), in ``lang`` when given and the game has
    texts in it, and one JSONL record per fact beside one per action. Without: round headers and one
    line per action (the game's own descriptions).
    """
    narrator = narrator_for(spec, bot_names, lang) if echo is not None or log is not None else None
    if narrator is not None:
        return _story_hook(spec, narrator, bot_names, echo, log)
    last_round = [None]

    def hook(state: Any, seat: int, action: Any, text: str) -> None:
        round_number = spec.game.round_number(state)
        if echo is not None:
            if round_number != last_round[0]:
                echo(t("playlog.round", "en", round=round_number))
            echo(t("playlog.action", "en", seat=seat + 1, bot=bot_names[seat], text=text))
        last_round[0] = round_number
        if log is not None:
            _write(log, _action_record(spec, state, seat, bot_names, action, text))

    return hook


def _action_record(
    spec: GameSpec, state: Any, seat: int, bot_names: list[str], action: Any, text: str
) -> dict:
    return {
        "event": "action",
        "round": spec.game.round_number(state),
        "seat": seat,
        "bot": bot_names[seat],
        "action": type(action).__name__,
        "details": action_details(action),
        "text": text,
    }


def _write(log: IO[str], record: dict[str, Any]) -> None:
    log.write(json.dumps(record, ensure_ascii=False, default=str) + "\n")


def _story_hook(spec, narrator, bot_names, echo, log) -> StepHook:
    def hook(state: Any, seat: int, action: Any, text: str) -> None:
        text = in_lang(text, narrator.lang)  # the rules' description (a ``Text``), in the story's language
        facts, found = narrator.step(state, seat, action)
        if echo is not None:
            for fact in facts:
                if fact.text is not None:
                    echo(("\n" if fact.level == 0 else "") + "  " * fact.level + fact.text)
        if log is not None:
            record = _action_record(spec, state, seat, bot_names, action, text)
            told = [f.text for f in facts if f.kind == "action" and f.seat == seat]
            record["narrative"] = told[0] if told else None
            record["ledger"] = found
            _write(log, record)
            for fact in facts:
                if fact.kind != "action":
                    _write(log, fact.record())

    return hook


def final_lines(spec: GameSpec, record: GameRecord) -> list[str]:
    """The end-of-game block: result, then each seat's score and breakdown."""
    narrator = narrator_for(spec, record.bots)
    lang = told_in(narrator)
    if lang != "en":
        return _story_final_lines(spec, record, narrator, lang)
    if record.error:
        return [t("playlog.failed", lang, actions=record.actions, error=record.error)]
    lines = [
        t("playlog.over", lang, rounds=record.rounds, actions=record.actions, end_reason=record.end_reason),
        t("playlog.table_head", lang),
    ]
    for seat in range(record.n_players):
        lines.append(
            t("playlog.table_row", lang, seat=seat + 1, bot=record.bots[seat], rank=record.ranks[seat],
              score=record.scores[seat])
        )  # fmt: skip
    if spec.report.breakdown_columns:
        lines.append(t("playlog.breakdown", lang))
        for seat, parts in enumerate(record.breakdown):
            shown = t("playlog.parts_separator", lang).join(f"{k}={v:g}" for k, v in parts.items() if v)
            lines.append(t("playlog.breakdown_line", lang, seat=seat + 1, shown=shown))
    return lines


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _cell(text: str, width: int) -> str:
    return " " * (width - _width(text)) + text


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(_width(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(_cell(cell, w) for cell, w in zip(row, widths, strict=True)) for row in rows]


def _story_final_lines(spec: GameSpec, record: GameRecord, narrator: Any, lang: str) -> list[str]:
    """The final table: rank and score per seat with the scoring columns (they sum to the score), then the
    other breakdown columns, all under the narrator's display names, in its language ``lang``."""
    if record.error:
        return [t("playlog.failed", lang, actions=record.actions, error=record.error)]
    name = narrator.name
    columns = spec.report.breakdown_columns or tuple(record.breakdown[0] if record.breakdown else ())
    scoring = [c for c in narrator.scoring_columns if any(row.get(c) for row in record.breakdown)]
    others = [c for c in columns if c not in narrator.scoring_columns]
    lines = [
        t("playlog.over", lang, rounds=record.rounds, actions=record.actions, end_reason=record.end_reason),
        t("playlog.score_table", lang),
    ]
    heads = [t(f"playlog.{head}", lang) for head in ("seat", "bot", "rank", "score")]
    rows = [[*heads, *(name(c) for c in scoring)]]
    for seat in range(record.n_players):
        parts = record.breakdown[seat] if record.breakdown else {}
        rows.append(
            [
                t("playlog.player", lang, seat=seat + 1),
                name(record.bots[seat]),
                str(record.ranks[seat]),
                f"{record.scores[seat]:g}",
                *(f"{parts.get(c, 0):g}" for c in scoring),
            ]
        )
    lines += _table(rows)
    if others and record.breakdown:
        lines.append(t("playlog.others", lang))
        separator = t("playlog.parts_separator", lang)
        for seat, parts in enumerate(record.breakdown):
            shown = separator.join(f"{name(c)} {parts[c]:g}" for c in others if parts.get(c))
            lines.append(t("playlog.other_line", lang, seat=seat + 1, shown=shown))
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
