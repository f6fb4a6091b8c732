"""Write the whole-deck verdict tables of docs/card-lab.md: every deck 明初商途 declares, at 4 and 5 players.

    nice .venv/bin/python docs/make_deck_tables.py [--decks 门客,家族] [--tables-only] [-j 2]

Each deck is studied by ``sim cards study configs/mingchu/base.yaml --deck D -p 4,5 --out
runs/deck-tables/D`` at the budget of ``BUDGETS`` or ``REMOVED_GAMES`` (a deck the game can force plays the deck design,
the others the removed arm of the paired design), its output kept in ``runs/deck-tables/D/log.txt``.
Running the script again resumes every study (a larger budget plays on); ``--tables-only`` only reads
the folders. The tables replace the text between ``<!-- deck-tables:start -->`` and
``<!-- deck-tables:end -->``; a deck whose folder holds no study is marked as not run.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pandas as pd  # noqa: E402

from sim.cards import by_count  # noqa: E402
from sim.cards.deck_study import read_meta  # noqa: E402
from sim.cards.study import STUDY_FILE, study_effects  # noqa: E402
from sim.dataset import read_columns  # noqa: E402
from sim.games import get_game  # noqa: E402

DOC = ROOT / "docs" / "card-lab.md"
START, END = "<!-- deck-tables:start -->", "<!-- deck-tables:end -->"
CONFIG = "configs/mingchu/base.yaml"
WORK = Path("runs/deck-tables")
COUNTS = (4, 5)
TOLERANCE = "5"
BUDGETS = {
    "门客": ("--budget", "1000g", "--batch-seeds", "5"),
    "家族": ("--budget", "400g", "--batch-seeds", "5"),
}
"""The deck design's budget per count (games in the folder, seeds per batch), deck by deck."""
REMOVED_GAMES = ("-n", "10")
"""The removed arm's games per card (and for the base) per count, for the decks the rules cannot force."""


def budget_args(deck: str) -> tuple[str, ...]:
    """The budget options of a deck's study."""
    return BUDGETS.get(deck, REMOVED_GAMES)


def run_deck(deck: str, jobs: str) -> None:
    """Play (or resume) the deck's study at both counts, its output in the folder's log.txt."""
    out = WORK / deck
    out.mkdir(parents=True, exist_ok=True)
    args = [CONFIG, "--deck", deck, "-p", ",".join(map(str, COUNTS)), "--out", str(out)]
    args += ["--tolerance", TOLERANCE, *budget_args(deck), "-j", jobs, "--no-progress"]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])),
    }
    started = time.monotonic()
    with open(out / "log.txt", "w", encoding="utf-8") as log:
        result = subprocess.run(
            [sys.executable, "-m", "sim", "cards", "study", *args], cwd=ROOT, env=env, stdout=log, stderr=log
        )
    minutes = (time.monotonic() - started) / 60
    print(f"{deck}: exit {result.returncode} in {minutes:.1f} min ({out / 'log.txt'})", flush=True)


def games_played(folder: Path) -> int:
    """Games in every run folder under ``folder``."""
    return sum(len(read_columns(p, ["game_index"])) for p in folder.rglob("games") if p.is_dir())


def count_rows(folder: Path) -> pd.DataFrame | None:
    """One count's verdict rows (``by_count``), or None when the folder holds no study."""
    if read_meta(folder) is not None and (folder / "report" / "card-study.csv").is_file():
        table = pd.read_csv(folder / "report" / "card-study.csv", keep_default_na=False)
        table = table.replace("", float("nan"))
        rows = table[["card", "verdict", "effect", "low", "high", "games"]].copy()
        rows["score"] = table["score_effect"].astype(float)
        return rows
    if (folder / STUDY_FILE).is_file():
        return by_count.paired_rows(study_effects(folder))
    return None


def deck_block(deck) -> list[str]:
    """The doc's section of one deck: what holding is, the budget, the games and the table."""
    forced = deck.force is not None
    design = "deck design (every seat forced)" if forced else "removed arm (paired design, every card)"
    options = " ".join(("--tolerance", TOLERANCE, *budget_args(deck.name)))
    lines = [f"#### {deck.name}", "", f"Holding: {deck.holding}. Study: {design}, `{options}` per count."]
    found = {n: count_rows(WORK / deck.name / f"p{n}") for n in COUNTS}
    rows = {n: r for n, r in found.items() if r is not None}
    if not rows:
        return [*lines, "", "_Not run yet._", ""]
    counts = list(rows)
    played = ", ".join(f"{games_played(WORK / deck.name / f'p{n}'):,} games at {n} players" for n in counts)
    missing = [f"{n} players: not run yet." for n in COUNTS if n not in rows]
    frame = by_count.by_count(rows)
    return [
        *lines[:-1],
        f"{lines[-1]} Played: {played}.{''.join(' ' + m for m in missing)}",
        "",
        *by_count.markdown(by_count.shown(frame, counts, "en")),
        "",
        *(by_count.summary_lines(frame, counts, "en") if len(counts) > 1 else []),
        "",
    ]


def replaced(text: str, block: str) -> str:
    """``text`` with the part between the markers replaced by ``block``."""
    if START not in text or END not in text:
        raise SystemExit(f"{DOC.relative_to(ROOT)}: markers {START} ... {END} not found")
    head, rest = text.split(START, 1)
    return f"{head}{START}\n{block}{END}{rest.split(END, 1)[1]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", help="comma-separated deck names (default: every deck)")
    parser.add_argument("--tables-only", action="store_true", help="only read the folders and write the doc")
    parser.add_argument("-j", "--jobs", default="2")
    args = parser.parse_args()
    os.chdir(ROOT)
    decks = get_game("mingchu").cards.card_decks
    chosen = args.decks.split(",") if args.decks else [d.name for d in decks]
    if not args.tables_only:
        for deck in decks:
            if deck.name in chosen:
                run_deck(deck.name, args.jobs)
    block = "\n".join(line for deck in decks for line in deck_block(deck))
    DOC.write_text(replaced(DOC.read_text(encoding="utf-8"), block + "\n"), encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
