"""Replay every repro of the issue "Every number a designer reads is right, decided only when it is,
and in the designer's language" (its "Why" list) and print, for each: the repro as it was found, the
command that replays it, and the corrected output (a few lines).

Run from a checkout after ``make setup`` (a fresh clone works: nothing here reads a file the clone
lacks); everything it writes goes into a temporary folder (``--keep DIR`` keeps it)::

    python benchmarks/numbers_right_repros.py --quick --jobs 2

``--quick`` (small budgets: about 10 minutes on 2 cores) is what the note quotes; without it the
played repros use the issue's own sizes and take much longer. The figures of the paired-correlation
repro come from ``benchmarks/paired_correlation.py`` (not rerun here; see docs/card-lab.md).
The bad-input battery is not repeated: its parametrised tables (``tests/cli/test_bad_input_*.py``)
are run and their outcomes counted (clear message, traceback, silent acceptance, other failure).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' fixtures (configs, maps, planted tables) are reused

from tests.cli.test_bad_input_battery_config import ADD_LUBAN, WALLED_MAP  # noqa: E402

SHORT = ROOT / "sim/configs/mingchu/short.yaml"
DECK = ROOT / "tests/cards/fixtures/deck.yaml"
CARD = "鲁班传人"
LATIN_WORD = re.compile(r"\b[A-Za-z]{4,}\b")
BOM = b"\xef\xbb\xbf"


def sim(work: Path, *args: str) -> tuple[str, float]:
    """``python -m sim ARGS`` in ``work``: its output (stdout and stderr) and seconds taken."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "sim", *args], cwd=work, capture_output=True, text=True, encoding="utf-8"
    )
    return done.stdout + done.stderr, time.perf_counter() - start


def pick(text: str, *needles: str, limit: int = 4) -> list[str]:
    """The lines of ``text`` holding any of ``needles`` (the first ``limit``)."""
    return [line for line in text.splitlines() if any(n in line for n in needles)][:limit]


def show(number: int, title: str, repro: str, command: str, lines: Iterable[str], tests: str = "") -> None:
    print(f"\n## {number}. {title}")
    print(textwrap.fill(f"Repro: {repro}", 100, subsequent_indent="  "))
    print(f"Command: {command}")
    print("Now:")
    for line in lines:
        print(textwrap.shorten(f"  {line}", 220, placeholder=" ..."))
    if tests:
        print(f"Tests: {tests}")
    sys.stdout.flush()


def shown_command(args: Iterable[str]) -> str:
    return "sim " + " ".join(str(a).replace(str(ROOT) + "/", "") for a in args)


# --- the repros ------------------------------------------------------------------------------------


def compare_headline(work: Path, games: int, jobs: int) -> None:
    weaker = work / "weaker.yaml"
    weaker.write_text(
        f"game: mingchu\nextends: {SHORT.as_posix()}\ndescription: {CARD} builds 1 cheaper, not 2\n"
        f"cards:\n  门客:\n    - {{id: {CARD}, passive: [{{effect: discount, action: build, amount: 1}}]}}\n",
        encoding="utf-8",
    )
    args = ["compare", str(SHORT), "weaker.yaml", "-p", "4", "-n", str(games), "-j", str(jobs)]
    out, seconds = sim(work, *args, "--no-progress", "--out", "cmp", "--lang", "zh")
    lines = pick(out, f"{CARD} 对持有者的因果效应")
    answers = next((work / "cmp").rglob("answers.csv"), None)
    if answers is not None:
        rows = answers.read_text(encoding="utf-8-sig").splitlines()
        lines += [f"answers.csv {rows[0][:80]}", f"answers.csv {rows[1][:160]}"]
    show(
        1,
        "sim compare answers a card change with the card lab's paired causal effect",
        "weakening 鲁班传人 (discount 3 -> 1) opened the report with the holders' win rate 22.7% -> 38.2% "
        "(+15.5, marked changed/medium), a different group of seats after the change.",
        shown_command([*args, "--lang", "zh"]) + f"   ({seconds:.0f} s)",
        lines,
        "tests/cards/test_change.py (the headline agrees with sim cards study --design paired --arms forced)",
    )


def card_id_typo(work: Path) -> None:
    (work / "typo.yaml").write_text(ADD_LUBAN, encoding="utf-8")
    zh, _ = sim(work, "validate", "typo.yaml", "--lang", "zh")
    en, _ = sim(work, "validate", "typo.yaml")
    show(
        2,
        "a card id the deck lacks is refused with the nearest ids",
        "a variant with `- {id: 鲁班传, ...}` validated ok and the deck had 25 cards.",
        "sim validate typo.yaml [--lang zh]   (typo.yaml: tests/cli/test_bad_input_battery_config.ADD_LUBAN)",
        pick(en, "rror") + pick(zh, "错误"),
        "tests/cli/test_bad_input_battery_config.py (mingchu_unknown_card_id ..., add: true)",
    )


def seat_gap_interval() -> None:
    from sim.stats.seats import widest_gap

    rate = np.array([0.215, 0.200, 0.195, 0.200, 0.190])  # widest gap 1.5 points, 400 games a seat
    gap, lo, hi = widest_gap(rate, np.full(5, 400.0), 0.2)
    show(
        3,
        "every seat gap interval holds its estimate",
        "seat fairness '1.5 个百分点（95% 区间 1.7 … 8.3）': the estimate below its own interval.",
        "python: sim.stats.seats.widest_gap([21.5, 20, 19.5, 20, 19]%, 400 games a seat, fair 20%)",
        [f"widest gap {100 * gap:.1f} points, 95% interval [{100 * lo:.1f}, {100 * hi:.1f}]: "
         f"holds the estimate: {lo <= gap <= hi}"],
        "tests/stats/test_interval_coverage.py::test_widest_seat_gap_interval_covers_the_planted_gap_and_its_estimate,"
        " ::test_the_seat_gap_chart_draws_each_dot_inside_its_bar",
    )  # fmt: skip


def best_count_undecided() -> None:
    from sim.report.metrics.counts import decide_best_count
    from tests.stats.test_interval_coverage import _count_measures

    planted = {n: ([1 / n] * n, 10.0, 2.0) for n in (3, 4, 5)}  # no count is better
    lines = []
    for seed in (1, 2):
        best, _, clear = decide_best_count(_count_measures(np.random.default_rng(seed), planted, games=300))
        answer = f"best {int(best['n_players'])}" if clear else "undecided"
        lines.append(f"seed {seed}: rank-sum leader {int(best['n_players'])} players -> answer: {answer}")
    show(
        4,
        "best player count undecided unless an interval separates it",
        "'best player count' flipped 4 -> 5 with 50 more games, both times '把握一般' while no interval "
        "separated the counts.",
        "python: sim.report.metrics.counts.decide_best_count on 3/4/5 equal counts, two runs",
        lines,
        "tests/stats/test_interval_coverage.py::test_best_player_count_is_decided_wrongly_at_most_5_percent_of_the_time",
    )


def zero_wins() -> None:
    from sim.stats import content
    from sim.stats.intervals import hybrid_difference, wilson

    share = np.r_[np.zeros(35), np.ones(32), np.zeros(264)]  # 0 of 35 holders win, 32 of 296 others
    held = np.arange(len(share)) < 35
    stratum = np.zeros(len(share), dtype=int)
    diff, se = content.mantel_haenszel_difference(share, held, stratum, np.arange(len(share)))
    arm1, n1, arm0, n0 = content.mantel_haenszel_arms(share, held, stratum)
    lo, hi, p = hybrid_difference(diff, se, arm1 * n1, n1, arm0 * n0, n0)
    w_lo, w_hi = wilson(0, 35)
    show(
        5,
        "a difference at 0 wins is at least as wide as the group's own interval (Newcombe)",
        "an event with 0 wins in 35 seats (Wilson [0, 9.9%]) got -10.8 [-13.2, -8.3], q < 0.001, a top "
        "finding; a ladder item 0/33 got -19.4 [-22.1, -16.6].",
        "python: sim.stats.intervals.hybrid_difference at 0/35 holders vs 32/296",
        [f"old normal interval {100 * diff:+.1f} [{100 * (diff - 1.96 * se):+.1f}, {100 * (diff + 1.96 * se):+.1f}]",
         f"now {100 * diff:+.1f} [{100 * float(lo):+.1f}, {100 * float(hi):+.1f}], p = {float(p):.3f} "
         f"(holders' own Wilson [{100 * w_lo:.1f}%, {100 * w_hi:.1f}%])"],
        "tests/stats/test_interval_coverage.py::test_item_difference_near_no_wins_covers_the_planted_difference,"
        " ::test_item_difference_is_never_narrower_than_newcombe, "
        "::test_the_changed_cards_holders_difference_is_never_narrower_than_newcombe",
    )  # fmt: skip


def compensation() -> None:
    from sim.stats import goals_seats

    rng = np.random.default_rng(5)
    proposed, worse = 0, 0
    for _ in range(20):
        scores = rng.integers(10, 20, size=(300, 5)).astype(float)  # fair seats
        ok, plain, fitted = goals_seats.compensation_helps(scores, 6, rng, draws=200)
        proposed += ok
        worse += ok and fitted[0] >= plain[0]
    show(
        6,
        "a seat compensation is proposed only when its held-out gap is below the uncompensated one",
        "+5/+9/+10/+0/+5 proposed while the compensated gap 6.2 [5.0, 21.3] was above the uncompensated "
        "5.0; +2/+3/+1/+0/+0 raised 1.5 to 3.0.",
        "python: sim.stats.goals_seats.compensation_helps on 20 runs of 300 fair 5-seat games",
        [f"compensation proposed in {proposed} of 20 fair runs; proposed and not better: {worse}"],
        "tests/stats/test_interval_coverage.py::test_a_compensation_is_proposed_only_when_it_beats_none, "
        "::test_the_compensation_goal_proposes_none_on_fair_seats_and_says_so",
    )


def deck_study(work: Path, budget: str, jobs: int) -> None:
    base = ["cards", "study", str(DECK), "--deck", "门客", "-p", "4", "--out", "ds", "--no-progress"]
    out, seconds = sim(work, *base, "--budget", budget, "-j", str(jobs), "--lang", "zh")
    lines = pick(out, "批：", limit=3)
    report = work / "ds" / "report" / "card-study.md"
    if report.is_file():  # the closing advice: each open card, its distance to the edge, the games it needs
        advice = pick(report.read_text(encoding="utf-8"), "未定的牌", limit=1)
        lines += [part + "。" for line in advice for part in line.split("。")[:2]]
    show(
        7,
        "the study's closing advice names each open card, its distance to the edge and the games it needs",
        "the card study's closing advice counted cards 'on the edge' without naming them, and included "
        "马夫 1.3 points from the edge with only 850 games.",
        shown_command([*base, "--budget", budget, "-j", str(jobs), "--lang", "zh"]) + f"   ({seconds:.0f} s)",
        lines or out.splitlines()[-4:],
        "tests/cards/test_deck_study.py::test_the_open_cards_are_named_with_their_distance_to_the_edge_and_the_games_they_need",
    )
    other = [*base, "--budget", budget, "--cards", "财神"]
    out, _ = sim(work, *other)
    show(
        8,
        "resuming a study with other --cards is refused (the family is fixed)",
        "resuming with another --cards re-levelled every past look (鲁班传人 at ±2.5 went from "
        "undecided to too_strong with no new game).",
        shown_command(other) + "   (the folder of 7)",
        pick(out, "Error"),
        "tests/cards/test_deck_study.py::test_resuming_with_other_cards_is_refused_naming_the_folders_cards",
    )
    csvs = sorted((work / "ds").rglob("*.csv")) + sorted((work / "cmp").rglob("*.csv"))
    bom = sum(path.read_bytes().startswith(BOM) for path in csvs)
    SMALLER.append(f"BOM: {bom} of {len(csvs)} CSV files of 1 and 7 (card-study.csv included) start with it")


def paired_correlation() -> None:
    show(
        9,
        "paired games: what made the same seeds drift apart (not rerun here)",
        "one 门客 added kept the per-seat scores of the same seeds correlated at 0.89 on 2026-12-01, "
        "0.82 later: every paired card comparison needed more games.",
        "python benchmarks/paired_correlation.py --games 400 --jobs 2   (about an hour; see docs/card-lab.md)",
        [
            "measured: 0.780 [0.743, 0.818] trading on, 0.799 [0.761, 0.835] off; games where setup deals",
            "the new card 0.46, the others 0.96-0.97: the bots value the card they draft (commit ace755a),",
            "so a new card changes picks from the first decision; kept, explained in docs/card-lab.md",
        ],
    )


def english_in_chinese(work: Path) -> None:
    cases = [
        ["list", "--lang", "zh"],
        ["validate", "mingchu", "--lang", "zh"],
        ["check", "steam", "-p", "3", "--playouts", "1", "--probe-every", "1000", "--variants", "1", "--lang", "zh"],
        ["validate", "mingchu", "--set", "scoring.coins_per_vp=-1", "--lang", "zh"],
        ["validate", "mingchu", "--set", "setup.visible_retainers=30", "--lang", "zh"],
        ["run", "mingchu", "--games", "x", "--lang", "zh"],
        ["cards", "study", "mingchu", "--deck", "皇恩", "-p", "5", "--design", "deck", "--lang", "zh"],
        ["tune", "mingchu", "--param", "scoring.coins_per_vp", "--range", "5..1", "--target", "effect:赌徒=0", "--lang", "zh"],
        ["cards", "rebalance", "mingchu", "--deck", "门客", "-p", "5", "--levers", "nope", "--lang", "zh"],
    ]  # fmt: skip
    lines = []
    for args in cases:
        out, _ = sim(work, *args)
        text = [line for line in out.splitlines() if line.strip()]
        last = next((line for line in text if line.startswith("错误")), text[-1] if text else "")
        code = re.sub(r"\S*[-/._=:@'`]\S*|'[^']*'", " ", last)  # paths, options, ids, overrides
        lines.append(
            f"{shown_command(args[:3])} ...: {last[:120]}  [Latin words: {len(LATIN_WORD.findall(code))}]"
        )
    show(
        10,
        "Chinese everywhere a designer looks (--lang zh)",
        "--confirm, goals variants, ladder costs, [明初商途 / base], the demo summary, answers.csv values, "
        "sweep labels, chart titles and ticks, commands without --lang, import/--set/study errors in English.",
        "each command below with --lang zh (the last line, or its error)",
        lines,
        "tests/cli/test_lang_everywhere.py, tests/cli/test_lang_zh_errors.py, tests/report/test_zh_charts.py, "
        "tests/report/test_zh_visible.py, tests/cli/test_console_language.py",
    )


SMALLER: list[str] = []


def smaller_items(work: Path) -> None:
    sheet = work / "门客.csv"
    sim(work, "cards", "export", "mingchu", "--deck", "门客", str(sheet))
    out, _ = sim(work, "cards", "import", str(sheet), "--deck", "门客", "--into", "fresh.yaml")
    into = work / "fresh.yaml"
    extends = pick(into.read_text(encoding="utf-8"), "extends:") if into.is_file() else [out.strip()]
    SMALLER.append(f"cards import writes {extends[0].strip() if extends else '(no extends line)'}")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    SMALLER.extend(f"README: {line.strip()[:110]}" for line in pick(readme, "make test", limit=2))
    show(
        11,
        "smaller items: BOM on every CSV, cards import's extends, README durations",
        "card-study.csv and the confirm CSV lacked the BOM; cards import wrote `extends: ../fresh/sim/configs/...`; "
        "the README gave no duration for make test.",
        "the CSV files of 1 and 7; sim cards export/import mingchu --deck 门客; README.md",
        SMALLER,
        "tests/cli/test_bad_input_folders.py::test_every_csv_writer_is_the_shared_one, tests/cards/test_spreadsheet.py",
    )


def steam_unreachable(work: Path) -> None:
    (work / "walled.yaml").write_text(WALLED_MAP, encoding="utf-8")
    (work / "steam-walled.yaml").write_text(
        "game: steam\nextends: steam/base\nmap: walled.yaml\n", encoding="utf-8"
    )
    validated, _ = sim(work, "validate", "steam-walled.yaml")
    checked, _ = sim(work, "check", "steam-walled.yaml", "--playouts", "1")
    show(
        12,
        "Steam: a city no track can reach is refused, naming it",
        "a city whose neighbours are all cities passed sim validate and sim check; games played with it dead.",
        "sim validate steam-walled.yaml; sim check steam-walled.yaml   (map: tests' WALLED_MAP)",
        pick(validated, "rror") + pick(checked, "rror"),
        "tests/cli/test_bad_input_battery_config.py (steam_city_walled_in_by_cities, "
        "test_a_steam_city_with_one_free_neighbour_is_reachable)",
    )


def pytest_counts(files: list[str], work: Path) -> tuple[dict[str, int], float]:
    """Run ``files`` with pytest; count passed tests and the failures by kind."""
    report = work / "pytest.xml"
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", f"--junitxml={report}", *files],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    seconds = time.perf_counter() - start
    counts = {"passed": 0, "traceback": 0, "accepted": 0, "other failure": 0, "skipped": 0}
    for case in ET.parse(report).getroot().iter("testcase"):
        failure = case.find("failure")
        if failure is None:
            failure = case.find("error")
        if case.find("skipped") is not None:
            counts["skipped"] += 1
        elif failure is None:
            counts["passed"] += 1
        else:
            text = (failure.get("message") or "") + (failure.text or "")
            kind = "accepted" if "was accepted" in text else "traceback" if "Traceback" in text else ""
            counts[kind or "other failure"] += 1
    return counts, seconds


def ledger_sums(work: Path) -> None:
    counts, seconds = pytest_counts(["tests/games/mingchu/test_playlog_ledgers.py"], work)
    show(
        13,
        "play-log ledgers sum to each player's final coins, points and 恩义",
        "a play log's ledgers did not rebuild the final coins (a buy-back in two ledgers, interest in none).",
        "pytest tests/games/mingchu/test_playlog_ledgers.py   (6 whole games at 4 and 5 players)",
        [f"{counts['passed']} passed, {sum(counts.values()) - counts['passed'] - counts['skipped']} failed "
         f"({seconds:.0f} s)"],
    )  # fmt: skip


def battery(work: Path) -> None:
    files = [
        "tests/cli/test_bad_input_battery.py",
        "tests/cli/test_bad_input_battery_config.py",
        "tests/cli/test_bad_input_folders.py",
    ]
    counts, seconds = pytest_counts(files, work)
    show(
        14,
        "the bad-input battery",
        "323 bad inputs: 3 tracebacks, 21 silent acceptances, 11 unclear messages or hangs.",
        "pytest " + " ".join(files),
        [f"{counts['passed']} cases end in one clear message or the right behaviour, "
         f"{counts['traceback']} tracebacks, {counts['accepted']} silent acceptances, "
         f"{counts['other failure']} other failures ({seconds:.0f} s)"],
    )  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small budgets (about 10 minutes on 2 cores)")
    parser.add_argument("--jobs", "-j", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="keep the played folders here")
    args = parser.parse_args()
    games, budget = (40, "260g") if args.quick else (400, "2000g")
    work = Path(tempfile.mkdtemp(prefix="repros-")) if args.keep is None else args.keep
    work.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    print(f"# The issue's repros, replayed ({'--quick' if args.quick else 'full budgets'}, -j {args.jobs})")
    try:
        compare_headline(work, games, args.jobs)
        card_id_typo(work)
        seat_gap_interval()
        best_count_undecided()
        zero_wins()
        compensation()
        deck_study(work, budget, args.jobs)
        paired_correlation()
        english_in_chinese(work)
        smaller_items(work)
        steam_unreachable(work)
        ledger_sums(work)
        battery(work)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    print(f"\nAll repros replayed in {(time.perf_counter() - start) / 60:.1f} min")


if __name__ == "__main__":
    main()
