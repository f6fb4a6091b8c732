"""``sim play``: one game, move by move."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import click

from sim.bots import play_game
from sim.cli.options import (
    bots_option,
    display_names,
    friendly,
    lang_choice,
    load,
    parse_bots,
    parse_players,
    seed_option,
    set_option,
)
from sim.core.game import named_end_reason
from sim.core.playlog import final_event, final_lines, header_line, make_step_hook, story_lang
from sim.report.labels import t
from sim.report.names import variant_stem


@click.command()
@click.argument("config")
@click.option("--players", "-p", type=int, help="Player count (default: the smallest allowed).")
@seed_option
@bots_option
@set_option
@click.option(
    "--log", "log_path", type=click.Path(dir_okay=False, path_type=Path), help="Write a JSONL event log."
)
@click.option("--quiet", "-q", is_flag=True, help="Only print the result.")
@lang_choice(
    default=None,
    help_text="Language of the log (default: the language the game tells its games in). A game told as a "
    "story tells it in this language when it has texts in it; other games print their own descriptions "
    "of the moves.",
)
@friendly
def play(config, players, seed, bots, sets, log_path, quiet, lang) -> None:
    """Play one game and print it move by move.

    \b
    Examples:
      sim play brass --players 4 --seed 1
      sim play configs/mingchu/base.yaml -p 5 --seed 7 --bots random --log game.jsonl
    The seed of any row in a run's games table replays that game (give the same bots by seat).
    """
    resolved, spec = load(config, sets)
    n_players = parse_players(spec, None if players is None else str(players), [resolved])[0]
    lineup = list(parse_bots(spec, bots, n_players))
    story = story_lang(spec, lineup)
    if lang is None or lang == story:
        click.echo(header_line(spec, variant_stem(resolved.label, story), n_players, seed, lineup))
    else:
        click.echo(play_header(spec.name, resolved.label, n_players, seed, lineup, lang))
    log = open(log_path, "w", encoding="utf-8") if log_path else None
    try:
        hook = make_step_hook(spec, lineup, None if quiet else click.echo, log, lang)
        record = play_game(spec, resolved.params, n_players, seed, lineup, on_step=hook)
        if log:
            log.write(json.dumps(final_event(record), ensure_ascii=False) + "\n")
    finally:
        if log:
            log.close()
    shown = (
        final_lines(spec, record) if lang is None or lang == story else play_result(spec.name, record, lang)
    )
    click.echo("\n".join(shown))
    if record.error:
        raise SystemExit(1)


def play_header(game: str, label: str, n_players: int, seed: int, lineup: Sequence[str], lang: str) -> str:
    """``sim play``'s first line in ``lang``: the game, variant, player count, seed and bots by name."""
    names = display_names(game, lang)
    bots = t("list_separator", lang).join(names.term(game, b) for b in lineup)
    title, variant = names.title(game), names.variant(game, label)
    return t("cli_play_header", lang, title=title, variant=variant, n=n_players, seed=seed, bots=bots)


def play_result(game: str, record: Any, lang: str) -> list[str]:
    """``sim play``'s closing block in ``lang``: how the game ended, then each seat's bot, rank and score."""
    if record.error:
        return [t("cli_play_failed", lang, actions=record.actions, error=record.error)]
    names = display_names(game, lang)
    reason = names.term(game, record.end_reason)
    if reason == str(record.end_reason):  # not one term: each trigger of each stage by its name
        reason = named_end_reason(reason, lambda trigger: names.term(game, trigger))
    lines = [t("cli_play_over", lang, rounds=record.rounds, actions=record.actions, reason=reason)]
    lines.append(t("cli_play_head", lang))
    for seat in range(record.n_players):
        bot, rank, score = names.term(game, record.bots[seat]), record.ranks[seat], f"{record.scores[seat]:g}"
        lines.append(t("cli_play_row", lang, seat=seat + 1, bot=bot, rank=rank, score=score))
    return lines
