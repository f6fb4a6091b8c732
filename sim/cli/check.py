"""``sim check``: whether a game package keeps the promises of the game shape (``sim.check``), and
its planted variants (``sim.check_variants``)."""

from __future__ import annotations

from pathlib import Path

import click

from sim.check import check_game
from sim.check_variants import check_variants, variant_lines
from sim.cli.options import (
    UserError,
    display_names,
    friendly,
    lang_option,
    parse_players,
    parse_sets,
    resolve_config_path,
    seed_option,
    set_option,
)
from sim.config import load_config
from sim.core.game import GameSpec
from sim.core.registry import game_named
from sim.games import GameLoadError, get_game
from sim.report.labels import t
from sim.texts import message


@click.command()
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
    if not spec.report.planted_variants:
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
