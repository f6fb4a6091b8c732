"""``sim ladder``: rate the bots and test seat effects across bot strength (``sim.runner.ladder``);
its console text is the report's (``sim.report.ladder_text``).

``sim.report.ladder_text`` is imported where it is used: it reads the statistics (scipy), which
would add about half a second to every ``sim`` command's start."""

from __future__ import annotations

from functools import partial

import click

from sim.cli.options import (
    UserError,
    command_line,
    display_names,
    friendly,
    jobs_option,
    lang_option,
    load,
    out_option,
    parse_bots,
    parse_players,
    progress_option,
    seed_option,
    set_option,
    show_progress,
)
from sim.cli.report import make_report
from sim.file_names import runs_folder
from sim.report.labels import t
from sim.runner.ladder import ladder_rungs, run_ladder, search_costs
from sim.texts import message


@click.command()
@click.argument("config")
@click.option("--players", "-p", help="Player counts, e.g. 4 (default: all the config supports).")
@click.option(
    "--games", "-n", type=click.IntRange(1), default=200, show_default=True, help="Games per rung and count."
)
@click.option(
    "--search-games",
    type=click.IntRange(1),
    default=20,
    show_default=True,
    help="Games per search rung and count.",
)
@click.option(
    "--budgets", default="25,100", show_default=True, help="Search budgets (iterations per decision)."
)
@click.option("--heuristics", help="The heuristic bots to rank (default: the game's lineup).")
@click.option(
    "--cost-games",
    type=click.IntRange(0),
    default=1,
    show_default=True,
    help="Extra games per search bot and count timed for its CPU cost per decision and game (0: none).",
)
@seed_option
@jobs_option
@set_option
@out_option
@lang_option
@progress_option
@friendly
def ladder(config, players, heuristics, budgets, sets, lang, progress, **opts) -> None:
    """Rate the bots and test seat effects across bot strength.

    Plays random play (a no-skill control), each heuristic on its own (a tier), the heuristics
    together, and the generic onestep, mcts:N and rollout:2 bots among them, on the same seeds; then fits
    Bradley-Terry strengths from the head-to-head games and calls each seat effect robust,
    strength-dependent, flips, under-powered, pooled only or control only. Each rung is a run folder.
    Last, each search bot's CPU cost per decision and per game, timed in --cost-games extra games.

    \b
    Examples:
      sim ladder brass -p 4 -n 200 --jobs 2
      sim ladder mingchu -p 5 -n 100 --search-games 10 --budgets 10,40
    """
    from sim.report.ladder_text import cost_line, ladder_summary

    resolved, spec = load(config, sets)
    counts = parse_players(spec, players, [resolved])
    names = parse_bots(spec, heuristics) if heuristics else tuple(b for b in spec.lineup if b != "random")
    rungs = ladder_rungs(names, search_budgets(budgets), opts["games"], opts["search_games"])
    out = opts["out"] or runs_folder("ladder", spec.name, resolved.variant, resolved.config_hash[:8])
    names = display_names(spec.name, lang)
    title = names.title(spec.name)
    click.echo(
        t("cli_ladder_start", lang, title=title, label=names.variant(spec.name, resolved.label),
          counts=", ".join(map(str, counts)), rungs=len(rungs))
    )  # fmt: skip
    folders = run_ladder(
        resolved,
        counts,
        rungs,
        out,
        seed=opts["seed"],
        jobs=opts["jobs"],
        progress=show_progress(progress),
        command=command_line(),
    )
    click.echo(ladder_summary(folders, lang))
    if cost_games := opts["cost_games"]:
        costs = search_costs(spec, resolved.params, counts, rungs, cost_games)
        shown = partial(names.term, spec.name)
        lines = [cost_line(c, n, lang, shown) for n, c in costs]
        click.echo("\n".join([t("cli_cost_head", lang, games=cost_games), *lines]))
    make_report(folders, out / "report", lang, show_progress(progress))


def search_budgets(text: str) -> tuple[int, ...]:
    """``--budgets 25,100``: the search budgets, each a whole number of at least 1."""
    try:
        steps = tuple(dict.fromkeys(int(b) for b in text.split(",") if b.strip()))
    except ValueError:
        raise UserError(message("budgets_numbers", text=text)) from None
    if any(b < 1 for b in steps):
        raise UserError(message("budgets_positive", text=text))
    return steps
