"""``sim run``, ``sim compare`` and ``sim sweep``: plan a study of one or more variants, run it
(``sim.runner``), print its summary and, for compare and sweep, write the report.

The console summary (``sim.runner.summary``) and the card change (``sim.cards.change``) are
imported where they are used: both read the statistics (scipy), which would add about half a
second to every ``sim`` command's start."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from sim.cli.options import (
    FiniteFloat,
    UserError,
    friendly,
    lang_option,
    load,
    parse_bots,
    parse_players,
    run_options,
    runner_options,
    set_option,
    show_progress,
)
from sim.cli.report import make_report
from sim.config import ResolvedConfig
from sim.core.registry import game_named
from sim.dataset.card_effects import FOLDER
from sim.file_names import runs_folder
from sim.games import get_game
from sim.report.labels import t
from sim.report.names import Names
from sim.report.verdicts import card_change_lines
from sim.runner import Study, run_study, run_until
from sim.texts import message


def execute(
    variants: list[ResolvedConfig],
    opts: dict[str, Any],
    default_out: str,
    until_ci: float | None = None,
    lang: str = "en",
) -> Path:
    """Plan and run a study over ``variants``, print the summary (in ``lang``), enforce the error threshold."""
    from sim.runner.summary import summary_text, widest_seat_interval

    spec = get_game(variants[0].game)
    if any(get_game(v.game).name != spec.name for v in variants):
        games = [message("run_config_game", path=v.path, game=game_named(v.game)) for v in variants]
        raise UserError(message("run_one_game", games=games))
    study = Study(
        tuple(variants),
        parse_players(spec, opts["players"], variants),
        opts["games"],
        parse_bots(spec, opts["bots"]),
        opts["seed"],
        opts["chunk_size"],
        opts.get("replays", 1),
    )

    def out_for(planned: Study) -> Path:
        return opts["out"] or runs_folder(default_out, planned.run_id)

    run_options = {**runner_options(opts), "label": t("progress_games", lang)}
    if opts.get("stop") is not None:  # sim goals: no chunk launched past its deadline
        run_options["stop"] = opts["stop"]
    if until_ci is None:
        result = run_study(study, out_for(study), **run_options)
    else:
        result, games, reached = run_until(
            study,
            out_for,
            widest_seat_interval,
            until_ci,
            on_step=_report_precision(until_ci, lang),
            **run_options,
        )
        verdict = t("cli_until_reached" if reached else "cli_until_missed", lang)
        click.echo(t("cli_until", lang, target=until_ci, verdict=verdict, games=games))
    out = result.out
    click.echo(t("cli_results", lang, out=out, run_id=result.run_id))
    click.echo(summary_text(out, lang, console_names(out, lang)))
    rate = result.error_rate
    if result.errors:
        click.echo(t("cli_failed", lang, errors=result.errors, rate=f"{rate:.2%}", out=out), err=True)
    if rate > opts["max_error_rate"]:
        raise SystemExit(1)
    return out


def _report_precision(target: float, lang: str = "en") -> Callable[[int, float], None]:
    def echo(games: int, halfwidth: float) -> None:
        click.echo(
            t("cli_precision", lang, games=games, half=f"{halfwidth:.2%}", target=f"{target:.2%}"), err=True
        )

    return echo


def console_names(out: Path, lang: str) -> Callable[[str, str], str]:
    """Display names of bots and variants in ``lang`` for the console summary, from the run's metadata."""
    meta = json.loads((Path(out) / "run.json").read_text(encoding="utf-8"))
    names = Names.from_meta([meta], lang)  # type: ignore[arg-type]
    game = next(iter(meta.get("games") or {}), "")

    def shown(kind: str, value: str) -> str:
        return names.term(game, value) if kind == "bot" else names.variant(game, value)

    return shown


@click.command()
@click.argument("config")
@set_option
@run_options
@click.option(
    "--until-ci",
    type=FiniteFloat(0.001, 0.5),
    help="Add games until every seat's 95% half-width is below this (capped by --games).",
)
@lang_option
@friendly
def run(config, sets, until_ci, lang, **opts) -> None:
    """Run many games of one config and store the results as Parquet.

    \b
    Examples:
      sim run brass --players 2,3,4 --games 1000 --jobs 2
      sim run configs/mingchu/base.yaml -p 5 -n 500 --set loans.interest=2 --out runs/m5
      sim run brass -n 20000 --until-ci 0.01 --jobs 2
      sim run brass -n 5000 --backend dask --scheduler tcp://10.0.0.5:8786
    Running the same command again resumes an interrupted run.
    """
    resolved, _ = load(config, sets)
    execute([resolved], opts, f"{resolved.game}-{resolved.variant}", until_ci, lang)


@click.command()
@click.argument("config_a")
@click.argument("config_b", required=False)
@click.option("--set-a", multiple=True, metavar="PATH=VALUE", help="Override for variant A.")
@click.option("--set-b", multiple=True, metavar="PATH=VALUE", help="Override for variant B.")
@run_options
@click.option("--report/--no-report", "with_report", default=True, show_default=True)
@lang_option
@friendly
def compare(config_a, config_b, set_a, set_b, with_report, lang, **opts) -> None:
    """Run two variants on the same seeds and report paired differences.

    When the variants differ in a card the game can force on a seat, the card's causal effect on
    its holder is measured in each variant on the same seeds (the card lab's forced arm) and the
    change is reported first (docs/card-lab.md).

    \b
    Examples:
      sim compare configs/brass/base.yaml configs/brass/cheap-loans.yaml -p 4 -n 2000
      sim compare brass --set-b starting_money=20 -n 2000
      sim compare mingchu --set-b cards.门客.鲁班传人.passive.0.amount=1 -p 5 -n 200 -j 2
    """
    variant_a, _ = load(config_a, set_a)
    variant_b, _ = load(config_b or config_a, set_b)
    if variant_a.config_hash == variant_b.config_hash:
        raise UserError(message("compare_same"))
    if variant_a.label == variant_b.label:  # same file name in two folders: tell them apart
        variant_a, variant_b = (
            replace(v, variant=f"{v.path.parent.name}/{v.variant}") for v in (variant_a, variant_b)
        )
    out = execute([variant_a, variant_b], opts, f"compare-{variant_a.label}-{variant_b.label}", lang=lang)
    card_change_effects(variant_a, variant_b, out, lang, opts)
    if with_report:
        make_report([out], out / "report", lang, show_progress(opts["progress"]))


def card_change_effects(
    variant_a: ResolvedConfig, variant_b: ResolvedConfig, out: Path, lang: str, opts: dict[str, Any]
) -> None:
    """When the variants differ in a card the game can force, play the card lab's forced arm of that
    card in each variant on the compare's seeds (``sim.cards.change``) and print its effect in A, in
    B and the change: the compare's answer about the card."""
    from sim.cards.change import ChangeStudy, run_change_study

    spec = get_game(variant_a.game)
    plan = ChangeStudy(
        variant_a,
        variant_b,
        parse_players(spec, opts["players"], [variant_a, variant_b]),
        opts["games"],
        parse_bots(spec, opts["bots"]),
        opts["seed"],
        opts["chunk_size"],
    )
    table = run_change_study(plan, out, lang, **runner_options(opts))
    if len(table):
        click.echo(t("cli_card_change", lang, folder=out / FOLDER))
    for line in card_change_lines(table, lang):
        click.echo(line)


@click.command()
@click.argument("config")
@click.option(
    "--param",
    "params",
    multiple=True,
    required=True,
    metavar="PATH=V1,V2,...",
    help="A parameter and its values.",
)
@set_option
@run_options
@click.option("--report/--no-report", "with_report", default=True, show_default=True)
@lang_option
@friendly
def sweep(config, params, sets, with_report, lang, **opts) -> None:
    """Run a grid of parameter values on the same seeds and report each metric's response.

    \b
    Example:
      sim sweep brass --param starting_money=14,17,20 -p 3 -n 500 --jobs 2
    """
    axes = []
    for text in params:
        path, _, values = text.partition("=")
        if not path or not values:
            raise UserError(message("sweep_param", text=text))
        axes.append([(path, value) for value in dict.fromkeys(v.strip() for v in values.split(","))])
    base_sets = list(sets)
    variants = [
        load(config, base_sets + [f"{p}={v}" for p, v in combo])[0] for combo in itertools.product(*axes)
    ]
    out = execute(variants, opts, f"sweep-{variants[0].game}-{variants[0].variant}", lang=lang)
    if with_report:
        make_report([out], out / "report", lang, show_progress(opts["progress"]))
