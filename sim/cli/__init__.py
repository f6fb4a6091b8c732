"""The ``sim`` command line: each command parses its options, calls the library and prints.

One module per command group: ``games`` (list, validate), ``check``, ``play``, ``run`` (run,
compare, sweep), ``report``, ``goals``, ``ladder``, ``bots`` (bots tune) and ``cards`` (the card
lab: cards study/export/import/rebalance, tune); ``options`` holds what they share (user errors,
config and lineup parsing, the options several take). The help texts' examples name the bundled
games: they live here, never in a shared layer."""

from __future__ import annotations

import click

from sim.cli import bots, cards, check, games, goals, ladder, play, report, run
from sim.cli.options import LangGroup

__all__ = ["cli", "main"]


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


COMMANDS = (
    games.list_command, games.validate, check.check, play.play, run.run, run.compare, run.sweep,
    ladder.ladder, report.report, goals.goals, cards.cards, cards.tune_command, bots.bots,
)  # fmt: skip
"""Every command of ``sim``, from its module (``sim --help`` lists them by name)."""
for command in COMMANDS:
    cli.add_command(command)


def main() -> None:
    cli(prog_name="sim")
