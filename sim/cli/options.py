"""The command line's shared pieces: user errors, config and lineup parsing, the options several
commands take. Every command module of ``sim.cli`` builds on them."""

from __future__ import annotations

import errno
import functools
import math
import re
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from sim.bots import MAX_BUDGET, bot_names, is_known_bot
from sim.config import ConfigError, ResolvedConfig, load_config, parse_override
from sim.config.resources import bundled_config
from sim.core.game import GameSpec
from sim.core.registry import game_choice, game_named
from sim.dataset import DatasetError
from sim.games import game_names, get_game
from sim.report.names import Names
from sim.runner import RunDirError, seat_bots
from sim.runner.store import read_run_json
from sim.texts import Text, error_in_lang, in_lang, message


class UserError(click.ClickException):
    """A mistake in the user's input: printed as one clear message, no traceback, in ``lang``."""

    exit_code = 2

    def __init__(self, text: str, lang: str = "en") -> None:
        super().__init__(text)
        self.lang = lang

    def show(self, file: Any = None) -> None:
        """Print the message after "Error:" in the user's language."""
        line = message("error_prefix", error=error_text(self, self.lang)).in_lang(self.lang)
        click.echo(line, file=file, err=file is None)


class FiniteFloat(click.FloatRange):
    """A number option within bounds that refuses NaN and infinities: click's ``FloatRange`` lets
    ``nan`` through every bound (a comparison with NaN is never true). Every float option of the
    command line uses it."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = click.types.FloatParamType.convert(self, value, param, ctx)
        if not math.isfinite(number):
            self.fail(message("option_not_finite", value=value, range=self._describe_range()), param, ctx)
        return super().convert(value, param, ctx)


CLICK_MESSAGES = (
    (r"(?P<value>.*) is not a valid integer( range)?\.", "usage_not_integer"),
    (r"(?P<value>.*) is not a valid float( range)?\.", "usage_not_number"),
    (r"(?P<value>.*) is not one of (?P<choices>.*)\.", "usage_not_choice"),
    (r"(?P<value>.*) is not (?P<choices>'[^']*')\.", "usage_not_choice"),
    (r"(?P<value>.*) is not in the range (?P<range>.*)\.", "usage_out_of_range"),
    (r"(?P<value>.*) is not a valid boolean\.", "usage_not_boolean"),
    (r"(?P<kind>File|Directory|Path) (?P<path>.*) does not exist\.", "usage_path_missing"),
    (r"(?P<kind>File|Directory|Path) (?P<path>.*) is a file\.", "usage_path_is_file"),
    (r"(?P<kind>File|Directory|Path) (?P<path>.*) is a directory\.", "usage_path_is_folder"),
    (r"Option '(?P<name>.*)' requires (an argument|\d+ arguments)\.", "usage_needs_value"),
    (r"No such command (?P<name>'.*')\.", "usage_no_such_command"),
    (r"Got unexpected extra arguments? \((?P<args>.*)\)", "usage_extra_arguments"),
    (r"Missing command\.", "usage_missing_command"),
)
"""click's own messages (its parser's and its parameter types') -> the catalogue key saying the same;
a message not listed is shown as click words it."""


def click_message(text: str) -> str:
    """One of click's messages as a catalogue message (``CLICK_MESSAGES``), else as it is."""
    if isinstance(text, Text):
        return text
    for pattern, key in CLICK_MESSAGES:
        if found := re.fullmatch(pattern, text, re.DOTALL):
            values = found.groupdict()
            if "kind" in values:
                values["kind"] = message(f"usage_kind_{values['kind'].lower()}")
            return message(key, **values)
    return text


def usage_message(exc: click.UsageError) -> str:
    """A usage error's message as catalogue messages: click's missing argument or option, unknown
    option, bad value (with its type's reason) and parser messages; others as click words them."""
    hint = None
    if isinstance(exc, click.BadParameter):
        hint = exc.param_hint if exc.param_hint is not None else None
        if hint is None and exc.param is not None:
            hint = exc.param.get_error_hint(exc.ctx)
        if hint is not None and not isinstance(hint, str):
            hint = " / ".join(repr(x) for x in hint)
    if isinstance(exc, click.MissingParameter):
        kind = exc.param_type or (exc.param.param_type_name if exc.param is not None else "parameter")
        known = kind in ("argument", "option", "parameter")
        shown = message(f"usage_kind_{kind}") if known else kind
        return message("usage_missing", kind=shown, name=hint or "")
    if isinstance(exc, click.BadParameter):
        error = click_message(exc.message)
        return (
            message("usage_bad_value", hint=hint, error=error)
            if hint
            else message("usage_bad_value_plain", error=error)
        )
    if isinstance(exc, click.NoSuchOption):
        maybe = message("usage_did_you_mean", names=[repr(p) for p in sorted(exc.possibilities or ())])
        return message("usage_no_such_option", name=exc.option_name, maybe=maybe if exc.possibilities else "")
    return click_message(exc.message)


class UsageInLang(click.UsageError):
    """click's usage error shown in the command line's ``--lang``: the usage line, the help hint and
    the message (``usage_message``)."""

    def __init__(self, original: click.UsageError, lang: str) -> None:
        super().__init__(usage_message(original), original.ctx)
        self.exit_code = original.exit_code
        self.lang = lang

    def show(self, file: Any = None) -> None:
        err = file is None
        if self.ctx is not None:
            usage = self.ctx.get_usage().removeprefix("Usage:").strip()
            click.echo(message("usage_line", usage=usage).in_lang(self.lang), file=file, err=err)
            if self.ctx.command.get_help_option(self.ctx) is not None:
                option = max(self.ctx.command.get_help_option_names(self.ctx), key=len)
                hint = message("usage_help_hint", command=self.ctx.command_path, option=option)
                click.echo(hint.in_lang(self.lang) + "\n", file=file, err=err)
        line = message("error_prefix", error=in_lang(self.message, self.lang))
        click.echo(line.in_lang(self.lang), file=file, err=err)


def lang_on_command_line(words: Sequence[str]) -> str:
    """The ``--lang`` a command line asks for (``--lang zh`` or ``--lang=zh``; the last one counts),
    else English: click's own errors come before any command has read its options."""
    lang = "en"
    for k, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and k + 1 < len(words):
            lang = words[k + 1]
        elif word.startswith("--lang="):
            lang = word.partition("=")[2]
    return lang if lang in LANGS else "en"


class LangGroup(click.Group):
    """The command group of ``sim``: click's usage errors (a missing argument, an unknown option, a
    bad value) are shown in the ``--lang`` of the command line."""

    def make_context(self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any) -> Any:
        lang = lang_on_command_line(args)
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except click.UsageError as exc:
            raise _in_lang(exc, lang) from None
        ctx.meta["sim.lang"] = lang
        return ctx

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            raise _in_lang(exc, ctx.meta.get("sim.lang", "en")) from None


def _in_lang(exc: click.UsageError, lang: str) -> click.UsageError:
    return exc if lang == "en" or isinstance(exc, UsageInLang) else UsageInLang(exc, lang)


def error_text(exc: BaseException, lang: str) -> str:
    """An error's message for the user in ``lang`` (``sim.texts``: catalogue messages translate)."""
    return error_in_lang(exc, lang)


def friendly(command: Callable) -> Callable:
    """Turn config, run-dir and disk errors into clear messages instead of tracebacks, in the
    command's ``--lang``."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        lang = kwargs.get("lang") or "en"
        try:
            return command(*args, **kwargs)
        except (ConfigError, RunDirError, DatasetError, UserError) as exc:
            raise UserError(error_text(exc, lang), lang) from None
        except BrokenPipeError:  # output piped into e.g. `head`
            sys.stderr.close()
            raise SystemExit(0) from None
        except KeyboardInterrupt:
            click.echo(message("interrupted").in_lang(lang), err=True)
            raise SystemExit(130) from None
        except OSError as exc:
            where = f" ({exc.filename})" if exc.filename else ""
            error = exc.strerror or str(exc)
            if exc.errno not in (errno.ENOSPC, errno.EDQUOT, errno.EACCES, errno.EROFS):
                raise UserError(message("os_error", error=error, where=where), lang) from None
            raise UserError(message("write_failed", where=where, error=error), lang) from None

    return wrapper


def resolve_config_path(text: str) -> Path:
    """A config file path, or a shorthand: ``brass`` (its base config) or ``brass/cheap-loans``."""
    path = Path(text)
    if path.is_file():
        return path
    bundled = bundled_config(text)
    if bundled is not None:
        return bundled
    if (path / "run.json").is_file():
        command = (read_run_json(path) or {}).get("command") or message("config_run_command")
        raise UserError(message("config_is_run", text=text, command=command))
    if path.is_dir():
        raise UserError(message("config_is_folder", text=text))
    raise UserError(
        message("config_not_found", text=text, games=[game_choice(name) for name in game_names()])
    )


def parse_sets(values: Sequence[str]) -> dict[str, Any]:
    overrides = {}
    for text in values:
        try:
            path, value = parse_override(text)
        except ValueError as exc:
            raise UserError(message("set_error", error=exc.args[0] if exc.args else str(exc))) from None
        overrides[path] = value
    return overrides


def load(config: str, sets: Sequence[str] = ()) -> tuple[ResolvedConfig, GameSpec]:
    resolved = load_config(resolve_config_path(config), parse_sets(sets))
    return resolved, get_game(resolved.game)


def parse_players(
    spec: GameSpec, text: str | None, configs: Sequence[ResolvedConfig] = ()
) -> tuple[int, ...]:
    """The player counts asked for, each supported by the game and by every config given."""
    supported = [c for c in spec.player_counts if all(c in spec.player_counts_for(v.params) for v in configs)]
    if not text:
        return tuple(supported)
    try:
        counts = tuple(dict.fromkeys(int(part) for part in text.split(",")))
    except ValueError:
        raise UserError(message("players_numbers", text=text)) from None
    allowed = list(map(str, spec.player_counts))
    for count in counts:
        if count not in spec.player_counts:
            raise UserError(
                message(
                    "players_unsupported",
                    count=count,
                    title=game_named(spec.name, spec.title),
                    allowed=allowed,
                )
            )
        narrower = next((v for v in configs if count not in spec.player_counts_for(v.params)), None)
        if narrower is not None:
            here = list(map(str, spec.player_counts_for(narrower.params)))
            others = [
                f"{spec.name}/{path.stem}"
                for path in sorted(spec.config_dir.glob("*.yaml"))
                if count in spec.player_counts_for(load_config(path).params)
            ]
            hint = message("players_config_hint", count=count, others=others) if others else ""
            raise UserError(message("players_config", count=count, path=narrower.path, here=here, hint=hint))
    return counts


def parse_bots(spec: GameSpec, text: str | None, n_players: int | None = None) -> tuple[str, ...]:
    bots = tuple(part.strip() for part in text.split(",")) if text else spec.lineup
    for bot in bots:
        if not is_known_bot(spec, bot):
            raise UserError(
                message("bots_unknown", bot=bot, game=game_named(spec.name), known=list(bot_names(spec)),
                        mcts=f"{MAX_BUDGET['mcts']:,}", rollout=f"{MAX_BUDGET['rollout']:,}")
            )  # fmt: skip
    if n_players is not None:
        if not text:
            return tuple(seat_bots(bots, n_players, 0))
        if len(bots) == 1:
            return bots * n_players
        if len(bots) != n_players:
            raise UserError(message("bots_count", n=n_players, got=len(bots)))
    return bots


def command_line() -> str:
    return " ".join(shlex.quote(arg) for arg in ["sim", *sys.argv[1:]])


seed_option = click.option("--seed", type=click.IntRange(0), default=1, show_default=True, help="Root seed.")


jobs_option = click.option(
    "--jobs", "-j", type=click.IntRange(1), default=1, show_default=True, help="Worker processes."
)


set_option = click.option(
    "--set", "sets", multiple=True, metavar="PATH=VALUE", help="Override a config value."
)


LANGS = ("en", "zh")
"""The languages every command speaks (``--lang``)."""


def lang_choice(default: str | None = "en", help_text: str = "") -> Callable[[Callable], Callable]:
    """The ``--lang`` option every command takes: the one definition of its name and choices;
    ``default`` None lets the command keep its own (``sim play``: the game's story language)."""
    return click.option(
        "--lang",
        type=click.Choice(LANGS),
        default=default,
        show_default=default is not None,
        help=help_text or "Language of the report and of the console output.",
    )


lang_option = lang_choice()


def display_names(game: str, lang: str) -> Names:
    """The display names of ``game``'s terms, bots and variants in ``lang`` (read from its spec)."""
    names = Names.from_meta([], lang)  # type: ignore[arg-type]
    names.title(game)  # reads the game's names from its spec
    return names


bots_option = click.option(
    "--bots", help="Comma-separated bot names, rotated over seats (default: the game's lineup)."
)


backend_option = click.option(
    "--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True
)


PROGRESS_HELP = (
    "Draw the progress bars (default: only when the output is a terminal, so a log file or a pipe "
    "gets no bar lines); --no-progress hides them."
)


def progress_option(command: Callable[..., Any]) -> Callable[..., Any]:
    """``--progress/--no-progress``, unset by default (``show_progress`` then asks the terminal)."""
    return click.option("--progress/--no-progress", "progress", default=None, help=PROGRESS_HELP)(command)


def stacked(*decorators: Callable[[Callable], Callable]) -> Callable[[Callable], Callable]:
    """Several options (or decorators) as one decorator, in the order ``--help`` lists them."""

    def decorate(command: Callable) -> Callable:
        for decorator in reversed(decorators):
            command = decorator(command)
        return command

    return decorate


out_option = click.option(
    "--out", "-o", type=click.Path(file_okay=False, path_type=Path), help="Folder the results are written to."
)
scheduler_option = click.option(
    "--scheduler",
    envvar="DASK_SCHEDULER_ADDRESS",
    help="Dask scheduler address; implies --backend dask (DASK_SCHEDULER_ADDRESS serves --backend dask).",
)
one_count_option = click.option("--players", "-p", help="Player count (one).")
"""``--players`` of the commands that play one player count (``one_count`` reads it)."""


def one_count(spec: GameSpec, text: str | None, resolved: ResolvedConfig, lang: str = "en") -> int:
    """The single player count a tuning or a card study plays (``--players``; default: the only one
    the game and the config allow)."""
    counts = parse_players(spec, text, [resolved])
    if len(counts) != 1:
        example = counts[-1] if counts else spec.player_counts[-1]
        raise UserError(message("players_one", example=example, text=text or message("players_all")), lang)
    return counts[0]


def chunk_size_option(default: int) -> Callable[[Callable], Callable]:
    """``--chunk-size``: games per task and file (``default``: the command's)."""
    return click.option(
        "--chunk-size",
        type=click.IntRange(1),
        default=default,
        show_default=True,
        help="Games per task and file.",
    )


play_options = stacked(seed_option, jobs_option, bots_option)
"""``--seed``, ``--jobs`` and ``--bots``: how the games of a run, a tuning or a study are played."""


def tuning_run_options(chunk_size: int) -> Callable[[Callable], Callable]:
    """``--out``, ``--backend``, ``--scheduler`` and ``--chunk-size``: where and how the games run
    (``chunk_size``: the default games per task), as every command that plays runs takes them."""
    return stacked(out_option, backend_option, scheduler_option, chunk_size_option(chunk_size))


run_options = stacked(
    click.option("--players", "-p", help="Player counts, e.g. 2,3,4 (default: all)."),
    click.option(
        "--games",
        "-n",
        type=click.IntRange(1),
        default=100,
        show_default=True,
        help="Games per player count and variant.",
    ),
    play_options,
    tuning_run_options(chunk_size=25),
    click.option(
        "--max-error-rate",
        type=FiniteFloat(0, 1),
        default=0.0,
        show_default=True,
        help="Exit non-zero above this share of failed games.",
    ),
    progress_option,
)
"""Options shared by run, compare, sweep, goals and the card studies."""


def show_progress(flag: bool | None) -> bool:
    """Whether to draw the bars: as ``--progress`` / ``--no-progress`` say, else when standard error
    is a terminal (a notebook or a script calling the runner passes ``progress`` itself)."""
    if flag is not None:
        return flag
    isatty = getattr(sys.stderr, "isatty", None)
    return bool(isatty and isatty())


def runner_options(opts: dict[str, Any]) -> dict[str, Any]:
    """The runner's keyword options from the shared run options (--scheduler implies Dask)."""
    backend = opts["backend"]
    source = click.get_current_context().get_parameter_source("scheduler")
    if opts["scheduler"] and source is click.core.ParameterSource.COMMANDLINE:
        backend = "dask"  # --scheduler means a cluster run
    return {
        "jobs": opts["jobs"],
        "backend": backend,
        "scheduler": opts["scheduler"],
        "progress": show_progress(opts["progress"]),
        "command": command_line(),
    }
