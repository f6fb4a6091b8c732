"""The ``sim`` command line: a thin layer wiring configs, games, runner and reports together."""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from sim.bots import bot_names
from sim.cli.bots import bots as bots_command
from sim.cli.cards import cards as cards_group
from sim.cli.cards import tune_command
from sim.cli.options import (
    FiniteFloat,
    LangGroup,
    UserError,
    bots_option,
    command_line,
    display_names,
    error_text,
    friendly,
    jobs_option,
    lang_choice,
    lang_option,
    load,
    parse_bots,
    parse_players,
    parse_sets,
    progress_option,
    resolve_config_path,
    run_options,
    runner_options,
    seed_option,
    set_option,
    show_progress,
)
from sim.config import ConfigError, ResolvedConfig, load_config
from sim.core.game import GameSpec
from sim.core.registry import game_named
from sim.file_names import runs_folder
from sim.games import GameLoadError, game_names, get_game
from sim.runner import Study, run_study, run_until
from sim.texts import message

if TYPE_CHECKING:
    from sim.bots.cost import Cost


@click.group(
    cls=LangGroup, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100}
)
@click.version_option(package_name="sim")
def cli() -> None:
    """Monte Carlo balance testing for board games.

    \b
    Typical use:
      sim list
      sim play brass --players 4 --seed 1
      sim run brass --players 2,3,4 --games 1000 --jobs 2 --out runs/brass
      sim report runs/brass --out reports/brass
    """


cli.add_command(cards_group)
cli.add_command(tune_command)
cli.add_command(bots_command)


@cli.command("list")
@lang_option
def list_command(lang: str) -> None:
    """List games, their variants, player counts and bots."""
    from sim.report.labels import t

    for name in game_names():
        spec = get_game(name)
        names = display_names(name, lang)
        variants = sorted(p.stem for p in spec.config_dir.glob("*.yaml"))
        kind = t("cli_list_template", lang) if spec.example else ""
        sep = t("list_separator", lang)
        click.echo(
            t("cli_list_game", lang, name=name, title=names.title(name), rules=spec.rules_version, kind=kind)
        )
        by_config = t("cli_list_by_config", lang) if spec.players_for else ""
        click.echo(
            t("cli_list_players", lang, counts=sep.join(map(str, spec.player_counts)), by_config=by_config)
        )
        shown = sep.join(names.variant(name, v) for v in variants) or "-"
        click.echo(t("cli_list_variants", lang, variants=shown, folder=spec.config_dir))
        bots = [names.term(name, b) for b in bot_names(spec)]
        click.echo(t("cli_list_bots", lang, bots=sep.join(bots)))


@cli.command()
@click.argument("configs", nargs=-1, required=True)
@set_option
@lang_option
def validate(configs: tuple[str, ...], sets: tuple[str, ...], lang: str) -> None:
    """Check config files; print each one's game, variant and hash, or what is wrong.

    \b
    Example:  sim validate configs/brass/*.yaml
    """
    from sim.report.labels import t

    failed = 0
    for config in configs:
        try:
            resolved, _ = load(config, sets)
        except (ConfigError, UserError) as exc:
            failed += 1
            click.echo(t("cli_error", lang, message=error_text(exc, lang)), err=True)
            continue
        names = display_names(resolved.game, lang)
        shown = names.variant(resolved.game, resolved.label)
        title = names.title(resolved.game)
        click.echo(
            t("cli_validate_ok", lang, config=config, game=title, variant=shown, hash=resolved.config_hash)
        )
    if failed:
        raise SystemExit(1)


@cli.command()
@click.argument("game")
@click.argument("config", required=False)
@click.option("--players", "-p", help="Player counts, e.g. 3,4 (default: all the game supports).")
@click.option(
    "--playouts", type=click.IntRange(1), default=3, show_default=True, help="Random games per count."
)
@click.option(
    "--probe-every",
    type=click.IntRange(1),
    default=10,
    show_default=True,
    help="Try every legal action and resample hidden information at every Nth position.",
)
@click.option(
    "--variants",
    type=click.IntRange(0),
    default=0,
    help="Also play the game's planted variants against the config, N paired seeds each, with the "
    "default bots: do the bots' moves change, and does each measure move the expected way?",
)
@seed_option
@set_option
@lang_option
@friendly
def check(game, config, players, playouts, probe_every, variants, seed, sets, lang) -> None:
    """Check that a game package keeps the promises of the game shape.

    GAME is a bundled game, a game named in SIM_GAME_MODULES, or a module path exporting SPEC
    (e.g. mypackage.mygame); a config file alone checks the game it names with that config.
    CONFIG defaults to the game's base config.

    \b
    Examples:
      sim check brass
      sim check mingchu configs/mingchu/short.yaml -p 5 --playouts 5
      sim check mypackage.mygame
      sim check my-variant.yaml
      sim check brass --variants 4 -p 2
    """
    from sim.check import check_game
    from sim.report.labels import t

    if config is None and _names_a_config_file(game):
        config = game
        game = load_config(resolve_config_path(config), parse_sets(sets)).game
    spec = load_game(game)
    resolved = load_config(resolve_config_path(config) if config else spec.default_config, parse_sets(sets))
    if get_game(resolved.game).name != spec.name:
        raise UserError(
            message(
                "check_other_game",
                path=resolved.path,
                game=game_named(resolved.game),
                wanted=game_named(game),
            )
        )
    counts = parse_players(spec, players, [resolved])
    names = display_names(spec.name, lang)
    shown = names.variant(spec.name, resolved.label)
    sep = t("list_separator", lang)
    click.echo(
        t(
            "cli_check_start",
            lang,
            title=names.title(spec.name),
            variant=shown,
            counts=sep.join(map(str, counts)),
        )
    )
    report = check_game(
        spec, resolved.params, player_counts=counts, playouts=playouts, probe_every=probe_every, seed=seed
    )
    for problem in report.problems:
        click.echo(t("cli_check_fail", lang, problem=problem))
    status = t("cli_check_passed", lang) if report.ok else t("cli_check_failed", lang, n=len(report.problems))
    click.echo(
        t("cli_check_done", lang, game=report.game if lang == "en" else names.title(spec.name), playouts=report.playouts, actions=report.actions,
          probes=report.probes, status=status)
    )  # fmt: skip
    ok = report.ok and (
        not variants or _check_variants(spec, resolved.path, sets, counts[0], variants, seed, lang)
    )
    if not ok:
        raise SystemExit(1)


def _check_variants(
    spec: GameSpec, config: Path, sets: tuple[str, ...], n: int, games: int, seed: int, lang: str = "en"
) -> bool:
    """``sim check --variants``: the planted variants' section; True when every one passed."""
    from sim.check_variants import check_variants, variant_lines
    from sim.report.labels import t

    if not spec.planted_variants:
        game = spec.name if lang == "en" else display_names(spec.name, lang).title(spec.name)
        click.echo(t("cli_check_no_variants", lang, game=game))
        return True
    click.echo(t("cli_check_variants", lang, games=games, n=n))
    results = check_variants(spec, config, parse_sets(sets), n_players=n, games=games, seed=seed)
    names = display_names(spec.name, lang)
    game = spec.name if lang == "en" else names.title(spec.name)
    term = str if lang == "en" else (lambda measure: names.term(spec.name, measure))  # English: the column
    for line in variant_lines(game, results, term):
        click.echo(line.in_lang(lang))
    return all(r.passed for r in results)


def _names_a_config_file(name: str) -> bool:
    """``sim check x.yaml``: the argument is a config file, not a game or module path."""
    return name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name


def load_game(name: str) -> GameSpec:
    """A registered game by name, or a module path exporting ``SPEC``."""
    try:
        return get_game(name)
    except GameLoadError as exc:
        raise UserError(exc.args[0]) from None


@cli.command()
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
    help_text="Language of the header and the result (default: the language the game tells its games in; "
    "the moves are the game's own text).",
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
    from sim.bots import play_game
    from sim.core.playlog import final_event, final_lines, header_line, make_step_hook, story_lang
    from sim.report.names import variant_stem

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
        hook = make_step_hook(spec, lineup, None if quiet else click.echo, log)
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
    from sim.report.labels import t

    names = display_names(game, lang)
    bots = t("list_separator", lang).join(names.term(game, b) for b in lineup)
    title, variant = names.title(game), names.variant(game, label)
    return t("cli_play_header", lang, title=title, variant=variant, n=n_players, seed=seed, bots=bots)


def play_result(game: str, record: Any, lang: str) -> list[str]:
    """``sim play``'s closing block in ``lang``: how the game ended, then each seat's bot, rank and score."""
    from sim.report.labels import t

    if record.error:
        return [t("cli_play_failed", lang, actions=record.actions, error=record.error)]
    names = display_names(game, lang)
    reason = names.term(game, record.end_reason)
    lines = [t("cli_play_over", lang, rounds=record.rounds, actions=record.actions, reason=reason)]
    lines.append(t("cli_play_head", lang))
    for seat in range(record.n_players):
        bot, rank, score = names.term(game, record.bots[seat]), record.ranks[seat], f"{record.scores[seat]:g}"
        lines.append(t("cli_play_row", lang, seat=seat + 1, bot=bot, rank=rank, score=score))
    return lines


def execute(
    variants: list[ResolvedConfig],
    opts: dict[str, Any],
    default_out: str,
    until_ci: float | None = None,
    lang: str = "en",
) -> Path:
    """Plan and run a study over ``variants``, print the summary (in ``lang``), enforce the error threshold."""
    from sim.report.labels import t
    from sim.runner.summary import summary_text

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


def widest_seat_interval(out: Path) -> float:
    """The widest 95% half-width of any seat's win share in a run folder."""
    import pandas as pd

    from sim.stats import max_halfwidth

    return max_halfwidth(pd.read_parquet(out / "players"))


def _report_precision(target: float, lang: str = "en") -> Callable[[int, float], None]:
    from sim.report.labels import t

    def echo(games: int, halfwidth: float) -> None:
        click.echo(
            t("cli_precision", lang, games=games, half=f"{halfwidth:.2%}", target=f"{target:.2%}"), err=True
        )

    return echo


def console_names(out: Path, lang: str) -> Callable[[str, str], str]:
    """Display names of bots and variants in ``lang`` for the console summary, from the run's metadata."""
    from sim.report.names import Names

    meta = json.loads((Path(out) / "run.json").read_text(encoding="utf-8"))
    names = Names.from_meta([meta], lang)  # type: ignore[arg-type]
    game = next(iter(meta.get("games") or {}), "")

    def shown(kind: str, value: str) -> str:
        return names.term(game, value) if kind == "bot" else names.variant(game, value)

    return shown


@cli.command()
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


@cli.command()
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
    from sim.dataset.card_effects import FOLDER
    from sim.report.labels import t
    from sim.report.verdicts import card_change_lines

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


@cli.command()
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


@cli.command()
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
@click.option("--out", "-o", type=click.Path(file_okay=False, path_type=Path), help="Ladder folder.")
@lang_option
@progress_option
@friendly
def ladder(
    config,
    players,
    games,
    search_games,
    budgets,
    heuristics,
    cost_games,
    seed,
    jobs,
    sets,
    out,
    lang,
    progress,
):
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
    from sim.runner.ladder import ladder_rungs, run_ladder, search_costs

    resolved, spec = load(config, sets)
    counts = parse_players(spec, players, [resolved])
    names = parse_bots(spec, heuristics) if heuristics else tuple(b for b in spec.lineup if b != "random")
    try:
        steps = tuple(dict.fromkeys(int(b) for b in budgets.split(",") if b.strip()))
    except ValueError:
        raise UserError(message("budgets_numbers", text=budgets)) from None
    if any(b < 1 for b in steps):
        raise UserError(message("budgets_positive", text=budgets))
    rungs = ladder_rungs(names, steps, games, search_games)
    out = out or runs_folder("ladder", spec.name, resolved.variant, resolved.config_hash[:8])
    from sim.report.labels import t

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
        seed=seed,
        jobs=jobs,
        progress=show_progress(progress),
        command=command_line(),
    )
    click.echo(ladder_summary(folders, lang))
    if cost_games:
        costs = search_costs(spec, resolved.params, counts, rungs, cost_games)
        shown = partial(names.term, spec.name)
        lines = [cost_line(c, n, lang, shown) for n, c in costs]
        click.echo("\n".join([t("cli_cost_head", lang, games=cost_games), *lines]))
    make_report(folders, out / "report", lang, show_progress(progress))


def cost_line(cost: Cost, n_players: int, lang: str = "en", bot_name: Callable[[str], str] = str) -> str:
    """One console line: a bot's cost per decision and per game at ``n_players``, in ``lang``, the
    bot shown by ``bot_name`` (its display name)."""
    from sim.report.labels import t

    searched = t("cli_cost_searched", lang, n=f"{cost.searched:.0f}") if cost.searched is not None else ""
    return t(
        "cli_cost_line", lang, n=n_players, bot=bot_name(cost.bot), ms=f"{cost.ms_per_decision:.1f}",
        decisions=f"{cost.decisions:.0f}", searched=searched, seconds=f"{cost.s_per_game:.2f}",
    )  # fmt: skip


def ladder_summary(folders: Sequence[Path], lang: str = "en") -> str:
    """Bot strengths with intervals, then each seat's ladder status, as plain text in ``lang``."""
    from sim import stats
    from sim.report.labels import t
    from sim.report.names import Names

    run = stats.load_run(folders)
    names = Names.from_meta(run.meta, lang)
    strengths = stats.bradley_terry(run.players, by=["game", "n_players"])
    lines = [t("cli_ladder_strengths", lang)]
    for row in strengths.sort_values(["n_players", "strength"], ascending=[True, False]).itertuples():
        shown = f"{row.strength:+6.2f}  [{row.lo:+.2f}, {row.hi:+.2f}]"
        if row.bound == "at_most":
            shown = t("cli_ladder_at_most", lang, hi=f"{row.hi:+.2f}")
        elif row.bound == "at_least":
            shown = t("cli_ladder_at_least", lang, lo=f"{row.lo:+.2f}")
        bot = names.term(row.game, row.bot)
        lines.append(t("cli_ladder_strength", lang, n=row.n_players, bot=bot, shown=shown))
    by_tier = stats.seat_win_rates_by_tier(run.players, run.games)
    verdicts = stats.ladder_consistency(by_tier, stats.bradley_terry(run.players, by=["game"]))
    lines.append(t("cli_ladder_seats", lang))
    for row in verdicts.itertuples():
        effect = (
            f"{row.effect:.1%} [{row.effect_lo:.1%}, {row.effect_hi:.1%}]"
            if row.effect == row.effect
            else "-"
        )
        holm = t("cli_ladder_holm", lang, p=f"{row.pooled_p:.3f}") if row.pooled_p == row.pooled_p else ""
        status = names.term(row.game, row.status)
        lines.append(
            t("cli_ladder_seat", lang, n=row.n_players, seat=row.seat + 1, status=status, effect=effect,
              fair=f"{row.fair_share:.1%}", holm=holm)
        )  # fmt: skip
    return "\n".join(lines)


def make_report(
    run_dirs: Sequence[Path], out: Path, lang: str, progress: bool = True, goals: Sequence[str] | None = None
) -> Path:
    from sim.report import build_report
    from sim.report.labels import t

    path = build_report(list(run_dirs), out, lang=lang, progress=progress, goals=goals)
    click.echo(t("cli_report", lang, path=path))
    return path


@cli.command()
@click.argument(
    "run_dirs", nargs=-1, required=True, type=click.Path(exists=True, file_okay=False, path_type=Path)
)
@click.option(
    "--out",
    "-o",
    type=click.Path(file_okay=False, path_type=Path),
    help="Report folder (default RUN_DIR/report).",
)
@lang_option
@progress_option
@friendly
def report(run_dirs, out, lang, progress) -> None:
    """Write a balance report (HTML, Markdown, CSV) for one or more run directories.

    \b
    Example:  sim report runs/brass --out reports/brass --lang zh
    """
    make_report(run_dirs, report_folder(out or run_dirs[0] / "report", lang), lang, show_progress(progress))


def _run_folder(path: Path) -> bool:
    return (path / "run.json").is_file() or (path / "games").is_dir()


def report_folder(out: Path, lang: str) -> Path:
    """Where ``sim report`` writes: ``out``, or its ``report/`` subfolder when ``out`` is a run folder
    (said on the console); a folder inside a run's table folders is refused. A report never mixes
    its files with a run's."""
    from sim.report.labels import t

    if _run_folder(out):
        click.echo(t("cli_report_in_run", lang, out=out))
        return out / "report"
    for parent in out.resolve().parents:
        inside = out.resolve().relative_to(parent).parts[0]
        if _run_folder(parent) and inside != "report":
            raise UserError(
                message("out_inside_run", out=out, run=parent, inside=inside, report=parent / "report")
            )
    return out


@cli.command()
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
    import time

    from sim.config.goals import known_goals
    from sim.core.goals import CONTROL, GENERIC_PLAYS, LINEUP
    from sim.goal_study import (
        REPORT_PER_GAME,
        GoalStudy,
        PlayPlan,
        measure_goals,
        plays_of,
        report_reserve,
        run_goal_study,
    )

    begun = time.monotonic()  # the budget counts from here
    resolved, spec = load(config, sets)
    folder = opts["out"] or runs_folder("goals", resolved.game, resolved.variant)
    lineup = parse_bots(spec, opts["bots"])
    if CONTROL in lineup and opts["bots"]:
        raise UserError(f"--bots: leave out {CONTROL!r}: the skill gap's run adds it to the lineup")
    lineup = tuple(bot for bot in lineup if bot != CONTROL)  # a game's own lineup may hold it
    if not lineup:
        raise UserError(f"{spec.name}'s lineup is random play alone: give the bots to judge with --bots")
    goals_known = _chosen_goals(only, known_goals(spec.goals))
    own = _goal_budgets(goal_budgets, goals_known)
    declared = {play.key: play for play in (*GENERIC_PLAYS, *spec.goal_plays)}
    plans = {LINEUP: PlayPlan(LINEUP)} | {
        k: PlayPlan(k, p.share, p.replays, p.budget_share) for k, p in declared.items()
    }
    study = GoalStudy(
        plans,
        {k: plays_of(k, goals_known) for k in goals_known},
        opts["games"],
        _budget(budget),
        own,
        limits={key: goal.range() for key, goal in goals_known.items()},
        in_flight={k: opts["jobs"] * _chunk_of(p, opts["chunk_size"]) for k, p in plans.items()},
    )
    study = replace(study, report_seconds=report_reserve(study.budget), report_per_game=REPORT_PER_GAME)
    folders = {key: folder / key for key in plans}

    completed: dict[str, int] = {}  # the games each play's folder was completed to in this command

    def play(key: str, games: int, stop) -> int:
        # a folder never shrinks: one holding more finished games (a later round, resumed) keeps them
        asked = max(games, _games_held(folders[key])[1])
        if completed.get(key, 0) < asked:
            run = {**opts, "stop": stop}
            _play_goal_games(
                config, sets, resolved, lineup, declared.get(key), folders[key], asked, run, lang
            )
        held = _games_held(folders[key])[0]
        completed[key] = held
        replays = plans[key].replays
        return min(games, held // replays * replays)  # whole setups of the games asked

    def look(targets) -> object:
        held = {k: games for k, games in targets.items() if games}  # a deadline may leave a play none
        return measure_goals([folders[k] for k in held], held, list(goals_known))

    progress = run_goal_study(
        study,
        folder,
        play,
        look,
        on_look=lambda state: click.echo(_goals_look(state, spec.name, lang, budget)),
        started=begun,
    )
    played = [folders[k] for k, games in progress.targets.items() if games]  # a deadline may leave none
    if not played:
        raise UserError(message("goals_budget_short", budget=budget))
    chosen = list(goals_known) if only else None  # --goals: the report judges those alone
    report = make_report(played, folder / "report", lang, show_progress(opts["progress"]), chosen)
    click.echo(_goals_verdicts(report.parent / "summary.md", lang))
    looked = {record["goal"] for record in progress.records.values()}
    unplayed = [
        goal
        for goal, reads in study.goal_plays.items()
        if goal not in looked and any(not progress.targets.get(play) for play in reads)
    ]
    if unplayed:
        click.echo(message("goals_unplayed", goals=", ".join(unplayed)).in_lang(lang))


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


def _games_held(out: Path) -> tuple[int, int]:
    """(the games every player count of a run folder holds from game 0 on without a gap, the index
    past its last finished game): (0, 0) for none yet. Chunk files name their games; a run stopped
    at a deadline holds the chunks it launched."""
    from sim.runner.store import PART_RE

    try:
        counts = json.loads((out / "run.json").read_text(encoding="utf-8")).get("player_counts") or []
    except (OSError, ValueError):
        return 0, 0
    held: dict[int, set[int]] = {int(n): set() for n in counts}
    for path in (out / "games").glob("part-*.parquet"):
        match = PART_RE.match(path.name)
        if match:
            _, n_players, start, stop = map(int, match.groups())
            held.setdefault(n_players, set()).update(range(start, stop))
    if not held or not any(held.values()):
        return 0, 0
    prefix = min(next(i for i in range(len(games) + 1) if i not in games) for games in held.values())
    return prefix, max(max(games, default=-1) + 1 for games in held.values())


def _play_goal_games(config, sets, resolved, lineup, play, out: Path, games: int, opts, lang) -> None:
    """Grow one play's folder to ``games`` games: the lineup's own games (``play`` None) or a goal's
    play, on the same seeds as the variant ``<variant>+<play>`` (its --set values and bots)."""
    from sim.core.goals import PLAY_SEPARATOR

    if play is None:
        execute([resolved], {**opts, "bots": ",".join(lineup), "games": games, "out": out}, "", lang=lang)
        return
    played_with = load(config, (*sets, *play.sets))[0] if play.sets else resolved
    # the label is the lineup's (its --set values included) + the play: the report pairs them
    variant = replace(played_with, variant=f"{resolved.label}{PLAY_SEPARATOR}{play.key}", overrides={})
    run = {**opts, "bots": ",".join(play.bots(lineup)), "games": games, "out": out, "replays": play.replays}
    run["chunk_size"] = _chunk_of(play, _spread_chunks(games, opts["chunk_size"], opts["jobs"]))
    execute([variant], run, "", lang=lang)


def _goals_look(state, game: str, lang: str, budget: str = "") -> str:
    """One line after a look: the round, the games of each play and the goals still open, by their
    display names in ``lang``."""
    names = display_names(game, lang)
    games = ", ".join(f"{names.play(game, k)} {v}" for k, v in state.targets.items())
    still = [names.term(game, g) for g, s in state.status.items() if s == "open"]
    line = message("goals_look", round=len(state.rounds), games=games, open=", ".join(still) or "-")
    if state.cut and state.cut[-1] == len(state.rounds) > state.replayed:  # cut by this command
        cut = message("goals_cut", round=len(state.rounds), budget=budget)
        return f"{line.in_lang(lang)}\n{cut.in_lang(lang)}"
    return line.in_lang(lang)


def _goals_verdicts(summary: Path, lang: str) -> str:
    """The design goals' section of a report's summary.md (its heading and one line per goal)."""
    from sim.report.labels import t

    heading = t("sec_goals", lang)
    parts = summary.read_text(encoding="utf-8").split("\n## ")
    return next((f"## {part.strip()}" for part in parts if part.startswith(heading)), "")


def _spread_chunks(games: int, chunk_size: int, jobs: int) -> int:
    """A chunk size that gives every worker several tasks: a costly play of a few games (a search
    bot's) would otherwise be one chunk on one worker."""
    return min(chunk_size, max(1, -(-games // (4 * jobs))))


def _chunk_of(play, chunk_size: int) -> int:
    """A goal play's chunk size: whole setups (a multiple of its ``replays``: a run stopped at a
    deadline then holds no setup in part), one setup for a costly play (``budget_share`` < 1, e.g.
    search bots: a deadline then waits for one game a worker, not a chunk of them)."""
    if play.budget_share < 1:
        return play.replays
    return max(play.replays, chunk_size // play.replays * play.replays)


def main() -> None:
    cli(prog_name="sim")
