"""``sim list`` and ``sim validate``: the games, their variants, player counts and bots, and
whether config files load."""

from __future__ import annotations

import click

from sim.bots import bot_names
from sim.cli.options import UserError, display_names, error_text, lang_option, load, set_option
from sim.config import ConfigError
from sim.games import game_names, get_game
from sim.report.labels import t


@click.command("list")
@lang_option
def list_command(lang: str) -> None:
    """List games, their variants, player counts and bots."""
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


@click.command()
@click.argument("configs", nargs=-1, required=True)
@set_option
@lang_option
def validate(configs: tuple[str, ...], sets: tuple[str, ...], lang: str) -> None:
    """Check config files; print each one's game, variant and hash, or what is wrong.

    \b
    Example:  sim validate configs/brass/*.yaml
    """
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
