"""``sim goals``: parse the goals, budgets and lineup, run them (``sim.goal_run.run_goals``), print
each look, write the report and print its verdicts.

``sim.goal_run`` and the card study's ``Budget`` are imported where they are used: both read the
statistics (scipy), which would add about half a second to every ``sim`` command's start."""

from __future__ import annotations

import time
from collections.abc import Sequence

import click

from sim.cli.options import (
    UserError,
    friendly,
    lang_option,
    load,
    parse_bots,
    parse_sets,
    run_options,
    set_option,
    show_progress,
)
from sim.cli.report import make_report
from sim.cli.run import execute
from sim.config.goals import known_goals
from sim.core.goals import CONTROL
from sim.file_names import runs_folder
from sim.texts import message


@click.command()
@click.argument("config")
@set_option
@run_options
@click.option(
    "--budget",
    default="60m",
    show_default=True,
    help="When to stop with goals still undecided: minutes (60m), hours (2h) or games in all (5000g).",
)
@click.option(
    "--goal-budget",
    "goal_budgets",
    multiple=True,
    metavar="GOAL=BUDGET",
    help="A goal's own budget, e.g. routes=20m or routes=400g (default: --budget, or its share of it "
    "for a costly play: routes and the ladder a quarter). Repeatable.",
)
@click.option(
    "--goals",
    "only",
    metavar="GOAL,GOAL",
    help="Judge these goals alone (comma-separated keys): only the plays they read are played "
    "(default: every goal).",
)
@lang_option
@friendly
def goals(config, sets, lang, budget, goal_budgets, only, **opts) -> None:
    """Judge a config's design goals (its goals: block; docs/goals.md) and write the report.

    Plays the game's bot lineup without random play (the goals measured on the lineup's games),
    then, on the same seeds, each set of games a goal needs (docs/goals.md): the same lineup with
    random play among it (the skill gap), and those the game declares for its own goals. Plays in
    rounds: -n games first, then twice the games of every play an undecided goal needs, until each
    goal is decided (intervals valid at every look) or its budget is spent. Writes one report whose
    first section is the design goals. --bots replaces the lineup. Running the same command again
    replays its rounds and goes on.

    \b
    Examples:
      sim goals configs/mingchu/base.yaml -p 5 -j 2 --lang zh
      sim goals configs/mingchu/base.yaml -p 5 -j 2 --budget 2h --goal-budget routes=40m
      sim goals brass -p 4 -n 200 -j 2 --budget 5000g --out runs/brass-goals
    """
    from sim.goal_run import GoalRun, goals_section, look_line, run_goals

    begun = time.monotonic()  # the budget counts from here
    resolved, spec = load(config, sets)
    lineup = parse_bots(spec, opts["bots"])
    if CONTROL in lineup and opts["bots"]:
        raise UserError(f"--bots: leave out {CONTROL!r}: the skill gap's run adds it to the lineup")
    lineup = tuple(bot for bot in lineup if bot != CONTROL)  # a game's own lineup may hold it
    if not lineup:
        raise UserError(f"{spec.name}'s lineup is random play alone: give the bots to judge with --bots")
    goals_known = _chosen_goals(only, known_goals(spec.report.goals))
    own = _goal_budgets(goal_budgets, goals_known)
    folder = opts["out"] or runs_folder("goals", resolved.game, resolved.variant)
    asked = GoalRun(
        resolved,
        spec,
        lineup,
        goals_known,
        opts["games"],
        _budget(budget),
        folder,
        begun,
        overrides=parse_sets(sets),
        goal_budgets=own,
        jobs=opts["jobs"],
        chunk_size=opts["chunk_size"],
    )

    def run_games(variant, bots, games, out, replays, chunk_size, stop) -> None:
        run = {**opts, "stop": stop, "bots": ",".join(bots), "games": games, "out": out}
        execute([variant], {**run, "replays": replays, "chunk_size": chunk_size}, "", lang=lang)

    outcome = run_goals(asked, run_games, lambda state: click.echo(look_line(state, spec.name, lang, budget)))
    if not outcome.played:
        raise UserError(message("goals_budget_short", budget=budget))
    chosen = list(goals_known) if only else None  # --goals: the report judges those alone
    report = make_report(outcome.played, folder / "report", lang, show_progress(opts["progress"]), chosen)
    click.echo(goals_section(report.parent / "summary.md", lang))
    if outcome.unplayed:
        click.echo(message("goals_unplayed", goals=", ".join(outcome.unplayed)).in_lang(lang))


def _budget(text: str, flag: str = "--budget"):
    """A budget parsed as the card study's (``60m``, ``2h``, ``5000g``); a bad one is a usage error."""
    from sim.cards.deck_study import Budget

    try:
        return Budget.parse(text)
    except ValueError as exc:
        raise click.BadParameter(str(exc).replace("--budget", flag), param_hint=flag) from None


def _chosen_goals(only: str | None, known: dict) -> dict:
    """The goals ``--goals`` names (all of them without it); an unknown key is refused."""
    if not only:
        return known
    keys = [key.strip() for key in only.split(",") if key.strip()]
    unknown = [key for key in keys if key not in known]
    if unknown or not keys:
        raise click.BadParameter(
            f"{', '.join(unknown) or repr(only)}: not a goal; the goals are {', '.join(known)}",
            param_hint="--goals",
        )
    return {key: known[key] for key in keys}


def _goal_budgets(given: Sequence[str], known: dict) -> dict:
    """``--goal-budget GOAL=BUDGET`` values by goal; an unknown goal or a bad budget is refused."""
    budgets = {}
    for text in given:
        goal, sep, value = text.partition("=")
        if not sep or goal.strip() not in known:
            raise click.BadParameter(
                f"{text!r}: give GOAL=BUDGET with GOAL one of {', '.join(known)}", param_hint="--goal-budget"
            )
        budgets[goal.strip()] = _budget(value.strip(), "--goal-budget")
    return budgets
