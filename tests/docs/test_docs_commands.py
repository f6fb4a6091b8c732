"""Every ``sim`` command shown in the README and the docs runs as written, at small sizes.

The commands are read from the fenced blocks of README.md, docs/*.md and configs/*/README.md and
run in document order (a ``sim report`` follows the run it reports on) through the real command
line, from a folder holding a copy of the repository's configs. Only the sizes are shrunk (games,
budgets, jobs); the few commands that cannot run in a test are listed with the reason.
"""

from __future__ import annotations

import glob
import re
import shlex
import shutil

import pytest
from click.testing import CliRunner

from sim.cli import cli
from tests.runner.helpers import ROOT

DOCUMENTS = [
    ROOT / "README.md",
    *sorted((ROOT / "docs").glob("*.md")),
    *sorted((ROOT / "configs").glob("*/README.md")),
]
SHELL_FENCES = {"", "bash", "sh", "shell", "console"}

NOT_RUN = {
    "sim report ──►": "a line of the README's diagram, not a command",
    "sim run brass -n 100000 --backend dask --scheduler tcp://10.0.0.5:8786": "needs a Dask scheduler at that address (tests/runner covers Dask on a local cluster)",
    "sim cards study configs/mingchu/base.yaml --deck 门客 -p 5 --backend dask --scheduler tcp://10.0.0.5:8786": "needs a Dask scheduler at that address (benchmarks/dask_scaling.py runs a study on a local cluster)",
    "sim check mygame": "mygame stands for the reader's own game package",
    "sim run mygame": "mygame stands for the reader's own game package",
    "sim ladder brass": "its rollout:2 rung plays whole Brass playouts for every candidate move: minutes per game in pure Python (tests/cli/test_ladder.py runs the ladder on the toy game)",
    "sim cards study configs/mingchu/base.yaml --deck 门客 -p 5 -j 2 --confirm rollout:2": "confirms with rollout:2 bots, minutes per 明初商途 game in pure Python (tests/cards covers --confirm)",
}
"""Commands (by their start) that a test cannot run, and why."""

SMALL = {
    "-n": "2",
    "--games": "2",
    "--search-games": "1",
    "--budgets": "2",
    "-j": "1",
    "--jobs": "1",
    "--generations": "1",
    "--popsize": "2",
    "--confirm": "2",
}
"""Option -> the small value a test uses instead of the documented one."""
DECK_BATCH = "25g"
"""A deck study's smallest budget: one batch of one seed, one game per card of the 24-card deck and
one for the study's blank card."""


def documented_commands() -> list[tuple[str, str]]:
    """(document, command) for every ``sim`` line of a shell block, continuation lines joined."""
    found = []
    for path in DOCUMENTS:
        fence, lines = None, []
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("```"):
                if fence is None:
                    fence, lines = line[3:].strip(), []
                    continue
                if fence in SHELL_FENCES:
                    text = "\n".join(lines).replace("\\\n", " ")
                    for command in text.splitlines():
                        command = re.sub(r"\s+#.*$", "", command.strip().removeprefix("$ ")).strip()
                        if command.startswith("sim "):
                            found.append((path.relative_to(ROOT).as_posix(), command))
                fence = None
                continue
            if fence is not None:
                lines.append(line)
    return found


def shrink(words: list[str]) -> list[str]:
    """The documented arguments with small sizes: fewer games, tiny budgets, one job."""
    out = []
    options = iter(words)
    for word in options:
        if word in SMALL:
            out += [word, SMALL[word]]
            next(options)
        elif word == "--budget":  # a deck study: stop after its first batch
            out += [word, DECK_BATCH]
            next(options)
        else:
            out.append(word)
    if words[:2] == ["cards", "study"]:
        if "--cards" not in words:
            out += ["--cards", "赌徒,管家"]
        if "--design" not in words:
            out += (
                ["--batch-seeds", "1", "--budget", DECK_BATCH]
                if "--budget" not in words
                else ["--batch-seeds", "1"]
            )
    if words[:2] == ["cards", "rebalance"]:  # one first study of one batch (too small to change a card)
        out += ["--batch-seeds", "1", "--rounds", "1", "-n", "2"]
        out += [] if "--budget" in words else ["--budget", DECK_BATCH]
    if words[0] == "check":
        out += ["--playouts", "1"]
    if words[0] == "tune" and "-n" not in words:
        out += ["-n", "2"]
    if words[0] in ("run", "compare", "sweep", "goals") and "-n" not in words and "--games" not in words:
        out += ["-n", "2"]
    return out


def reason_not_run(command: str) -> str | None:
    return next((why for start, why in NOT_RUN.items() if command.startswith(start)), None)


def test_the_documents_show_commands_and_every_exception_is_still_shown():
    commands = [command for _, command in documented_commands()]
    assert len(commands) >= 20
    for start in NOT_RUN:
        assert any(c.startswith(start) for c in commands), f"NOT_RUN lists {start!r}, no longer documented"


def test_every_documented_command_runs(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "configs", tmp_path / "configs")
    walkthrough = tmp_path / "runs" / "walkthrough"
    walkthrough.mkdir(parents=True)
    sys_path = str(ROOT / "docs")
    monkeypatch.syspath_prepend(sys_path)
    from make_walkthrough import VARIANT, VARIANT_TEXT  # the variant file the walkthrough writes

    (tmp_path / VARIANT).write_text(VARIANT_TEXT, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    failures = []
    for document, command in documented_commands():
        if reason_not_run(command):
            continue
        words = shlex.split(command)[1:]
        words = [match for word in words for match in (sorted(glob.glob(word)) if "*" in word else [word])]
        result = CliRunner().invoke(cli, shrink(words))
        if result.exit_code != 0:
            failures.append(
                f"{document}: {command}\n  -> {result.output.strip()[-400:] or result.exception!r}"
            )
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("option", sorted(SMALL))
def test_shrinking_only_changes_sizes(option):
    assert shrink([("run" if option != "--search-games" else "ladder"), "toy", option, "999"])[2:4] == [
        option,
        SMALL[option],
    ]
