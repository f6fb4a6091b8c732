"""The full-size known answer of ``sim cards rebalance``, on the engine at the defaults (±3, 60-minute
studies, 2-hour limit): a deck with one card planted too strong and one planted too weak.

    python benchmarks/rebalance_known_answers.py --out runs/known-answers      # about 2 hours on 2 cores
    python benchmarks/rebalance_known_answers.py --out runs/known-answers --check-only

The planted config (``benchmarks/planted/mingchu-base-planted.yaml``) is the bundled deck as the last
measured rebalance left it (鲁班传人 and 管家 changed) with 账房先生's coins raised 2 → 7 (about +4 VP)
and 驿丞 given an upkeep of 2 coins a round. The script runs (or, when ``--out`` holds it, resumes)

    sim cards rebalance PLANTED --deck 门客 -p 5 -j 2 --out OUT

and then checks the three known answers against what the run wrote:

1. the strong plant is decided too strong and its amount comes back within 1 of the original 2;
2. the weak plant is decided too weak and changed towards stronger (a lower upkeep or a larger
   discount);
3. no card is changed that no study decided outside the band (the original, or a round's fresh
   study that sent it to another round).

It prints each card's change with the original and the fresh study's verdicts, and each check's
result; the exit status is 1 when a check fails.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import click
import pandas as pd

from sim.cards.controls import blank_id
from sim.cards.deck_report import HEADERS, VERDICT_WORDS
from sim.cards.rebalance import card_levers
from sim.cards.rebalance_engine import VARIANT_FILE, card_entry, study_folder
from sim.config import ResolvedConfig, load_config
from sim.report.markdown import markdown_table

HERE = Path(__file__).parent
PLANTED = HERE / "planted" / "mingchu-base-planted.yaml"
DECK, PLAYERS = "门客", 5
STRONG, STRONG_PATH, STRONG_ORIGINAL = "账房先生", "ability.0.amount", 2
WEAK = "驿丞"


def study_table(folder: Path) -> pd.DataFrame:
    """A study folder's verdict table (``report/card-study.csv``, in either language) with the English
    headers and verdict codes, indexed by card."""
    table = pd.read_csv(folder / "report" / "card-study.csv", encoding="utf-8-sig")
    for lang, headers in HEADERS.items():
        if set(headers.values()) <= set(table.columns):
            table = table.rename(columns={v: k for k, v in headers.items()})
            table["verdict"] = table["verdict"].map({v: k for k, v in VERDICT_WORDS[lang].items()})
            break
    return table.set_index("card")


def numbers(config: ResolvedConfig, card: str) -> dict[str, tuple[float, int]]:
    """A card's numbers in a config: path → (value, sign: +1 when larger is stronger)."""
    return {lever.path: (lever.value, lever.sign) for lever in card_levers(card_entry(config, DECK, card))}


def last_round(out: Path) -> int:
    """The last round whose fresh study has a report."""
    rounds = [r for r in range(1, 10) if (study_folder(out, r) / "report" / "card-study.csv").exists()]
    return max(rounds, default=0)


def variant_file(out: Path) -> Path | None:
    """The rebalanced config: the finished run's, else the latest round's (a run still confirming)."""
    candidates = [out / VARIANT_FILE, *(out / f"round-{r}" / VARIANT_FILE for r in range(9, 0, -1))]
    return next((path for path in candidates if path.exists()), None)


def changed_numbers(
    before: ResolvedConfig, after: ResolvedConfig, card: str
) -> list[tuple[str, float, float, int]]:
    """The numbers of ``card`` that differ between two configs: (path, old, new, sign)."""
    old, new = numbers(before, card), numbers(after, card)
    return [(p, v, new[p][0], s) for p, (v, s) in old.items() if p in new and new[p][0] != v]


def verdict(table: pd.DataFrame, card: str) -> str:
    if card not in table.index:
        return "—"
    row = table.loc[card]
    return f"{row['verdict']} {row['effect']:+.1f} [{row['low']:+.1f}, {row['high']:+.1f}]"


@click.command()
@click.option("--out", type=click.Path(path_type=Path), default=Path("runs/known-answers"), show_default=True)
@click.option("--check-only", is_flag=True, help="Only read what an earlier run wrote to --out.")
def main(out: Path, check_only: bool) -> None:
    if not check_only:
        command = ["sim", "cards", "rebalance", str(PLANTED), "--deck", DECK, "-p", str(PLAYERS)]
        command += ["-j", "2", "--out", str(out)]
        click.echo(" ".join(command))
        subprocess.run(command, check=True)
    variant = variant_file(out)
    if variant is None:
        raise click.ClickException(f"{out}: no rebalanced config yet; run without --check-only first")
    rounds = last_round(out)
    tables = [study_table(study_folder(out, r)) for r in range(rounds + 1)]
    before, after = tables[0], tables[-1]
    cards = [c for c in before.index if c != blank_id(DECK)]
    planted, rebalanced = load_config(PLANTED), load_config(variant)
    changes = {card: changed_numbers(planted, rebalanced, card) for card in cards}

    rows = [
        {
            "card": card,
            "original study": verdict(before, card),
            f"fresh study (round {rounds})": verdict(after, card),
            "change": ", ".join(f"{p}: {old:g} → {new:g}" for p, old, new, _ in changes[card]),
        }
        for card in cards
    ]
    click.echo("\n".join(markdown_table(pd.DataFrame(rows))))
    strong = dict((p, new) for p, _, new, _ in changes[STRONG])
    strong_new = strong.get(STRONG_PATH)
    weak_gain = sum(s * (new - old) for _, old, new, s in changes[WEAK])
    # a card may change only after a study decided it outside the band: the original, or a round's
    # fresh study that sent it to the next round
    outside = {"too_strong", "too_weak"}
    sent = {
        c for table in tables[: max(rounds, 1)] for c in table.index if table.loc[c, "verdict"] in outside
    }
    moved_in_band = [c for c in cards if changes[c] and c not in sent]
    strong_back = strong_new is not None and abs(strong_new - STRONG_ORIGINAL) <= 1
    checks = {
        f"{STRONG} decided too strong, then within 1 of {STRONG_ORIGINAL} (now {strong_new})": (
            before.loc[STRONG, "verdict"] == "too_strong" and strong_back
        ),
        f"{WEAK} decided too weak, then made stronger": before.loc[WEAK, "verdict"] == "too_weak"
        and weak_gain > 0,
        f"no card within or undecided changed ({', '.join(moved_in_band) or 'none'})": not moved_in_band,
    }
    for text, ok in checks.items():
        click.echo(f"{'PASS' if ok else 'FAIL'}  {text}")
    sys.exit(0 if all(checks.values()) else 1)


if __name__ == "__main__":
    main()
