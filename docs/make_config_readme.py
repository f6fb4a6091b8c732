"""Rewrite the measured figures of sim/configs/mingchu/README.md from a fresh run.

Runs the command the README documents (a small run by default), reads the results with
``sim.stats`` and replaces the text between ``<!-- figures:start -->`` and ``<!-- figures:end -->``.
Usage: ``python docs/make_config_readme.py [--games N] [--jobs J]`` (from the repository root)."""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from sim import stats
from sim.dataset import load_run

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "sim" / "configs" / "mingchu" / "README.md"
START, END = "<!-- figures:start -->", "<!-- figures:end -->"
BOTS = "runner,industrialist,roadbuilder"


def command(out: Path, games: int, jobs: int) -> list[str]:
    """The documented run, with ``games`` games per player count."""
    return ["sim", "run", "configs/mingchu/base.yaml", "-p", "4,5", "-n", str(games), "-j", str(jobs),
            "--bots", BOTS, "--no-progress", "--out", str(out)]  # fmt: skip


def figures(run_dir: Path, shown: list[str], games: int) -> str:
    """The figure block: bot win shares per player count with intervals, rounds and errors."""
    run = load_run(run_dir)
    bots = stats.bot_results(run.players)
    length = stats.game_length(run.games)
    rounds = length[length["metric"] == "rounds"].set_index("n_players")
    lines = [
        f"Measured with `{shlex.join(shown)}` (regenerate: `python docs/make_config_readme.py --games {games}`):",
        "",
    ]
    for n, part in bots.groupby("n_players", sort=True):
        shares = ", ".join(
            f"{r.bot} {100 * r.win_rate:.0f}% (95% CI {100 * r.lo:.0f}–{100 * r.hi:.0f}%)"
            for r in part.sort_values("win_rate", ascending=False).itertuples()
        )
        games = int(run.games[run.games["n_players"] == n].shape[0])
        lines.append(
            f"- {n} players ({games} games, fair share {100 / n:.0f}%): {shares}; "
            f"mean rounds {rounds.loc[n, 'mean']:.1f}."
        )
    errors = int((run.games["error"] != "").sum())
    lines += ["", f"Games that errored or stalled: {errors} of {len(run.games)}."]
    return "\n".join(lines)


def rewrite(text: str, block: str) -> str:
    """``text`` with the part between the markers replaced by ``block``."""
    if START not in text or END not in text:
        raise SystemExit(f"{README.relative_to(ROOT)}: markers {START} ... {END} not found")
    head, rest = text.split(START, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{START}\n{block}\n{END}{tail}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per player count (default 60)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "mingchu"
        subprocess.run(command(out, args.games, args.jobs), cwd=ROOT, check=True)
        shown = command(Path("runs/mingchu"), args.games, args.jobs)
        shown.remove("--no-progress")
        block = figures(out, shown, args.games)
    README.write_text(rewrite(README.read_text(encoding="utf-8"), block), encoding="utf-8")
    print(block, file=sys.stderr)


if __name__ == "__main__":
    main()
