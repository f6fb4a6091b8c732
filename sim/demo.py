"""The default study behind ``make demo``: every bundled game, its default lineup, one report."""

from __future__ import annotations

import argparse
import math
import shutil
import time
from pathlib import Path

from sim.cli.options import show_progress
from sim.config import load_config
from sim.games import game_names, get_game
from sim.runner import RunDirError, Study, run_study
from sim.runner.summary import summary_text

DEMO_GAMES_PER_COUNT = {"brass": 600, "mingchu": 150, "steam": 150}
"""Games per player count, sized so the whole demo takes a few minutes on 2 cores."""


def positive_number(text: str) -> float:
    """``--scale``: a finite number above 0 (``nan``, ``inf`` and ``-1`` are refused by argparse)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number above 0; give e.g. 0.5")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("reports/demo"))
    parser.add_argument("--runs", type=Path, default=Path("runs/demo"))
    parser.add_argument("--scale", type=positive_number, default=1.0, help="multiply the number of games")
    args = parser.parse_args()
    run_dirs = []
    for name in game_names():
        spec = get_game(name)
        if spec.example:
            continue
        config = load_config(spec.default_config)
        games = max(10, int(DEMO_GAMES_PER_COUNT.get(name, 200) * args.scale))
        counts = spec.player_counts_for(config.params)
        study = Study((config,), counts, games, spec.lineup, root_seed=1)
        out = args.runs / name
        start = time.perf_counter()
        print(f"{spec.title}: {games} games x {len(counts)} player counts, bots {', '.join(spec.lineup)}")
        command = f"python -m sim.demo --jobs {args.jobs}"
        bars = show_progress(None)  # on a terminal only: no bar lines in a log file
        try:
            run_study(study, out, jobs=args.jobs, command=command, progress=bars)
        except RunDirError:  # an older demo (other rules or settings): the demo folder is ours to replace
            print(f"  replacing the older demo results in {out}")
            shutil.rmtree(out)
            run_study(study, out, jobs=args.jobs, command=command, progress=bars)
        print(f"  {time.perf_counter() - start:.0f} s\n{summary_text(out)}\n")
        run_dirs.append(out)
    from sim.report import build_report

    for lang in ("en", "zh"):
        print(f"Writing the report ({lang}: charts and tables, about a minute) ...", flush=True)
        path = build_report(run_dirs, args.out if lang == "en" else args.out / "zh", lang=lang)
        print(f"Report ({lang}): {path}")


if __name__ == "__main__":
    main()
