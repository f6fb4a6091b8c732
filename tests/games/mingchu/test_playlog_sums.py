"""The play log's sums are the sums of the lines it shows: a round's income is the sales the log
lists for that seat in that round plus each bonus it names (a 门客's +2 included); each seat's 恩义 in
hand changes by the amounts the log shows; the war's winning supporters are named with their reward."""

from __future__ import annotations

import io
import json
import re
from collections import defaultdict

import pytest
from click.testing import CliRunner

from sim.cli import cli
from sim.config import load_config
from sim.core.play import play_game
from sim.core.playlog import make_step_hook
from sim.games import get_game
from sim.games.mingchu.rules.periods import side_markers
from sim.games.mingchu.rules.state import SIDES
from tests.runner.helpers import ROOT

SPEC = get_game("mingchu")
PARAMS = load_config(SPEC.default_config).params
BOTS = ["industrialist", "runner", "roadbuilder", "runner", "industrialist"]

PRICE = re.compile(r"得 (\d+) 铜币")
VARIANT = f"""game: mingchu
extends: {(ROOT / "configs/mingchu/base.yaml").as_posix()}
cards:
  门客:
    - {{id: 塾师, count: 10}}
"""


def test_each_income_line_is_its_sales_plus_its_named_bonuses(tmp_path):
    config = tmp_path / "many-tutors.yaml"  # 塾师: +2 income a round, dealt often
    config.write_text(VARIANT, encoding="utf-8")
    checked = bonused = 0
    for seed in ("1", "2"):
        log = tmp_path / f"game{seed}.jsonl"
        args = ["play", str(config), "-p", "5", "--seed", seed, "--log", str(log), "--quiet"]
        result = CliRunner().invoke(cli, args)
        assert result.exit_code == 0, result.output
        rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        sold: dict[tuple[int, int], int] = defaultdict(int)
        for row in rows:
            if row.get("event") == "action" and row.get("action") == "SellProduced":
                sold[row["round"], row["seat"]] += int(PRICE.search(row["text"]).group(1))
            if row.get("event") == "fact" and row.get("fact") == "income":
                key = (row["round"], row["seat"])
                assert row["sales"] == sold.pop(key, 0), f"round {key[0]}, seat {key[1] + 1}: {row['text']}"
                assert row["income"] == max(0, row["sales"] + sum(row["bonuses"].values())), row["text"]
                for name, amount in row["bonuses"].items():
                    assert f"{name}{abs(amount)}" in row["text"]
                checked += 1
                bonused += bool(row["bonuses"])
        assert not sold, f"sales with no income line: {dict(sold)}"
    assert checked >= 20 and bonused >= 1, (checked, bonused)


def _rows(seed: int, states: list | None = None) -> list[dict]:
    """One 5-player game's JSONL rows; with ``states``, each step's state before it and the row
    index its records start at."""
    log = io.StringIO()
    inner = make_step_hook(SPEC, BOTS, None, log)

    def hook(state, seat, action, text):
        if states is not None:
            states.append((len(log.getvalue().splitlines()), state.clone()))
        inner(state, seat, action, text)

    record = play_game(SPEC, PARAMS, len(BOTS), seed, BOTS, on_step=hook, catch_errors=False)
    assert not record.error
    return [json.loads(line) for line in log.getvalue().splitlines()]


def _shown_ledgers(row: dict) -> dict:
    """The amounts a row shows: an action's when the log tells it, a fact's own ledger."""
    if row["event"] == "action":
        return row["ledger"] if row.get("narrative") else {}
    return row.get("ledger") or {}


@pytest.mark.parametrize("seed", [1, 2])
def test_the_favor_lines_of_a_round_sum_to_its_change_in_hand(seed):
    """Between two snapshots (opening, each round's start, the end) each seat's 恩义 in hand changes by
    the sum of the 手中恩义 amounts the log shows: a family's or an event's +1 has its line too."""
    rows = _rows(seed)
    snapshots = [i for i, row in enumerate(rows) if row.get("fact") in ("opening", "round", "game_end")]
    assert rows[snapshots[-1]]["fact"] == "game_end" and len(snapshots) >= 8
    moved = 0
    for start, end in zip(snapshots, snapshots[1:], strict=False):
        shown = defaultdict(int)
        for row in rows[start:end]:
            for seat, amounts in _shown_ledgers(row).items():
                shown[int(seat)] += amounts.get("favor", 0)
        first, last = rows[start]["favor"], rows[end]["favor"]
        for seat in range(len(BOTS)):
            where = f"seed {seed}, {rows[start]['fact']} of round {rows[start]['round']}, seat {seat + 1}"
            assert shown[seat] == last[seat] - first[seat], where
            moved += abs(shown[seat])
    gained = [
        row for row in rows if row.get("fact") == "favor" or "手中恩义＋" in (row.get("narrative") or "")
    ]
    assert moved > 0 and gained, "the games move 恩义"


def test_the_war_winners_top_supporters_each_have_their_line():
    """The side that wins the war: its top supporter moves a 伙计人数轨 space (M56) and the second
    draws a 皇恩卡, each named in the war's line with what the state shows they got."""
    checked = 0
    for seed in (1, 2):
        states: list = []
        rows = _rows(seed, states)
        for index, row in enumerate(rows):
            if row.get("fact") != "war_result":
                continue
            step = max(k for k, (start, _) in enumerate(states) if start <= index)
            before, after = states[step][1], states[step + 1][1]
            win = SIDES.index(row["winner"])
            ranked = sorted(
                (s for s in range(after.n) if side_markers(after, s, win) > 0),
                key=lambda s: (-side_markers(after, s, win), after.income_level(s), after.players[s].coins),
            )
            assert row["supporters"] == ranked[:2], row["text"]
            top = ranked[0]
            moved = after.players[top].worker_pos - before.players[top].worker_pos
            assert row["rewards"][str(top)] == {"worker_track": moved}
            assert f"玩家{top + 1}（支持最多）" in row["text"]
            if len(ranked) > 1:
                second = ranked[1]
                drawn = len(after.players[second].grace_cards) - len(before.players[second].grace_cards)
                assert row["rewards"][str(second)] == {"grace_cards": drawn}
                assert f"玩家{second + 1}（支持第二）" in row["text"]
            checked += 1
    assert checked >= 1
