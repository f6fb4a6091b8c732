"""``sim bots tune``: the command line of the bot tuner (``sim.runner.tune_bots``, whose
``tune_and_confirm`` runs the tuning as the command does and prints its lines through ``click.echo``)."""

from __future__ import annotations

from functools import partial

import click

from sim.cli.options import (
    UserError,
    friendly,
    lang_option,
    load,
    one_count,
    one_count_option,
    parse_bots,
    play_options,
    progress_option,
    runner_options,
    tuning_run_options,
)
from sim.report.names import Names
from sim.runner.tune_bots import tune_and_confirm
from sim.texts import message


@click.group()
def bots() -> None:
    """The bots: fit a heuristic's weights to a variant.

    \b
    Examples:
      sim bots tune configs/mingchu/base.yaml --bot industrialist -p 5 -j 2
    """


def _budget_minutes(text: str, lang: str = "en") -> float:
    value = text.strip().lower().removesuffix("m")
    try:
        minutes = float(value)
    except ValueError:
        raise UserError(message("bots_budget_not_minutes", value=text), lang) from None
    if not 0 < minutes < 10_000:
        raise UserError(message("bots_budget_not_positive", value=text), lang)
    return minutes


@bots.command("tune")
@click.argument("config")
@click.option("--bot", "bot", required=True, help="The heuristic whose weights to fit.")
@one_count_option
@click.option(
    "--games", "-n", type=click.IntRange(1), default=100, show_default=True,
    help="Games per candidate and generation.",
)  # fmt: skip
@click.option("--generations", type=click.IntRange(1, 1000), default=40, show_default=True)
@click.option(
    "--popsize", type=click.IntRange(2, 100), default=8, show_default=True, help="Candidates per generation."
)
@click.option("--budget", default="30m", show_default=True, help="Stop after the generation that passes it.")
@click.option(
    "--weights", "only", default="",
    help="Tune only these weights (comma-separated, e.g. build,hire); the others keep their values.",
)  # fmt: skip
@click.option(
    "--confirm", type=click.IntRange(0), default=300, show_default=True,
    help="Fresh games to compare shipped and tuned weights on afterwards (0: none).",
)  # fmt: skip
@play_options
@tuning_run_options(chunk_size=10)
@progress_option
@lang_option
@friendly
def tune_bots(
    config, bot, players, games, generations, popsize, budget, only, confirm, seed, bots, out, lang, **opts
):
    """Fit a heuristic's weights for one variant with CMA-ES on paired seeds.

    Each generation plays every candidate on the same seeds (the lineup rotated over the seats) and
    scores it by the bot's mean margin over its table; the answer, CMA-ES's mean, is written as a
    config that extends CONFIG (OUT/tuned.yaml). Running the same command again resumes.

    \b
    Examples:
      sim bots tune configs/mingchu/base.yaml --bot industrialist -p 5 -j 2
      sim bots tune configs/mingchu/base.yaml --bot runner -p 4 --budget 10m --lang zh
    """
    resolved, spec = load(config)
    minutes = _budget_minutes(budget, lang)
    n_players = one_count(spec, players, resolved, lang)
    chosen = tuple(name.strip() for name in only.split(",") if name.strip())
    names = Names.from_meta([], lang)
    game = resolved.game
    tune_and_confirm(
        resolved, bot, n_players, out, lineup=parse_bots(spec, bots), confirm=confirm, lang=lang,
        term=partial(names.term, game), variant_name=names.variant(game, resolved.variant) if lang != "en" else None,
        echo=click.echo, generations=generations, games=games, popsize=popsize, seed=seed, minutes=minutes,
        chunk_size=opts["chunk_size"], only=chosen, **runner_options(opts),
    )  # fmt: skip
