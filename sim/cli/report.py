"""``sim report``: a balance report of run folders (``sim.report.build_report``), and where it goes.

``build_report`` is imported where it is used: the report reads the statistics (scipy) and draws
charts (matplotlib), which would add more than a second to every ``sim`` command's start."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click

from sim.cli.options import UserError, friendly, lang_option, progress_option, show_progress
from sim.report.labels import t
from sim.texts import message


def make_report(
    run_dirs: Sequence[Path], out: Path, lang: str, progress: bool = True, goals: Sequence[str] | None = None
) -> Path:
    from sim.report import build_report

    path = build_report(list(run_dirs), out, lang=lang, progress=progress, goals=goals)
    click.echo(t("cli_report", lang, path=path))
    return path


@click.command()
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
