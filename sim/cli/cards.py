"""``sim cards`` (study, export, import, rebalance) and ``sim tune``: the card lab's command line.

They build on the command line's shared pieces (``sim.cli.options``); ``sim.cli`` adds them to its
``cli`` group. Their work is the card lab's own (``sim.cards``; a study, a rebalance or a tuning as
these commands run it: ``sim.cards.lab``).

The card lab's studies, reports and tuner are imported where they are used: they read the
statistics (scipy) and draw charts (matplotlib), which would add half a second to a second to
every ``sim`` command's start; so is the spreadsheet module, which loads pydantic (about 50 ms).
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import click

from sim.cli.options import (
    FiniteFloat,
    UserError,
    friendly,
    lang_option,
    load,
    one_count,
    one_count_option,
    parse_bots,
    parse_players,
    play_options,
    progress_option,
    resolve_config_path,
    run_options,
    runner_options,
    set_option,
    tuning_run_options,
)
from sim.report.labels import t
from sim.texts import message


@click.group()
def cards() -> None:
    """The card lab: measure each card's effect, move a deck to and from a spreadsheet.

    \b
    Examples:
      sim cards study configs/mingchu/base.yaml --deck 门客 -p 5 -j 2 --lang zh
      sim cards export configs/mingchu/base.yaml --deck 门客 retainers.csv
      sim cards import retainers.csv --deck 门客 --into configs/mingchu/my-retainers.yaml
    """


tolerance_option = click.option(
    "--tolerance",
    type=FiniteFloat(0, 50, min_open=True),
    default=3.0,
    show_default=True,
    help="Half-width of the acceptable band, in points of win share.",
)
"""The band's half-width, shared by the card study and the rebalance."""
batch_seeds_option = click.option(
    "--batch-seeds",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    help="Seeds per batch of a whole-deck study (each seed is played once per card of the deck).",
)
"""The whole-deck study's batch size, shared by the card study and the rebalance."""


@cards.command("study")
@click.argument("config")
@click.option("--deck", required=True, help="The deck whose cards are studied, e.g. 门客.")
@click.option(
    "--cards",
    "card_list",
    multiple=True,
    help="Comma-separated card ids, or --cards once per card; quote an id that holds a comma: --cards '\"甲,乙\",马夫' "
    "(default: every card of the deck).",
)
@tolerance_option
@click.option(
    "--design",
    type=click.Choice(["deck", "paired"]),
    default=None,
    help="deck: every seat holds a forced card, batches until decided; paired: one card at a time, -n games per arm "
    "(default: deck, or paired with its removed arm for a deck the game cannot force).",
)
@click.option(
    "--budget",
    default="60m",
    show_default=True,
    help="Deck design: stop after this many minutes (60m, 2h) or games in the folder (5000g) if cards are still undecided.",
)
@batch_seeds_option
@click.option(
    "--allocation",
    type=click.Choice(["cheapest", "focus", "half", "open", "none"]),
    default="cheapest",
    show_default=True,
    help="Deck design: which undecided cards get extra slots (docs/card-lab.md).",
)
@click.option(
    "--confirm",
    "confirm_bot",
    metavar="BOT",
    help="Deck design: then replay the cards decided outside the band or flagged (and a few decided within) with BOT at every seat on fresh seeds, until decided or --confirm-budget, e.g. rollout:2.",
)
@click.option(
    "--confirm-budget",
    metavar="BUDGET",
    help="Deck design: the --confirm study's budget (minutes, hours or games, as --budget; default: --budget).",
)
@click.option(
    "--arms",
    type=click.Choice(["both", "forced", "removed"]),
    default="both",
    show_default=True,
    help="Paired design: which comparisons to play (forced alone is the cheaper quick look).",
)
@set_option
@run_options
@lang_option
@friendly
def study_command(
    config,
    deck,
    card_list,
    tolerance,
    design,
    budget,
    batch_seeds,
    allocation,
    confirm_bot,
    confirm_budget,
    arms,
    sets,
    lang,
    **opts,
) -> None:
    """Each card's causal effect on its holder's win share, with a verdict against the tolerance band.

    The deck design (default) forces a card of the deck on every seat of every game, each seed once
    per card in a rotation, and plays batches until every card is decided (too strong, too weak,
    within the band) or --budget runs out. Intervals are confidence sequences, valid however often
    they are looked at and simultaneous over the cards; running the same command again resumes.
    The paired design (--design paired) plays, for each card, the card forced to each seat against
    the same seeds unforced and the deck without it (-n games per arm, --arms).

    \b
    Examples:
      sim cards study configs/mingchu/base.yaml --deck 门客 -p 5 -j 2 --out runs/retainers
      sim cards study configs/mingchu/base.yaml --deck 门客 -p 5 -j 2 --tolerance 5 --budget 15m
      sim cards study configs/mingchu/base.yaml --deck 门客 --cards 赌徒 --design paired -p 5 -n 400
    """
    from sim.cards.lab import LabRun, compare_counts, count_folder, deck_study, paired_study, study_design

    resolved, spec = load(config, sets)
    counts = study_counts(spec, opts["players"], resolved)
    wanted = parse_card_list(card_list) or None
    source = click.get_current_context().get_parameter_source
    asked = source("arms") is click.core.ParameterSource.COMMANDLINE
    design, arms = study_design(resolved, deck, design, arms, asked)
    if design == "deck":
        for name, flag in (("games", "-n"), ("arms", "--arms")):
            if source(name) is click.core.ParameterSource.COMMANDLINE:
                raise UserError(message("study_paired_flag", flag=flag))
    elif confirm_bot:
        raise UserError(message("study_confirm_design"))
    run = LabRun(partial(parse_bots, spec), runner_options(opts), click.echo)
    rows = {}
    for n_players in counts:
        count_opts = {**opts, "out": count_folder(opts["out"], n_players, counts)}
        if len(counts) > 1:
            click.echo(t("cards_study.count", lang, n_players=n_players))
        if design == "deck":
            rows[n_players] = deck_study(
                resolved,
                spec,
                deck,
                wanted,
                n_players,
                tolerance,
                budget,
                (batch_seeds, allocation),
                (confirm_bot, confirm_budget or budget),
                lang,
                count_opts,
                run,
            )
        else:
            rows[n_players], failed = paired_study(
                resolved, spec, deck, wanted, n_players, tolerance, arms, lang, count_opts, run
            )
            if failed:  # more games failed than --max-error-rate allows
                raise SystemExit(1)
    if len(counts) > 1:
        compare_counts(rows, resolved, deck, opts["out"], lang, run)


def study_counts(spec, text: str | None, resolved) -> tuple[int, ...]:
    """The player counts a card study plays (``-p 5`` or ``-p 4,5``); all of them only when named."""
    counts = parse_players(spec, text, [resolved])
    if not text and len(counts) != 1:
        raise UserError(message("study_players", example=counts[-1]))
    return counts


def parse_card_list(values: Sequence[str]) -> list[str]:
    """The card ids of every ``--cards`` value: comma-separated, an id holding a comma in double
    quotes (``"甲,乙",马夫``), as a spreadsheet writes such a cell."""
    ids: list[str] = []
    for text in values:
        try:
            (row,) = csv.reader([text], skipinitialspace=True, strict=True)
        except (csv.Error, ValueError):
            raise UserError(message("study_cards_quotes", text=text)) from None
        ids += [cell.strip() for cell in row if cell.strip()]
    return ids


@cards.command("export")
@click.argument("config")
@click.option("--deck", required=True, help="The deck to write, e.g. 门客.")
@click.argument("out_csv", type=click.Path(dir_okay=False, path_type=Path))
@lang_option
@friendly
def export_command(config, deck, out_csv, lang) -> None:
    """Write a deck's cards to a CSV file (one row per card) to edit in a spreadsheet.

    \b
    Example:  sim cards export configs/mingchu/base.yaml --deck 门客 retainers.csv
    """
    from sim.cards.spreadsheet import export_deck

    rows = export_deck(resolve_config_path(config), deck, out_csv)
    click.echo(t("cli_export", lang, rows=rows, deck=deck, out=out_csv))


@cards.command("import")
@click.argument("csv_path", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--deck", required=True, help="The deck the rows are cards of, e.g. 门客.")
@click.option(
    "--into",
    "into_yaml",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="The variant YAML file to write the deck into.",
)
@click.option(
    "--extends",
    "parent",
    help="The config a new variant file extends (default: the game's base config); an existing file keeps its own.",
)
@lang_option
@friendly
def import_command(csv_path, deck, into_yaml, parent, lang) -> None:
    """Read an edited CSV back into a variant config (every row checked, errors name row and column).

    \b
    Example:  sim cards import retainers.csv --deck 门客 --into configs/mingchu/my-retainers.yaml
    """
    from sim.cards.spreadsheet import import_deck

    written = import_deck(csv_path, deck, into_yaml, resolve_config_path(parent) if parent else None)
    click.echo(t("cli_import", lang, deck=deck, path=written))


@cards.command("rebalance")
@click.argument("config")
@click.option("--deck", required=True, help="The deck to rebalance, e.g. 门客.")
@click.option(
    "--levers",
    metavar="KINDS",
    help="Which numbers of a card may change: amount, cost, threshold, count, comma-separated (default: all).",
)
@click.option(
    "--rounds",
    type=click.IntRange(1),
    default=2,
    show_default=True,
    help="Rounds of changes: the first, and more while the fresh study finds cards outside the band.",
)
@tolerance_option
@click.option(
    "--budget",
    default="60m",
    show_default=True,
    help="Each whole-deck study's budget (the original's and each round's): minutes, hours or games (60m, 2h, 5000g).",
)
@click.option(
    "--time-limit",
    default="2h",
    show_default=True,
    help="The whole rebalance's time: a study is cut to the time left, and no round starts with less than "
    "10 minutes left (minutes or hours, e.g. 90m, 3h).",
)
@batch_seeds_option
@run_options
@lang_option
@friendly
def rebalance_command(
    config, deck, levers, rounds, tolerance, budget, time_limit, batch_seeds, lang, **opts
) -> None:
    """Propose the smallest change of one number per card decided outside the band, and confirm it.

    Studies the whole deck (resuming --out), predicts for every card decided too strong or too weak
    (and not flagged misplayed or unused) the change of one of its numbers that brings it inside the
    band, checks it with a paired bisection on that number (as sim tune), writes a variant that
    extends CONFIG with every change, and studies that variant again on fresh seeds (--rounds).
    -n: games per value the check tries (default 400).

    \b
    Examples:
      sim cards rebalance configs/mingchu/base.yaml --deck 门客 -p 5 -j 2 --lang zh
      sim cards rebalance configs/mingchu/base.yaml --deck 门客 -p 5 -j 2 --tolerance 5 --budget 10m --levers amount
    """
    from sim.cards.lab import LabRun, rebalance_deck
    from sim.cards.rebalance import parse_levers

    resolved, spec = load(config)
    n_players = one_count(spec, opts["players"], resolved)
    try:
        kinds = parse_levers(levers)
    except ValueError as exc:
        raise UserError(exc.args[0]) from None
    source = click.get_current_context().get_parameter_source("games")
    games = opts["games"] if source is click.core.ParameterSource.COMMANDLINE else SEARCH_GAMES
    run = LabRun(partial(parse_bots, spec), runner_options(opts), click.echo)
    settings = (rounds, tolerance, budget, time_limit, batch_seeds)
    rebalance_deck(resolved, spec, deck, n_players, kinds, settings, games, lang, opts, run)


SEARCH_GAMES = 400
"""Games per value ``sim cards rebalance``'s check tries when -n is not given."""


@click.command("tune")
@click.argument("config")
@click.option("--param", required=True, metavar="PATH", help="Dotted path of the number to tune.")
@click.option("--range", "span", required=True, metavar="LO..HI", help="Values to search, e.g. 0..10.")
@click.option(
    "--target",
    required=True,
    metavar="METRIC=VALUE",
    help="effect:CARD=POINTS, score_effect:CARD=POINTS or win_share:SEAT=POINTS.",
)
@one_count_option
@click.option(
    "--games", "-n", type=click.IntRange(1), default=200, show_default=True, help="Games per value tried."
)
@click.option("--step", type=FiniteFloat(0, min_open=True), help="Search step (default 1 for whole numbers).")
@click.option("--deck", help="The deck of the card in an effect target (default: the deck holding it).")
@play_options
@set_option
@tuning_run_options(chunk_size=25)
@progress_option
@lang_option
@friendly
def tune_command(config, param, span, target, players, step, deck, sets, lang, **opts) -> None:
    """Find the value of a parameter that brings a card's effect or a seat's win share to a target.

    Bisects LO..HI, playing every value on the same seeds (one run folder per value); assumes the
    metric moves one way over the range. Reports the value, its interval (the values whose
    interval holds the target) and the games spent.

    \b
    Examples:
      sim tune configs/mingchu/base.yaml --param cards.门客.账房先生.ability.0.amount --range 0..6 \\
          --target effect:账房先生=0 -p 5 -n 400 -j 2
      sim tune brass --param starting_money --range 10..30 --target win_share:1=25 -p 4 -n 1000
    """
    from sim.cards.lab import LabRun, tune_parameter
    from sim.cards.tune import parse_range, parse_target

    try:
        goal = parse_target(target)
        bounds = parse_range(span)
    except ValueError as exc:
        raise UserError(exc.args[0]) from None
    resolved, spec = load(config, sets)
    n_players = one_count(spec, players, resolved)
    if goal.metric == "win_share" and int(goal.subject) > n_players:
        raise UserError(message("target_no_seat", text=target, seat=goal.subject, n=n_players))
    run = LabRun(partial(parse_bots, spec), runner_options(opts), click.echo)
    tune_parameter(resolved, param, goal, (span, bounds, step), n_players, deck, lang, opts, run)
